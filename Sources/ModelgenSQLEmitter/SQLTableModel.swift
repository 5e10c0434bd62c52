import ModelgenDiagnostics
import ModelgenSchema

// The tables a layout builds from a schema, before a dialect spells them. Names here are plain
// (unquoted); the view model quotes them.

/// What a column holds; each dialect spells it with its own type (see `SQLDialectSpelling`).
enum SQLValueType: Hashable {
    case text, bigint, double, real, boolean, timestamp, bytes, json, point, polygon
    /// PostgreSQL `text[]`: Parse Server's `_rperm`/`_wperm` permission lists.
    case textArray
    /// `varChar(n)`: Parse Server's join-table and `_SCHEMA` keys.
    case varchar(Int)
    /// PostgreSQL `bool`, as Parse Server writes it for `_SCHEMA`.
    case bool

    /// Values that only a GiST index can index in PostgreSQL.
    var isSpatial: Bool { self == .point || self == .polygon }
}

/// A constant in a DEFAULT or CHECK.
enum SQLLiteral: Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// An ISO 8601 date, as Parse writes it.
    case timestamp(String)
    /// The current time, when the row is inserted.
    case now
}

/// A column constraint that a dialect spells as a CHECK expression (or leaves out, when its
/// type already guarantees it).
enum SQLCheck: Hashable {
    /// An enum: the value is one of the raw values.
    case oneOf([SQLLiteral])
    /// `min`/`max` of a number, inclusive.
    case range(min: Number?, max: Number?)
    /// `minLength`/`maxLength` of a string, in characters.
    case length(min: Int?, max: Int?)
    /// `minCount`/`maxCount` of a JSON array.
    case count(min: Int?, max: Int?)
    /// The text is JSON (SQLite; `jsonb` checks itself).
    case jsonValid
    /// The JSON value is of this type (`array` or `object`).
    case jsonType(String)
    /// 0 or 1 (SQLite has no boolean type; PostgreSQL's `boolean` checks itself).
    case boolean
}

struct SQLColumn: Hashable {
    var name: String
    var type: SQLValueType
    var notNull = false
    var defaultValue: SQLLiteral?
    var checks: [SQLCheck] = []
    var description: String?
    /// The field it comes from, for messages.
    var location: SourceLocation?
    /// What its values mean, when the type does not say (Parse Server's layout stores every
    /// number as `double precision`).
    var meaning: SQLValueKind?

    /// What its values mean: what a migration converts them from and to.
    var kind: SQLValueKind { meaning ?? SQLValueKind(storage: type) }
}

/// A foreign key from one column to another table's key.
struct SQLForeignKey: Hashable {
    var name: String
    var column: String
    var target: String
    var targetColumn: String
    var onDelete: DeleteRule
    /// The field it comes from, for messages.
    var location: SourceLocation?
}

/// What an index is built on.
enum SQLIndexKey: Hashable {
    case column(String)
    /// `lower(column)`, as Parse Server's case-insensitive username and email indexes.
    case lowercased(String)

    var column: String {
        switch self {
        case .column(let name), .lowercased(let name): return name
        }
    }
}

/// What a table or index is, for messages ("the table of class 'Book'"). Composed only when a
/// message needs it: every table and index of a large schema is made once per script, and
/// composing each description there and then was a good part of making them.
enum SQLOrigin: Hashable, CustomStringConvertible {
    /// Text that names it whole ("Parse Server's '_SCHEMA' table").
    case text(String)
    case classTable(className: String)
    case joinTable(field: String, className: String)
    case uniqueIndexOfBuiltinField(className: String, field: String)
    case uniqueIndexOfField(String)
    case indexOfField(String)
    case declaredIndex(fields: [String])
    case relatedSideIndex(joinTable: String)
    case foreignKeyIndex(column: String)

    var description: String {
        switch self {
        case .text(let text): text
        case .classTable(let className): "the table of class '\(className)'"
        case .joinTable(let field, let className): "the join table of relation '\(field)' of class '\(className)'"
        case .uniqueIndexOfBuiltinField(let className, let field): "the unique index of '\(className).\(field)'"
        case .uniqueIndexOfField(let field): "the unique index of field '\(field)'"
        case .indexOfField(let field): "the index of field '\(field)'"
        case .declaredIndex(let fields): "the index on \(fields.joined(separator: ", "))"
        case .relatedSideIndex(let joinTable): "the index on the related side of '\(joinTable)'"
        case .foreignKeyIndex(let column): "the index of foreign key '\(column)'"
        }
    }
}

struct SQLIndex: Hashable {
    var name: String
    var keys: [SQLIndexKey]
    var isUnique = false
    /// GiST in PostgreSQL: for `point` and `polygon` columns.
    var isSpatial = false
    /// Where it comes from (a field, a declared index), for messages.
    var location: SourceLocation?
    /// What it is, for messages: "the unique index of field 'isbn'".
    var origin: SQLOrigin
}

/// One table: its columns and primary key in the order the script writes them, then its
/// foreign keys and indexes.
struct SQLTable {
    enum Element: Hashable {
        case column(SQLColumn)
        case primaryKey([String])

        var isColumn: Bool {
            if case .column = self { true } else { false }
        }
    }

    var name: String
    var description: String?
    var location: SourceLocation?
    /// What it is, for messages: "the table of class 'Book'".
    var origin: SQLOrigin
    var elements: [Element] = []
    var foreignKeys: [SQLForeignKey] = []
    var indexes: [SQLIndex] = []

    var primaryKey: [String] {
        // Looked for from the end: the relational layout puts it after the columns.
        for element in elements.reversed() { if case .primaryKey(let columns) = element { return columns } }
        return []
    }

    func column(named name: String) -> SQLColumn? {
        for element in elements { if case .column(let column) = element, column.name == name { return column } }
        return nil
    }

    /// The columns that hold points or polygons (which only a GiST index can index): found
    /// once for all of a table's indexes, and almost always none.
    var spatialColumns: SpatialColumns {
        var names: [String] = []
        for case .column(let column) in elements where column.type.isSpatial { names.append(column.name) }
        return SpatialColumns(names: names)
    }

    struct SpatialColumns {
        let names: [String]

        /// Whether any of `columns` is one of them.
        func containsAny(of columns: some Sequence<String>) -> Bool {
            !names.isEmpty && columns.contains(where: names.contains)
        }

        func contains(_ column: String) -> Bool {
            names.contains(column)
        }
    }

    /// Adds an index unless one with the same name and definition is there already.
    mutating func addIndex(_ index: SQLIndex) {
        if indexes.contains(where: { $0.name == index.name && $0.keys == index.keys && $0.isUnique == index.isUnique }) { return }
        indexes.append(index)
    }

    /// Whether the primary key or an index starts with `column`, so lookups by it need no
    /// index of their own.
    func isLeadingColumn(_ column: String) -> Bool {
        primaryKey.first == column || indexes.contains { $0.keys.first == .column(column) }
    }
}

/// How much of each table a layout makes.
enum SQLTableDetail {
    /// All that a script writes.
    case full
    /// What the SQL checks and the table order read: names, primary keys, foreign keys and
    /// indexes, as in the whole table. Of the columns made from fields it keeps only points
    /// and polygons, which the index checks look at.
    case outline
}

/// A layout's tables in declaration order, each made when it is asked for and made again when
/// asked again: a schema of ten thousand classes has some twenty thousand tables, too many to
/// hold while each script is checked and written. A smaller schema's are made once and held
/// (`kept()`).
struct SQLTableList: Sendable {
    let count: Int
    private let make: @Sendable (Int) -> SQLTable

    init(count: Int, make: @escaping @Sendable (Int) -> SQLTable) {
        self.count = count
        self.make = make
    }

    subscript(index: Int) -> SQLTable { make(index) }

    /// The same tables, every one made now and held, so that reading one does not make it
    /// again.
    func kept() -> SQLTableList {
        let all = (0..<count).map(make)
        return SQLTableList(count: count) { all[$0] }
    }
}
