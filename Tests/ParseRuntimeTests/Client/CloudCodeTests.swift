import Foundation
import GameModels
import Testing
@testable import ParseRuntime

/// Cloud Code as the REST guide calls it: functions with Encodable parameters and a typed
/// result, jobs with the master key, and the functions' errors as typed errors.
@Suite struct CloudCodeTests {
    struct Average: Encodable {
        var movie: String
        var since: Date
    }

    struct Rating: Decodable, Equatable {
        var stars: Double
        var reviews: Int
    }

    @Test func aFunctionTakesParametersAndDecodesItsResult() async throws {
        let transport = RecordingTransport(json(200, #"{"result":{"stars":4.5,"reviews":12}}"#), json(200, #"{"result":"Hello world!"}"#))
        let client = Fixture.client(transport)
        let rating = try await client.callFunction("averageStars", parameters: Average(movie: "The Matrix", since: Fixture.createdDate),
                                                   returning: Rating.self)
        let hello: String = try await client.callFunction("hello")
        #expect(rating == Rating(stars: 4.5, reviews: 12))
        #expect(hello == "Hello world!")
        try expectRequest(transport.requests[0], .post, "/parse/functions/averageStars", headers: Fixture.restHeaders(json: true), body: """
            {"movie":"The Matrix","since":{"__type":"Date","iso":"\(Fixture.createdAt)"}}
            """)
        try expectRequest(transport.requests[1], .post, "/parse/functions/hello", headers: Fixture.restHeaders(json: true), body: "{}")
    }

    @Test func savedObjectsArePointersAndNoResultIsNil() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        var score = GameScore(score: 1)
        score.objectId = "s1"
        let nothing: String? = try await Fixture.client(transport).callFunction("touch", parameters: ["score": score])
        #expect(nothing == nil)
        try expectRequest(try transport.onlyRequest(), .post, "/parse/functions/touch", headers: Fixture.restHeaders(json: true), body: """
            {"score":{"__type":"Pointer","className":"GameScore","objectId":"s1"}}
            """)
    }

    @Test func theFunctionsErrorsAreTypedAndNotRetried() async throws {
        let transport = RecordingTransport(
            parseError(400, code: 141, #"Invalid function: \"nope\""#),
            parseError(400, code: 101, "No such movie"),
            parseError(503, code: 1, "unavailable"))
        let client = Fixture.client(transport)
        let missing = await expectClientError { let _: String = try await client.callFunction("nope") }
        #expect(missing == .server(ParseError(code: .scriptFailed, message: "Invalid function: \"nope\"", httpStatus: 400)))
        let own = await expectClientError { let _: String = try await client.callFunction("averageStars", parameters: ["movie": "?"]) }
        #expect(own?.parseError?.code == .objectNotFound)
        let unavailable = await expectClientError { let _: String = try await client.callFunction("sideEffect") }
        #expect(unavailable?.httpStatus == 503)
        #expect(transport.requests.count == 3, "a function may change data: a 503 is not retried")
    }

    @Test func aResultOfAnotherTypeIsADecodingError() async throws {
        let transport = RecordingTransport(json(200, #"{"result":"not a rating"}"#))
        let error = await expectClientError { _ = try await Fixture.client(transport).callFunction("averageStars", returning: Rating.self) }
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "result")
    }

    @Test func parametersMustBeAnObjectAndFunctionsNeedANameBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let client = Fixture.client(transport)
        let notAnObject = await expectClientError { let _: JSONValue = try await client.callFunction("f", parameters: [1, 2]) }
        guard case .encoding = notAnObject else {
            Issue.record("expected .encoding, got \(String(describing: notAnObject))")
            return
        }
        let unnamed = await expectClientError { let _: JSONValue = try await client.callFunction("") }
        #expect(unnamed?.parseError?.code == .scriptFailed)
        #expect(transport.requests.isEmpty)
    }

    @Test func aJobStartsWithTheMasterKeyAndReturnsItsStatusId() async throws {
        let transport = RecordingTransport(json(200, "{}", headers: ["X-Parse-Job-Status-Id": "Jk8fo3nLTz"]), json(200, "{}"))
        let client = Fixture.client(transport)
        let statusId = try await client.startJob("userMigration", parameters: ["plan": "paid"])
        #expect(statusId == "Jk8fo3nLTz")
        try expectRequest(transport.requests[0], .post, "/parse/jobs/userMigration",
                          headers: ["X-Parse-Application-Id": Fixture.applicationId, "X-Parse-Master-Key": Fixture.masterKey,
                                    "Content-Type": "application/json"], body: #"{"plan":"paid"}"#)
        let noHeader = await expectClientError { try await client.startJob("cleanup") }
        guard case .decoding(let failure) = noHeader else {
            Issue.record("expected .decoding, got \(String(describing: noHeader))")
            return
        }
        #expect(failure.path == "X-Parse-Job-Status-Id")
        let withoutKey = Fixture.client(transport, configuration: Fixture.configuration(masterKey: nil))
        let error = await expectClientError { try await withoutKey.startJob("cleanup") }
        #expect(error?.parseError?.code == .operationForbidden)
        #expect(transport.requests.count == 2)
    }
}
