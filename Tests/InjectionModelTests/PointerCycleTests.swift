import Foundation
import InjectionModels
import ParseRuntime
import Testing

/// `Tests/InjectionModels/Cycles.yaml` links classes in cycles (`Node.parent` to its own
/// class, `Node.peer` and `Peer.node`, `_User.lastSession` and the session's user), which a
/// struct cannot store by value. That this target compiles proves the cycles are broken; these
/// tests prove how: only the links on a cycle are `Pointer`s, and they keep Parse's wire format.
@Suite struct PointerCycleTests {
    @Test func onlyTheLinksOnACycleAreStoredAsPointers() {
        let node = Node()
        // Each line fails to compile if the emitter boxes a field it should not, or the reverse.
        let parent: Pointer<Node>? = node.parent
        let peer: Pointer<Peer>? = node.peer
        let children: [Node]? = node.children
        let leaf: Leaf? = node.leaf
        let back: Pointer<Node> = Peer(node: Pointer(objectId: "n1")).node!
        let session: Pointer<Session>? = User().lastSession
        #expect(parent == nil && peer == nil && children == nil && leaf == nil && session == nil)
        #expect(back.className == "Node" && back.objectId == "n1")
    }

    @Test func aPointerOnACycleIsSentAsAParsePointer() throws {
        var node = Node(parent: Pointer(objectId: "n0"), leaf: nil)
        node.peer = Pointer(objectId: "p1")
        let json = try JSONSerialization.jsonObject(with: ParseEncoder().encode(node)) as? [String: Any]
        let parent = json?["parent"] as? [String: String]
        let peer = json?["peer"] as? [String: String]
        #expect(parent == ["__type": "Pointer", "className": "Node", "objectId": "n0"])
        #expect(peer == ["__type": "Pointer", "className": "Peer", "objectId": "p1"])
    }

    @Test func anIncludedObjectDecodesToItsPointer() throws {
        // What Parse Server returns for `include=parent`: the whole object, marked `Object`.
        let body = Data(#"""
            {"objectId": "n1", "parent": {"__type": "Object", "className": "Node", "objectId": "n0",
             "createdAt": "2024-01-02T03:04:05.006Z", "parent": {"__type": "Pointer", "className": "Node", "objectId": "root"}},
             "peer": {"__type": "Pointer", "className": "Peer", "objectId": "p1"}}
            """#.utf8)
        let node = try ParseDecoder().decode(Node.self, from: body)
        #expect(node.parent == Pointer<Node>(objectId: "n0"))
        #expect(node.peer == Pointer<Peer>(objectId: "p1"))
        // A pointer to another class where this one belongs is refused, not silently taken.
        let wrong = Data(#"{"parent": {"__type": "Date", "iso": "2024-01-02T03:04:05.006Z"}}"#.utf8)
        #expect(throws: DecodingError.self) { try ParseDecoder().decode(Node.self, from: wrong) }
    }

    @Test func theFieldKeyStillComparesWithTheObject() throws {
        // The key is typed by the class, as for any pointer, so queries take the object itself.
        let key: ParseField<Node, Node> = Node.Field.parent
        var parent = Node()
        parent.objectId = "n0"
        let query = Node.query(key == parent)
        #expect(try query.whereJSON() == ["parent": ["__type": "Pointer", "className": "Node", "objectId": "n0"]])
    }
}
