import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LibraryModels
import ParseRuntime
import ParseTestServer
import Testing
import TodoListModels

/// ParseTestServer with `upstream`: a recording, fault-injecting proxy in front of another
/// server (here a second ParseTestServer), and the routes the remote run relies on.
@Suite("ParseTestServer forwarding to another server")
struct ForwardingTests {
    /// Runs `body` with an upstream server, a proxy in front of it, and a client of the proxy.
    private func withProxy(_ body: (ParseTestServer, ParseTestServer, ParseClient) async throws -> Void) async throws {
        let upstream = try await ParseTestServer.start()
        let proxy = try await ParseTestServer.start(ParseTestServer.Configuration(upstream: upstream.serverURL))
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: proxy.serverURL, applicationId: upstream.configuration.applicationId,
            restAPIKey: upstream.configuration.restAPIKey, retryPolicy: .never))
        do {
            try await body(upstream, proxy, client)
        } catch {
            await proxy.stop()
            await upstream.stop()
            throw error
        }
        await proxy.stop()
        await upstream.stop()
    }

    @Test("requests reach the upstream as sent and its answers come back as given; the proxy records both and stores nothing")
    func relays() async throws {
        try await withProxy { upstream, proxy, client in
            let keats = try await client.create(Author(name: "John Keats"))
            let id = try #require(keats.objectId)
            #expect(upstream.storedObject("Author", id)?["name"] == "John Keats")
            #expect(proxy.storedObjects("Author").isEmpty)
            let create = try #require(proxy.requests(method: "POST", path: "/parse/classes/Author").first)
            #expect(create.status == 201)
            #expect(create.responseHeaders["Location"] == "\(upstream.serverURL.absoluteString)/classes/Author/\(id)")
            #expect(upstream.requests(method: "POST", path: "/parse/classes/Author").first?.body == create.body)
            #expect(upstream.requests.first?.headers["x-parse-rest-api-key"] == upstream.configuration.restAPIKey)

            // A query's encoding survives the hop, and the upstream's errors arrive as they are.
            let found = try await client.find(Author.query().where(Author.Field.name == "John Keats"))
            #expect(found.map(\.objectId) == [id])
            let missing = await failure { try await client.get(Author.self, id: "nosuchid00") }
            #expect(missing?.parseError?.code == .objectNotFound)
            #expect(missing?.httpStatus == 404)
        }
    }

    @Test("a fault is injected before forwarding: the upstream never sees the failed request")
    func faultsFirst() async throws {
        try await withProxy { upstream, proxy, client in
            proxy.failNext(1, method: "GET", path: "/parse/classes/Author", status: 502)
            let error = await failure { try await client.find(Author.query()) }
            #expect(error?.httpStatus == 502)
            #expect(upstream.requests(method: "GET", path: "/parse/classes/Author").isEmpty)
            let found = try await client.find(Author.query())
            #expect(found.isEmpty)
            #expect(upstream.requests(method: "GET", path: "/parse/classes/Author").count == 1)
        }
    }

    @Test("an upstream that cannot be reached is answered 502, naming the upstream and no key")
    func unreachable() async throws {
        let gone = try await ParseTestServer.start()
        let url = gone.serverURL
        await gone.stop()
        let proxy = try await ParseTestServer.start(ParseTestServer.Configuration(upstream: url))
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: proxy.serverURL, applicationId: "integration-app", masterKey: "integration-master-key",
            retryPolicy: .never))
        let error = await failure { try await client.find(Author.query(), options: .masterKey) }
        var request = URLRequest(url: proxy.serverURL.appendingPathComponent("classes/Author"))
        request.setValue("integration-master-key", forHTTPHeaderField: "X-Parse-Master-Key")
        let answer = try? await URLSession.shared.data(for: request)
        let statuses = proxy.requests.map(\.status)
        await proxy.stop()
        #expect(error?.httpStatus == 502)
        #expect(statuses == [502, 502])
        let text = answer.map { String(decoding: $0.0, as: UTF8.self) } ?? ""
        #expect(text.hasPrefix("ParseTestServer could not reach \(url.absoluteString): "))
        #expect(!text.contains("integration-master-key"))
    }

    @Test("DELETE /purge/<class> empties a class with the master key only, and keeps its schema; purging users refuses their sessions")
    func purgeAndSessions() async throws {
        try await withServer { server, client in
            _ = try await client.createAll([Author(name: "A"), Author(name: "B")])
            var request = URLRequest(url: server.serverURL.appendingPathComponent("purge/Author"))
            request.httpMethod = "DELETE"
            request.setValue(server.configuration.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
            request.setValue(server.configuration.restAPIKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
            let (_, refused) = try await URLSession.shared.data(for: request)
            #expect((refused as? HTTPURLResponse)?.statusCode == 403)
            #expect(try await server.storedObjects("Author").count == 2)

            request.setValue(server.configuration.masterKey, forHTTPHeaderField: "X-Parse-Master-Key")
            let (_, purged) = try await URLSession.shared.data(for: request)
            #expect((purged as? HTTPURLResponse)?.statusCode == 200)
            #expect(try await server.storedObjects("Author").isEmpty)
            #expect(try await server.fieldType("Author", "name") == "String")

            // Purging users leaves their sessions, whose tokens are refused from then on;
            // purging sessions ends them.
            var ada = TodoListModels.User(displayName: "Ada")
            ada.username = "ada"
            ada.password = "correct horse battery staple"
            _ = try await client.signUp(ada)
            let token = try #require(client.sessionToken)
            #expect(try await server.sessionCount() == 1)
            request.url = server.serverURL.appendingPathComponent("purge/_User")
            _ = try await URLSession.shared.data(for: request)
            #expect(try await server.sessionCount() == 1)
            #expect(try await server.sessionUser(token) == nil)
            request.url = server.serverURL.appendingPathComponent("purge/_Session")
            _ = try await URLSession.shared.data(for: request)
            #expect(try await server.sessionCount() == 0)
        }
    }

    @Test("PUT /config removes a parameter given as a Delete operation, as Parse Server does")
    func configParametersAreDeleted() async throws {
        try await withServer { server, _ in
            func send(_ method: String, _ body: String?) async throws -> JSON? {
                var request = URLRequest(url: server.serverURL.appendingPathComponent("config"))
                request.httpMethod = method
                request.setValue(server.configuration.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
                request.setValue(server.configuration.masterKey, forHTTPHeaderField: "X-Parse-Master-Key")
                request.httpBody = body.map { Data($0.utf8) }
                let (data, _) = try await URLSession.shared.data(for: request)
                return try? JSON(parsing: data)
            }
            _ = try await send("PUT", #"{"params":{"a":1,"b":"kept"}}"#)
            _ = try await send("PUT", #"{"params":{"a":{"__op":"Delete"}}}"#)
            #expect(try await send("GET", nil)?["params"] == ["b": "kept"])
        }
    }
}
