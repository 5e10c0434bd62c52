import Foundation
import ModelgenDiagnostics
import ModelgenYAML

// Defaults: a field's default fits its type, its bounds and its enum.
extension SchemaValidator {
    // MARK: Defaults

    mutating func resolveDefault(_ node: YAMLNode, for field: FieldDefinition, declaration: FieldDeclaration) -> DefaultValue? {
        func fail(_ expected: String, _ notes: [Diagnostic.Note] = []) -> DefaultValue? {
            diagnostics.error("default \(node.valueDescription) does not fit \(expected)", at: node.location, notes: notes)
            return nil
        }
        guard let scalar = node.scalar else {
            diagnostics.error("a default must be a single value, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard !scalar.isNull else {
            diagnostics.error("a default cannot be null", at: node.location,
                              notes: [.init("remove 'default' to have no default")])
            return nil
        }
        if case .enumeration(let name) = field.type, suppressed.contains(name) { return nil }
        switch field.type {
        case .scalar(.string):
            guard let text = scalar.string else {
                return fail("a string field", [.init("quote it to use it as text: \"\(scalar.text)\"")])
            }
            let length = text.count
            if let minimum = field.minLength, length < minimum { return fail("minLength \(minimum)") }
            if let maximum = field.maxLength, length > maximum { return fail("maxLength \(maximum)") }
            return .string(text)
        case .scalar(.int):
            guard let value = scalar.int else {
                return fail("an int field", scalar.looksLikeInteger ? [.init("it does not fit in 64 bits")] : [])
            }
            return checkBounds(Double(value), field: field, node: node) ? .int(value) : nil
        case .scalar(.double), .scalar(.float):
            guard let value = scalar.double, value.isFinite else { return fail("a \(field.type) field") }
            if field.type == .scalar(.float), abs(value) > Double(Float.greatestFiniteMagnitude) {
                return fail("a float field", [.init("it is beyond Float's range")])
            }
            return checkBounds(value, field: field, node: node) ? .double(value) : nil
        case .scalar(.bool):
            guard let value = scalar.bool else {
                return fail("a bool field", [.init(scalar.style == .plain ? "use true or false"
                                                   : "quoted, it is text; write \(scalar.text) without quotes")])
            }
            return .bool(value)
        case .scalar(.date):
            guard let text = scalar.string, let normalized = ISODate.normalize(text) else {
                return fail("a date field", [.init("write an ISO 8601 date such as 2024-01-31 or 2024-01-31T09:30:00Z")])
            }
            return .date(normalized)
        case .enumeration(let name):
            guard enumCaseNames[name]?.contains(scalar.text) == true else {
                let cases = enumsByName[name]?.cases ?? []
                var notes: [Diagnostic.Note] = []
                if suggestions.spend(cases.count), let near = Suggestions.note(for: scalar.text, among: cases.lazy.map(\.name)) {
                    notes.append(near)
                }
                // A long list is cut: one note per wrong default must not grow with the enum.
                let shown = cases.prefix(Self.maxListedCases).map(\.name).joined(separator: ", ")
                notes.append(.init("cases of '\(name)': \(shown)" + (cases.count > Self.maxListedCases ? ", ... (\(cases.count) in all)" : "")))
                diagnostics.error("default '\(scalar.text)' is not a case of enum '\(name)'", at: node.location, notes: notes)
                return nil
            }
            return .enumCase(scalar.text)
        default:
            return nil
        }
    }

    mutating func checkBounds(_ value: Double, field: FieldDefinition, node: YAMLNode) -> Bool {
        if let minimum = field.min, value < minimum.doubleValue {
            diagnostics.error("default \(node.valueDescription) is below min \(minimum)", at: node.location)
            return false
        }
        if let maximum = field.max, value > maximum.doubleValue {
            diagnostics.error("default \(node.valueDescription) is above max \(maximum)", at: node.location)
            return false
        }
        return true
    }

}
