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
    var required: Located<Bool>?
    var defaultValue: YAMLNode?
    var unique: Located<Bool>?
    var index: Located<Bool>?
    var description: Located<String>?
    var min: Located<Number>?
    var max: Located<Number>?
    var minLength: Located<Int>?
    var maxLength: Located<Int>?
    var minCount: Located<Int>?
    var maxCount: Located<Int>?
    var onDelete: Located<DeleteRule>?
    var swiftName: Located<String>?

    /// The keys written in the long form, for "does not apply" checks, in written order.
    var writtenKeys: [Located<String>] = []

    var isRequired: Bool { requiredMark || required?.value == true }

    /// Where the character `offset` of the type text is; the type's start when the type spans lines.
    func typeLocation(at offset: Int) -> SourceLocation {
        typeIsOneLine ? typeLocation.advanced(by: offset) : typeLocation
    }
}

struct IndexDeclaration: Sendable {
    var fields: [Located<String>]
    var isUnique: Bool
    var name: Located<String>?
    var location: SourceLocation
}
