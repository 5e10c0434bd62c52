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
    var formerly: Located<[String]>?
    var description: String?
    var fields: [FieldDeclaration] = []
    var indexes: [IndexDeclaration] = []
    var permissions: PermissionsDeclaration?
    /// Every field key written, including fields dropped for errors already reported. Only an
    /// error looks in it, so it is the keys as written, not a set made for every class.
    var writtenFieldNames: [String] = []
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

    /// Where the character `offset` of the type text is; the type's start when the type spans lines.
    func typeLocation(at offset: Int) -> SourceLocation {
        typeIsOneLine ? typeLocation.advanced(by: offset) : typeLocation
    }

    /// The values of the long form's keys, read in one pass over them. A key whose value was
    /// refused (already reported) has none.
    var values: WrittenValues {
        var values = WrittenValues()
        for entry in keys {
            guard let value = entry.value else { continue }
            let location = entry.location
            switch (entry.key, value) {
            case (.required, .bool(let flag)): values.required = Located(value: flag, location: location)
            case (.unique, .bool(let flag)): values.unique = Located(value: flag, location: location)
            case (.index, .bool(let flag)): values.index = Located(value: flag, location: location)
            case (.description, .text(let text)): values.description = Located(value: text, location: location)
            case (.swiftName, .text(let text)): values.swiftName = Located(value: text, location: location)
            case (.formerly, .names(let names)): values.formerly = Located(value: names, location: location)
            case (.min, .number(let number)): values.min = Located(value: number, location: location)
            case (.max, .number(let number)): values.max = Located(value: number, location: location)
            case (.minLength, .count(let count)): values.minLength = Located(value: count, location: location)
            case (.maxLength, .count(let count)): values.maxLength = Located(value: count, location: location)
            case (.minCount, .count(let count)): values.minCount = Located(value: count, location: location)
            case (.maxCount, .count(let count)): values.maxCount = Located(value: count, location: location)
            case (.onDelete, .rule(let rule)): values.onDelete = Located(value: rule, location: location)
            case (.default, .node(let node)): values.defaultValue = node
            default: continue
            }
        }
        values.isRequired = requiredMark || values.required?.value == true
        return values
    }
}

/// What a field's long form sets, with where each value was written.
struct WrittenValues {
    var required: Located<Bool>?
    var unique: Located<Bool>?
    var index: Located<Bool>?
    var description: Located<String>?
    var swiftName: Located<String>?
    var formerly: Located<[String]>?
    var min: Located<Number>?
    var max: Located<Number>?
    var minLength: Located<Int>?
    var maxLength: Located<Int>?
    var minCount: Located<Int>?
    var maxCount: Located<Int>?
    var onDelete: Located<DeleteRule>?
    var defaultValue: YAMLNode?
    /// Marked with `!` or set with `required: true`.
    var isRequired = false
}

/// A key of a field's long form, other than `type`.
enum FieldKey: String, Sendable, CaseIterable {
    case required, `default`, unique, index, description, min, max, minLength, maxLength, minCount, maxCount, onDelete, swiftName,
         formerly

    static let named = CaseNames<FieldKey>()
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
    /// `formerly`: the names it had before.
    case names([String])
    /// A default, resolved against the field's type by the validator.
    indirect case node(YAMLNode)
}

/// `permissions:` as written: its syntax checked, the fields it names not yet looked up.
struct PermissionsDeclaration: Sendable {
    var permissions: ClassPermissions
    /// Every field it names, to check against the class's fields.
    var references: [FieldReference] = []

    struct FieldReference: Sendable {
        enum Use: Sendable {
            /// `pointer:f`, `readUserFields`, `writeUserFields`: must point to users.
            case users(String)
            /// Listed in `protectedFields`.
            case protected
        }

        var name: String
        var use: Use
        var location: SourceLocation
    }
}

struct IndexDeclaration: Sendable {
    var fields: [Located<String>]
    var isUnique: Bool
    var name: Located<String>?
    var location: SourceLocation
}
