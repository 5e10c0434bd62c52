import Foundation
import ParseWire

/// Writes a ``JSONValue`` as compact JSON text with object keys in sorted order, so that the
/// same value always gives the same bytes.
struct JSONWriter {
    private(set) var output = ""

    mutating func write(_ value: JSONValue, codingPath: [any CodingKey]) throws {
        switch value {
        case .null:
            output += "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .int(let number):
            output += String(number)
        case .double(let number):
            guard number.isFinite else {
                throw EncodingError.invalidValue(number, EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(number) is not representable in JSON."
                ))
            }
            output += Self.text(for: number)
        case .string(let text):
            writeString(text)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                try write(element, codingPath: codingPath + [IndexCodingKey(index)])
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                writeString(key)
                output += ":"
                // The key comes from the dictionary's own keys, so the lookup cannot fail.
                try write(members[key] ?? .null, codingPath: codingPath + [AnyCodingKey(key)])
            }
            output += "}"
        }
    }

    /// The shortest text that reads back as the same double; integral values keep a `.0`.
    static func text(for number: Double) -> String {
        // Swift prints the shortest round-tripping form ("40.0", "0.1", "1e-07", "1e+16"),
        // all of which are valid JSON numbers.
        number.description
    }

    private mutating func writeString(_ text: String) {
        JSONString.append(text, to: &output)
    }
}
