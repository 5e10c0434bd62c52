import Foundation
import GameModels
import Testing
@testable import ParseRuntime

/// Aggregate and distinct queries: the master key, the exact parameters, typed results.
@Suite struct AggregateTests {
    private let masterHeaders: HTTPHeaders = ["X-Parse-Application-Id": Fixture.applicationId, "X-Parse-Master-Key": Fixture.masterKey]

    struct Total: Decodable, Equatable {
        var objectId: String?
        var total: Int
    }

    @Test func aPipelineIsSentInOrderAndItsResultsDecoded() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[{"objectId":null,"total":1350}]}"#))
        let totals = try await Fixture.client(transport).aggregate(GameScore.self, [
            .match(["score": ["$gt": 15]]),
            .group(["_id": nil, "total": ["$sum": "$score"]]),
            .sort(["total": -1]), .skip(0), .limit(10), .project(["total": 1]), .stage("count", "n"),
        ], returning: Total.self)
        #expect(totals == [Total(objectId: nil, total: 1350)])
        try expectRequest(try transport.onlyRequest(), .get, "/parse/aggregate/GameScore", jsonQuery: ["pipeline": """
            [{"$match":{"score":{"$gt":15}}},{"$group":{"_id":null,"total":{"$sum":"$score"}}},{"$sort":{"total":-1}},
             {"$skip":0},{"$limit":10},{"$project":{"total":1}},{"$count":"n"}]
            """], headers: masterHeaders)
    }

    @Test func distinctValuesOfATypedField() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[1337,10]}"#), json(200, #"{"results":["Sean Plott"]}"#))
        let client = Fixture.client(transport)
        let scores = try await client.distinct(GameScore.Field.score, in: GameScore.query(GameScore.Field.playerName == "Sean Plott"))
        let names = try await client.distinct(GameScore.Field.playerName)
        #expect(scores == [1337, 10])
        #expect(names == ["Sean Plott"])
        try expectRequest(transport.requests[0], .get, "/parse/aggregate/GameScore", query: ["distinct": "score"],
                          jsonQuery: ["where": #"{"playerName":"Sean Plott"}"#], headers: masterHeaders)
        try expectRequest(transport.requests[1], .get, "/parse/aggregate/GameScore", query: ["distinct": "playerName"], headers: masterHeaders)
    }

    @Test func refusalsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport)
        let negative = await expectClientError { _ = try await client.aggregate(GameScore.self, [.limit(-1)], returning: JSONValue.self) }
        #expect(negative?.parseError?.code == .invalidQuery)
        let withoutKey = Fixture.client(transport, configuration: Fixture.configuration(masterKey: nil))
        let refused = await expectClientError { _ = try await withoutKey.distinct(GameScore.Field.score) }
        #expect(refused?.parseError?.code == .operationForbidden)
        #expect(transport.requests.isEmpty)
    }
}
