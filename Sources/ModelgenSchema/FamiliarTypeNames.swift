/// Type names people bring from Parse's dashboard (`Number`, `Boolean`, `Pointer`) and from
/// Swift (`String`, `[String]`, `Int?`), and what a schema says instead: the notes of the
/// errors they cause.
enum FamiliarTypeNames {
    /// What to write instead of the unknown bare type `name`, or `nil` when it is not a
    /// familiar name.
    static func note(forName name: String) -> String? {
        switch name.lowercased() {
        case "number": "Parse's Number is 'int' or 'double' here (or 'float')"
        case "array", "list": "an array names its element type, as in 'array<string>'"
        case "dictionary", "map": "a map names its value type, as in 'map<int>' (keys are strings)"
        case "object", "json", "any", "anycodable": "write 'object' for any JSON object, or declare an embedded type for a known shape"
        case "pointer": "a pointer names its class, as in 'pointer<_User>'"
        case "relation": "a relation names its class, as in 'relation<_User>'"
        default: scalar(forName: name).map { "did you mean '\($0)'?" }
        }
    }

    /// The note for a type text that does not parse, when it is written the Swift way
    /// (`[String]`, `[String: Int]`, `String?`): its schema spelling.
    static func note(forUnparsable text: String) -> String? {
        let type = trimmed(Substring(text))
        guard type.first == "[" || type.last == "?", let spelling = spelling(type) else { return nil }
        if type.last == "?" {
            return "fields are optional unless marked with '!': write '\(spelling)'"
        }
        return "did you mean '\(spelling)'?"
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var type = text.drop { $0 == " " }
        while type.last == " " { type = type.dropLast() }
        return type
    }

    private static func spelling(_ text: Substring) -> String? {
        let type = trimmed(text)
        if type.last == "?" { return spelling(type.dropLast()) }
        if type.first == "[", type.last == "]" {
            let inner = type.dropFirst().dropLast()
            if let colon = inner.firstIndex(of: ":") {
                guard let value = spelling(inner[inner.index(after: colon)...]) else { return nil }
                return "map<\(value)>"
            }
            return spelling(inner).map { "array<\($0)>" }
        }
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return scalar(forName: String(type)) ?? String(type)
    }

    /// The scalar a familiar name stands for: Swift's and Parse's names, in any case.
    private static func scalar(forName name: String) -> String? {
        switch name.lowercased() {
        case "string", "text", "str": "string"
        case "int", "integer", "int64", "int32": "int"
        case "double", "float64", "decimal": "double"
        case "float", "float32": "float"
        case "bool", "boolean": "bool"
        case "date", "datetime", "timestamp": "date"
        case "data", "bytes": "bytes"
        case "file", "parsefile": "file"
        case "geopoint", "parsegeopoint": "geopoint"
        case "polygon", "parsepolygon": "polygon"
        default: nil
        }
    }
}
