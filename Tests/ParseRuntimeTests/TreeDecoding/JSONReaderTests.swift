import Foundation
import Testing
import ParseRuntime

/// `JSONValue(parsing:)` reads JSON text with its own reader; these tests parse the same texts
/// with the old way (a `JSONDecoder` decoding `JSONValue`) and expect the same value, or an
/// error from both: `DecodingError.dataCorrupted` with an empty path (the old way had two
/// messages, for text it could not scan and for a value it could not read; the reader has one).
@Suite struct JSONReaderTests {
    /// Parses `data` both ways and expects the same outcome; returns whether it parsed.
    @discardableResult
    private func expectSameParse(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let old = Result { try OldDecodingPath.parse(data) }
        let new = Result { try JSONValue(parsing: data) }
        let text = String(decoding: data, as: UTF8.self).debugDescription
        switch (old, new) {
        case (.success(let oldValue), .success(let newValue)):
            #expect(newValue == oldValue, "parsing \(text)", sourceLocation: sourceLocation)
            return true
        case (.failure(let oldError), .failure(let newError)):
            #expect(isInvalidJSON(oldError) && isInvalidJSON(newError), "parsing \(text): \(oldError) / \(newError)",
                    sourceLocation: sourceLocation)
        case (.success(let value), .failure(let error)):
            Issue.record("parsing \(text): was \(value), now \(error)", sourceLocation: sourceLocation)
        case (.failure(let error), .success(let value)):
            Issue.record("parsing \(text): was \(error), now \(value)", sourceLocation: sourceLocation)
        }
        return false
    }

    private func isInvalidJSON(_ error: any Error) -> Bool {
        guard case DecodingError.dataCorrupted(let context) = error else { return false }
        return context.codingPath.isEmpty
    }

    private func expectSameParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSameParse(Data(text.utf8), sourceLocation: sourceLocation)
    }

    @Test func numbersAsJSONDecoderReadThem() throws {
        let expected: [(String, JSONValue)] = [
            ("1", .int(1)), ("1.0", .int(1)), ("-0", .int(0)), ("-0.0", .int(0)), ("1e2", .int(100)),
            ("1E+2", .int(100)), ("2.5", .double(2.5)), ("1e-400", .int(0)),
            ("12345678901234567890", .double(12_345_678_901_234_567_168)),   // the nearest Double
            ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
            ("9223372036854775808", .double(9_223_372_036_854_775_808)),
            ("9007199254740993", .int(9_007_199_254_740_993)),
            // Past 2^53 a number with a fraction goes through Decimal, which drops the fraction.
            ("9007199254740993.5", .int(9_007_199_254_740_993)), ("1e16", .int(10_000_000_000_000_000)),
            ("4.9e-324", .double(Double.leastNonzeroMagnitude)),
        ]
        for (text, value) in expected {
            #expect(try JSONValue(parsing: Data(text.utf8)) == value, "\(text)")
            expectSameParse(text)
        }
        for text in ["1e400", "-1e400", "01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "Infinity", "NaN", "1.5.5", "--1", "1-2"] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONValue(parsing: Data(text.utf8)) }
            expectSameParse(text)
        }
    }

    @Test func edgeCases() {
        let texts = [
            "", " ", "null", " true ", "false", "tru", "nul", "nulll", "[]", "{}", "[1,]", "{\"a\":1,}", "[,]", "[1,,]",
            "{,}", "{\"a\":1,,}", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{1:2}", "[1] [2]", "{\"a\":1}x", "[\n\t\r 1 ]",
            "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83dx\"", "\"\\ud83d\\n\"", "\"\\u12\"",
            "\"\\u12zz\"", "\"\\x\"", "\"a\nb\"", "\"a\u{7f}b\"", "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"", "\"\\u0000\"", "\"\\", "\"abc",
            "{\"a\":1,\"a\":2}", "{\"a\":1,\"a\":\"\\ud800\"}", "{\"a\":1,\"a\":1.5.5}", "{\"a\":1,\"a\":\"\u{1}\"}",
            "{\"a\":1,\"a\":-}", "{\"a\":1,\"a\":[1 2]}", "{\"a\":1,\"a\":\"\\u12\"}", "{\"a\":1,\"a\":\"\\q\"}",
            "{\"a\":\"\\ud800\",\"a\":1}", "{\"\\ud800\":1}", "{\"a\":1,\"\\ud800\":2}", "{\"a\":{\"b\":1,\"b\":[}}",
            "{\"a\":[1,{\"a\":2,\"a\":3}],\"a\":{\"x\":1e400}}", "[\"\\u00e9\", \"é\", \"\\u00E9\"]", "{\"é\":1,\"e\\u0301\":2}",
        ]
        for text in texts {
            expectSameParse(text)
        }
    }

    @Test func invalidUTF8AndByteOrderMarks() {
        let samples: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC3, 0xA9, 0x22], [0x22, 0xE2, 0x82, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x31, 0x2C, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],
            [0xEF, 0xBB, 0xBF, 0x31], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0x31], [0xFE, 0xFF, 0x00, 0x31], [0xFF, 0xFE, 0x31, 0x00],
            [0x00, 0x31], [0x31, 0x00], [0x00, 0x00, 0x00, 0x31], [0x31, 0x00, 0x00, 0x00], [0x00, 0x5B, 0x00, 0x5D],
            [0x5B, 0x00, 0x5D, 0x00], [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x31], [0xFF, 0xFE, 0x00, 0xD8], [0x80], [0x00],
        ]
        for bytes in samples {
            expectSameParse(Data(bytes))
        }
        for text in ["[1, \"é\", {\"a\": null}]", "\"\u{1F600}\"", "{\"k\":[true,false]}"] {
            for encoding in [String.Encoding.utf16, .utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian] {
                expectSameParse(text.data(using: encoding)!)
            }
        }
    }

    @Test func depthLimit() throws {
        func arrays(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        func objects(_ depth: Int) -> String { String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth) }
        // 512 arrays or objects inside each other are read, 513 are not. (The old way takes
        // seconds to read 512: its try? chain builds an error with the whole path at every
        // level. So the oracle only sees the 513, refused before anything is read, and the
        // repeated key, never read.)
        #expect(try JSONValue(parsing: Data(arrays(512).utf8)) == (0 ..< 511).reduce(JSONValue.array([])) { inner, _ in .array([inner]) })
        #expect(try JSONValue(parsing: Data(objects(512).utf8)) == (0 ..< 512).reduce(JSONValue.int(1)) { inner, _ in ["a": inner] })
        expectSameParse(arrays(513))
        expectSameParse(objects(513))
        for depth in [512, 513] {
            expectSameParse("{\"a\":1,\"a\":" + arrays(depth) + "}")
        }
    }

    @Test func randomTexts() {
        var writer = RandomJSONText(seed: 21)
        var parsed = 0
        let count = 3000
        for index in 0 ..< count {
            var bytes = writer.text(of: writer.json.value(depth: 4))
            if index % 3 == 0 {
                writer.mutate(&bytes)
            }
            if expectSameParse(Data(bytes)) { parsed += 1 }
        }
        #expect(parsed > count / 2, "too few texts parsed to test much: \(parsed)")
        #expect(parsed < count, "no invalid texts")
    }
}

/// JSON texts of random values, written the many ways JSON allows: whitespace anywhere,
/// numbers with fractions and exponents, strings with every kind of escape, repeated keys
/// (whose later values `JSONDecoder` never reads, so they may be bad), trailing commas; and
/// broken by a byte or two.
struct RandomJSONText {
    var json: RandomJSON
    private var random: SeededGenerator

    init(seed: UInt64) {
        json = RandomJSON(seed: seed)
        random = SeededGenerator(seed: seed &+ 1)
    }

    mutating func text(of value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, to: &output)
        space(&output)
        return output
    }

    private mutating func space(_ output: inout [UInt8]) {
        guard random.chance(0.2) else { return }
        for _ in 0 ..< random.int(in: 1 ... 3) {
            output.append(random.pick([0x20, 0x09, 0x0A, 0x0D]))
        }
    }

    private mutating func write(_ value: JSONValue, to output: inout [UInt8]) {
        space(&output)
        switch value {
        case .null: output += Array("null".utf8)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .int(let number): output += Array(integerText(number).utf8)
        case .double(let number): output += Array(doubleText(number).utf8)
        case .string(let text): string(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            if !elements.isEmpty, random.chance(0.05) { output.append(UInt8(ascii: ",")) }
            space(&output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var pairs = members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            if let first = pairs.first, random.chance(0.2) {
                // A repeated key, with a value that may be bad inside (never read).
                pairs.append((first.0, random.chance(0.5) ? json.value(depth: 1) : .string("\u{1}")))
            }
            for (index, (key, member)) in pairs.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                space(&output)
                string(key, to: &output)
                space(&output)
                output.append(UInt8(ascii: ":"))
                if index > 0, key == pairs[0].0, random.chance(0.3) {
                    output += Array(random.pick(["\"\\ud800\"", "1.5.5", "-", "\"\u{1}\"", "\"\\q\"", "[1e999]"]).utf8)
                } else {
                    write(member, to: &output)
                }
            }
            if !pairs.isEmpty, random.chance(0.05) { output.append(UInt8(ascii: ",")) }
            space(&output)
            output.append(UInt8(ascii: "}"))
        }
        space(&output)
    }

    private mutating func integerText(_ number: Int) -> String {
        switch random.int(in: 0 ... 9) {
        case 0: return "\(number).0"
        case 1: return "\(number)e0"
        case 2: return "\(number)0E-1"
        case 3: return number == 0 ? "-0" : "\(number)"
        case 4: return "\(number).\(String(repeating: "0", count: random.int(in: 1 ... 30)))\(random.int(in: 0 ... 9))"
        default: return "\(number)"
        }
    }

    private mutating func doubleText(_ number: Double) -> String {
        switch random.int(in: 0 ... 9) {
        case 0: return String(format: "%.17g", number).replacingOccurrences(of: "e+", with: "E+")
        case 1: return String(format: "%.3e", number)
        case 2: return String(format: "%.25f", number)
        case 3: return random.pick(["1e400", "-1e400", "1e-400", "2.5e-324", "9007199254740993.5", "12345678901234567890",
                                    "9223372036854775808", "-9223372036854775809", "0.000000000000000000001e21"])
        default:
            let text = "\(number)"
            return text.hasPrefix("-") || !text.contains("e") ? text : text.replacingOccurrences(of: "e", with: "e+")
                .replacingOccurrences(of: "e+-", with: "e-").replacingOccurrences(of: "e++", with: "e+")
        }
    }

    private mutating func string(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if mustEscape || random.chance(0.1) {
                switch random.int(in: 0 ... 2) {
                case 0 where scalar == "/" || scalar == "\n" || scalar == "\t" || scalar == "\"" || scalar == "\\":
                    output += Array(["/": "\\/", "\n": "\\n", "\t": "\\t", "\"": "\\\"", "\\": "\\\\"][scalar]!.utf8)
                default:
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16, uppercase: random.chance(0.5))
                        output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                    }
                }
            } else {
                output += Array(String(scalar).utf8)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Breaks the text with one or two edits of a byte.
    mutating func mutate(_ bytes: inout [UInt8]) {
        let interesting = Array("{}[]\",:\\ 0123456789eE.+-tfnu".utf8) + [0x00, 0x1F, 0x80, 0xFF, 0xC3, 0xED]
        for _ in 0 ..< random.int(in: 1 ... 2) {
            let position = random.int(in: 0 ... bytes.count)
            switch random.int(in: 0 ... 2) {
            case 0 where position < bytes.count: bytes.remove(at: position)
            case 1 where position < bytes.count: bytes[position] = random.pick(interesting)
            default: bytes.insert(random.pick(interesting), at: position)
            }
        }
    }
}
