import ModelgenDiagnostics
import ModelgenYAML

/// A value with the place it was written.
struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    var value: Value
    var location: SourceLocation
}

/// What one file declares, as written: names are not resolved yet. The loader produces it,
/// the validator turns all files' declarations into one `Schema`.
struct FileDeclarations: Sendable {
    var file: SchemaFile
    var classes: [ClassDeclaration] = []
    var enums: [EnumDefinition] = []
    var embedded: [EmbeddedDeclaration] = []
    /// Names of declarations dropped for errors already reported: references to them are not
    /// reported again.
    var failedTypeNames: [String] = []
}

struct ClassDeclaration: Sendable {
    var name: String
    var location: SourceLocation
    var swiftName: Located<String>?
    var description: String?
    var fields: [FieldDeclaration] = []
    var indexes: [IndexDeclaration] = []
    /// Every field key written, including fields dropped for errors already reported.
    var writtenFieldNames: Set<String> = []
}

struct EmbeddedDeclaration: Sendable {
    var name: String
    var location: SourceLocation
    var description: String?
    var fields: [FieldDeclaration] = []
}

/// A field as written. A model holds one per field until it is validated, so it is kept
/// small: the keys of the long form (`{type: int, min: 0}`) are a list of what was written
/// rather than a slot for every key a field may have.
struct FieldDeclaration: Sendable {
    var name: String
    var location: SourceLocation
    /// `nil` when the type could not be parsed (already reported).
    var type: TypeExpression?
    var typeText: String
    /// Where the type text starts: offsets in `type` count from here.
    var typeLocation: SourceLocation
    /// Whether the type was written on one line, so offsets into it are columns.
    var typeIsOneLine: Bool
    /// The type was written with a trailing `!`.
    var requiredMark: Bool = false
    /// The keys of the long form other than `type`, in written order; unknown keys (already
    /// reported) are left out.
    var keys: [FieldKeyEntry] = []

    var isRequired: Bool { requiredMark || required?.value == true }

    /// Where the character `offset` of the type text is; the type's start when the type spans lines.
    func typeLocation(at offset: Int) -> SourceLocation {
        typeIsOneLine ? typeLocation.advanced(by: offset) : typeLocation
    }

    var required: Located<Bool>? { value(of: .required) { if case .bool(let value) = $0 { value } else { nil } } }
    var unique: Located<Bool>? { value(of: .unique) { if case .bool(let value) = $0 { value } else { nil } } }
    var index: Located<Bool>? { value(of: .index) { if case .bool(let value) = $0 { value } else { nil } } }
    var description: Located<String>? { value(of: .description) { if case .text(let value) = $0 { value } else { nil } } }
    var swiftName: Located<String>? { value(of: .swiftName) { if case .text(let value) = $0 { value } else { nil } } }
    var min: Located<Number>? { value(of: .min) { if case .number(let value) = $0 { value } else { nil } } }
    var max: Located<Number>? { value(of: .max) { if case .number(let value) = $0 { value } else { nil } } }
    var minLength: Located<Int>? { value(of: .minLength) { if case .count(let value) = $0 { value } else { nil } } }
    var maxLength: Located<Int>? { value(of: .maxLength) { if case .count(let value) = $0 { value } else { nil } } }
    var minCount: Located<Int>? { value(of: .minCount) { if case .count(let value) = $0 { value } else { nil } } }
    var maxCount: Located<Int>? { value(of: .maxCount) { if case .count(let value) = $0 { value } else { nil } } }
    var onDelete: Located<DeleteRule>? { value(of: .onDelete) { if case .rule(let value) = $0 { value } else { nil } } }
    var defaultValue: YAMLNode? { keys.first { $0.key == .default }.flatMap { if case .node(let node)? = $0.value { node } else { nil } } }

    private func value<Value>(of key: FieldKey, _ extract: (FieldKeyValue) -> Value?) -> Located<Value>? {
        guard let entry = keys.first(where: { $0.key == key }), let value = entry.value.flatMap(extract) else { return nil }
        return Located(value: value, location: entry.location)
    }
}

/// A key of a field's long form, other than `type`.
enum FieldKey: String, Sendable, CaseIterable {
    case required, `default`, unique, index, description, min, max, minLength, maxLength, minCount, maxCount, onDelete, swiftName
}

/// One key of a field's long form and its value, as read.
struct FieldKeyEntry: Sendable {
    var key: FieldKey
    var keyLocation: SourceLocation
    /// `nil` when the value was refused (already reported).
    var value: FieldKeyValue?
    /// Where diagnostics about the value point: the key for `required`, `unique`, `index` and
    /// `description`, the value itself for the others.
    var location: SourceLocation
}

enum FieldKeyValue: Sendable {
    case bool(Bool)
    case number(Number)
    case count(Int)
    case text(String)
    case rule(DeleteRule)
    /// A default, resolved against the field's type by the validator.
    indirect case node(YAMLNode)
}

struct IndexDeclaration: Sendable {
    var fields: [Located<String>]
    var isUnique: Bool
    var name: Located<String>?
    var location: SourceLocation
}
