import Foundation
import Testing
@testable import ParseRuntime

/// The REST guide's config and health calls: exact requests and typed answers.
@Suite struct ServerCallTests {
    struct AppConfig: Codable, Equatable {
        var welcomeMessage: String
        var winningNumber: Int
        var launchedAt: Date?
    }

    @Test func configParamsDecodeIntoATypeOrJSON() async throws {
        let answer = #"{"params":{"welcomeMessage":"Welcome to The Internet!","winningNumber":42}}"#
        let transport = RecordingTransport(json(200, answer), json(200, answer), json(200, #"{"params":{"winningNumber":"42"}}"#))
        let client = Fixture.client(transport)
        let typed = try await client.config(AppConfig.self)
        #expect(typed == AppConfig(welcomeMessage: "Welcome to The Internet!", winningNumber: 42))
        let loose: [String: JSONValue] = try await client.config()
        #expect(loose["winningNumber"] == 42)
        try expectRequest(transport.requests[0], .get, "/parse/config", headers: Fixture.restHeaders())
        let error = await expectClientError { _ = try await client.config(AppConfig.self) }
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path.hasPrefix("params"), "\(failure.path)")
    }

    @Test func updatingTheConfigUsesTheMasterKey() async throws {
        let transport = RecordingTransport(json(200, #"{"result":true}"#))
        try await Fixture.client(transport).updateConfig(["winningNumber": 43])
        try expectRequest(try transport.onlyRequest(), .put, "/parse/config",
                          headers: ["X-Parse-Application-Id": Fixture.applicationId, "X-Parse-Master-Key": Fixture.masterKey,
                                    "Content-Type": "application/json"], body: #"{"params":{"winningNumber":43}}"#)
        let withoutKey = Fixture.client(transport, configuration: Fixture.configuration(masterKey: nil))
        let refused = await expectClientError { try await withoutKey.updateConfig(["winningNumber": 44]) }
        #expect(refused?.parseError?.code == .operationForbidden)
        let notAnObject = await expectClientError { try await Fixture.client(transport).updateConfig([1, 2]) }
        guard case .encoding = notAnObject else {
            Issue.record("expected .encoding, got \(String(describing: notAnObject))")
            return
        }
        #expect(transport.requests.count == 1)
    }

    @Test func healthIsTheServersStatus() async throws {
        let transport = RecordingTransport(json(200, #"{"status":"ok"}"#), json(200, "{}"))
        let client = Fixture.client(transport)
        #expect(try await client.health() == "ok")
        try expectRequest(transport.requests[0], .get, "/parse/health", headers: Fixture.restHeaders())
        let error = await expectClientError { _ = try await client.health() }
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "status")
    }
}
