import Testing

/// The shape of a database as its catalog reports it, in terms both dialects share, so one
/// comparison serves PostgreSQL and SQLite.
struct Catalog: Equatable {
    struct Column: Equatable, CustomStringConvertible {
        var name: String
        var type: String
        var notNull: Bool
        var hasDefault: Bool

        var description: String { "\(name) \(type)\(notNull ? " NOT NULL" : "")\(hasDefault ? " DEFAULT" : "")" }
    }

    struct ForeignKey: Hashable, Comparable, CustomStringConvertible {
        var column: String
        var target: String
        /// `CASCADE`, `SET NULL`, `RESTRICT` or `NO ACTION`.
        var onDelete: String

        var description: String { "\(column) -> \(target) ON DELETE \(onDelete)" }
        static func < (a: Self, b: Self) -> Bool { a.description < b.description }
    }

    struct Index: Hashable, Comparable, CustomStringConvertible {
        /// Column names; an expression key is written as `expr`.
        var columns: [String]
        var unique: Bool

        var description: String { "\(unique ? "UNIQUE " : "")(\(columns.joined(separator: ", ")))" }
        static func < (a: Self, b: Self) -> Bool { a.description < b.description }
    }

    struct Table: Equatable {
        var name: String
        var columns: [Column] = []
        var primaryKey: [String] = []
        var foreignKeys: Set<ForeignKey> = []
        /// Every index but the primary key's.
        var indexes: Set<Index> = []
        /// Columns with a CHECK constraint.
        var checkedColumns: Set<String> = []
    }

    var tables: [String: Table] = [:]

    /// Compares table by table and part by part, so a failure names what differs.
    static func expectEqual(actual: Catalog, expected: Catalog, _ context: String,
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(actual.tables.keys.sorted() == expected.tables.keys.sorted(), "\(context): tables", sourceLocation: sourceLocation)
        for (name, want) in expected.tables.sorted(by: { $0.key < $1.key }) {
            guard let have = actual.tables[name] else { continue }
            let where_ = "\(context): table \(name)"
            #expect(have.columns.map(\.description) == want.columns.map(\.description), "\(where_): columns", sourceLocation: sourceLocation)
            #expect(have.primaryKey == want.primaryKey, "\(where_): primary key", sourceLocation: sourceLocation)
            #expect(have.foreignKeys.sorted() == want.foreignKeys.sorted(), "\(where_): foreign keys", sourceLocation: sourceLocation)
            #expect(have.indexes.sorted() == want.indexes.sorted(), "\(where_): indexes", sourceLocation: sourceLocation)
            #expect(have.checkedColumns.sorted() == want.checkedColumns.sorted(), "\(where_): columns with a CHECK", sourceLocation: sourceLocation)
        }
    }
}
