import Foundation
import ParseRuntime

// Hand-written Decodable types for the differential tests of the tree decoder: between them
// they use every call of the Decoder protocols, and the probes record what each call answered.

/// Every type JSONDecoder reads itself, each optional (`decodeIfPresent`).
struct OptionalPrimitives: Decodable, Equatable {
    var bool: Bool?
    var string: String?
    var int: Int?
    var int8: Int8?
    var int16: Int16?
    var int32: Int32?
    var int64: Int64?
    var uint: UInt?
    var uint8: UInt8?
    var uint16: UInt16?
    var uint32: UInt32?
    var uint64: UInt64?
    var float: Float?
    var double: Double?
    var date: Date?
    var data: Data?
    var url: URL?
    var decimal: Decimal?
    var json: JSONValue?
}

/// The same, required (`decode(_:forKey:)`): a missing key, `null` and a wrong type fail.
struct RequiredPrimitives: Decodable, Equatable {
    var bool: Bool
    var string: String
    var int: Int
    var int8: Int8
    var uint8: UInt8
    var uint64: UInt64
    var float: Float
    var double: Double
    var date: Date
    var data: Data
    var json: JSONValue
}

/// Arrays, dictionaries and sets of them: the generic paths (`Array(from:)` asks for
/// `decode(Element.self)`), `[Int: T]` keys, optionals inside collections.
struct Collections: Decodable, Equatable {
    var ints: [Int]?
    var smallInts: [Int8]?
    var unsigned: [UInt16]?
    var floats: [Float]?
    var optionals: [Int?]?
    var flags: [Bool?]?
    var nested: [[String]]?
    var byName: [String: Int]?
    var byNumber: [Int: String]?
    var set: Set<String>?
    var jsons: [JSONValue]?
    var objects: [String: JSONValue]?
    var dates: [Date]?
    var blobs: [Data]?
    var decimals: [Decimal]?
}

enum Color: String, Decodable, Equatable {
    case red, green, blue = "BLUE"
}

enum Level: Int, Decodable, Equatable {
    case low = 1, high = 2
}

/// An enum with associated values: synthesized Codable reads an object with one key.
enum Shape: Decodable, Equatable {
    case circle(radius: Double)
    case square(Double)
    case point
}

struct Enums: Decodable, Equatable {
    var color: Color?
    var level: Level?
    var shape: Shape?
    var colors: [Color]?
}

/// A key for any member name.
struct ProbeKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = Int(name)
    }

    init(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        self.init(String(intValue))
    }
}

/// What a call answered: its value, or its error.
func answer<T>(_ body: () throws -> T) -> String {
    do {
        return "\(try body())"
    } catch {
        return "error \(describeError(error))"
    }
}

/// Reads an object every way a keyed container allows, and records every answer.
struct KeyedProbe: Decodable, Equatable {
    var seen: [String] = []

    init(from decoder: any Decoder) throws {
        seen.append("decoder path [\(describePath(decoder.codingPath))]")
        let container = try decoder.container(keyedBy: ProbeKey.self)
        seen.append("path [\(describePath(container.codingPath))]")
        seen.append("keys \(container.allKeys.map(\.stringValue).sorted())")
        for name in ["a", "b", "1", "missing", "super"] {
            let key = ProbeKey(name)
            seen.append("\(name) contains \(container.contains(key))")
            seen.append("\(name) nil \(answer { try container.decodeNil(forKey: key) })")
            seen.append("\(name) Bool \(answer { try container.decode(Bool.self, forKey: key) })")
            seen.append("\(name) Bool? \(answer { try container.decodeIfPresent(Bool.self, forKey: key) })")
            seen.append("\(name) String \(answer { try container.decode(String.self, forKey: key) })")
            seen.append("\(name) String? \(answer { try container.decodeIfPresent(String.self, forKey: key) })")
            seen.append("\(name) Int \(answer { try container.decode(Int.self, forKey: key) })")
            seen.append("\(name) Int? \(answer { try container.decodeIfPresent(Int.self, forKey: key) })")
            seen.append("\(name) Int8 \(answer { try container.decode(Int8.self, forKey: key) })")
            seen.append("\(name) UInt32? \(answer { try container.decodeIfPresent(UInt32.self, forKey: key) })")
            seen.append("\(name) Float \(answer { try container.decode(Float.self, forKey: key) })")
            seen.append("\(name) Double? \(answer { try container.decodeIfPresent(Double.self, forKey: key) })")
            seen.append("\(name) Date \(answer { try container.decode(Date.self, forKey: key) })")
            seen.append("\(name) JSONValue \(answer { try container.decode(JSONValue.self, forKey: key) })")
            seen.append("\(name) JSONValue? \(answer { try container.decodeIfPresent(JSONValue.self, forKey: key) })")
            seen.append("\(name) [Int]? \(answer { try container.decodeIfPresent([Int].self, forKey: key) })")
            seen.append("\(name) nested keyed \(answer { try Self.describe(container.nestedContainer(keyedBy: ProbeKey.self, forKey: key)) })")
            seen.append("\(name) nested unkeyed \(answer { try Self.describe(container.nestedUnkeyedContainer(forKey: key)) })")
            seen.append("\(name) superDecoder(forKey:) \(answer { try Self.describe(container.superDecoder(forKey: key)) })")
        }
        seen.append("superDecoder() \(answer { try Self.describe(container.superDecoder()) })")
    }

    static func describe(_ container: KeyedDecodingContainer<ProbeKey>) -> String {
        "[\(describePath(container.codingPath))] \(container.allKeys.map(\.stringValue).sorted())"
    }

    static func describe(_ container: any UnkeyedDecodingContainer) -> String {
        var container = container
        return "[\(describePath(container.codingPath))] \(container.count ?? -1) \(answer { try container.decode(JSONValue.self) })"
    }

    static func describe(_ decoder: any Decoder) throws -> String {
        "[\(describePath(decoder.codingPath))] \(try JSONValue(from: decoder))"
    }
}

/// Reads an array with a mix of calls (chosen by the array's length, so that arrays of
/// different lengths see different mixes), past its end, and records every answer and the
/// container's `count`, `isAtEnd` and `currentIndex` after each.
struct UnkeyedProbe: Decodable, Equatable {
    var seen: [String] = []

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        seen.append("path [\(describePath(container.codingPath))] count \(container.count ?? -1)")
        let calls: [(inout any UnkeyedDecodingContainer) -> String] = [
            { c in answer { try c.decodeNil() } },
            { c in answer { try c.decode(Int.self) } },
            { c in answer { try c.decodeIfPresent(Int.self) } },
            { c in answer { try c.decode(String.self) } },
            { c in answer { try c.decodeIfPresent(String.self) } },
            { c in answer { try c.decode(Bool.self) } },
            { c in answer { try c.decodeIfPresent(Bool.self) } },
            { c in answer { try c.decode(UInt8.self) } },
            { c in answer { try c.decodeIfPresent(Int64.self) } },
            { c in answer { try c.decode(Float.self) } },
            { c in answer { try c.decodeIfPresent(Double.self) } },
            { c in answer { try c.decode(JSONValue.self) } },
            { c in answer { try c.decodeIfPresent(JSONValue.self) } },
            { c in answer { try c.decode(Date.self) } },
            { c in answer { try c.decodeIfPresent([String].self) } },
            { c in answer { try KeyedProbe.describe(c.nestedContainer(keyedBy: ProbeKey.self)) } },
            { c in answer { try KeyedProbe.describe(c.nestedUnkeyedContainer()) } },
            { c in answer { try KeyedProbe.describe(c.superDecoder()) } },
        ]
        let length = container.count ?? 0
        var any: any UnkeyedDecodingContainer = container
        for step in 0 ..< length + 3 {
            let call = (length * 5 + step * 7) % calls.count
            let result = calls[call](&any)
            seen.append("\(call): \(result) -> index \(any.currentIndex) at end \(any.isAtEnd) count \(any.count ?? -1)")
        }
        container = try decoder.unkeyedContainer()
        seen.append("again: index \(container.currentIndex) at end \(container.isAtEnd)")
    }
}

/// A single value read every way, on whatever value it is given.
struct SingleValueProbe: Decodable, Equatable {
    var seen: [String] = []

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        seen.append("path [\(describePath(container.codingPath))]")
        seen.append("nil \(container.decodeNil())")
        seen.append("Bool \(answer { try container.decode(Bool.self) })")
        seen.append("String \(answer { try container.decode(String.self) })")
        seen.append("Int \(answer { try container.decode(Int.self) })")
        seen.append("Int8 \(answer { try container.decode(Int8.self) })")
        seen.append("Int16 \(answer { try container.decode(Int16.self) })")
        seen.append("Int32 \(answer { try container.decode(Int32.self) })")
        seen.append("Int64 \(answer { try container.decode(Int64.self) })")
        seen.append("UInt \(answer { try container.decode(UInt.self) })")
        seen.append("UInt8 \(answer { try container.decode(UInt8.self) })")
        seen.append("UInt16 \(answer { try container.decode(UInt16.self) })")
        seen.append("UInt32 \(answer { try container.decode(UInt32.self) })")
        seen.append("UInt64 \(answer { try container.decode(UInt64.self) })")
        seen.append("Float \(answer { try container.decode(Float.self) })")
        seen.append("Double \(answer { try container.decode(Double.self) })")
        seen.append("Date \(answer { try container.decode(Date.self) })")
        seen.append("Data \(answer { try container.decode(Data.self) })")
        seen.append("URL \(answer { try container.decode(URL.self) })")
        seen.append("Decimal \(answer { try container.decode(Decimal.self) })")
        seen.append("JSONValue \(answer { try container.decode(JSONValue.self) })")
        seen.append("JSONValue's own init \(answer { try JSONValue(from: decoder) })")
        seen.append("Int? \(answer { try container.decode(Int?.self) })")
        seen.append("Color \(answer { try container.decode(Color.self) })")
        seen.append("Level \(answer { try container.decode(Level.self) })")
        seen.append("ParseDate \(answer { try container.decode(ParseDate.self) })")
    }
}

/// Class inheritance through `superDecoder()`: the base class decodes from the member `super`.
class Animal: Decodable {
    let name: String

    private enum CodingKeys: String, CodingKey {
        case name
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
    }
}

final class Dog: Animal {
    let breed: String?
    let path: String

    private enum CodingKeys: String, CodingKey {
        case breed
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decodeIfPresent(String.self, forKey: .breed)
        let superDecoder = try container.superDecoder()
        path = describePath(superDecoder.codingPath)
        try super.init(from: superDecoder)
    }
}

/// A ``Dog`` as a value, for comparing.
struct DogValue: Decodable, Equatable {
    var name: String
    var breed: String?
    var path: String

    init(from decoder: any Decoder) throws {
        let dog = try Dog(from: decoder)
        name = dog.name
        breed = dog.breed
        path = dog.path
    }
}
