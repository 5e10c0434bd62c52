import Foundation
import ParseRuntime

/// Random JSON values for the differential tests, drawn from pools of the values where
/// decoders differ: numbers at the edges of every type, whole doubles, dates in both Parse forms,
/// base64, URLs, Parse's typed objects, and keys that the probes and models ask for.
struct RandomJSON {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    static let edgeIntegers: [Int] = [
        0, 1, -1, 2, 7, 42, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536, -32769,
        Int(Int32.max), Int(Int32.max) + 1, Int(Int32.min), Int(Int32.min) - 1, Int(UInt32.max), Int(UInt32.max) + 1,
        9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_993, -9_007_199_254_740_993,
        Int.max, Int.min, Int.max - 1, Int.min + 1, 1_700_000_000_123,
    ]

    static let edgeDoubles: [Double] = [
        0.0, -0.0, 1.0, -1.0, 2.0, 1.5, -2.5, 0.1, 0.2, 1e3, 255.0, 256.0, 127.0, 128.0, -128.0, -129.0,
        65535.0, 4_294_967_295.0, 4_294_967_296.0, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        9_007_199_254_740_992.0, 9_007_199_254_740_994.0, 9_007_199_254_740_996.0, -9_007_199_254_740_994.0,
        1.2345678901234568e17, 9.223372036854775e18, 9.223372036854776e18, -9.223372036854776e18,
        1.8446744073709552e19, 1.8446744073709550e19, 3.4028234663852886e38, 3.5e38, 1e39, 1e300, -1e300,
        1.401298464324817e-45, 1e-45, 7e-46, 1e-46, 1e-300, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 2.2250738585072014e-308,
        0.30000000000000004, 123.456, 1_700_000_000.123, 40.0, -30.0, 90.0, 180.0, 90.5, -180.5,
    ]

    static let strings: [String] = [
        "", "a", "b", "fiction", "nonFiction", "LIVE", "draft", "red", "green", "BLUE", "push",
        "2023-11-14T22:13:20.123Z", "2023-11-14T22:13:20Z", "2023-11-14T22:13:20.123456+02:00",
        "2024-02-29T12:00:00.000Z", "2023-13-14T22:13:20Z", "yesterday",
        "AQID", "AQIDBA==", "QQ", "QQ==", "Q Q==", "not base64!", "////", "https://f.example/c.png",
        "a b", "http://[bad", "file:///tmp/x", "1", "-3", "1.5", "true", "null", "é \"quoted\" \\ line\nbreak",
        "\u{1F600}", "\u{0}", "Date", "Pointer", "Object", "File", "GeoPoint", "Polygon", "Bytes", "Relation",
    ]

    static let keys: [String] = [
        "a", "b", "1", "2", "-3", "x", "super", "missing", "name", "__type", "iso", "className", "objectId",
        "latitude", "longitude", "base64", "url", "coordinates", "createdAt", "updatedAt", "*",
        "read", "write", "bool", "string", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
        "uint32", "uint64", "float", "double", "date", "data", "decimal", "json", "ints", "smallInts",
        "unsigned", "floats", "optionals", "flags", "nested", "byName", "byNumber", "set", "jsons",
        "objects", "dates", "blobs", "decimals", "color", "level", "shape", "colors", "circle", "radius",
        "square", "_0", "point", "breed",
    ]

    mutating func chance(_ p: Double) -> Bool { random.chance(p) }

    mutating func pick<C: Collection>(_ choices: C) -> C.Element { random.pick(choices) }

    mutating func integer() -> Int {
        chance(0.8) ? random.pick(Self.edgeIntegers) : Int.random(in: Int.min ... Int.max, using: &random)
    }

    mutating func double() -> Double {
        switch random.int(in: 0 ... 9) {
        case 0 ... 5: return random.pick(Self.edgeDoubles)
        case 6: return Double(random.int(in: -100_000 ... 100_000))
        case 7: return Double.random(in: -1e6 ... 1e6, using: &random)
        default:
            // Any finite double, every magnitude as likely.
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func string() -> String {
        chance(0.85) ? random.pick(Self.strings) : String((0 ..< random.int(in: 0 ... 6)).map { _ in
            Character(Unicode.Scalar(UInt32(random.int(in: 0x20 ... 0x7E)))!)
        })
    }

    mutating func key() -> String {
        random.pick(Self.keys)
    }

    /// A scalar: null, a bool, a number or a string.
    mutating func scalar() -> JSONValue {
        switch random.int(in: 0 ... 9) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2, 3: return .int(integer())
        case 4, 5: return .double(double())
        default: return .string(string())
        }
    }

    /// One of Parse's typed objects, right or slightly wrong.
    mutating func parseObject() -> JSONValue {
        switch random.int(in: 0 ... 9) {
        case 0: return ["__type": "Date", "iso": .string(random.pick(Self.strings.filter { $0.hasPrefix("20") }))]
        case 1: return ["__type": .string(random.pick(["Date", "Pointer", "Bytes"])), "iso": "2023-11-14T22:13:20.123Z"]
        case 2: return ["__type": "Pointer", "className": "Genre", "objectId": .string(string())]
        case 3: return ["__type": "Object", "className": "Genre", "objectId": "g1", "name": scalar(), "createdAt": scalar()]
        case 4: return ["__type": "File", "name": .string(string()), "url": .string(string())]
        case 5: return ["__type": "GeoPoint", "latitude": .double(double()), "longitude": number()]
        case 6: return ["__type": "Polygon", "coordinates": .array((0 ..< random.int(in: 0 ... 4)).map { _ in [number(), number()] })]
        case 7: return ["__type": "Bytes", "base64": .string(random.pick(["AQID", "QQ==", "QQ", "*"]))]
        case 8: return ["__type": "Relation", "className": .string(random.pick(["Author", "Books"]))]
        default: return ["*": ["read": .bool(chance(0.8)), "write": scalar()], "role:admin": ["write": true]]
        }
    }

    mutating func number() -> JSONValue {
        chance(0.5) ? .int(integer()) : .double(double())
    }

    /// Any value, at most `depth` arrays and objects deep.
    mutating func value(depth: Int = 3) -> JSONValue {
        guard depth > 0 else { return scalar() }
        switch random.int(in: 0 ... 9) {
        case 0 ... 4:
            return scalar()
        case 5, 6:
            return .array((0 ..< random.int(in: 0 ... 4)).map { _ in value(depth: depth - 1) })
        case 7, 8:
            var members: [String: JSONValue] = [:]
            for _ in 0 ..< random.int(in: 0 ... 5) {
                members[key()] = value(depth: depth - 1)
            }
            return .object(members)
        default:
            return parseObject()
        }
    }
}
