import Foundation
import ParseRuntime
import Testing

/// A class as modelgen generates it with ParseRuntime: its pointer fields are `@Indirect`.
private struct Shelf: ParseObject, Sendable {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var label: String?
    @Indirect var genre: Genre?
    @Indirect var next: Shelf?

    init() {}
}

@Suite struct IndirectTests {
    @Test func aPointerFieldIsOneReferenceWide() {
        #expect(MemoryLayout<Indirect<Genre>>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<Indirect<Shelf>>.size == MemoryLayout<AnyObject>.size)
    }

    @Test func readsAndWritesAsTheOptionalWithValueSemantics() {
        var genre = Genre()
        genre.name = "Poetry"
        var first = Shelf()
        first.genre = genre
        first.next = Shelf()
        first.next?.label = "second"
        var copy = first
        #expect(copy == first)
        copy.genre?.name = "Prose"
        copy.next?.label = nil
        #expect(first.genre?.name == "Poetry" && first.next?.label == "second")
        #expect(copy.genre?.name == "Prose" && copy.next?.label == nil)
        #expect(copy != first)
        copy.genre = nil
        #expect(copy.genre == nil && first.genre != nil)
    }

    @Test func encodesAPointerAndLeavesOutNil() throws {
        var genre = Genre()
        genre.objectId = "g1"
        var shelf = Shelf()
        shelf.label = "top"
        shelf.genre = genre
        try expectJSON(try ParseEncoder().encode(shelf),
                       equals: #"{"label":"top","genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}"#)
    }

    @Test func decodesPointersIncludedObjectsNullAndMissingKeys() throws {
        let shelf = try ParseDecoder().decode(Shelf.self, from: Data(#"""
            {"objectId": "s1", "genre": {"__type": "Object", "className": "Genre", "objectId": "g1", "name": "Poetry"},
             "next": {"__type": "Pointer", "className": "Shelf", "objectId": "s2"}}
            """#.utf8))
        #expect(shelf.genre?.objectId == "g1" && shelf.genre?.name == "Poetry")
        #expect(shelf.next?.objectId == "s2" && shelf.next?.next == nil)
        let empty = try ParseDecoder().decode(Shelf.self, from: Data(#"{"genre": null}"#.utf8))
        #expect(empty.genre == nil && empty.next == nil)
    }

    @Test func anotherParseTypeWhereAnObjectBelongsIsATypeMismatch() {
        let date = Data(#"{"genre": {"__type": "Date", "iso": "2024-01-02T03:04:05.006Z"}}"#.utf8)
        #expect(throws: DecodingError.self) { try ParseDecoder().decode(Shelf.self, from: date) }
        let text = Data(#"{"genre": "g1"}"#.utf8)
        #expect(throws: DecodingError.self) { try ParseDecoder().decode(Shelf.self, from: text) }
    }

    @Test func standsAloneAsAValue() throws {
        // Outside a keyed container (say, in an array) it encodes its value, or null.
        let values = [Indirect(wrappedValue: "a"), Indirect<String>()]
        #expect(String(decoding: try JSONEncoder().encode(values), as: UTF8.self) == #"["a",null]"#)
        let back = try JSONDecoder().decode([Indirect<String>].self, from: Data(#"["a",null]"#.utf8))
        #expect(back == values)
        #expect(Set(back).count == 2)
    }
}
