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
