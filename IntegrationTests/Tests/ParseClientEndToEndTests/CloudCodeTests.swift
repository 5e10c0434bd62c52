import Foundation
import GameModels
import ParseRuntime
import ParseTestServer
import Testing

/// Cloud Code over HTTP: a function with typed parameters and result, the caller's session,
/// the function's own errors and 141, and a job started with the master key.
@Suite("Cloud Code over HTTP")
struct CloudCodeTests {
    struct ScoreQuery: Encodable {
        var playerName: String
        var since: Date
    }

    struct Summary: Decodable, Equatable {
        var best: Int
        var games: Int
    }

    @Test("Functions take Encodable parameters and return Decodable results", .enabled(if: TestBackend.isInProcess, "Cloud Code in Swift is ParseTestServer's"))
    func functions() async throws {
        try await withServer { server, client in
            server.testServer.defineFunction("hello") { _ in "Hello world!" }
            server.testServer.defineFunction("summary") { request in
                guard request.parameters["playerName"] == "Sean Plott", request.parameters["since"]?["__type"] == "Date" else {
                    throw CloudError("No games for that player", code: 101)
                }
                return ["best": 1337, "games": 3]
            }
            server.testServer.defineFunction("nothing") { _ in nil }
            server.testServer.defineFunction("crash") { _ in throw CocoaError(.fileNoSuchFile) }

            #expect(try await client.callFunction("hello", returning: String.self) == "Hello world!")
            let summary = try await client.callFunction("summary", parameters: ScoreQuery(playerName: "Sean Plott", since: Date()),
                                                        returning: Summary.self)
            #expect(summary == Summary(best: 1337, games: 3))
            let nothing: String? = try await client.callFunction("nothing")
            #expect(nothing == nil)

            let own = await failure { try await client.callFunction("summary", parameters: ScoreQuery(playerName: "Ada", since: Date()),
                                                                     returning: Summary.self) }
            #expect(own?.parseError?.code == .objectNotFound)
            #expect(own?.parseError?.message == "No games for that player")
            let crashed = await failure { try await client.callFunction("crash", returning: JSONValue.self) }
            #expect(crashed?.parseError?.code == .scriptFailed)
            let missing = await failure { try await client.callFunction("missing", returning: JSONValue.self) }
            #expect(missing?.parseError?.code == .scriptFailed)
            #expect(missing?.parseError?.message == "Invalid function: \"missing\"")
        }
    }

    @Test("A job starts with the master key and leaves its _JobStatus", .enabled(if: TestBackend.isInProcess, "Cloud Code in Swift is ParseTestServer's"))
    func jobs() async throws {
        try await withServer { server, client in
            server.testServer.defineJob("resetScores") { request in
                guard request.isMaster else { throw CloudError("not master") }
                return .string("reset \(request.parameters["below"]?.intValue ?? 0)")
            }
            let admin = makeClient(for: server, masterKey: server.configuration.masterKey)
            let statusId = try await admin.startJob("resetScores", parameters: ["below": 10])
            let status = try #require(try await server.storedObject("_JobStatus", statusId))
            #expect(status["status"] == "succeeded")
            #expect(status["message"] == "reset 10")
            #expect(server.requests(method: "POST", path: "/parse/jobs/resetScores").first?.headers["x-parse-master-key"] != nil)

            let unknown = await failure { try await admin.startJob("nope") }
            #expect(unknown?.parseError?.code == .scriptFailed)
            let withoutKey = await failure { try await client.startJob("resetScores") }
            #expect(withoutKey?.parseError?.code == .operationForbidden, "refused before sending")
            #expect(server.requests(method: "POST", path: "/parse/jobs/*").count == 2)
        }
    }
}
