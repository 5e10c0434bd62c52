import ModelgenDiagnostics

/// The validated model of every schema file of a run: what emitters see.
///
/// Every reference in it has been checked: a `pointer`, `relation` or `inverse` names a class
/// that exists (declared, or one of Parse's built-in classes); an enum or embedded type names a
/// declaration; defaults fit their types. Declarations keep the order in which they were written,
/// files in the order they were given.
public struct Schema: Sendable, Hashable {
    public var files: [SchemaFile]
    public var classes: [ClassDefinition]
    public var enums: [EnumDefinition]
    public var embeddedTypes: [EmbeddedDefinition]
    /// Where each name is (the first declaration of it), found once: emitters look a type up
    /// for every field that names one, and scanning ten thousand declarations each time made
    /// them grow with the square of the schema. A lookup checks the name at the position it
    /// finds and scans when it does not match, so a schema changed after it was made still
    /// finds its types.
    private let positions: Positions

    private struct Positions: Sendable {
        var classes: [String: Int]
        var enums: [String: Int]
        var embeddedTypes: [String: Int]
    }

    public init(files: [SchemaFile], classes: [ClassDefinition], enums: [EnumDefinition], embeddedTypes: [EmbeddedDefinition]) {
        self.files = files
        self.classes = classes
        self.enums = enums
        self.embeddedTypes = embeddedTypes
        func positions(_ names: some Sequence<String>) -> [String: Int] {
            Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        self.positions = Positions(classes: positions(classes.lazy.map(\.name)), enums: positions(enums.lazy.map(\.name)),
                                   embeddedTypes: positions(embeddedTypes.lazy.map(\.name)))
    }

    public func classDefinition(named name: String) -> ClassDefinition? {
        Self.find(name, in: classes, at: positions.classes[name], name: \.name)
    }

    public func enumDefinition(named name: String) -> EnumDefinition? {
        Self.find(name, in: enums, at: positions.enums[name], name: \.name)
    }

    public func embeddedDefinition(named name: String) -> EmbeddedDefinition? {
        Self.find(name, in: embeddedTypes, at: positions.embeddedTypes[name], name: \.name)
    }

    private static func find<Definition>(_ name: String, in definitions: [Definition], at position: Int?,
                                         name nameOf: (Definition) -> String) -> Definition? {
        if let position, definitions.indices.contains(position), nameOf(definitions[position]) == name {
            return definitions[position]
        }
        return definitions.first { nameOf($0) == name }
    }

    public static func == (a: Schema, b: Schema) -> Bool {
        a.files == b.files && a.classes == b.classes && a.enums == b.enums && a.embeddedTypes == b.embeddedTypes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(files)
        hasher.combine(classes)
        hasher.combine(enums)
        hasher.combine(embeddedTypes)
    }
}

/// One input file and what it declared at its top level.
extension Schema {
    /// The same model with every file named by `rename`: the names generated headers show.
    public func renamingFiles(_ rename: (String) -> String) -> Schema {
        var renamed = self
        for index in renamed.files.indices { renamed.files[index].path = rename(renamed.files[index].path) }
        for index in renamed.classes.indices { renamed.classes[index].file = rename(renamed.classes[index].file) }
        for index in renamed.enums.indices { renamed.enums[index].file = rename(renamed.enums[index].file) }
        for index in renamed.embeddedTypes.indices { renamed.embeddedTypes[index].file = rename(renamed.embeddedTypes[index].file) }
        return renamed
    }
}

public struct SchemaFile: Sendable, Hashable {
    /// The path as diagnostics and generated headers name it.
    public var path: String
    public var version: Int
    public var description: String?

    public init(path: String, version: Int = 1, description: String? = nil) {
        self.path = path
        self.version = version
        self.description = description
    }
}

/// A Parse class: a table in SQL, a `ParseObject` in Swift.
public struct ClassDefinition: Sendable, Hashable {
    /// The Parse class name (the YAML key), e.g. `Book` or `_User`.
    public var name: String
    /// `swiftName` as written; emitters derive a default when it is `nil`.
    public var swiftName: String?
    public var description: String?
    /// `formerly`: the names the class had before, which a migration renames its table from.
    public var formerly: [String]
    /// The declared fields in written order. Parse's own `objectId`, `createdAt`, `updatedAt`,
    /// `ACL` and a built-in class's predefined fields are not among them.
    public var fields: [FieldDefinition]
    public var indexes: [IndexDefinition]
    /// `permissions:` as written; `nil` when the schema gives none.
    public var permissions: ClassPermissions?
    /// Set for `_User`, `_Role`, `_Installation` and `_Session`.
    public var builtin: BuiltinClass?
    public var file: String
    public var location: SourceLocation

    public init(name: String, swiftName: String? = nil, description: String? = nil, formerly: [String] = [],
                fields: [FieldDefinition] = [], indexes: [IndexDefinition] = [], permissions: ClassPermissions? = nil,
                builtin: BuiltinClass? = nil, file: String, location: SourceLocation) {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.formerly = formerly
        self.fields = fields
        self.indexes = indexes
        self.permissions = permissions
        self.builtin = builtin
        self.file = file
        self.location = location
    }

    public func field(named name: String) -> FieldDefinition? { fields.first { $0.name == name } }
}

/// A value type stored inside its parent object (JSON in Parse and SQL, a struct in Swift).
public struct EmbeddedDefinition: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var fields: [FieldDefinition]
    public var file: String
    public var location: SourceLocation

    public init(name: String, description: String? = nil, fields: [FieldDefinition], file: String, location: SourceLocation) {
        self.name = name
        self.description = description
        self.fields = fields
        self.file = file
        self.location = location
    }
}

/// An enumeration, backed by strings (the default) or integers.
public struct EnumDefinition: Sendable, Hashable {
    public enum RawType: String, Sendable, Hashable {
        case string, int
    }

    public struct Case: Sendable, Hashable {
        public var name: String
        public var rawValue: RawValue
        public var title: String?
        public var location: SourceLocation

        public init(name: String, rawValue: RawValue, title: String? = nil, location: SourceLocation) {
            self.name = name
            self.rawValue = rawValue
            self.title = title
            self.location = location
        }
    }

    public enum RawValue: Sendable, Hashable, CustomStringConvertible {
        case string(String)
        case int(Int)

        public var description: String {
            switch self {
            case .string(let value): return value
            case .int(let value): return String(value)
            }
        }

        /// For messages: strings in quotes, numbers bare.
        public var quoted: String {
            switch self {
            case .string(let value): return "'\(value)'"
            case .int(let value): return String(value)
            }
        }
    }

    public var name: String
    public var description: String?
    public var rawType: RawType
    public var cases: [Case]
    public var file: String
    public var location: SourceLocation

    public init(name: String, description: String? = nil, rawType: RawType, cases: [Case], file: String, location: SourceLocation) {
        self.name = name
        self.description = description
        self.rawType = rawType
        self.cases = cases
        self.file = file
        self.location = location
    }
}

/// A declared field of a class or embedded type.
///
/// A value, like every type of the model, but held out of line: emitters and checks pass
/// fields by value in every loop over a class, and each copy of the inline struct retained
/// every string and box in it (docs/Development/README.md has the measurement). A copy shares
/// one storage object; changing a copy gives it storage of its own first.
public struct FieldDefinition: Sendable, Hashable {
    /// The Parse field name (the YAML key), which is also the SQL column name.
    public var name: String {
        get { storage.value.name }
        set { update { $0.name = newValue } }
    }
    public var swiftName: String? {
        get { storage.value.swiftName }
        set { update { $0.swiftName = newValue } }
    }
    public var type: FieldType {
        get { storage.value.type }
        set { update { $0.type = newValue } }
    }
    public var description: String? {
        get { storage.value.description }
        set { update { $0.description = newValue } }
    }
    public var isRequired: Bool {
        get { storage.value.isRequired }
        set { update { $0.isRequired = newValue } }
    }
    public var defaultValue: DefaultValue? {
        get { storage.value.defaultValue }
        set { update { $0.defaultValue = newValue } }
    }
    public var isUnique: Bool {
        get { storage.value.isUnique }
        set { update { $0.isUnique = newValue } }
    }
    public var isIndexed: Bool {
        get { storage.value.isIndexed }
        set { update { $0.isIndexed = newValue } }
    }
    public var min: Number? {
        get { storage.value.bounds?.value.min }
        set { setBound(\.min, newValue) }
    }
    public var max: Number? {
        get { storage.value.bounds?.value.max }
        set { setBound(\.max, newValue) }
    }
    public var minLength: Int? {
        get { storage.value.bounds?.value.minLength }
        set { setBound(\.minLength, newValue) }
    }
    public var maxLength: Int? {
        get { storage.value.bounds?.value.maxLength }
        set { setBound(\.maxLength, newValue) }
    }
    public var minCount: Int? {
        get { storage.value.bounds?.value.minCount }
        set { setBound(\.minCount, newValue) }
    }
    public var maxCount: Int? {
        get { storage.value.bounds?.value.maxCount }
        set { setBound(\.maxCount, newValue) }
    }
    /// For pointers: the rule in effect, the default already applied (`setNull`, or `restrict`
    /// when the pointer is required). `nil` for every other type.
    public var onDelete: DeleteRule? {
        get { storage.value.onDelete }
        set { update { $0.onDelete = newValue } }
    }
    public var location: SourceLocation {
        get { storage.value.location }
        set { update { $0.location = newValue } }
    }
    /// `formerly`: the names the field had before, which a migration renames its column from.
    public var formerly: [String] {
        get { storage.value.formerly }
        set { update { $0.formerly = newValue } }
    }

    private var storage: Storage

    public init(name: String, swiftName: String? = nil, type: FieldType, description: String? = nil,
                isRequired: Bool = false, defaultValue: DefaultValue? = nil, isUnique: Bool = false,
                isIndexed: Bool = false, min: Number? = nil, max: Number? = nil, minLength: Int? = nil,
                maxLength: Int? = nil, minCount: Int? = nil, maxCount: Int? = nil, onDelete: DeleteRule? = nil,
                formerly: [String] = [], location: SourceLocation) {
        let bounds = Bounds(min: min, max: max, minLength: minLength, maxLength: maxLength, minCount: minCount, maxCount: maxCount)
        storage = Storage(Fields(name: name, swiftName: swiftName, type: type, description: description, isRequired: isRequired,
                                 defaultValue: defaultValue, isUnique: isUnique, isIndexed: isIndexed,
                                 bounds: bounds == Bounds() ? nil : BoundsBox(bounds), onDelete: onDelete, formerly: formerly,
                                 location: location))
    }

    public static func == (a: FieldDefinition, b: FieldDefinition) -> Bool {
        a.storage === b.storage || a.storage.value == b.storage.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.value)
    }
}

extension FieldDefinition {
    /// What a field holds.
    private struct Fields: Hashable {
        var name: String
        var swiftName: String?
        var type: FieldType
        var description: String?
        var isRequired: Bool
        var defaultValue: DefaultValue?
        var isUnique: Bool
        var isIndexed: Bool
        /// The six bounds, held out of line and only when there is one: few fields have any,
        /// and every field lives as long as the run (200,000 of them for 10,000 classes), so
        /// inline they made each field 80 bytes larger.
        var bounds: BoundsBox?
        var onDelete: DeleteRule?
        /// Empty for nearly every field: an empty array costs no allocation.
        var formerly: [String]
        var location: SourceLocation
    }

    /// Shared by copies of a field and changed only while one field holds it (`update`), so
    /// no two threads ever see it change.
    private final class Storage: @unchecked Sendable {
        var value: Fields
        init(_ value: Fields) { self.value = value }
    }

    /// Changes this field's own storage: a copy first when another field shares it.
    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.value)
        }
        change(&storage.value)
    }

    private struct Bounds: Hashable, Sendable {
        var min: Number?
        var max: Number?
        var minLength: Int?
        var maxLength: Int?
        var minCount: Int?
        var maxCount: Int?
    }

    /// Immutable, so shared between copies; a change makes a new box.
    private final class BoundsBox: Hashable, Sendable {
        let value: Bounds
        init(_ value: Bounds) { self.value = value }
        static func == (a: BoundsBox, b: BoundsBox) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// Sets all six bounds at once: one box, or none when there are none.
    mutating func setBounds(min: Number?, max: Number?, minLength: Int?, maxLength: Int?, minCount: Int?, maxCount: Int?) {
        let value = Bounds(min: min, max: max, minLength: minLength, maxLength: maxLength, minCount: minCount, maxCount: maxCount)
        update { $0.bounds = value == Bounds() ? nil : BoundsBox(value) }
    }

    private mutating func setBound<Value>(_ key: WritableKeyPath<Bounds, Value?>, _ newValue: Value?) {
        var value = storage.value.bounds?.value ?? Bounds()
        value[keyPath: key] = newValue
        update { $0.bounds = value == Bounds() ? nil : BoundsBox(value) }
    }
}

/// A resolved field type.
///
/// Only the nested cases are boxed: a scalar or a named type is held inline, so reading a
/// field's type (every emitter does, for every field, from several threads at once) retains
/// nothing, where a boxed type was retained and released on each read.
public enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case scalar(ScalarType)
    case enumeration(String)
    case embedded(String)
    indirect case array(FieldType)
    indirect case map(FieldType)
    case pointer(String)
    case relation(String)
    /// A backlink to the objects of `className` whose `field` links here. Never stored.
    case inverse(className: String, field: String)

    /// The type as it is written in a schema.
    public var description: String {
        switch self {
        case .scalar(let scalar): return scalar.rawValue
        case .enumeration(let name), .embedded(let name): return name
        case .array(let element): return "array<\(element)>"
        case .map(let element): return "map<\(element)>"
        case .pointer(let target): return "pointer<\(target)>"
        case .relation(let target): return "relation<\(target)>"
        case .inverse(let className, let field): return "inverse<\(className).\(field)>"
        }
    }

    /// The class a pointer, relation or inverse links to.
    public var linkedClass: String? {
        switch self {
        case .pointer(let name), .relation(let name): return name
        case .inverse(let name, _): return name
        default: return nil
        }
    }
}

/// The scalar types of the format.
public enum ScalarType: String, Sendable, Hashable, CaseIterable {
    case string, int, double, float, bool, date, bytes, file, geopoint, polygon, object

    public var isNumber: Bool { self == .int || self == .double || self == .float }

    /// The scalar type named `name` (as `init(rawValue:)`, faster: every field's type is looked up).
    static let named = CaseNames<ScalarType>()
}

/// A number written in a schema, kept as written: integers stay exact.
public enum Number: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case double(Double)

    public var doubleValue: Double {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        }
    }

    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        }
    }
}

/// A field's default value, checked against its type.
public enum DefaultValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A date as an ISO 8601 UTC string with milliseconds (`2024-01-31T00:00:00.000Z`), Parse's form.
    case date(String)
    /// The name of a case of the field's enum.
    case enumCase(String)
}

/// What happens to a pointer when the object it points at is deleted.
public enum DeleteRule: String, Sendable, Hashable, CaseIterable {
    case cascade, setNull, restrict, noAction
}

/// A declared index of a class.
public struct IndexDefinition: Sendable, Hashable {
    public var fields: [String]
    public var isUnique: Bool
    public var name: String?
    public var location: SourceLocation

    public init(fields: [String], isUnique: Bool = false, name: String? = nil, location: SourceLocation) {
        self.fields = fields
        self.isUnique = isUnique
        self.name = name
        self.location = location
    }
}
