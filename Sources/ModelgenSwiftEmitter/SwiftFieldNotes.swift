import ModelgenSchema
import ModelgenTemplates

/// The one-line summary of a field's rules that follows its description in the doc comment,
/// such as "Required. At most 200 characters.", so readers of the model see what the server
/// and the SQL schema enforce.
///
/// Written straight into the output as the doc comment is printed (`SwiftDocLine`): there is
/// a line for each of twenty thousand fields, and making each a string first, then a line of
/// its own, costs more than writing it.
enum SwiftFieldNotes {
    /// Whether `field` has rules to sum up.
    static func hasLine(for field: FieldDefinition) -> Bool {
        field.isRequired || field.isUnique || field.min != nil || field.max != nil
            || field.minLength != nil || field.maxLength != nil || field.minCount != nil || field.maxCount != nil
            || field.defaultValue != nil
    }

    /// Writes the summary of `field`, which has one, into `output`.
    static func write(for field: FieldDefinition, to output: inout TemplateOutput) {
        var first = true
        func startPart() {
            if !first { output.appendLiteral(" ") }
            first = false
        }
        if field.isRequired {
            startPart()
            output.appendLiteral("Required.")
        }
        if field.isUnique {
            startPart()
            output.appendLiteral("Unique.")
        }
        switch (field.min, field.max) {
        case let (min?, max?):
            startPart()
            output.appendLiteral("From ")
            output.append(min.description)
            output.appendLiteral(" to ")
            output.append(max.description)
            output.appendLiteral(".")
        case let (min?, nil):
            startPart()
            output.appendLiteral("At least ")
            output.append(min.description)
            output.appendLiteral(".")
        case let (nil, max?):
            startPart()
            output.appendLiteral("At most ")
            output.append(max.description)
            output.appendLiteral(".")
        case (nil, nil): break
        }
        if field.minLength != nil || field.maxLength != nil {
            startPart()
            writeBounds(field.minLength, field.maxLength, unit: "character", to: &output)
        }
        if field.minCount != nil || field.maxCount != nil {
            startPart()
            writeBounds(field.minCount, field.maxCount, unit: "element", to: &output)
        }
        if let value = field.defaultValue {
            startPart()
            output.appendLiteral("Defaults to `")
            writeDefault(value, to: &output)
            output.appendLiteral("`.")
        }
    }

    /// "Exactly 1 character.", "2 to 5 elements.", "At least 3 characters.", "At most 1 element."
    private static func writeBounds(_ min: Int?, _ max: Int?, unit: StaticString, to output: inout TemplateOutput) {
        func writeCount(_ count: Int) {
            output.append(String(count))
            output.appendLiteral(" ")
            output.appendLiteral(unit)
            if count != 1 { output.appendLiteral("s") }
        }
        switch (min, max) {
        case let (min?, max?):
            if min == max {
                output.appendLiteral("Exactly ")
            } else {
                output.append(String(min))
                output.appendLiteral(" to ")
            }
            writeCount(max)
        case let (min?, nil):
            output.appendLiteral("At least ")
            writeCount(min)
        case let (nil, max?):
            output.appendLiteral("At most ")
            writeCount(max)
        case (nil, nil): return
        }
        output.appendLiteral(".")
    }

    /// A default as the code span shows it (between the backticks).
    private static func writeDefault(_ value: DefaultValue, to output: inout TemplateOutput) {
        switch value {
        case .string(let text): output.append(SwiftSyntax.stringLiteral(text).replacingBackticks())
        case .int(let number): output.append(String(number))
        case .double(let number): output.append(number.description)
        case .bool(let flag): output.appendLiteral(flag ? "true" : "false")
        case .date(let iso): output.append(iso)
        case .enumCase(let name):
            // After a dot a keyword needs no backticks (`.public`), and backticks would close
            // the code span early.
            output.appendLiteral(".")
            output.append(name)
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
