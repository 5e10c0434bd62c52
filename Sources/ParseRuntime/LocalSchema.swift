/// What the on-device store (`ParseLocalStore`) needs to know about a model: its SQLite tables
/// as modelgen writes them, and how each class's fields map to their columns.
///
/// modelgen generates one per model with the Swift emitter's option `localStore: true`
/// (`LocalSchema.library` for the model whose diagram page is `Library`). It is plain data, so
/// the generated models build without the store; open a store with it:
/// `try await LocalStore(path: path, schema: .library)`.
public struct LocalSchema: Sendable, Hashable {
    /// The model's name, as its diagram page is named (`Library`).
    public let name: String
    /// A fingerprint of ``statements``: a store made from other statements is a different
    /// schema.
    public let version: String
    /// The classes, in the order of the SQLite script.
    public let classes: [Class]
    /// The SQLite statements that create every table and index, in order, without the script's
    /// own `PRAGMA`, `BEGIN` and `COMMIT` (the store runs them in its own transaction).
    public let statements: [String]
    /// The migrations the model keeps (`modelgen migrate --create`), oldest first; empty when it
    /// keeps none. The last one leads to the tables ``statements`` make.
    public let migrations: [Migration]

    /// A model's local schema; generated code calls this.
    public init(name: String, version: String, classes: [Class], statements: [String], migrations: [Migration] = []) {
        self.name = name
        self.version = version
        self.classes = classes
        self.statements = statements
        self.migrations = migrations
    }

    /// One kept migration, in the form the store runs: its SQLite script's statements without
    /// `PRAGMA`, `BEGIN` and `COMMIT`, and without the checks that every pointer names a stored
    /// row (a device holds part of what the server has).
    public struct Migration: Sendable, Hashable {
        /// The migration's folder name (`0002_add_isbn`), which `modelgen_migrations` records.
        public let name: String
        /// The statements, in order.
        public let statements: [String]

        /// A migration; generated code calls this.
        public init(_ name: String, statements: [String]) {
            self.name = name
            self.statements = statements
        }
    }

    /// The class named `className`, if the model has it.
    public func `class`(named className: String) -> Class? {
        classes.first { $0.name == className }
    }

    /// One class: a table of the same name.
    public struct Class: Sendable, Hashable {
        /// The Parse class name, which is also the table's name.
        public let name: String
        /// The declared fields (and a built-in class's predefined ones), without `objectId`,
        /// `createdAt`, `updatedAt` and `ACL`, which every table has.
        public let fields: [Field]

        /// A class; generated code calls this.
        public init(_ name: String, fields: [Field]) {
            self.name = name
            self.fields = fields
        }

        /// The field named `name`, if the class has it.
        public func field(named name: String) -> Field? {
            fields.first { $0.name == name }
        }
    }

    /// One field: a column of the same name, or a join table for a relation.
    public struct Field: Sendable, Hashable {
        /// The Parse field name, which is also the column's name.
        public let name: String
        /// How the value is kept.
        public let kind: Kind
        /// Whether the schema requires a value (the column is `NOT NULL`).
        public let isRequired: Bool

        /// A field; generated code calls this.
        public init(_ name: String, _ kind: Kind, required: Bool = false) {
            self.name = name
            self.kind = kind
            self.isRequired = required
        }
    }

    /// How a field's value is kept in its column.
    public enum Kind: Sendable, Hashable {
        /// `TEXT`: a string, or a string enum's raw value.
        case string
        /// `INTEGER`: an int, or an int enum's raw value.
        case int
        /// `REAL`: a double or a float.
        case double
        /// `INTEGER` 0 or 1.
        case bool
        /// `TEXT`, ISO 8601 with milliseconds in UTC, as Parse writes dates.
        case date
        /// `BLOB`.
        case bytes
        /// `TEXT`: the file's name, as Parse stores it (the store keeps its URL beside).
        case file
        /// `TEXT`, a JSON object `{"latitude":…,"longitude":…}`.
        case geoPoint
        /// `TEXT`, a JSON array of `[latitude, longitude]` pairs.
        case polygon
        /// `TEXT`, JSON as Parse sends it: arrays, maps, embedded types and `object` fields.
        case json
        /// `TEXT`: the objectId of an object of `target`, which need not be stored locally.
        case pointer(to: String, onDelete: DeleteRule)
        /// No column: the join table `_Join:<field>:<class>` of `(owningId, relatedId)`.
        case relation(to: String)
    }

    /// What deleting an object does to the objects whose pointer names it, as the SQL's
    /// `ON DELETE` says.
    public enum DeleteRule: String, Sendable, Hashable {
        /// They are deleted too.
        case cascade
        /// Their pointer is cleared.
        case setNull
        /// The delete is refused while they exist.
        case restrict
        /// They keep the pointer, which then names an object that is gone (Parse's own behaviour).
        case noAction
    }
}
