import ModelgenDiagnostics

/// A field type as written, before names are resolved: `string`, `Genre`, `array<Ingredient>`,
/// `pointer<Author>`, `inverse<Book.authors>`. Offsets locate each name inside the text so that
/// errors can point at the exact word.
indirect enum TypeExpression: Hashable, Sendable {
    /// A bare name: a scalar, an enum or an embedded type.
    case name(String, offset: Int)
    case array(TypeExpression)
    case map(TypeExpression)
    case pointer(String, offset: Int)
    case relation(String, offset: Int)
    case inverse(className: String, field: String, offset: Int, fieldOffset: Int)

    static let genericNames = ["array", "map", "pointer", "relation", "inverse"]

    struct ParseError: Error, Equatable {
        var message: String
        var offset: Int
        var notes: [String] = []
    }

    /// Parses `text`; a trailing `!` (the short form's "required") is returned separately.
    static func parse(_ text: String) -> Result<(TypeExpression, required: Bool), ParseError> {
        var parser = Parser(Array(text.unicodeScalars))
        return parser.parseTop()
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func parseTop() -> Result<(TypeExpression, required: Bool), ParseError> {
            skipSpaces()
            if position == scalars.count {
                return .failure(ParseError(message: "missing type", offset: 0))
            }
            let expression: TypeExpression
            switch parseType() {
            case .success(let parsed): expression = parsed
            case .failure(let error): return .failure(error)
            }
            skipSpaces()
            var required = false
            if position < scalars.count, scalars[position] == "!" {
                required = true
                position += 1
                skipSpaces()
            }
            if position < scalars.count {
                return .failure(ParseError(message: "unexpected '\(String(scalars[position...].map(Character.init)))' after the type", offset: position))
            }
            return .success((expression, required))
        }

        mutating func skipSpaces() {
            while position < scalars.count, scalars[position] == " " { position += 1 }
        }

        mutating func identifier() -> (String, Int)? {
            let start = position
            while position < scalars.count, scalars[position].isASCII,
                  scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position]) || scalars[position] == "_" {
                position += 1
            }
            guard position > start else { return nil }
            return (String(String.UnicodeScalarView(scalars[start..<position])), start)
        }

        mutating func expect(_ character: Unicode.Scalar, after what: String) -> ParseError? {
            skipSpaces()
            guard position < scalars.count, scalars[position] == character else {
                let found = position < scalars.count ? "'\(scalars[position])'" : "the end"
                return ParseError(message: "expected '\(character)' \(what), found \(found)", offset: position)
            }
            position += 1
            return nil
        }

        mutating func parseType() -> Result<TypeExpression, ParseError> {
            skipSpaces()
            guard let (name, offset) = identifier() else {
                let found = position < scalars.count ? "'\(scalars[position])'" : "nothing"
                return .failure(ParseError(message: "expected a type name, found \(found)", offset: position))
            }
            skipSpaces()
            let isGeneric = TypeExpression.genericNames.contains(name)
            guard position < scalars.count, scalars[position] == "<" else {
                if isGeneric {
                    return .failure(ParseError(message: "'\(name)' needs a type argument, as in \(name)<\(Self.example(name))>", offset: offset))
                }
                return .success(.name(name, offset: offset))
            }
            position += 1
            guard isGeneric else {
                return .failure(ParseError(
                    message: "unknown generic type '\(name)<...>'", offset: offset,
                    notes: Suggestions.closest(to: name, among: TypeExpression.genericNames).map { ["did you mean '\($0)'?"] } ?? []))
            }
            let result: TypeExpression
            switch name {
            case "array", "map":
                switch parseType() {
                case .success(let element): result = name == "array" ? .array(element) : .map(element)
                case .failure(let error): return .failure(error)
                }
                skipSpaces()
                if position < scalars.count, scalars[position] == "," {
                    let note = name == "map" ? "map keys are always strings: write map<T>" : "arrays take one element type"
                    return .failure(ParseError(message: "'\(name)' takes one type argument", offset: position, notes: [note]))
                }
            case "pointer", "relation":
                skipSpaces()
                guard let (target, targetOffset) = identifier() else {
                    return .failure(ParseError(message: "expected a class name in \(name)<...>", offset: position))
                }
                result = name == "pointer" ? .pointer(target, offset: targetOffset) : .relation(target, offset: targetOffset)
            default: // inverse
                skipSpaces()
                guard let (target, targetOffset) = identifier() else {
                    return .failure(ParseError(message: "expected Class.field in inverse<...>", offset: position))
                }
                if let error = expect(".", after: "between class and field in inverse<Class.field>") { return .failure(error) }
                skipSpaces()
                guard let (field, fieldOffset) = identifier() else {
                    return .failure(ParseError(message: "expected a field name after '\(target).'", offset: position))
                }
                result = .inverse(className: target, field: field, offset: targetOffset, fieldOffset: fieldOffset)
            }
            if let error = expect(">", after: "to close \(name)<...>") { return .failure(error) }
            return .success(result)
        }

        static func example(_ generic: String) -> String {
            switch generic {
            case "array", "map": return "string"
            case "inverse": return "Book.authors"
            default: return "Author"
            }
        }
    }
}
