import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ParseTestServer
import Testing

/// The test server's HTTP side, below Parse: a body too large to read, and a server that stops.
@Suite("The test server's HTTP")
struct HTTPTests {
    @Test("A body over 16 MiB is answered 413 and not routed; a smaller one is")
    func bodyLimit() async throws {
        try await withServer { server, _ in
            func post(_ size: Int) async throws -> Int {
                var request = URLRequest(url: server.serverURL.appendingPathComponent("classes/Blob"))
                request.httpMethod = "POST"
                request.setValue(server.configuration.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
                request.setValue(server.configuration.restAPIKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                // A JSON object whose one string fills the body.
                request.httpBody = Data(#"{"data":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: size) + Data(#""}"#.utf8)
                let (_, response) = try await URLSession.shared.data(for: request)
                return try #require(response as? HTTPURLResponse).statusCode
            }
            let tooLarge = try await post(17 << 20)
            #expect(tooLarge == 413)
            #expect(try await server.storedObjects("Blob").isEmpty)
            let fitting = try await post(1 << 20)
            #expect(fitting == 201)
            #expect(try await server.storedObjects("Blob").count == 1)
        }
    }
}
