import Foundation
import InjectionModels
import ParseRuntime
import Testing

/// `Tests/InjectionModels/Cycles.yaml` links classes in cycles (`Node.parent` to its own
/// class, `Node.peer` and `Peer.node`, `_User.lastSession` and the session's user), which a
/// struct cannot store by value. With ParseRuntime every pointer field is `@Indirect`: stored
/// out of line, so the cycles compile, while the field still reads and writes as the object.
/// That this target compiles proves the cycles are broken; these tests prove how the fields
/// behave: as the objects, with value semantics and Parse's wire format.
@Suite struct PointerCycleTests {
    @Test func everyPointerHoldsTheObjectItself() {
        let node = Node()
        // Each line fails to compile if a pointer field is not its target class.
        let parent: Node? = node.parent
        let peer: Peer? = node.peer
        let children: [Node]? = node.children
        let leaf: Leaf? = node.leaf
        let session: Session? = User().lastSession
        #expect(parent == nil && peer == nil && children == nil && leaf == nil && session == nil)
        var child = Node()
        child.parent = Node(parent: Node(), leaf: Leaf(name: "deep"))
        #expect(child.parent?.leaf?.name == "deep")
        #expect(child.parent?.parent == Node())
        let back = Peer(node: child)
        #expect(back.node?.parent?.leaf?.name == "deep")
    }

    @Test func aCopyIsIndependentOfTheOriginal() {
        var original = Node()
        original.parent = Node(parent: nil, leaf: Leaf(name: "first"))
        var copy = original
        #expect(copy == original)
        copy.parent?.leaf?.name = "second"
        #expect(original.parent?.leaf?.name == "first")
        #expect(copy.parent?.leaf?.name == "second")
        #expect(copy != original)
        copy.parent = nil
        #expect(original.parent != nil && copy.parent == nil)
    }

    @Test func aPointerIsSentAsAParsePointerAndLeftOutWhenNil() throws {
        var parent = Node()
        parent.objectId = "n0"
        var peer = Peer()
        peer.objectId = "p1"
        var node = Node(parent: parent, leaf: nil)
        node.peer = peer
        let json = try JSONSerialization.jsonObject(with: ParseEncoder().encode(node)) as? [String: Any]
        #expect(json?["parent"] as? [String: String] == ["__type": "Pointer", "className": "Node", "objectId": "n0"])
        #expect(json?["peer"] as? [String: String] == ["__type": "Pointer", "className": "Peer", "objectId": "p1"])
        #expect(json?.keys.sorted() == ["parent", "peer"])
    }

    @Test func anIncludedObjectDecodesWhole() throws {
        // What Parse Server returns for `include=parent`: the whole object, marked `Object`.
        let body = Data(#"""
            {"objectId": "n1", "parent": {"__type": "Object", "className": "Node", "objectId": "n0",
             "createdAt": "2024-01-02T03:04:05.006Z", "parent": {"__type": "Pointer", "className": "Node", "objectId": "root"}},
             "peer": {"__type": "Pointer", "className": "Peer", "objectId": "p1"}, "leaf": null}
            """#.utf8)
        let node = try ParseDecoder().decode(Node.self, from: body)
        #expect(node.parent?.objectId == "n0")
        #expect(abs((node.parent?.createdAt?.timeIntervalSince1970 ?? 0) - 1_704_164_645.006) < 0.0005)
        #expect(node.parent?.parent?.objectId == "root")
        #expect(node.parent?.parent?.createdAt == nil)
        #expect(node.peer?.objectId == "p1")
        #expect(node.leaf == nil && node.children == nil)
        // A value of another type where a pointer belongs is refused, not silently taken.
        let wrong = Data(#"{"parent": {"__type": "Date", "iso": "2024-01-02T03:04:05.006Z"}}"#.utf8)
        #expect(throws: DecodingError.self) { try ParseDecoder().decode(Node.self, from: wrong) }
    }

    @Test func theFieldKeyComparesWithTheObject() throws {
        let key: ParseField<Node, Node> = Node.Field.parent
        var parent = Node()
        parent.objectId = "n0"
        let query = Node.query(key == parent)
        #expect(try query.whereJSON() == ["parent": ["__type": "Pointer", "className": "Node", "objectId": "n0"]])
    }
}
