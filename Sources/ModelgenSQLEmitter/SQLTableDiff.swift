import ModelgenDiagnostics

/// What differs between the tables a layout makes from two schema versions, as one dialect
/// spells them: tables, columns, constraints and indexes matched by name, the way the
/// database sees them. A migration is these differences, spelled as statements.
struct SQLTableDiff {
    /// A column whose type, nullability, default or checks change.
    struct ColumnChange {
        var old: SQLColumn
        var new: SQLColumn
        /// The conversion of its values when its type changes (and one keeps them).
        var cast: SQLColumnCast?
        var typeChanges: Bool { old.type != new.type }
        var nullabilityChanges: Bool { old.notNull != new.notNull }
        var defaultChanges: Bool
        var checksChange: Bool
        /// The JSON the column holds changes shape so that stored values may not fit: the
        /// field's type before and after, for messages.
        var jsonValues: JSONChange?
    }

    /// A table in both versions that differs.
    struct TableChange {
        var old: SQLTable
        var new: SQLTable
        var addedColumns: [SQLColumn] = []
        /// Columns that go, with their data: removed fields, and fields whose type changes with
        /// no conversion (they are added again, in `addedColumns`).
        var droppedColumns: [SQLColumn] = []
        var changedColumns: [ColumnChange] = []
        var droppedForeignKeys: [SQLForeignKey] = []
        var addedForeignKeys: [SQLForeignKey] = []
        var droppedIndexes: [SQLIndex] = []
        var addedIndexes: [SQLIndex] = []
        /// Columns whose description changes (or which are new and have one).
        var describedColumns: [SQLColumn] = []
        var descriptionChanges = false
        var primaryKeyChanges = false
        /// Renamed by the migration (the table, or a column): SQLite then rebuilds it, so that its
        /// constraints and indexes have the names a fresh table has.
        var isRenamed = false

        /// Whether anything but indexes and descriptions changes: what SQLite rebuilds a table for.
        var changesDefinition: Bool {
            !addedColumns.isEmpty || !droppedColumns.isEmpty || !changedColumns.isEmpty
                || !droppedForeignKeys.isEmpty || !addedForeignKeys.isEmpty || primaryKeyChanges || isRenamed
        }

        var isEmpty: Bool {
            !changesDefinition && droppedIndexes.isEmpty && addedIndexes.isEmpty && describedColumns.isEmpty && !descriptionChanges
        }
    }

    let dialect: SQLOptions.Dialect
    private let jsonChanges: JSONChanges
    /// In the new version's order.
    var addedTables: [SQLTable] = []
    /// In the old version's order.
    var droppedTables: [SQLTable] = []
    /// In the new version's order.
    var changedTables: [TableChange] = []

    var isEmpty: Bool { addedTables.isEmpty && droppedTables.isEmpty && changedTables.isEmpty }

    /// `renamed`: the tables (by new name) that the migration renames, or renames columns of.
    /// JSON columns whose stored values may not fit their new shape (``SQLJSONShape``), by
    /// table, then column, with the field's type before and after.
    typealias JSONChanges = [String: [String: JSONChange]]

    /// A field kept as JSON whose values may not fit its new type: its types before and after,
    /// and the value that holds nothing (`[]`, `{}`), which fits whatever the type.
    struct JSONChange {
        var from: String
        var to: String
        var empty: String?
    }

    init(old: [SQLTable], new: [SQLTable], dialect: SQLOptions.Dialect, renamed: Set<String> = [], jsonChanges: JSONChanges = [:]) {
        self.dialect = dialect
        self.jsonChanges = jsonChanges
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        droppedTables = old.filter { !newNames.contains($0.name) }
        for table in new {
            guard let previous = oldByName[table.name] else {
                addedTables.append(table)
                continue
            }
            var change = compare(previous, table)
            change.isRenamed = renamed.contains(table.name)
            if !change.isEmpty { changedTables.append(change) }
        }
    }

    private func compare(_ old: SQLTable, _ new: SQLTable) -> TableChange {
        var change = TableChange(old: old, new: new)
        let oldColumns = Self.columns(of: old)
        let newColumns = Self.columns(of: new)
        for column in oldColumns where !newColumns.contains(where: { $0.name == column.name }) {
            change.droppedColumns.append(column)
        }
        for column in newColumns {
            guard let previous = oldColumns.first(where: { $0.name == column.name }) else {
                change.addedColumns.append(column)
                if column.description != nil { change.describedColumns.append(column) }
                continue
            }
            if previous.description != column.description { change.describedColumns.append(column) }
            var cast: SQLColumnCast?
            if previous.type != column.type || previous.kind != column.kind {
                cast = SQLColumnCast(from: previous, to: column)
                if cast == nil {
                    change.droppedColumns.append(previous)
                    change.addedColumns.append(column)
                    continue
                }
            }
            var columnChange = ColumnChange(old: previous, new: column, cast: cast,
                                            defaultChanges: previous.defaultValue != column.defaultValue,
                                            checksChange: dialect.checks(of: previous).map(\.text) != dialect.checks(of: column).map(\.text))
            if cast == nil { columnChange.jsonValues = jsonChanges[new.name]?[column.name] }
            if cast != nil || columnChange.nullabilityChanges || columnChange.defaultChanges || columnChange.checksChange
                || columnChange.jsonValues != nil {
                change.changedColumns.append(columnChange)
            }
        }
        let droppedNames = Set(change.droppedColumns.map(\.name))
        // Compared by what the database holds of them, not where they were declared.
        func same(_ a: SQLForeignKey, _ b: SQLForeignKey) -> Bool {
            a.name == b.name && a.column == b.column && a.target == b.target && a.targetColumn == b.targetColumn && a.onDelete == b.onDelete
        }
        for key in old.foreignKeys where !new.foreignKeys.contains(where: { same($0, key) }) || droppedNames.contains(key.column) {
            change.droppedForeignKeys.append(key)
        }
        for key in new.foreignKeys where !old.foreignKeys.contains(where: { same($0, key) }) || droppedNames.contains(key.column) {
            change.addedForeignKeys.append(key)
        }
        // Indexes are told apart by name and definition; a column dropped and added again takes
        // its indexes with it.
        func same(_ a: SQLIndex, _ b: SQLIndex) -> Bool {
            a.name == b.name && a.keys == b.keys && a.isUnique == b.isUnique && a.isSpatial == b.isSpatial
        }
        func touchesDropped(_ index: SQLIndex) -> Bool { index.keys.contains { droppedNames.contains($0.column) } }
        for index in old.indexes where !new.indexes.contains(where: { same($0, index) }) || touchesDropped(index) {
            change.droppedIndexes.append(index)
        }
        for index in new.indexes where !old.indexes.contains(where: { same($0, index) }) || touchesDropped(index) {
            change.addedIndexes.append(index)
        }
        change.descriptionChanges = old.description != new.description
        change.primaryKeyChanges = old.primaryKey != new.primaryKey
        return change
    }

    /// Ordered as the table writes them.
    static func columns(of table: SQLTable) -> [SQLColumn] {
        table.elements.compactMap { if case .column(let column) = $0 { column } else { nil } }
    }

}

extension SQLOptions.Dialect {
    /// The CHECKs the dialect writes for `column`, each with its expression.
    func checks(of column: SQLColumn) -> [(check: SQLCheck, text: String)] {
        column.checks.filter { spells($0, on: column) }.map { ($0, SQLCheckText(check: $0, column: column.name, dialect: self).text) }
    }
}

extension SQLTable {
    /// What a message calls the table, or one of its columns: `Book`, `Book.title`, and for a
    /// join table the relation, `Book.tags`.
    func subject(column: String? = nil) -> String {
        switch origin {
        case .classTable(let className): column.map { "\(className).\($0)" } ?? className
        case .joinTable(let field, let className): "\(className).\(field)"
        default: column.map { "\(name).\($0)" } ?? name
        }
    }
}
