import AsyncTestSupport
import Foundation
import InventoryModels
import PeopleModels
import ParseRuntime
import ParseTestServer
import Testing

/// What Parse Server's LiveQuery cannot evaluate is refused before anything is sent, and what
/// the server refuses comes back as its code and message.
@Suite("LiveQuery client: refusals and server errors")
struct RefusalTests {
    static var unsaved: Product {
        var product = Product.sample("p")
        product.objectId = "p1"
        return product
    }

    /// Each query, and the name the refusal gives.
    static let refused: [(String, @Sendable () -> ParseQuery<Product>)] = [
        ("$inQuery", { Product.query(.matchesQuery(Product.Field.category, Category.query(Category.Field.name == "Dairy"))) }),
        ("$notInQuery", { Product.query(.doesNotMatchQuery(Product.Field.category, Category.query())) }),
        ("$select", { Product.query(.matchesKeyInQuery(Product.Field.name, key: Category.Field.name, in: Category.query())) }),
        ("$dontSelect", { Product.query(.doesNotMatchKeyInQuery(Product.Field.name, key: Category.Field.name, in: Category.query())) }),
        ("$text", { Product.query(.matchesText(Product.Field.name, "milk")) }),
        ("$inQuery", { Product.query(.or(Product.query(Product.Field.unit == .litre), Product.query(.matchesQuery(Product.Field.category, Category.query())))) }),
        ("order", { Product.query().order(.ascending(Product.Field.name)) }),
        ("limit", { Product.query().limit(10) }),
        ("skip", { Product.query().skip(10) }),
        ("include", { Product.query().include(Product.Field.category) }),
        ("excludeKeys", { Product.query().excludeKeys(Product.Field.tags) }),
        ("readPreference", { Product.query().readPreference(.secondary) }),
    ]

    @Test("Refused before anything is sent, naming what LiveQuery cannot evaluate", arguments: 0..<refused.count)
    func refusedLocally(_ index: Int) async throws {
        let (name, query) = Self.refused[index]
        try await withServer { server in
            let client = makeClient(server)
            let error = await liveQueryError { _ = try await client.subscribe(query()) }
            #expect(error == .unsupportedConstraint(name))
            #expect(server.liveQueryConnectionCount == 0)
        }
    }

    @Test("$relatedTo is refused (QueryTools.js: never matches)")
    func relatedTo() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let error = await liveQueryError { _ = try await client.subscribe(Supplier.query(.relatedTo(Self.unsaved, through: Product.Field.suppliers))) }
            #expect(error == .unsupportedConstraint("$relatedTo"))
            #expect(server.liveQueryConnectionCount == 0)
        }
    }

    @Test("What LiveQuery evaluates is accepted: comparisons, $in, $exists, $regex, $or")
    func accepted() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let query = Product.query(
                Product.Field.price >= 1, .containedIn(Product.Field.unit, [.litre, .kilogram]), .exists(Product.Field.name),
                .startsWith(Product.Field.name, "Product"), .or(Product.query(Product.Field.active == true), Product.query(.doesNotExist(Product.Field.active))))
            let events = Events(try await client.subscribe(query))
            _ = try await makeWriter(server).create(Product.sample("milk", price: 2))
            #expect(try await events.next().object.sku == "milk")
            await events.stop()
        }
    }

    @Test("Keys the server does not accept: its error 4 and message")
    func wrongKey() async throws {
        try await withServer { server in
            let client = makeClient(server, restAPIKey: "not-the-key")
            let error = await liveQueryError { _ = try await client.subscribe(Product.query()) }
            #expect(error == .server(code: 4, message: "Key in request is not valid"))
            #expect("\(String(describing: error))".contains("not-the-key") == false)
            try await eventually("the socket closed") { server.liveQueryConnectionCount == 0 }
        }
    }

    @Test("A _Session subscription without a session: the server's error 209 for that subscription")
    func sessionWithoutUser() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            // Another subscription on the same socket lives on.
            let events = Events(try await client.subscribe(Product.query()))
            let error = await liveQueryError { _ = try await client.subscribe(Session.query()) }
            #expect(error == .server(code: 209, message: "Invalid session token"))
            _ = try await writer.create(Product.sample("milk"))
            #expect(try await events.next().object.sku == "milk")
            #expect(server.liveQuerySubscriptionCount == 1)
            await events.stop()
        }
    }

    @Test("Schemes other than ws:// and wss:// are refused with a clear error")
    func unsupportedURLs() async throws {
        try await withServer { server in
            let http = makeClient(server, liveQueryURL: URL(string: "http://127.0.0.1:\(server.port)/parse"))
            let error = await liveQueryError { _ = try await http.subscribe(Product.query()) }
            guard case .unsupportedURL(let reason)? = error else {
                Issue.record("expected unsupportedURL, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("ws://"))
            #expect(server.liveQueryConnectionCount == 0)
        }
    }

    @Test("wss:// speaks TLS and checks the certificate: a self-signed one is refused",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs /usr/bin/openssl"))
    func untrustedCertificate() async throws {
        try await withUntrustedTLSServer { port in
            var configuration = ParseClientConfiguration(
                serverURL: URL(string: "https://localhost:\(port)/parse")!, applicationId: "integration-app",
                restAPIKey: "integration-rest-key")
            configuration.liveQueryServerURL = URL(string: "wss://localhost:\(port)/parse")
            let client = ParseClient(configuration: configuration)
            let error = await liveQueryError { _ = try await client.subscribe(Product.query()) }
            guard case .connection(let message)? = error else {
                Issue.record("expected a connection error, got \(String(describing: error))")
                return
            }
            #expect(message.contains("CERTIFICATE_VERIFY_FAILED"), "\(message)")
        }
    }
}
