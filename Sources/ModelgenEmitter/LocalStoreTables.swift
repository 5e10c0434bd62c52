import ModelgenDiagnostics
import ModelgenSchema

/// A model's tables in the on-device store, as the generator sees them: the SQL emitter makes
/// them (the SQLite script of its relational layout, and what each class's columns hold), and
/// the Swift emitter writes them as ParseRuntime's `LocalSchema`, whose shape this mirrors. The
/// generator's registry hands the one to the other (``LocalStoreTablesMaker``), so neither
/// emitter's module depends on the other's.
public struct LocalStoreTables: Sendable, Hashable {
    /// The statements that create every table and index, in order, each as the script writes
    /// it (without its comments), and without the script's `PRAGMA`, `BEGIN` and `COMMIT`.
    public var statements: [String]
    /// The classes with a table, in the order of the statements.
    public var classes: [Class]

    public init(statements: [String], classes: [Class]) {
        self.statements = statements
        self.classes = classes
    }

    /// The fingerprint of the statements: 16 hex digits of FNV-1a (64 bits) over them joined by
    /// newlines, so that other statements make another version.
    public var version: String {
        StableHash.fnv1a64(statements.joined(separator: "\n"))
    }

    /// A class: its table's name and what its fields hold.
    public struct Class: Sendable, Hashable {
        public var name: String
        /// The fields with a column (a built-in class's predefined ones first) or a join table,
        /// in the schema's order, which is the columns' order; never `objectId`, `createdAt`,
        /// `updatedAt` or `ACL`, which every table has, nor an inverse, which is not stored.
        public var fields: [Field]

        public init(name: String, fields: [Field]) {
            self.name = name
            self.fields = fields
        }
    }

    /// A field: a column of the same name, or, for a relation, a join table.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var kind: Kind
        /// Whether its column is `NOT NULL`.
        public var isRequired: Bool

        public init(name: String, kind: Kind, isRequired: Bool = false) {
            self.name = name
            self.kind = kind
            self.isRequired = isRequired
        }
    }

    /// How a field's value is kept: ParseRuntime's `LocalSchema.Kind`, case for case.
    public enum Kind: Sendable, Hashable {
        case string, int, double, bool, date, bytes, file, geoPoint, polygon, json
        /// The `ON DELETE` rule is the one the script writes for the column's foreign key.
        case pointer(to: String, onDelete: DeleteRule)
        case relation(to: String)
    }
}

/// Makes a model's ``LocalStoreTables`` from its validated schema, reporting what keeps SQLite
/// from holding them as located diagnostics (then it returns `nil`). `context` is the run's,
/// so the statements come from the same templates as the SQL emitter's script.
public typealias LocalStoreTablesMaker = @Sendable (_ schema: Schema, _ context: EmitterContext,
                                                    _ diagnostics: inout DiagnosticCollector) -> LocalStoreTables?
