import Foundation
import ParseRuntime
import ParseTestServer
import Testing
import TodoModels

/// The app's Parse code against ParseTestServer: a fresh server per test, on a free port.
@Suite struct TodoTests {
    /// Starts a server, hands it and a client for it to `body`, and stops it afterwards.
    func withServer(_ body: (ParseTestServer, ParseClient) async throws -> Void) async throws {
        let server = try await ParseTestServer.start()
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: server.serverURL, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey))
        do {
            try await body(server, client)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func createQueryAndUpdate() async throws {
        try await withServer { server, client in
            let milk = try await client.create(Todo(title: "Buy milk"))
            _ = try await client.create(Todo(title: "File taxes", dueDate: Date(timeIntervalSince1970: 0)))

            // What the app sent, and what the server stored.
            let id = try #require(milk.objectId)
            #expect(server.requests(method: "POST", path: "/parse/classes/Todo").count == 2)
            #expect(server.storedObject("Todo", id)?["title"] == "Buy milk")

            // `done` was never sent (a schema default is the server's to apply), so not `== false`.
            let open = try await client.find(Todo.query(Todo.Field.done != true).order(.ascending(Todo.Field.title)))
            #expect(open.map(\.title) == ["Buy milk", "File taxes"])
            #expect(open.filter { $0.isOverdue() }.map(\.title) == ["File taxes"])

            _ = try await client.update(ParseUpdate(milk).set(Todo.Field.done, to: true))
            #expect(try await client.count(Todo.query(Todo.Field.done == true)) == 1)
        }
    }

    @Test func aFailingServerReachesTheApp() async throws {
        try await withServer { server, client in
            // The next create fails as a server in trouble would; the client retries it only
            // when told that a duplicate is harmless, so here the error reaches the app.
            server.failNext(method: "POST", path: "/parse/classes/Todo", status: 503)
            await #expect(throws: ParseClientError.self) {
                try await client.create(Todo(title: "Never saved"))
            }
            #expect(server.storedObjects("Todo").isEmpty)
        }
    }
}
