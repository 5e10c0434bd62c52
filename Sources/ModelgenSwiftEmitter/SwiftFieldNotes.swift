import ModelgenSchema

/// The one-line summary of a field's rules that follows its description in the doc comment,
/// such as "Required. At most 200 characters.", so readers of the model see what the server
/// and the SQL schema enforce.
enum SwiftFieldNotes {
    static func line(for field: FieldDefinition, enumCaseNames: (String) -> String = { $0 }) -> String? {
        // Written into one string as the parts come: a line for each of twenty thousand fields.
        var line = ""
        func add(_ part: String) {
            if !line.isEmpty { line += " " }
            line += part
        }
        if field.isRequired { add("Required.") }
        if field.isUnique { add("Unique.") }
        switch (field.min, field.max) {
        case let (min?, max?): add("From \(min) to \(max).")
        case let (min?, nil): add("At least \(min).")
        case let (nil, max?): add("At most \(max).")
        case (nil, nil): break
        }
        if let bounds = bounds(field.minLength, field.maxLength, unit: "character") { add(bounds) }
        if let bounds = bounds(field.minCount, field.maxCount, unit: "element") { add(bounds) }
        if let value = field.defaultValue {
            add("Defaults to \(describe(value, enumCaseNames: enumCaseNames)).")
        }
        return line.isEmpty ? nil : line
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
