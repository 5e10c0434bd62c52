import Foundation
import Testing
import ParseRuntime
import ParseWire

@Suite struct JSONValueTests {
    private let nested: JSONValue = [
        "name": "Dune",
        "count": 3,
        "ratio": 0.25,
        "flag": true,
        "nothing": nil,
        "tags": ["a", 1, 2.5, false, nil, ["deep": [1, [2, [3]]]]],
        "unicode": "é \"quoted\" \\ line\nbreak \u{01}",
    ]

    @Test func roundTripsNestedValuesThroughJSONEncoderAndDecoder() throws {
        let data = try JSONEncoder().encode(nested)
        let back = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(back == nested)
    }

    @Test func roundTripsThroughItsOwnSerialiser() throws {
        let text = try nested.serializedString()
        #expect(try JSONValue(parsing: Data(text.utf8)) == nested)
        // The text is real JSON: an independent parser accepts it and sees the same structure.
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["name"] as? String == "Dune")
        #expect(parsed?["unicode"] as? String == "é \"quoted\" \\ line\nbreak \u{01}")
        #expect((parsed?["tags"] as? [Any])?.count == 6)
    }

    @Test func keepsBigIntegersExact() throws {
        let values: [JSONValue] = [.int(9_007_199_254_740_993), .int(Int.max), .int(Int.min), .int(-1)]
        for value in values {
            let text = try value.serializedString()
            #expect(try JSONValue(parsing: Data(text.utf8)) == value)
        }
        let decoded = try JSONValue(parsing: Data(#"{"big":9007199254740993,"max":9223372036854775807}"#.utf8))
        #expect(decoded["big"] == .int(9_007_199_254_740_993))
        #expect(decoded["max"]?.intValue == Int.max)
        #expect(try decoded.serializedString() == #"{"big":9007199254740993,"max":9223372036854775807}"#)
    }

    @Test func numbersBeyondIntBecomeDoubles() throws {
        let decoded = try JSONValue(parsing: Data("[1.5, 1e300, 123456789012345678901234]".utf8))
        #expect(decoded[0] == .double(1.5))
        #expect(decoded[1] == .double(1e300))
        #expect(decoded[2]?.doubleValue == 123_456_789_012_345_678_901_234.0)
    }

    @Test func serialisesCompactlyWithSortedKeys() throws {
        let value: JSONValue = ["b": 1, "a": ["d": 2.5, "c": [true, nil]], "e": "x"]
        #expect(try value.serializedString() == #"{"a":{"c":[true,null],"d":2.5},"b":1,"e":"x"}"#)
        #expect(value.description == #"{"a":{"c":[true,null],"d":2.5},"b":1,"e":"x"}"#)
    }

    @Test func rejectsNonFiniteNumbers() {
        #expect(throws: EncodingError.self) { try JSONValue.double(.nan).serialized() }
        #expect(throws: EncodingError.self) { try ParseEncoder().encode(["x": JSONValue.double(.infinity)]) }
    }

    @Test func accessorsReadTheMatchingCaseOnly() {
        #expect(nested["name"]?.stringValue == "Dune")
        #expect(nested["count"]?.intValue == 3)
        #expect(nested["count"]?.doubleValue == 3)
        #expect(nested["ratio"]?.intValue == nil)
        #expect(nested["flag"]?.boolValue == true)
        #expect(nested["nothing"]?.isNull == true)
        #expect(nested["tags"]?[5]?["deep"]?[1]?[1]?[0] == 3)
        #expect(nested["tags"]?[99] == nil)
        #expect(nested["name"]?.intValue == nil)
        #expect(JSONValue.double(4).intValue == 4)
        #expect(nested.objectValue?.count == 7)
        #expect(nested["tags"]?.arrayValue?.count == 6)
    }

    @Test func intAndDoubleAreDistinctValues() {
        #expect(JSONValue.int(1) != JSONValue.double(1))
        #expect(Set<JSONValue>([1, 1, 2.0, "1"]).count == 3)
    }

    @Test func encodesInsideModelsAsPlainJSON() throws {
        var book = Book()
        book.metadata = ["isbn": "978-0441013593", "editions": 42, "prices": ["eur": 9.99], "lost": nil]
        let data = try ParseEncoder().encode(book)
        try expectJSON(data, equals: #"{"metadata":{"isbn":"978-0441013593","editions":42,"prices":{"eur":9.99},"lost":null}}"#)
        let back = try ParseDecoder().decode(Book.self, from: data)
        #expect(back.metadata == book.metadata)
    }
}

/// The one JSON string escaping of the package: the wire's and the `parse` emitter's schema
/// files (ModelgenParseServerTests checks the emitter writes through it).
@Suite struct JSONStringTests {
    @Test func controlCharactersQuotesAndJavaScriptLineBreaksAreEscaped() throws {
        var text = ""
        JSONString.append("a\"b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{2028}\u{2029}é😀", to: &text)
        #expect(text == #""a\"b\\c\n\r\t\b\f\u0001\u001f\u2028\u2029é😀""#)
        // What the wire sends for a string is exactly that, and it reads back as the same string.
        let value: JSONValue = ["s": "\u{08}\u{2028}"]
        #expect(try value.serializedString() == #"{"s":"\b\u2028"}"#)
        #expect(try JSONDecoder().decode(JSONValue.self, from: try value.serialized()) == value)
    }
}
