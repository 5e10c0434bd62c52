import Foundation
import ParseRuntime
import ParseTestServer
import Testing

/// Config and health over HTTP.
@Suite("Config and health over HTTP")
struct ServerCallTests {
    struct AppConfig: Codable, Equatable {
        var welcomeMessage: String?
        var winningNumber: Int?
    }

    @Test("The config is set with the master key and read by anyone; health is ok")
    func configAndHealth() async throws {
        try await withServer { server, client in
            #expect(try await client.health() == "ok")
            #expect(try await client.config(AppConfig.self) == AppConfig())
            let admin = makeClient(for: server, masterKey: server.configuration.masterKey)
            try await admin.updateConfig(AppConfig(welcomeMessage: "Welcome to The Internet!", winningNumber: 42))
            try await admin.updateConfig(["winningNumber": 43])
            #expect(try await client.config(AppConfig.self) == AppConfig(welcomeMessage: "Welcome to The Internet!", winningNumber: 43))
            let refused = await failure { try await client.updateConfig(["winningNumber": 0]) }
            #expect(refused?.parseError?.code == .operationForbidden)
            #expect(server.requests(method: "PUT", path: "/parse/config").count == 2)
        }
    }
}
