import ModelgenDiagnostics

/// A node of a YAML document, with the place it was written.
///
/// The tree is small on purpose: scalars keep their text, style and tag so the schema loader
/// can tell `"1"` (a string) from `1` (an integer); mappings keep their keys in written order.
public struct YAMLNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case scalar(YAMLScalar)
        case mapping([YAMLMappingEntry])
        case sequence([YAMLNode])
    }

    public var value: Value
    /// Where the node starts: the first character of a scalar, or the `{`, `[` or first key/item.
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = value { return scalar }
        return nil
    }

    public var mapping: [YAMLMappingEntry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// A word for the node's shape, for messages such as "expected a mapping, found a sequence".
    public var kindDescription: String {
        switch value {
        case .scalar(let scalar): return scalar.isNull ? "null" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }
}

/// One `key: value` pair. Keys are always scalars (the reader refuses any other key).
public struct YAMLMappingEntry: Sendable, Hashable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: YAMLNode

    public init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A scalar's text as written, with what is needed to resolve it by the YAML 1.2 core schema.
public struct YAMLScalar: Sendable, Hashable {
    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    // The strings first, then the one-byte fields, so the scalar packs into 34 bytes.
    public var text: String
    /// The explicit tag in its full form (`tag:yaml.org,2002:str`), if one was written.
    public var tag: String?
    public var style: Style
    /// Whether the scalar was written over more than one line, so that offsets into `text`
    /// are not columns of its first line.
    public var isMultiline: Bool

    public init(_ text: String, style: Style = .plain, tag: String? = nil, isMultiline: Bool = false) {
        self.text = text
        self.style = style
        self.tag = tag
        self.isMultiline = isMultiline
    }

    /// A scalar whose type comes from its spelling (plain and untagged) rather than being a string.
    private var isResolvedBySpelling: Bool { style == .plain && tag == nil }

    private static let strTag = "tag:yaml.org,2002:str"

    /// `~`, `null`, `Null`, `NULL` or nothing at all, written plain.
    public var isNull: Bool {
        if tag == "tag:yaml.org,2002:null" { return true }
        guard isResolvedBySpelling else { return false }
        // Most text starts otherwise: one byte rules it out.
        if let first = text.utf8.first, first != UInt8(ascii: "~"), first != UInt8(ascii: "n"), first != UInt8(ascii: "N") {
            return false
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The value when the scalar is a YAML boolean (`true`/`false` in the core schema's spellings).
    public var bool: Bool? {
        guard isResolvedBySpelling || tag == "tag:yaml.org,2002:bool" else { return nil }
        guard let first = text.utf8.first, first | 0x20 == UInt8(ascii: "t") || first | 0x20 == UInt8(ascii: "f") else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// Whether the text is spelled as a YAML integer (decimal, `0x`, `0o`), whatever its size.
    public var looksLikeInteger: Bool {
        guard isResolvedBySpelling || tag == "tag:yaml.org,2002:int" else { return false }
        return Self.integerDigits(text) != nil
    }

    /// The value when the scalar is a YAML integer that fits in 64 bits.
    public var int: Int? {
        guard isResolvedBySpelling || tag == "tag:yaml.org,2002:int" else { return nil }
        if let value = Self.shortDecimal(text) { return value }
        guard let (negative, radix, digits) = Self.integerDigits(text) else { return nil }
        guard let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// The value when the scalar is a YAML number (integer or float, `.inf` and `.nan` included).
    public var double: Double? {
        guard isResolvedBySpelling || tag == "tag:yaml.org,2002:float" || tag == "tag:yaml.org,2002:int" else { return nil }
        // Every spelling of a number starts with a digit, a sign or a dot; most text does not.
        guard let first = text.utf8.first,
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "+")
                || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return nil }
        if let (negative, radix, digits) = Self.integerDigits(text), let magnitude = UInt64(digits, radix: radix) {
            return negative ? -Double(magnitude) : Double(magnitude)
        }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard Self.isDecimalFloat(text) else { return nil }
        return Double(text)
    }

    /// The scalar read as a plain string: anything that is not null, a boolean or a number
    /// when written plain, and anything quoted or tagged `!!str`.
    public var string: String? {
        if tag == Self.strTag || style != .plain { return text }
        if tag != nil || isNull || bool != nil || double != nil { return nil }
        return text
    }

    /// `[-+]?[0-9]{1,18}`, the usual integer, read without the general path's slices: 18
    /// digits cannot overflow.
    private static func shortDecimal(_ text: String) -> Int? {
        var value = 0
        var digits = 0
        var negative = false
        for (index, byte) in text.utf8.enumerated() {
            if index == 0 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) {
                negative = byte == UInt8(ascii: "-")
                continue
            }
            guard byte >= 0x30, byte <= 0x39, digits < 18 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    private static func integerDigits(_ text: String) -> (negative: Bool, radix: Int, digits: Substring)? {
        var rest = Substring(text)
        var negative = false
        if let sign = rest.utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        var radix = 10
        if rest.hasPrefix("0x") { radix = 16; rest = rest.dropFirst(2) }
        else if rest.hasPrefix("0o") { radix = 8; rest = rest.dropFirst(2) }
        guard !rest.isEmpty else { return nil }
        for byte in rest.utf8 {
            let digit: Int
            switch byte {
            case 0x30...0x39: digit = Int(byte - 0x30)
            case 0x61...0x66: digit = Int(byte - 0x61) + 10
            case 0x41...0x46: digit = Int(byte - 0x41) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
        }
        return (negative, radix, rest)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`, the core schema's float.
    private static func isDecimalFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, byte >= 0x30, byte <= 0x39 { bytes = bytes.dropFirst(); count += 1 }
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let whole = digits()
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = digits()
        }
        guard whole + fraction > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
