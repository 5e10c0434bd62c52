import CommittedModels
import Foundation
import ParseRuntime
import ShopModels
import Testing

@Suite struct ConsumerTests {
    @Test func pluginGeneratedModelsEncodeForParse() throws {
        var order = Order(state: .paid, customer: User(objectId: "u1"))
        order.objectId = "o1"
        let json = try JSONSerialization.jsonObject(with: ParseEncoder().encode(order)) as? NSDictionary
        #expect(json == ["state": "paid", "customer": ["__type": "Pointer", "className": "_User", "objectId": "u1"]])
        let add = try order.productsRelation().add(Order.Field.products.name, objects: [Product(objectId: "p1")])
        #expect(add.target.objectId == "o1")
    }

    @Test func committedModelsDecodeParseResponses() throws {
        // Swift Testing has a `Comment` type too, so the model is named with its module here.
        let comment = try ParseDecoder().decode(CommittedModels.Comment.self, from: Data("""
            {"objectId": "c1", "text": "Nice", "post": {"__type": "Object", "className": "Post", "objectId": "p1", "title": "Hello"}}
            """.utf8))
        #expect(comment.post?.title == "Hello")
        #expect(Post.Field.publishedAt.name == "publishedAt")
    }
}

/// Answers each request with the next scripted JSON body and keeps what was sent: the way an app
/// tests its Parse calls without a server.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [String]
    private var sent: [HTTPRequest] = []

    init(_ bodies: String...) {
        self.bodies = bodies
    }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = lock.withLock { () -> String in
            sent.append(request)
            return bodies.isEmpty ? "{}" : bodies.removeFirst()
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

@Suite struct ConsumerClientTests {
    @Test func theGeneratedModelsWorkWithTheRESTClient() async throws {
        let transport = ScriptedTransport(
            #"{"objectId":"u1","createdAt":"2024-05-01T10:00:00.000Z","sessionToken":"r:token"}"#,
            #"{"objectId":"o1","createdAt":"2024-05-01T10:00:01.000Z"}"#,
            #"{"results":[{"objectId":"p1","name":"Tea","price":4.5}]}"#)
        let client = ParseClient(
            configuration: ParseClientConfiguration(serverURL: URL(string: "http://shop.test/parse")!, applicationId: "shop"),
            transport: transport)

        let customer = try await User.signUp(username: "ada", password: "secret", on: client)
        let order = try await client.create(Order(state: .paid, customer: customer))
        let products = try await client.find(order.productsQuery().order(.ascending(Product.Field.name)))

        #expect(client.sessionToken == "r:token")
        #expect(order.objectId == "o1")
        #expect(products.map(\.name) == ["Tea"])
        let sent = transport.requests
        #expect(sent.map { "\($0.method) \($0.url.path)" } == [
            "POST /parse/users", "POST /parse/classes/Order", "GET /parse/classes/Product",
        ])
        #expect(sent[1].headers["X-Parse-Session-Token"] == "r:token")
        let order1 = try JSONSerialization.jsonObject(with: try #require(sent[1].body)) as? NSDictionary
        #expect(order1 == ["state": "paid", "customer": ["__type": "Pointer", "className": "_User", "objectId": "u1"]])
        let query = URLComponents(url: sent[2].url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.first { $0.name == "order" }?.value == "name")
        #expect(query.first { $0.name == "where" }?.value?.contains(#""$relatedTo""#) == true)
    }
}
