import Foundation

/// Reads JSON text into a ``JSONValue``: what ``JSONValue/init(parsing:)`` does, the reverse of
/// ``JSONWriter``. A recursive descent over the UTF-8 bytes.
///
/// It gives what Foundation's `JSONDecoder` gave decoding a `JSONValue` (which is how
/// `init(parsing:)` used to work), accepting and refusing the same texts:
///
/// - a number that is a whole number an `Int` holds is ``JSONValue/int(_:)`` (`1.0`, `1e2`, `-0`
///   and `1e-400` too), any other ``JSONValue/double(_:)``; a number beyond `Double`'s range is
///   an error (see ``JSONDecoderNumbers`` for the whole numbers past 2^53);
/// - strings with any escape, surrogate pairs joined; invalid UTF-8, a lone surrogate or an
///   unescaped control character (below U+0020) is an error;
/// - a key repeated in an object keeps its first value; `JSONDecoder` never reads the later
///   ones, so they are only scanned (see ``value(checked:)``);
/// - a trailing comma in an array or object (`[1,]`, `{"a":1,}`) is accepted, as `JSONDecoder`
///   accepts it; at most 512 arrays and objects inside each other;
/// - UTF-16 and UTF-32 text are read too, and a byte order mark skipped (see ``utf8(_:)``).
///
/// Every error is `DecodingError.dataCorrupted` with an empty coding path.
struct JSONReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0

    /// `JSONDecoder`'s limit on arrays and objects inside each other.
    private static let maximumDepth = 512

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The value of the JSON text `data`.
    static func parse(_ data: Data) throws -> JSONValue {
        try utf8(data).withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes)
            let value = try reader.value(checked: true)
            reader.skipWhitespace()
            guard reader.index == bytes.count else { throw reader.invalid() }
            return value
        }
    }

    // MARK: Values

    /// Reads the value at the current position.
    ///
    /// With `checked` false, the value is one `JSONDecoder` scans but never reads (under a
    /// repeated key): only its shape is checked (brackets, quotes, literals, escapes long
    /// enough), not what is inside its strings and numbers, and it comes back as `.null`.
    private mutating func value(checked: Bool) throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw invalid() }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let text = try string(checked: checked)
            return checked ? .string(text) : .null
        case UInt8(ascii: "["):
            return try array(checked: checked)
        case UInt8(ascii: "{"):
            return try object(checked: checked)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            return checked ? try number() : skipNumber()
        default:
            throw invalid()
        }
    }

    private mutating func array(checked: Bool) throws -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if try nextIs(UInt8(ascii: "]")) {
            return .array(elements)
        }
        while true {
            elements.append(try value(checked: checked))
            if try nextIs(UInt8(ascii: "]")) {
                break
            }
            try expect(UInt8(ascii: ","))
            if try nextIs(UInt8(ascii: "]")) {
                break
            }
        }
        return checked ? .array(elements) : .null
    }

    private mutating func object(checked: Bool) throws -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        if try nextIs(UInt8(ascii: "}")) {
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw invalid() }
            let key = try string(checked: checked)
            try expect(UInt8(ascii: ":"))
            if checked, members[key] == nil {
                members[key] = try value(checked: true)
            } else {
                _ = try value(checked: false)
            }
            if try nextIs(UInt8(ascii: "}")) {
                break
            }
            try expect(UInt8(ascii: ","))
            if try nextIs(UInt8(ascii: "}")) {
                break
            }
        }
        return checked ? .object(members) : .null
    }

    /// Moves past the `[` or `{` at the current position, counting the depth.
    private mutating func enterContainer() throws {
        guard depth < Self.maximumDepth else { throw invalid() }
        depth += 1
        index += 1
    }

    private mutating func literal(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw invalid() }
        for offset in 0 ..< length where bytes[index + offset] != word.utf8Start[offset] {
            throw invalid()
        }
        index += length
    }

    // MARK: Strings

    /// Reads the string starting at the quote at the current position. Unchecked, it only finds
    /// the closing quote (and returns "").
    private mutating func string(checked: Bool) throws -> String {
        index += 1
        var text = ""
        var chunkStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if checked {
                    text += try utf8Text(chunkStart ..< index)
                }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                if checked {
                    text += try utf8Text(chunkStart ..< index)
                }
                index += 1
                try escape(into: &text, checked: checked)
                chunkStart = index
                continue
            }
            if checked, byte < 0x20 {
                throw invalid()
            }
            index += 1
        }
        throw invalid()
    }

    /// The bytes in `range` as text; an error when they are not valid UTF-8.
    private func utf8Text(_ range: Range<Int>) throws -> String {
        let chunk = UnsafeRawBufferPointer(rebasing: bytes[range])
        let text = String(decoding: chunk, as: UTF8.self)
        // Decoding replaces invalid UTF-8 by U+FFFD: if anything was replaced, the text's bytes
        // differ from the chunk's.
        guard text.utf8.elementsEqual(chunk) else { throw invalid() }
        return text
    }

    /// Reads the escape after a backslash (`\n`, `\u00e9`, a surrogate pair `\ud83d\ude00`).
    private mutating func escape(into text: inout String, checked: Bool) throws {
        guard index < bytes.count else { throw invalid() }
        let letter = bytes[index]
        index += 1
        if letter == UInt8(ascii: "u") {
            let unit = try hexUnit(checked: checked)
            guard checked else { return }
            if UTF16.isLeadSurrogate(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw invalid()
                }
                index += 2
                let trail = try hexUnit(checked: true)
                guard UTF16.isTrailSurrogate(trail) else { throw invalid() }
                text.unicodeScalars.append(UTF16.decode(UTF16.EncodedScalar([unit, trail])))
            } else {
                // A trail surrogate on its own is no scalar.
                guard let scalar = Unicode.Scalar(unit) else { throw invalid() }
                text.unicodeScalars.append(scalar)
            }
            return
        }
        guard checked else { return }
        switch letter {
        case UInt8(ascii: "\""): text += "\""
        case UInt8(ascii: "\\"): text += "\\"
        case UInt8(ascii: "/"): text += "/"
        case UInt8(ascii: "b"): text += "\u{08}"
        case UInt8(ascii: "f"): text += "\u{0C}"
        case UInt8(ascii: "n"): text += "\n"
        case UInt8(ascii: "r"): text += "\r"
        case UInt8(ascii: "t"): text += "\t"
        default: throw invalid()
        }
    }

    /// The four hex digits after `\u`. Unchecked, any four bytes but a quote.
    private mutating func hexUnit(checked: Bool) throws -> UInt16 {
        guard index + 4 <= bytes.count else { throw invalid() }
        var unit: UInt16 = 0
        for byte in bytes[index ..< index + 4] {
            guard checked else {
                if byte == UInt8(ascii: "\"") { throw invalid() }
                continue
            }
            guard let digit = Self.hexDigitValue(byte) else { throw invalid() }
            unit = unit * 16 + digit
        }
        index += 4
        return unit
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Numbers

    /// Reads a number: JSON's `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try digits()
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self)
        if isInteger, let integer = Int(text) {
            return .int(integer)
        }
        // Every JSON number reads as a Double (infinite when beyond its range).
        guard let double = Double(text) else { throw invalid() }
        if let integer = JSONDecoderNumbers.integer(Int.self, from: double, text: text) {
            return .int(integer)
        }
        // (A Double that rounded to zero was taken as the integer 0 just above.)
        guard double.isFinite else { throw invalid() }
        return .double(double)
    }

    /// Moves past one or more decimal digits.
    private mutating func digits() throws {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        guard index > start else { throw invalid() }
    }

    /// Moves past a number without reading it: as `JSONDecoder` scans one, any run of digits,
    /// `.`, `+`, `-`, `e` and `E`.
    private mutating func skipNumber() -> JSONValue {
        index += 1
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) {
            index += 1
        }
        return .null
    }

    private static let numberBytes = Set("0123456789.+-eE".utf8)

    // MARK: Whitespace and punctuation

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    /// Whether the next byte after whitespace is `byte`, moving past it when it is.
    private mutating func nextIs(_ byte: UInt8) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw invalid() }
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Moves past `byte`, after whitespace, or throws.
    private mutating func expect(_ byte: UInt8) throws {
        guard try nextIs(byte) else { throw invalid() }
    }

    private func invalid() -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [], debugDescription: "The given data was not valid JSON."
        ))
    }

    // MARK: Text encodings

    /// `data` as UTF-8 without a byte order mark. As `JSONDecoder` does (after RFC 4627), the
    /// encoding is told by a byte order mark or by where the zero bytes are among the first four
    /// (JSON text starts with two ASCII characters); text that is not UTF-8 is converted.
    private static func utf8(_ data: Data) throws -> Data {
        let first = Array(data.prefix(4))
        func byte(_ offset: Int) -> UInt8? { offset < first.count ? first[offset] : nil }
        let encoding: String.Encoding
        let markLength: Int
        switch (byte(0), byte(1), byte(2), byte(3)) {
        case (0, 0, 0xFE, 0xFF): (encoding, markLength) = (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): (encoding, markLength) = (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): (encoding, markLength) = (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): (encoding, markLength) = (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): (encoding, markLength) = (.utf8, 3)
        case (0, 0, 0, .some(let b3)) where b3 != 0: (encoding, markLength) = (.utf32BigEndian, 0)
        case (0, .some(let b1), 0, .some(let b3)) where b1 != 0 && b3 != 0: (encoding, markLength) = (.utf16BigEndian, 0)
        case (.some(let b0), 0, 0, 0) where b0 != 0: (encoding, markLength) = (.utf32LittleEndian, 0)
        case (.some(let b0), 0, .some(let b2), 0) where b0 != 0 && b2 != 0: (encoding, markLength) = (.utf16LittleEndian, 0)
        case (0, .some(let b1), nil, nil) where b1 != 0: (encoding, markLength) = (.utf16BigEndian, 0)
        case (.some(let b0), 0, nil, nil) where b0 != 0: (encoding, markLength) = (.utf16LittleEndian, 0)
        default: (encoding, markLength) = (.utf8, 0)
        }
        let text = data.dropFirst(markLength)
        if encoding == .utf8 {
            return text
        }
        guard let string = String(bytes: text, encoding: encoding) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON."
            ))
        }
        return Data(string.utf8)
    }
}
