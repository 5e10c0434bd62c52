/// Finds the first byte sequence that is not well-formed UTF-8, with its line and column,
/// so the reader can point at it instead of letting libyaml guess an encoding.
enum UTF8Check {
    struct Failure {
        var line: Int
        var column: Int
        var reason: String
    }

    static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
        if let encoding = wideEncoding(bytes) {
            return Failure(line: 1, column: 1, reason: "the file is \(encoding) encoded; save it as UTF-8")
        }
        // Lines and columns are counted only to locate a failure, once one is known to be there.
        return isWellFormed(bytes) ? nil : locate(in: bytes)
    }

    /// Whether every sequence is well formed, looking at eight ASCII bytes at a time.
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(in: bytes, at: index) else { return false }
            index += length
        }
        return true
    }

    /// The first sequence that is not well formed, with its line and column.
    private static func locate(in bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
        var line = 1, column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
                index += 1
                continue
            }
            guard let length = sequenceLength(in: bytes, at: index) else {
                let expected = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if (0xC2...0xF4).contains(byte), index + expected > bytes.count {
                    return Failure(line: line, column: column, reason: "truncated UTF-8 sequence at the end of the file")
                }
                return Failure(line: line, column: column, reason: String(format: byte))
            }
            column += 1
            index += length
        }
        return nil
    }

    /// The length of the well-formed sequence that the byte at `index` (0x80 or more) starts:
    /// not overlong, not a surrogate, at most U+10FFFF. `nil` when it is not one.
    private static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch byte {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return length
    }
}

extension UTF8Check {
    /// UTF-16 or UTF-32, told by a byte order mark or, as the YAML spec does without one, by
    /// the zero bytes around a first ASCII character. No UTF-8 YAML file starts with a zero byte.
    static func wideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 } }
        if starts([0xFF, 0xFE, 0, 0]) || starts([0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) { return "UTF-16" }
        guard bytes.count >= 2 else { return nil }
        if bytes.count >= 4, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0, bytes[0] != 0 { return "UTF-32" }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return "UTF-32" }
        // Two ASCII characters each with a zero byte beside it (or one, in a 2-byte file).
        let pairs = bytes.count >= 4 ? [(bytes[0], bytes[1]), (bytes[2], bytes[3])] : [(bytes[0], bytes[1])]
        if pairs.allSatisfy({ $0.0 != 0 && $0.0 < 0x80 && $0.1 == 0 }) { return "UTF-16" }
        if pairs.allSatisfy({ $0.0 == 0 && $0.1 != 0 && $0.1 < 0x80 }) { return "UTF-16" }
        return nil
    }
}

private extension String {
    init(format byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex); save the file as UTF-8"
    }
}
