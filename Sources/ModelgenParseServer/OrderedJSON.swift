import ParseWire

/// JSON that keeps the order of object keys. Parse's schema JSON gives order a meaning (a
/// compound index's first key leads, and fields read best as declared), so the definitions
/// modelgen writes and the server answers it reads are both kept in order.
public indirect enum OrderedJSON: Sendable, Hashable {
    case string(String)
    /// A number as JSON writes it (`9.99`, `100`).
    case number(String)
    case bool(Bool)
    case null
    case array([OrderedJSON])
    case object([Member])

    /// One key and its value.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: OrderedJSON

        public init(_ key: String, _ value: OrderedJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value of `key` in an object; `nil` for a missing key or a value that is no object.
    public subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members of an object, or `nil`.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The text as `JSON.stringify(value, null, 2)` writes it: two spaces per level, `{}` and
    /// `[]` when empty, keys in their order.
    public func rendered(indent: Int = 0) -> String {
        var output = ""
        write(to: &output, indent: indent)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                item.write(to: &output, indent: indent + 2)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.writeString(member.key, to: &output)
                output += ": "
                member.value.write(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// A JSON string literal, as ParseRuntime writes it.
    private static func writeString(_ text: String, to output: inout String) {
        JSONString.append(text, to: &output)
    }
}
