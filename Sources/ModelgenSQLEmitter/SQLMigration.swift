import ModelgenDiagnostics
import ModelgenSchema
import ModelgenTemplates

/// The SQL that takes a database made by modelgen from one schema version to exactly what
/// modelgen makes from the next, in one dialect and layout: the two versions' tables, as the
/// SQL emitter builds them, compared by name (``SQLTableDiff``) and spelled as statements.
///
/// Changes that lose data (a table or column dropped, a type changed with no conversion that
/// keeps the values) are ``dataLosses``; a caller refuses them unless the user accepts them.
/// Changes that only some rows can take (a field made required, a value narrowed) are guarded
/// in the script: it stops, changing nothing, on the first row that cannot.
public struct SQLMigration {
    public let layout: SQLOptions.Layout
    public let dialect: SQLOptions.Dialect
    /// What the new version's `formerly` renames, in the database, before anything else.
    let renames: [SQLTableRename]
    /// Between the old version, with the new names, and the new one.
    let diff: SQLTableDiff
    /// The old version's tables as the database has them, by their new names.
    private let originals: [String: SQLTable]
    /// A `formerly` that names more than one thing of the old version: the migration cannot be made.
    public let problems: [Diagnostic]
    /// What changes in Parse Server's record of its classes (the `parse-server` layout).
    let records: ParseServerRecords?

    /// Compares the tables of `old` and `new` (both loaded and valid) in `layout` and `dialect`;
    /// `old` is `nil` for an empty database, which has no table at all.
    public init(from old: Schema?, to new: Schema, layout: SQLOptions.Layout, dialect: SQLOptions.Dialect) {
        self.layout = layout
        self.dialect = dialect
        var renames: [SQLTableRename] = []
        var originals: [String: SQLTable] = [:]
        var oldTables: [SQLTable] = []
        var problems: [Diagnostic] = []
        var declaredRenames: SQLSchemaRenames?
        if let old {
            let declared = SQLSchemaRenames(old: old, new: new)
            declaredRenames = declared
            problems = declared.problems
            oldTables = Self.tables(of: declared.renamedOld, layout: layout)
            if !declared.isEmpty {
                // The same declarations in the same order: the tables pair up by position.
                let before = Self.tables(of: old, layout: layout)
                for (position, (original, renamed)) in zip(before, oldTables).enumerated() {
                    originals[renamed.name] = original
                    if let rename = SQLTableRename(original: original, renamed: renamed) { renames.append(rename) }
                    // Descriptions are what the database holds (a join table's is made from names).
                    oldTables[position] = renamed.describedAs(original)
                }
            }
        }
        if !renames.isEmpty {
            // An index renamed into a name another index of the old version has: the database
            // cannot hold both, nor the script tell them apart.
            var owners: [String: SQLTable] = [:]
            for table in oldTables {
                for index in table.indexes {
                    if let other = owners[index.name] {
                        problems.append(.error("the renames give two indexes the name '\(index.name)': \(index.origin) of \(table.subject()), and one of \(other.subject()) that the old version has",
                                               at: index.location ?? table.location,
                                               notes: [.init("give the declared index another name in one migration, then rename in the next")]))
                    }
                    owners[index.name] = table
                }
            }
        }
        self.renames = renames
        records = if let declaredRenames, layout == .parseServer {
            ParseServerRecords(new: new, renames: declaredRenames, tableRenames: renames)
        } else {
            nil
        }
        self.originals = originals
        self.problems = problems
        diff = SQLTableDiff(old: oldTables, new: Self.tables(of: new, layout: layout), dialect: dialect,
                            renamed: Set(renames.map(\.renamed.name)), jsonChanges: Self.jsonChanges(from: declaredRenames?.renamedOld, to: new))
    }

    /// The fields kept as JSON whose values may not fit their new type, by class and field (the
    /// table and column of both layouts), with their types before and after.
    private static func jsonChanges(from old: Schema?, to new: Schema) -> SQLTableDiff.JSONChanges {
        guard let old else { return [:] }
        var changes: SQLTableDiff.JSONChanges = [:]
        for newClass in new.classes {
            guard let oldClass = old.classDefinition(named: newClass.name) else { continue }
            for field in newClass.fields {
                guard let before = oldClass.field(named: field.name),
                      let oldShape = SQLJSONShape.of(before.type, in: old), let newShape = SQLJSONShape.of(field.type, in: new),
                      !oldShape.fits(newShape)
                else { continue }
                changes[newClass.name, default: [:]][field.name] = .init(from: before.type.description, to: field.type.description,
                                                                         empty: newShape.empty)
            }
        }
        return changes
    }

    /// The table as the database has it before the migration renames it.
    func original(_ table: SQLTable) -> SQLTable {
        originals[table.name] ?? table
    }

    private static func tables(of schema: Schema, layout: SQLOptions.Layout) -> [SQLTable] {
        let list = switch layout {
        case .relational: RelationalLayout(schema: schema).tables(.full)
        case .parseServer: ParseServerLayout(schema: schema).tables(.full)
        }
        return (0..<list.count).map { list[$0] }
    }

    /// The problems `gen` would report for this schema's SQL in this layout and dialect (names
    /// that collide in a database, and the like): a migration to a schema `gen` refuses is
    /// refused too.
    public static func check(_ schema: Schema, layout: SQLOptions.Layout, dialect: SQLOptions.Dialect,
                             diagnostics: inout DiagnosticCollector) {
        var checks = SQLSchemaChecks(schema: schema, options: SQLOptions(layout: layout, dialects: [dialect]))
        for table in tables(of: schema, layout: layout) { checks.visit(table) }
        checks.finish(diagnostics: &diagnostics)
    }

    /// Whether the two versions make the same tables.
    public var isEmpty: Bool { diff.isEmpty && renames.isEmpty }

    /// Each change that loses data, as an error at the old schema's declaration: a class or a
    /// relation removed (its table dropped), a field removed, a type changed with no conversion.
    public var dataLosses: [Diagnostic] {
        var losses: [Diagnostic] = []
        let renameNote = Diagnostic.Note("if it was renamed, say so in the new schema with 'formerly' (see docs/Migrations.md, Renames)")
        for renamedTable in diff.droppedTables {
            let table = original(renamedTable)
            switch table.origin {
            case .joinTable:
                losses.append(.error("\(table.subject()): dropping the relation's join table '\(table.name)' loses its links",
                                     at: table.location, notes: [renameNote]))
            default:
                losses.append(.error("\(table.subject()): dropping the table loses its rows", at: table.location, notes: [renameNote]))
            }
        }
        for change in diff.changedTables {
            for column in change.droppedColumns {
                let subject = change.old.subject(column: column.name)
                if let added = change.addedColumns.first(where: { $0.name == column.name }) {
                    losses.append(.error("\(subject): changing the column from \(dialect.typeName(column.type)) to \(dialect.typeName(added.type)) drops it and adds it again, which loses its data",
                                         at: column.location ?? change.old.location,
                                         notes: [.init("no conversion from \(dialect.typeName(column.type)) to \(dialect.typeName(added.type)) keeps every value; to keep them, add a new field, copy the values with your own SQL, then remove the old field")]))
                } else {
                    losses.append(.error("\(subject): dropping the column loses its data", at: column.location ?? change.old.location,
                                         notes: [renameNote]))
                }
            }
        }
        return losses
    }

    /// How a migration kept in a history records itself in the database it runs on, in the
    /// table `modelgen_migrations`, so that it runs once and in order: it stops, changing
    /// nothing, when it has run there already, when a later one has, or when others have but
    /// not the one before it.
    public struct Record: Sendable {
        /// Its folder name, `0002_add_isbn`.
        public var name: String
        /// The one before it, `nil` for the first.
        public var previous: String?

        public init(name: String, previous: String?) {
            self.name = name
            self.previous = previous
        }
    }

    /// The whole script: `header` as comment lines, then (when it drops data) what it loses,
    /// then the statements. With no difference and no `record`, a comment that says so and
    /// nothing to run.
    public func script(header: [String], templates: TemplateSet, record: Record? = nil) -> String {
        script(header: header, templates: templates, record: record, inStoreForm: false)
    }

    /// The script; with `inStoreForm`, a SQLite script in the on-device store's form
    /// (no `PRAGMA`, `BEGIN`, `COMMIT`, nor checks that pointers name rows that exist), which
    /// the tests compare with what ``LocalStoreMigration`` cuts from the whole script.
    func script(header: [String], templates: TemplateSet, record: Record?, inStoreForm: Bool) -> String {
        var lines = header.map { "-- " + $0 }
        guard !isEmpty || record != nil else {
            lines.append("-- The two versions make the same \(dialect.displayName) tables: there is nothing to run.")
            return lines.joined(separator: "\n") + "\n"
        }
        let losses = dataLosses
        if !losses.isEmpty {
            lines.append("-- It drops data, as accepted with --allow-data-loss:")
            lines += losses.map { "--   " + $0.message }
        }
        var script = SQLMigrationScript(dialect: dialect, layout: layout, templates: templates, record: record)
        script.writesStoreForm = inStoreForm
        switch dialect {
        case .postgresql: script.writePostgreSQL(self)
        case .sqlite: script.writeSQLite(self)
        }
        return lines.joined(separator: "\n") + "\n" + script.text
    }
}

/// A check a migration makes before a change that some rows may not take: `query` returns a
/// row when one cannot, and the script then stops with `message`, having changed nothing.
/// A check on rows also names the first of them (`blocking`: their objectIds, at most five).
struct SQLMigrationGuard {
    var query: String
    var message: String
    /// Selects what names each blocking row, as `modelgen_key`, first five in order.
    var blocking: String?
    /// What `blocking` lists: `objectId`.
    var keyName: String?
    /// Whether it checks that the rows' pointers name rows that exist: what the on-device store,
    /// whose rows may point to objects it does not hold, leaves out.
    var checksPointers = false

    init(query: String, message: String) {
        self.query = query
        self.message = message
    }

    /// A check on the rows of `from` (a FROM clause with its WHERE), naming them by the table's key.
    init(rowsOf from: String, table: SQLTable, message: String) {
        query = Self.query(rowsOf: from)
        self.message = message
        if let key = table.primaryKey.first {
            blocking = Self.blocking(rowsOf: from, key: key)
            keyName = key
        }
    }

    /// The query of a check on the rows of `from`.
    static func query(rowsOf from: String) -> String {
        "SELECT 1 FROM \(from)"
    }

    /// What names the first five rows of `from`, by their `key`.
    static func blocking(rowsOf from: String, key: String) -> String {
        "SELECT \(SQLSyntax.identifier(key)) AS \"modelgen_key\" FROM \(from) ORDER BY 1 LIMIT 5"
    }

    /// The table's key and a comma, for the subqueries that select converted rows: the
    /// blocking rows are named from them.
    private static func keyColumn(_ table: SQLTable) -> String {
        table.primaryKey.first.map { SQLSyntax.identifier($0) + ", " } ?? ""
    }

    static func notRunYet(_ record: SQLMigration.Record) -> [SQLMigrationGuard] {
        let table = SQLSyntax.identifier(SQLMigrationScript.historyTable)
        let name = SQLSyntax.stringLiteral(record.name)
        var guards = [
            SQLMigrationGuard(query: "SELECT 1 FROM \(table) WHERE \(SQLSyntax.identifier("name")) = \(name)",
                              message: "migration \(record.name) has run on this database already"),
            SQLMigrationGuard(query: "SELECT 1 FROM \(table) WHERE \(SQLSyntax.identifier("name")) > \(name)",
                              message: "a migration after \(record.name) has run on this database already: run the migrations in order"),
        ]
        if let previous = record.previous {
            let before = SQLSyntax.stringLiteral(previous)
            guards.append(SQLMigrationGuard(
                query: "SELECT 1 WHERE EXISTS (SELECT 1 FROM \(table)) AND NOT EXISTS (SELECT 1 FROM \(table) WHERE \(SQLSyntax.identifier("name")) = \(before))",
                message: "migration \(record.name) comes after \(previous), which has not run on this database: run the migrations in order"))
        }
        return guards
    }

    /// The table is there as the old schema makes it (``SQLStartingPoint``): a script run
    /// twice, out of order, or on a database made from another version stops here instead of
    /// changing rows.
    static func startsFrom(_ point: SQLStartingPoint) -> SQLMigrationGuard {
        SQLMigrationGuard(query: "SELECT 1 WHERE \(point.differs)",
                          message: "\(point.table.subject()): the table '\(point.table.name)' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from")
    }

    /// Parse Server has no record of a class under the name a rename gives (Parse Server's
    /// layout): the record of the class renamed could not take it.
    static func notRecordedByParseServer(_ className: String) -> SQLMigrationGuard {
        SQLMigrationGuard(query: parseServerRecord(of: className),
                          message: "\(className): Parse Server records a class '\(className)' in _SCHEMA already, so the database was not made from the old schema: remove that class with Parse Server (DELETE /schemas/\(className)) or migrate from the schema the database was made from")
    }

    /// Parse Server has no record of the class in `_SCHEMA`: a SQLite script leaves those
    /// records alone (Parse Server runs on PostgreSQL), so it cannot change the class's table.
    static func notRecordedInSQLite(_ className: String) -> SQLMigrationGuard {
        SQLMigrationGuard(query: parseServerRecord(of: className),
                          message: "\(className): _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL, where Parse Server runs, not in SQLite; delete the class's row from _SCHEMA, or migrate the PostgreSQL database")
    }

    /// Parse Server's record of a class in `_SCHEMA`, a row when there is one.
    private static func parseServerRecord(of className: String) -> String {
        "SELECT 1 FROM \"_SCHEMA\" WHERE \"className\" = \(SQLSyntax.stringLiteral(className))"
    }

    /// No table of that name is there yet: a database that has one was not made from the old
    /// schema, and the new table would not be made.
    static func tableIsNew(_ table: SQLTable, dialect: SQLOptions.Dialect) -> SQLMigrationGuard {
        let name = SQLSyntax.stringLiteral(table.name)
        let query = switch dialect {
        case .postgresql: "SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = \(name)"
        case .sqlite: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = \(name)"
        }
        return SQLMigrationGuard(query: query,
                                 message: "\(table.subject()): the database has a table '\(table.name)' already, so it was not made from the old schema: migrate from the schema it was made from")
    }

    static func tableIsEmpty(_ table: SQLTable, column: SQLColumn) -> SQLMigrationGuard {
        SQLMigrationGuard(rowsOf: SQLSyntax.identifier(table.name), table: table,
                          message: "\(table.subject(column: column.name)) is new, required and has no default, and the table has rows: give the field a default, or make it optional and fill it in")
    }

    static func noNulls(_ table: SQLTable, column: SQLColumn) -> SQLMigrationGuard {
        let name = SQLSyntax.identifier(column.name)
        return SQLMigrationGuard(rowsOf: "\(SQLSyntax.identifier(table.name)) WHERE \(name) IS NULL", table: table,
                                 message: "\(table.subject(column: column.name)) is now required, and some rows have no value: fill them in first")
    }

    /// `formerly`: the column as the database has it until the migration renames it (`Author.yr`).
    static func exactCast(_ table: SQLTable, column: SQLColumn, cast: SQLColumnCast, dialect: SQLOptions.Dialect,
                          formerly: String? = nil) -> SQLMigrationGuard? {
        guard let condition = cast.lossCondition(of: SQLSyntax.identifier(column.name), in: dialect) else { return nil }
        // NULL converts to NULL; a condition may not say so (SQLite's json_valid(NULL) is 0).
        let name = SQLSyntax.identifier(column.name)
        return SQLMigrationGuard(rowsOf: "\(SQLSyntax.identifier(table.name)) WHERE \(name) IS NOT NULL AND (\(condition))", table: table,
                                 message: "\(table.subject(column: column.name))\(formerly.map { " (\($0) before this migration)" } ?? "") changes from \(cast.summary(in: dialect)), and some values would not stay the same (\(cast.reason(in: dialect))): change them first")
    }

    /// No row holds a JSON value that may not fit the field's new type: the migration does not
    /// rewrite JSON, so it stops on every row that holds one (not NULL, and not the new type's
    /// empty value, `[]` or `{}`, when it has one).
    static func jsonValues(_ table: SQLTable, column: SQLColumn, change: SQLTableDiff.JSONChange,
                           dialect: SQLOptions.Dialect) -> SQLMigrationGuard {
        let name = SQLSyntax.identifier(column.name)
        let holds = switch (dialect, change.empty) {
        case (_, nil): "true"
        case (.postgresql, let empty?): "\(name) <> '\(empty)'::jsonb"
        case (.sqlite, let empty?): "CASE WHEN json_valid(\(name)) THEN json(\(name)) <> '\(empty)' ELSE 1 END"
        }
        let what = change.from == change.to ? ": what \(change.to) holds changes" : " changes from \(change.from) to \(change.to)"
        return SQLMigrationGuard(rowsOf: "\(SQLSyntax.identifier(table.name)) WHERE \(name) IS NOT NULL AND (\(holds))", table: table,
                                 message: "\(table.subject(column: column.name))\(what), and some rows hold values that may not fit; the migration does not rewrite JSON: empty or convert them first")
    }

    /// The new CHECK holds for every row, its value converted as the migration converts it.
    static func check(_ check: SQLCheck, text: String, table: SQLTable, column: SQLColumn,
                      conversion: String) -> SQLMigrationGuard {
        let name = SQLSyntax.identifier(column.name)
        let rows = conversion == name ? SQLSyntax.identifier(table.name)
            : "(SELECT \(keyColumn(table))\(conversion) AS \(name) FROM \(SQLSyntax.identifier(table.name))) AS \"modelgen_rows\""
        return SQLMigrationGuard(rowsOf: "\(rows) WHERE NOT (\(text))", table: table,
                                 message: "\(table.subject(column: column.name)): some values break its new \(rule(check)): change them first")
    }

    private static func rule(_ check: SQLCheck) -> String {
        switch check {
        case .oneOf: "enum cases"
        case .range: "min or max"
        case .length: "minLength or maxLength"
        case .count: "minCount or maxCount"
        case .jsonValid: "JSON check"
        case .jsonType(let type): "type (a JSON \(type))"
        case .boolean: "boolean check"
        }
    }

    /// SQLite, after a table is rebuilt with foreign keys off: its rows point to rows that exist.
    static func pointsToRowsThatExist(_ table: SQLTable) -> SQLMigrationGuard {
        var check = SQLMigrationGuard(rowsOf: rowsFailingForeignKeyCheck(table: table.name), table: table,
                                      message: "\(table.subject()): some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(\(SQLSyntax.stringLiteral(table.name))) lists them)")
        check.checksPointers = true
        return check
    }

    /// The rows of `table` that SQLite's foreign key check finds pointing nowhere.
    static func rowsFailingForeignKeyCheck(table: String) -> String {
        "\(SQLSyntax.identifier(table)) WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check(\(SQLSyntax.stringLiteral(table))))"
    }

    static func references(_ table: SQLTable, key: SQLForeignKey) -> SQLMigrationGuard {
        var check = SQLMigrationGuard(rowsOf: rowsPointingNowhere(table: table.name, column: key.column, target: key.target,
                                                                  targetColumn: key.targetColumn),
                                      table: table,
                                      message: "\(table.subject(column: key.column)): some rows point to \(key.target) objects that do not exist: clear or fix them first")
        check.checksPointers = true
        return check
    }

    /// The rows of `table` whose `column` names no row of `target`.
    static func rowsPointingNowhere(table: String, column: String, target: String, targetColumn: String) -> String {
        let name = SQLSyntax.identifier(column)
        return "\(SQLSyntax.identifier(table)) WHERE \(name) IS NOT NULL AND \(name) NOT IN (SELECT \(SQLSyntax.identifier(targetColumn)) FROM \(SQLSyntax.identifier(target)))"
    }

    /// No two rows share the index's keys. `source` is the table that holds the rows now (a
    /// rebuilt table's new copy, where new columns have their values).
    /// `filledBy`: the index's new columns, which every row fills with their default.
    static func unique(_ table: SQLTable, index: SQLIndex, source: String? = nil, filledBy defaulted: [String] = []) -> SQLMigrationGuard {
        let keys = index.keys.map { key in
            switch key {
            case .column(let name): SQLSyntax.identifier(name)
            case .lowercased(let name): "lower(\(SQLSyntax.identifier(name)))"
            }
        }.joined(separator: ", ")
        let filled = index.keys.map { "\(SQLSyntax.identifier($0.column)) IS NOT NULL" }.joined(separator: " AND ")
        let from = "(SELECT \(keyColumn(table))count(*) OVER (PARTITION BY \(keys)) AS \"modelgen_count\" FROM \(SQLSyntax.identifier(source ?? table.name)) WHERE \(filled)) AS \"modelgen_rows\" WHERE \"modelgen_count\" > 1"
        let fields = index.keys.map(\.column).joined(separator: ", ")
        let advice = defaulted.isEmpty ? "make them differ first"
            : "\(defaulted.joined(separator: ", ")) is new and every row takes its default: drop the default and fill the values in, or drop unique"
        return SQLMigrationGuard(rowsOf: from, table: table,
                                 message: "\(table.subject()): the new unique index '\(index.name)' finds rows with the same \(fields): \(advice)")
    }
}
