import Foundation
import GameModels
import ParseRuntime
import ParseTestServer
import Testing

/// The Game sample, the Parse REST guide's own classes, over HTTP: a field named `score` (which
/// the ParseSwift SDK leaves out of saves) is stored by every kind of write and never deleted.
@Suite("Game over HTTP")
struct GameTests {
    @Test("GameScore.score survives create, the three kinds of update, typed updates and batches")
    func theScoreIsNeverLost() async throws {
        try await withServer { server, client in
            // The guide's first example.
            let created = try await client.create(GameScore(score: 1337, playerName: "Sean Plott", cheatMode: false))
            let id = try #require(created.objectId)
            #expect(server.requests(method: "POST", path: "/parse/classes/GameScore").last?.json
                == ["score": 1337, "playerName": "Sean Plott", "cheatMode": false])
            #expect(try await server.storedObject("GameScore", id)?["score"] == 1337)

            // An update of the changed fields.
            var changed = created.mergeable
            changed.score = 1338
            _ = try await client.update(changed)
            #expect(try await server.storedObject("GameScore", id)?["score"] == 1338)

            // An update of every field, without an original.
            var whole = GameScore(score: 1339, playerName: "Sean Plott")
            whole.objectId = id
            _ = try await client.update(whole)
            #expect(try await server.storedObject("GameScore", id)?["score"] == 1339)

            // An update of the named field: its value, never a delete.
            var named = created
            named.score = 1340
            let afterNamed = try await client.update(named, fields: [GameScore.Field.score])
            #expect(afterNamed.score == 1340)
            #expect(try await server.storedObject("GameScore", id)?["score"] == 1340)
            #expect(server.requests(method: "PUT", path: "/parse/classes/GameScore/\(id)").last?.json == ["score": 1340])

            // Typed operations.
            let incremented = try await client.update(ParseUpdate(afterNamed).increment(GameScore.Field.score, by: 2))
            #expect(incremented.score == 1342)
            #expect(try await server.storedObject("GameScore", id)?["score"] == 1342)

            // Batches.
            let more = try await client.createAll([GameScore(score: 10, playerName: "Ada"), GameScore(score: 20, playerName: "Grace")])
            let ada = try more[0].get()
            #expect(try await server.storedObject("GameScore", ada.objectId ?? "")?["score"] == 10)
            let updated = try await client.updateAll([ada.set(\.score, to: 11)])
            #expect(try updated[0].get().score == 11)
            #expect(try await server.storedObject("GameScore", ada.objectId ?? "")?["score"] == 11)

            // Read back, and queried by it.
            #expect(try await client.get(GameScore.self, id: id).score == 1342)
            let high = try await client.find(GameScore.query(GameScore.Field.score > 15).order(.ascending(GameScore.Field.score)))
            #expect(high.compactMap(\.score) == [20, 1342])
        }
    }

    @Test("get and fetch by id with keys and excludeKeys return only the chosen fields")
    func getWithKeysAndExcludeKeys() async throws {
        try await withServer { server, client in
            let created = try await client.create(GameScore(score: 1337, playerName: "Sean Plott", cheatMode: false, skills: ["pwnage"]))
            let id = try #require(created.objectId)
            let selected = try await client.get(GameScore.self, id: id, keys: [GameScore.Field.score, GameScore.Field.playerName])
            #expect(server.requests(method: "GET", path: "/parse/classes/GameScore/\(id)").last?.query == ["keys": "score,playerName"])
            #expect(selected.score == 1337)
            #expect(selected.playerName == "Sean Plott")
            #expect(selected.cheatMode == nil)
            #expect(selected.skills == nil)
            #expect(selected.createdAt == created.createdAt, "the built-in fields always come back")

            let excluded = try await client.fetch(created, excludeKeys: [GameScore.Field.skills])
            #expect(excluded.skills == nil)
            #expect(excluded.score == 1337)
            #expect(excluded.cheatMode == false)
            #expect(try await client.fetch(created, keys: ["skills"]).skills == ["pwnage"])
        }
    }

    @Test("A relation field is related to, then deleted with the typed Delete operation")
    func relationFieldDelete() async throws {
        try await withServer { server, client in
            let ada = try await client.create(Player(name: "Ada"))
            let gameScore = try await client.create(GameScore(score: 1, playerName: "Sean Plott"))
            let id = try #require(gameScore.objectId)
            _ = try await client.update(ParseUpdate(gameScore).addRelation(GameScore.Field.opponents, [ada]))
            #expect(try await client.find(gameScore.opponentsQuery()).map(\.name) == ["Ada"])
            let updated = try await client.update(ParseUpdate(gameScore).unset(GameScore.Field.opponents))
            #expect(updated.updatedAt != nil)
            #expect(server.requests(method: "PUT", path: "/parse/classes/GameScore/\(id)").last?.json
                == ["opponents": ["__op": "Delete"]])
        }
    }

    @Test("Fields Parse Server owns are refused in an update before anything is sent")
    func serverOwnedFieldsAreRefused() async throws {
        try await withServer { server, client in
            let created = try await client.create(GameScore(score: 1, playerName: "Ada"))
            let error = await failure { try await client.update(created, fields: [GameScore.Field.updatedAt]) }
            guard case .invalidRequest(let parseError)? = error else {
                Issue.record("expected .invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(parseError.code == .invalidKeyName)
            #expect(server.requests(method: "PUT", path: "/parse/classes/GameScore/*").isEmpty)
            #expect(try await server.storedObject("GameScore", created.objectId ?? "")?["score"] == 1)
        }
    }
}
