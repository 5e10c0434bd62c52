import ModelgenSchema

/// The one-line summary of a field's rules that follows its description in the doc comment,
/// such as "Required. At most 200 characters.", so readers of the model see what the server
/// and the SQL schema enforce.
enum SwiftFieldNotes {
    static func line(for field: FieldDefinition, enumCaseNames: (String) -> String = { $0 }) -> String? {
        var parts: [String] = []
        if field.isRequired { parts.append("Required.") }
        if field.isUnique { parts.append("Unique.") }
        switch (field.min, field.max) {
        case let (min?, max?): parts.append("From \(min) to \(max).")
        case let (min?, nil): parts.append("At least \(min).")
        case let (nil, max?): parts.append("At most \(max).")
        case (nil, nil): break
        }
        if let bounds = bounds(field.minLength, field.maxLength, unit: "character") { parts.append(bounds) }
        if let bounds = bounds(field.minCount, field.maxCount, unit: "element") { parts.append(bounds) }
        if let value = field.defaultValue {
            parts.append("Defaults to \(describe(value, enumCaseNames: enumCaseNames)).")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private static func bounds(_ min: Int?, _ max: Int?, unit: String) -> String? {
        func plural(_ count: Int) -> String { count == 1 ? "1 \(unit)" : "\(count) \(unit)s" }
        switch (min, max) {
        case let (min?, max?): return min == max ? "Exactly \(plural(max))." : "\(min) to \(plural(max))."
        case let (min?, nil): return "At least \(plural(min))."
        case let (nil, max?): return "At most \(plural(max))."
        case (nil, nil): return nil
        }
    }

    private static func describe(_ value: DefaultValue, enumCaseNames: (String) -> String) -> String {
        switch value {
        case .string(let text): return "`\(SwiftSyntax.stringLiteral(text).replacingBackticks())`"
        case .int(let number): return "`\(number)`"
        case .double(let number): return "`\(number)`"
        case .bool(let flag): return "`\(flag)`"
        case .date(let iso): return "`\(iso)`"
        case .enumCase(let name): return "`.\(enumCaseNames(name))`"
        }
    }
}

private extension String {
    /// A backtick would end the code span in the doc comment early.
    func replacingBackticks() -> String {
        var result = ""
        for character in self { result.append(character == "`" ? "'" : character) }
        return result
    }
}
