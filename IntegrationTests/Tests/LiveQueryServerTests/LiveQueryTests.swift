import Foundation
import NIOCore
import NIOWebSocket
import ParseTestServer
import Testing

/// ParseTestServer's LiveQuery, message by message over a raw WebSocket: what Parse Server's
/// LiveQuery sends for each write made over REST. Where nothing may arrive, a later write that
/// does send an event proves it, since events go out in the order of the writes.
@Suite("LiveQuery on the test server")
struct LiveQueryTests {
    @Test("An object's create, update, leave, enter and delete, in order, with the object before for the middle three")
    func lifecycle() async throws {
        try await withServer { server, rest in
            #expect(server.liveQueryURL.absoluteString == "ws://127.0.0.1:\(server.port)/parse")
            let (socket, clientId) = try await connectedSocket(server)
            try await subscribe(socket, clientId: clientId, requestId: 1, ["className": "Game", "where": ["score": ["$gt": 10]]])

            let (id, createdAt) = try await rest.create("Game", ["score": 20, "name": "first"])
            func game(_ score: Int, _ updatedAt: String) -> JSON {
                shown("Game", id, createdAt: createdAt, updatedAt: updatedAt, ["score": .int(score), "name": "first"])
            }
            #expect(try await socket.next() == event("create", clientId, 1, object: game(20, createdAt)))

            let raised = try await rest.update("Game", id, ["score": 30])
            #expect(try await socket.next() == event("update", clientId, 1, object: game(30, raised), original: game(20, createdAt)))

            let dropped = try await rest.update("Game", id, ["score": 5])
            #expect(try await socket.next() == event("leave", clientId, 1, object: game(5, dropped), original: game(30, raised)))

            let back = try await rest.update("Game", id, ["score": 15])
            #expect(try await socket.next() == event("enter", clientId, 1, object: game(15, back), original: game(5, dropped)))

            try await rest.delete("Game", id)
            #expect(try await socket.next() == event("delete", clientId, 1, object: game(15, back)))
            await socket.close()
        }
    }

    @Test("An object outside the query, or of another class, sends nothing; batch items send in order")
    func outsideTheQuery() async throws {
        try await withServer { server, rest in
            let (socket, clientId) = try await connectedSocket(server)
            try await subscribe(socket, clientId: clientId, requestId: 7, ["className": "Game", "where": ["score": ["$gt": 10]]])
            let low = try await rest.create("Game", ["score": 1])
            _ = try await rest.update("Game", low.id, ["score": 2])
            try await rest.delete("Game", low.id)
            _ = try await rest.create("Player", ["score": 50])
            let batch = try await rest.call("POST", "batch", ["requests": [
                ["method": "POST", "path": "/parse/classes/Game", "body": ["score": 3]],
                ["method": "POST", "path": "/parse/classes/Game", "body": ["score": 40]],
                ["method": "POST", "path": "/parse/classes/Game", "body": ["score": 41]],
            ]])
            let ids = (batch.arrayValue ?? []).map { $0["success"]?["objectId"]?.stringValue ?? "" }
            let first = try await socket.next()
            #expect(first["op"] == "create" && first["object"]?["objectId"]?.stringValue == ids[1], "\(first.text)")
            let second = try await socket.next()
            #expect(second["op"] == "create" && second["object"]?["objectId"]?.stringValue == ids[2], "\(second.text)")

            // A failed transaction publishes nothing: the next event is the create after it.
            try await rest.call("POST", "batch", ["transaction": true, "requests": [
                ["method": "POST", "path": "/parse/classes/Game", "body": ["score": 60]],
                ["method": "PUT", "path": "/parse/classes/Game/missing", "body": ["score": 61]],
            ]], expected: 500..<501)
            let after = try await rest.create("Game", ["score": 70])
            let next = try await socket.next()
            #expect(next["op"] == "create" && next["object"]?["objectId"]?.stringValue == after.id, "\(next.text)")
            await socket.close()
        }
    }

    @Test("Objects the subscriber may not read send nothing; losing read access is a leave; the master key sees all")
    func acl() async throws {
        try await withServer { server, rest in
            let alice = try await rest.signUp("alice")
            let bob = try await rest.signUp("bob")
            // Alice's session on the connection, Bob's on nothing: the master key on another socket.
            let (socket, clientId) = try await connectedSocket(server, ["sessionToken": .string(alice.token)])
            try await subscribe(socket, clientId: clientId, requestId: 1, ["className": "Note", "where": [:]])
            let (master, masterId) = try await connectedSocket(server, ["masterKey": .string(server.configuration.masterKey)])
            try await subscribe(master, clientId: masterId, requestId: 1, ["className": "Note", "where": [:]])

            let bobsACL: JSON = [bob.id: ["read": true, "write": true]]
            let sharedACL: JSON = [alice.id: ["read": true], "*": ["write": true]]
            let hidden = try await rest.create("Note", ["text": "bob's", "ACL": bobsACL])
            let shared = try await rest.create("Note", ["text": "shared", "ACL": sharedACL])

            // Alice's socket: Bob's note is not sent; the shared one is.
            #expect(try await socket.next() == event("create", clientId, 1, object: shown(
                "Note", shared.id, createdAt: shared.createdAt, ["text": "shared", "ACL": sharedACL])))
            // The master key's: both, in order.
            #expect(try await master.next() == event("create", masterId, 1, object: shown(
                "Note", hidden.id, createdAt: hidden.createdAt, ["text": "bob's", "ACL": bobsACL])))
            #expect(try await master.next()["object"]?["objectId"]?.stringValue == shared.id)

            // Taking Alice's read access away is a leave for her, with the object as it is now.
            let updatedAt = try await rest.update("Note", shared.id, ["ACL": bobsACL])
            #expect(try await socket.next() == event("leave", clientId, 1,
                object: shown("Note", shared.id, createdAt: shared.createdAt, updatedAt: updatedAt, ["text": "shared", "ACL": bobsACL]),
                original: shown("Note", shared.id, createdAt: shared.createdAt, ["text": "shared", "ACL": sharedACL])))

            // A session token on the subscription counts too: Bob's, on a socket without one.
            let (other, otherId) = try await connectedSocket(server)
            try await subscribe(other, clientId: otherId, requestId: 3, ["className": "Note", "where": [:]], sessionToken: bob.token)
            _ = try await rest.update("Note", hidden.id, ["text": "bob's, edited"], sessionToken: bob.token)
            let edited = try await other.next()
            #expect(edited["op"] == "update" && edited["requestId"] == 3 && edited["object"]?["text"] == "bob's, edited", "\(edited.text)")
            await socket.close()
            await master.close()
            await other.close()
        }
    }

    @Test("keys limits the fields sent; watch sends an update only when a watched field changed")
    func keysAndWatch() async throws {
        try await withServer { server, rest in
            let (socket, clientId) = try await connectedSocket(server)
            try await subscribe(socket, clientId: clientId, requestId: 1, ["className": "Game", "where": [:], "keys": ["name"]])
            try await subscribe(socket, clientId: clientId, requestId: 2, ["className": "Game", "where": [:], "watch": ["score"]])

            let (id, createdAt) = try await rest.create("Game", ["name": "chess", "score": 1, "level": 3])
            #expect(try await socket.next() == event("create", clientId, 1, object: shown("Game", id, createdAt: createdAt, ["name": "chess"])))
            #expect(try await socket.next() == event("create", clientId, 2, object: shown(
                "Game", id, createdAt: createdAt, ["name": "chess", "score": 1, "level": 3])))

            // Only the name changes: request 1 hears of it, request 2 (watching the score) does not.
            let renamed = try await rest.update("Game", id, ["name": "go"])
            #expect(try await socket.next() == event("update", clientId, 1,
                object: shown("Game", id, createdAt: createdAt, updatedAt: renamed, ["name": "go"]),
                original: shown("Game", id, createdAt: createdAt, ["name": "chess"])))
            let scored = try await rest.update("Game", id, ["score": 2])
            #expect(try await socket.next() == event("update", clientId, 1,
                object: shown("Game", id, createdAt: createdAt, updatedAt: scored, ["name": "go"]),
                original: shown("Game", id, createdAt: createdAt, updatedAt: renamed, ["name": "go"])))
            #expect(try await socket.next() == event("update", clientId, 2,
                object: shown("Game", id, createdAt: createdAt, updatedAt: scored, ["name": "go", "score": 2, "level": 3]),
                original: shown("Game", id, createdAt: createdAt, updatedAt: renamed, ["name": "go", "score": 1, "level": 3])))

            // A create without the watched field is not sent to request 2.
            let unscored = try await rest.create("Game", ["name": "draughts"])
            #expect(try await socket.next() == event("create", clientId, 1, object: shown(
                "Game", unscored.id, createdAt: unscored.createdAt, ["name": "draughts"])))
            let last = try await rest.create("Game", ["name": "bridge", "score": 9])
            #expect(try await socket.next()["requestId"] == 1)
            #expect(try await socket.next() == event("create", clientId, 2, object: shown(
                "Game", last.id, createdAt: last.createdAt, ["name": "bridge", "score": 9])))
            await socket.close()
        }
    }

    @Test("Two subscriptions on one socket each get their events; unsubscribe and update change which")
    func subscriptionsOnOneSocket() async throws {
        try await withServer { server, rest in
            let (socket, clientId) = try await connectedSocket(server)
            try await subscribe(socket, clientId: clientId, requestId: 1, ["className": "Game", "where": ["score": ["$gte": 10]]])
            try await subscribe(socket, clientId: clientId, requestId: 2, ["className": "Game", "where": ["name": "chess"]])

            let both = try await rest.create("Game", ["name": "chess", "score": 10])
            let object = shown("Game", both.id, createdAt: both.createdAt, ["name": "chess", "score": 10])
            #expect(try await socket.next() == event("create", clientId, 1, object: object))
            #expect(try await socket.next() == event("create", clientId, 2, object: object))

            try await socket.send(["op": "unsubscribe", "requestId": 1])
            #expect(try await socket.next() == ["op": "unsubscribed", "clientId": .string(clientId), "requestId": 1])
            let second = try await rest.create("Game", ["name": "chess", "score": 11])
            #expect(try await socket.next() == event("create", clientId, 2, object: shown(
                "Game", second.id, createdAt: second.createdAt, ["name": "chess", "score": 11])))

            // `update` replaces request 2's query, answered `subscribed` again.
            try await socket.send(["op": "update", "requestId": 2, "query": ["className": "Game", "where": ["name": "go"]]])
            #expect(try await socket.next() == ["op": "subscribed", "clientId": .string(clientId), "requestId": 2])
            _ = try await rest.create("Game", ["name": "chess"])
            let go = try await rest.create("Game", ["name": "go"])
            #expect(try await socket.next() == event("create", clientId, 2, object: shown("Game", go.id, createdAt: go.createdAt, ["name": "go"])))

            // Unsubscribing what is not subscribed is an error without a requestId.
            try await socket.send(["op": "unsubscribe", "requestId": 1])
            #expect(try await socket.next() == [
                "op": "error", "code": 2, "reconnect": true, "requestId": nil,
                "error": .string("Cannot find subscription with clientId \(clientId) subscriptionId 1. Make sure you subscribe to live query server before unsubscribing."),
            ])
            await socket.close()
        }
    }

    @Test("A connect with a wrong key is refused with error 4; one without an application id with error 1; the id itself is not checked")
    func badConnect() async throws {
        try await withServer { server, _ in
            let socket = try await RawSocket.connect(to: server.liveQueryURL)
            try await socket.send(["op": "connect", "applicationId": .string(server.configuration.applicationId), "restAPIKey": "wrong"])
            #expect(try await socket.next() == ["op": "error", "error": "Key in request is not valid", "code": 4, "reconnect": true, "requestId": nil])
            try await socket.send(["op": "connect", "restAPIKey": .string(server.configuration.restAPIKey ?? "")])
            #expect(try await socket.next() == [
                "op": "error", "error": "Missing required property: applicationId", "code": 1, "reconnect": true, "requestId": nil,
            ])
            // Not connected: subscribing is refused.
            try await socket.send(["op": "subscribe", "requestId": 1, "query": ["className": "Game", "where": [:]]])
            #expect(try await socket.next() == [
                "op": "error", "error": "Can not find this client, make sure you connect to server before subscribing",
                "code": 2, "reconnect": true, "requestId": nil,
            ])
            // Parse Server's LiveQuery does not compare the application id; the key is enough.
            try await socket.send(["op": "connect", "applicationId": "another-app", "restAPIKey": .string(server.configuration.restAPIKey ?? ""),
                                   "installationId": "device-1"])
            let connected = try await socket.next()
            #expect(connected["op"] == "connected" && connected["installationId"] == "device-1", "\(connected.text)")
            await socket.close()
        }
    }

    @Test("Requests the schema refuses get error 1; constraints LiveQuery cannot evaluate are accepted and never match")
    func refusedAndUnevaluated() async throws {
        try await withServer { server, rest in
            let (socket, clientId) = try await connectedSocket(server)
            func expectError(_ request: JSON, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                try await socket.send(request)
                let answer = try await socket.next(sourceLocation: sourceLocation)
                #expect(answer == ["op": "error", "error": .string(message), "code": 1, "reconnect": true, "requestId": nil],
                        "\(answer.text)", sourceLocation: sourceLocation)
            }
            try await expectError(["op": "subscribe", "requestId": 1, "query": ["className": "Game", "where": [:], "limit": 10]],
                                  "Additional properties not allowed")
            try await expectError(["op": "subscribe", "requestId": 1, "query": ["className": "Game", "where": [:], "keys": "name"]],
                                  "Invalid type: string (expected array)")
            try await expectError(["op": "subscribe", "requestId": 1, "query": ["className": "Game", "where": [:], "watch": []]],
                                  "Array is too short (0), minimum 1")
            try await expectError(["op": "subscribe", "requestId": "1", "query": ["className": "Game", "where": [:]]],
                                  "Invalid type: string (expected number)")
            try await expectError(["op": "subscribe", "requestId": 1, "query": ["className": "Game"]], "Missing required property: where")
            try await expectError(["op": "ping"], #"No enum match for: "ping""#)
            try await expectError(["requestId": 1], "Missing required property: op")

            // Text that is not JSON is ignored: the next answer is the subscription's.
            try await socket.send(text: "not json")
            try await subscribe(socket, clientId: clientId, requestId: 1, ["className": "Game", "where": [
                "owner": ["$inQuery": ["className": "Player", "where": [:]]],
            ]])
            try await subscribe(socket, clientId: clientId, requestId: 2, ["className": "Game", "where": ["$relatedTo": [
                "object": ["__type": "Pointer", "className": "Player", "objectId": "p1"], "key": "games",
            ]]])
            try await subscribe(socket, clientId: clientId, requestId: 3, ["className": "Game", "where": ["title": ["$text": ["$search": ["$term": "chess"]]]]])
            try await subscribe(socket, clientId: clientId, requestId: 4, ["className": "Game", "where": ["owner": nil]])
            try await subscribe(socket, clientId: clientId, requestId: 5, ["className": "Game", "where": [:]])
            let player = try await rest.create("Player", ["name": "ann"])
            let game = try await rest.create("Game", ["title": "chess", "owner": ["__type": "Pointer", "className": "Player", "objectId": .string(player.id)]])
            // Only request 5 hears of it (though a find would match requests 1 and 4).
            let created = try await socket.next()
            #expect(created["requestId"] == 5 && created["object"]?["objectId"]?.stringValue == game.id, "\(created.text)")
            let other = try await rest.create("Game", ["title": "go"])
            let next = try await socket.next()
            #expect(next["requestId"] == 5 && next["object"]?["objectId"]?.stringValue == other.id, "\(next.text)")
            await socket.close()
        }
    }

    @Test("A _Session subscription needs a session token (209) and hears of its own user's sessions only")
    func sessions() async throws {
        try await withServer { server, rest in
            let (socket, clientId) = try await connectedSocket(server)
            try await socket.send(["op": "subscribe", "requestId": 4, "query": ["className": "_Session", "where": [:]]])
            #expect(try await socket.next() == ["op": "error", "error": "Invalid session token", "code": 209, "reconnect": false, "requestId": 4])
            let alice = try await rest.signUp("alice")
            try await subscribe(socket, clientId: clientId, requestId: 4, ["className": "_Session", "where": [:]], sessionToken: alice.token)
            _ = try await rest.signUp("bob")
            _ = try await rest.call("POST", "login", ["username": "alice", "password": "secret"])
            let created = try await socket.next()
            #expect(created["op"] == "create" && created["object"]?["user"]?["objectId"]?.stringValue == alice.id, "\(created.text)")
            await socket.close()
        }
    }

    @Test("Pings are answered with pongs, a close frame with a close frame, on any path; stopping the server closes its sockets")
    func controlFrames() async throws {
        let server = try await ParseTestServer.start()
        // Parse Server's LiveQuery upgrades a WebSocket on any path of its HTTP server.
        let root = try await RawSocket.connect(to: URL(string: "ws://127.0.0.1:\(server.port)/")!)
        try await root.send(frame: .ping, ByteBuffer(string: "are you there"))
        let pong = try await root.nextFrame()
        #expect(pong.opcode == .pong && String(buffer: pong.unmaskedData) == "are you there")
        var normal = ByteBuffer()
        normal.write(webSocketErrorCode: .normalClosure)
        try await root.send(frame: .connectionClose, normal)
        let closing = try await root.nextFrame()
        var code = closing.unmaskedData
        #expect(closing.opcode == .connectionClose && code.readWebSocketErrorCode() == .normalClosure)
        #expect(await root.closes())

        let (socket, clientId) = try await connectedSocket(server)
        try await subscribe(socket, clientId: clientId, requestId: 1, ["className": "Game", "where": [:]])
        await server.stop()
        let last = try await socket.nextFrame()
        #expect(last.opcode == .connectionClose && last.unmaskedData.readableBytes == 0)
        #expect(await socket.closes())
    }
}
