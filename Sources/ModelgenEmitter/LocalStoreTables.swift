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
    /// The migrations the model keeps, oldest first, in the form the store runs them (see
    /// ``Migration``); empty when it keeps none.
    public var migrations: [Migration]

    public init(statements: [String], classes: [Class], migrations: [Migration] = []) {
        self.statements = statements
        self.classes = classes
        self.migrations = migrations
    }

    /// The fingerprint of the statements: 16 hex digits of FNV-1a (64 bits) over them joined by
    /// newlines, so that other statements make another version.
    public var version: String {
        StableHash.fnv1a64(statements.joined(separator: "\n"))
    }

    /// A kept migration as the store runs it: its SQLite script's statements without `PRAGMA`,
    /// `BEGIN` and `COMMIT` (the store runs every pending migration in one transaction of its
    /// own, with foreign keys off), and without the checks that the rows' pointers name rows that
    /// exist (a device holds part of what the server has). ParseRuntime's `LocalSchema.Migration`.
    public struct Migration: Sendable, Hashable {
        /// Its folder name, `0002_add_isbn`, which `modelgen_migrations` records.
        public var name: String
        public var statements: [String]

        public init(name: String, statements: [String]) {
            self.name = name
            self.statements = statements
        }
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

/// The SQLite scripts of the migrations a model keeps, read by the pipeline where it reads the
/// model's history (`migrations/NNNN_name/sqlite.sql`), for the on-device store's
/// ``LocalStoreTables/migrations``. When the model keeps migrations whose SQLite scripts cannot
/// be had (its `sql` emitter makes them without SQLite, or in Parse Server's layout, or a script
/// is missing), `problems` say why, located; they are reported only when the store's tables
/// are made (the Swift emitter's `localStore: true`).
public struct KeptSQLiteScripts: Sendable, Hashable {
    /// Each kept migration's script, oldest first.
    public var scripts: [Script]
    /// Errors that keep the scripts from the store; when there are any, `scripts` is empty.
    public var problems: [Diagnostic]

    public init(scripts: [Script] = [], problems: [Diagnostic] = []) {
        self.scripts = scripts
        self.problems = problems
    }

    /// A kept migration's `sqlite.sql`.
    public struct Script: Sendable, Hashable {
        /// The migration's folder name, `0002_add_isbn`.
        public var name: String
        /// The script's text, as committed.
        public var text: String

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }
}

/// Makes a model's ``LocalStoreTables`` from its validated schema, reporting what keeps SQLite
/// from holding them as located diagnostics (then it returns `nil`). `context` is the run's,
/// so the statements come from the same templates as the SQL emitter's script, and the
/// migrations from its ``EmitterContext/keptSQLiteScripts`` (whose problems it reports).
public typealias LocalStoreTablesMaker = @Sendable (_ schema: Schema, _ context: EmitterContext,
                                                    _ diagnostics: inout DiagnosticCollector) -> LocalStoreTables?
