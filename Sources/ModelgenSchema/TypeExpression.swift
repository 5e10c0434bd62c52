import ModelgenDiagnostics

/// A field type as written, before names are resolved: `string`, `Genre`, `array<Ingredient>`,
/// `pointer<Author>`, `inverse<Book.authors>`. Offsets locate each name inside the text so that
/// errors can point at the exact word.
enum TypeExpression: Hashable, Sendable {
    /// A bare name: a scalar, an enum or an embedded type.
    case name(String, offset: Int)
    indirect case array(TypeExpression)
    indirect case map(TypeExpression)
    case pointer(String, offset: Int)
    case relation(String, offset: Int)
    case inverse(className: String, field: String, offset: Int, fieldOffset: Int)

    static let genericNames = ["array", "map", "pointer", "relation", "inverse"]

    /// Whether `name` is one of `genericNames`, without a lookup in the array for every type.
    static func isGenericName(_ name: String) -> Bool {
        switch name {
        case "array", "map", "pointer", "relation", "inverse": return true
        default: return false
        }
    }

    struct ParseError: Error, Equatable {
        var message: String
        var offset: Int
        var notes: [String] = []
    }

    /// Parses `text`; a trailing `!` (the short form's "required") is returned separately.
    static func parse(_ text: String) -> Result<(TypeExpression, required: Bool), ParseError> {
        var parser = Parser(Array(text.utf8))
        let parsed = parser.parseTop().mapError { error in
            // `[String]`, `Int?`: say how a schema writes it.
            guard let note = FamiliarTypeNames.note(forUnparsable: text) else { return error }
            var error = error
            error.notes.insert(note, at: 0)
            return error
        }
        // In ASCII text, the usual case, byte offsets are character offsets already.
        if !parser.scalars.contains(where: { $0 >= 0x80 }) { return parsed }
        return parsed.map { ($0.0.characterOffsets(parser.characterOffset), $0.required) }
            .mapError { error in
                var error = error
                error.offset = parser.characterOffset(error.offset)
                return error
            }
    }

    /// The same expression with byte offsets turned into character offsets.
    private func characterOffsets(_ convert: (Int) -> Int) -> TypeExpression {
        switch self {
        case .name(let name, let offset): return .name(name, offset: convert(offset))
        case .array(let element): return .array(element.characterOffsets(convert))
        case .map(let element): return .map(element.characterOffsets(convert))
        case .pointer(let name, let offset): return .pointer(name, offset: convert(offset))
        case .relation(let name, let offset): return .relation(name, offset: convert(offset))
        case .inverse(let className, let field, let offset, let fieldOffset):
            return .inverse(className: className, field: field, offset: convert(offset), fieldOffset: convert(fieldOffset))
        }
    }

    /// Works on UTF-8 bytes (type text is ASCII when valid); offsets are byte offsets until
    /// `parse` converts them to the character columns editors count.
    private struct Parser {
        let scalars: [UInt8]
        var position = 0
        var depth = 0
        static let maxDepth = 8

        init(_ bytes: [UInt8]) { self.scalars = bytes }

        func characterOffset(_ byteOffset: Int) -> Int {
            scalars[..<min(byteOffset, scalars.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: scalars[range], as: UTF8.self)
        }

        /// The character at `position`, for messages.
        func current() -> String {
            var end = position + 1
            while end < scalars.count, scalars[end] & 0xC0 == 0x80 { end += 1 }
            return text(position..<min(end, scalars.count))
        }

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
            if at("!") {
                required = true
                position += 1
                skipSpaces()
            }
            if position < scalars.count {
                return .failure(ParseError(message: "unexpected '\(text(position..<scalars.count))' after the type", offset: position))
            }
            return .success((expression, required))
        }

        mutating func skipSpaces() {
            while position < scalars.count, scalars[position] == 0x20 { position += 1 }
        }

        func at(_ character: Unicode.Scalar) -> Bool {
            position < scalars.count && scalars[position] == UInt8(ascii: character)
        }

        mutating func identifier() -> (String, Int)? {
            let start = position
            while position < scalars.count {
                let byte = scalars[position]
                guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                        || byte == 0x5F else { break }
                position += 1
            }
            guard position > start else { return nil }
            return (text(start..<position), start)
        }

        mutating func expect(_ character: Unicode.Scalar, after what: String) -> ParseError? {
            skipSpaces()
            guard at(character) else {
                let found = position < scalars.count ? "'\(current())'" : "the end"
                return ParseError(message: "expected '\(character)' \(what), found \(found)", offset: position)
            }
            position += 1
            return nil
        }

        mutating func parseType() -> Result<TypeExpression, ParseError> {
            skipSpaces()
            guard let (name, offset) = identifier() else {
                let found = position < scalars.count ? "'\(current())'" : "nothing"
                return .failure(ParseError(message: "expected a type name, found \(found)", offset: position))
            }
            skipSpaces()
            let isGeneric = TypeExpression.isGenericName(name)
            guard at("<") else {
                if isGeneric {
                    return .failure(ParseError(message: "'\(name)' needs a type argument, as in \(name)<\(Self.example(name))>", offset: offset))
                }
                return .success(.name(name, offset: offset))
            }
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else {
                return .failure(ParseError(message: "type nests deeper than \(Self.maxDepth) levels", offset: offset))
            }
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
                if at(",") {
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
