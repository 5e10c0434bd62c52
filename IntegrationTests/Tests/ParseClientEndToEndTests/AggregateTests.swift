import Foundation
import GameModels
import ParseRuntime
import ParseTestServer
import Testing

/// Aggregate and distinct over HTTP, with the master key, on the guide's GameScore.
@Suite("Aggregate and distinct over HTTP")
struct AggregateTests {
    struct Total: Decodable, Equatable {
        var objectId: String?
        var total: Int
        var best: Int
    }

    @Test("Group with accumulators, match, sort and limit; distinct with and without where")
    func aggregateAndDistinct() async throws {
        try await withServer { server, client in
            for (name, score) in [("Sean Plott", 1337), ("Sean Plott", 10), ("Ada", 20), ("Grace", 5), ("Ada", 20)] {
                _ = try await client.create(GameScore(score: score, playerName: name))
            }
            let admin = makeClient(for: server, masterKey: server.configuration.masterKey)
            let all = try await admin.aggregate(GameScore.self, [.group(["_id": nil, "total": ["$sum": "$score"], "best": ["$max": "$score"]])],
                                                returning: Total.self)
            #expect(all == [Total(objectId: nil, total: 1392, best: 1337)])
            let perPlayer = try await admin.aggregate(GameScore.self, [
                .match(["score": ["$gt": 6]]),
                .group(["_id": "$playerName", "total": ["$sum": "$score"], "best": ["$max": "$score"]]),
                .sort(["total": -1]), .limit(2),
            ], returning: Total.self)
            #expect(perPlayer == [Total(objectId: "Sean Plott", total: 1347, best: 1337), Total(objectId: "Ada", total: 40, best: 20)])

            #expect(try await admin.distinct(GameScore.Field.playerName).sorted() == ["Ada", "Grace", "Sean Plott"])
            #expect(try await admin.distinct(GameScore.Field.score, in: GameScore.query(GameScore.Field.playerName == "Ada")) == [20])
            let oldStyle = await failure {
                try await admin.aggregate(GameScore.self, [.group(["objectId": nil, "total": ["$sum": "$score"]])], returning: Total.self)
            }
            #expect(oldStyle?.parseError?.code == .invalidQuery, "current Parse Server refuses objectId in $group")
            let refused = await failure { try await client.distinct(GameScore.Field.score) }
            #expect(refused?.parseError?.code == .operationForbidden)
            #expect(server.requests(method: "GET", path: "/parse/aggregate/GameScore").count == 5)
        }
    }
}
