import ModelgenTemplates

/// Spells a ``SQLTableDiff`` as a script, in sections that run in an order each dialect can
/// follow: what goes first, then what is new, then what changes, guarded where rows may not
/// take a change. New and rebuilt tables come from the `sql-table` template, as in the create
/// scripts, so they are what `gen` writes.
struct SQLMigrationScript {
    let dialect: SQLOptions.Dialect
    let layout: SQLOptions.Layout
    let templates: TemplateSet
    let record: SQLMigration.Record?
    /// Writes the SQLite script in the on-device store's form: without `PRAGMA`, `BEGIN` and
    /// `COMMIT`, and without the checks that pointers name rows that exist. The store cuts
    /// that form from a kept script (``LocalStoreMigration``); its tests write it this way to
    /// prove the cut leaves out exactly those statements.
    var writesStoreForm = false
    private(set) var text = ""
    /// The migration's renames, for messages that name a column as the database had it.
    private var renames: [SQLTableRename] = []

    /// The table where migrations kept in a history record that they ran.
    static let historyTable = "modelgen_migrations"

    init(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout, templates: TemplateSet, record: SQLMigration.Record?) {
        self.dialect = dialect
        self.layout = layout
        self.templates = templates
        self.record = record
    }

    private static func q(_ name: String) -> String { SQLSyntax.identifier(name) }

    // MARK: PostgreSQL

    /// `ALTER TABLE` for every change, in one transaction.
    mutating func writePostgreSQL(_ migration: SQLMigration) {
        let diff = migration.diff
        renames = migration.renames
        line("")
        line("BEGIN;")
        if diff.changedTables.contains(where: { $0.changedColumns.contains { $0.cast?.writesFloatAsText == true } }) {
            line("-- Floats converted to text are written as the shortest text that reads back the same.")
            line("SET LOCAL extra_float_digits = 1;")
        }
        writeRecordChecks()
        writeStartingPoint(migration)
        if let records = migration.records {
            section("Parse Server has no class yet under a name this migration renames one to.")
            for name in records.newClassNames { writeGuard(.notRecordedByParseServer(name)) }
        }
        writeRenames(migration.renames)
        writeChecksNamedAfterRenames(migration)
        section("Foreign keys that change or go.")
        for change in diff.changedTables {
            for key in change.droppedForeignKeys {
                line("ALTER TABLE \(Self.q(change.new.name)) DROP CONSTRAINT \(Self.q(key.name));")
            }
        }
        section("Indexes that change or go.")
        for change in diff.changedTables {
            for index in change.droppedIndexes { line("DROP INDEX \(Self.q(index.name));") }
        }
        section("CHECK constraints of columns whose rules or types change (added again below).")
        for change in diff.changedTables {
            let columns = change.changedColumns.filter { $0.checksChange || ($0.cast != nil && !dialect.checks(of: $0.old).isEmpty) }
            if !columns.isEmpty { dropChecks(of: columns.map(\.old.name), table: change.new.name) }
        }
        section("Tables that go, with their rows.")
        if !diff.droppedTables.isEmpty {
            line("DROP TABLE \(diff.droppedTables.map { Self.q($0.name) }.joined(separator: ", "));")
        }
        section("Columns that go, with their data.")
        for change in diff.changedTables {
            for column in change.droppedColumns {
                line("ALTER TABLE \(Self.q(change.new.name)) DROP COLUMN \(Self.q(column.name));")
            }
        }
        let order = SQLTableOrder(diff.addedTables.map(SQLTableOrder.Node.init))
        section("New tables.")
        // The template's CREATE TABLE IF NOT EXISTS would pass over a table that is there already.
        for table in diff.addedTables { writeGuard(.tableIsNew(table, dialect: dialect)) }
        let views = viewModels(diff.addedTables, order: order)
        for position in order.positions {
            text += "\n" + templates.render("sql-table", views.table(diff.addedTables[position]))
        }
        section("New columns.")
        for change in diff.changedTables {
            for column in change.addedColumns {
                if column.notNull && column.defaultValue == nil {
                    writeGuard(.tableIsEmpty(change.new, column: column))
                }
                line("ALTER TABLE \(Self.q(change.new.name)) ADD COLUMN \(columnDefinition(column));")
            }
        }
        section("Columns that change.")
        for change in diff.changedTables {
            let table = Self.q(change.new.name)
            for column in change.changedColumns {
                let name = Self.q(column.new.name)
                if let values = column.jsonValues { writeGuard(.jsonValues(change.new, column: column.new, change: values, dialect: dialect)) }
                if let cast = column.cast {
                    let altersType = !cast.keepsStorage(in: dialect)
                    if altersType && column.old.defaultValue != nil { line("ALTER TABLE \(table) ALTER COLUMN \(name) DROP DEFAULT;") }
                    if let check = SQLMigrationGuard.exactCast(change.new, column: column.new, cast: cast, dialect: dialect,
                                                               formerly: formerName(of: column.new.name, in: change.new)) {
                        writeGuard(check)
                    }
                    if altersType {
                        line("ALTER TABLE \(table) ALTER COLUMN \(name) TYPE \(dialect.typeName(column.new.type)) USING \(cast.conversion(of: name, in: dialect));")
                    }
                }
                if column.defaultChanges || (column.cast != nil && column.new.defaultValue != nil) {
                    if let value = column.new.defaultValue {
                        line("ALTER TABLE \(table) ALTER COLUMN \(name) SET DEFAULT \(SQLLiteralText(literal: value, dialect: dialect).text);")
                    } else if column.cast == nil {
                        line("ALTER TABLE \(table) ALTER COLUMN \(name) DROP DEFAULT;")
                    }
                }
                if column.nullabilityChanges {
                    if column.new.notNull {
                        writeGuard(.noNulls(change.new, column: column.new))
                        line("ALTER TABLE \(table) ALTER COLUMN \(name) SET NOT NULL;")
                    } else {
                        line("ALTER TABLE \(table) ALTER COLUMN \(name) DROP NOT NULL;")
                    }
                }
                if column.checksChange || (column.cast != nil && !dialect.checks(of: column.old).isEmpty) {
                    for (check, text) in dialect.checks(of: column.new) {
                        writeGuard(.check(check, text: text, table: change.new, column: column.new, conversion: name))
                        line("ALTER TABLE \(table) ADD CHECK (\(text));")
                    }
                }
            }
        }
        section("Foreign keys that are new or change.")
        for change in diff.changedTables {
            for key in change.addedForeignKeys {
                // A new column holds no values yet.
                if !change.addedColumns.contains(where: { $0.name == key.column }) { writeGuard(.references(change.new, key: key)) }
                line(addForeignKey(key, table: change.new.name))
            }
        }
        for (table, key) in order.deferred { line(addForeignKey(key, table: table)) }
        section("Indexes that are new or change.")
        for change in diff.changedTables {
            for index in change.addedIndexes {
                if index.isUnique { writeGuard(.unique(change.new, index: index, filledBy: Self.defaulted(index, in: change))) }
                line(createIndex(index, table: change.new.name))
            }
        }
        if layout == .relational {
            section("Descriptions.")
            for change in diff.changedTables {
                if change.descriptionChanges { line(comment(table: change.new.name, column: nil, change.new.description)) }
                for column in change.describedColumns { line(comment(table: change.new.name, column: column.name, column.description)) }
            }
        }
        if let records = migration.records, !records.isEmpty {
            section("Parse Server's record of each class it has (the schema JSON in _SCHEMA) follows the changes.")
            for function in records.postgresFunctions { line(function) }
            for statement in records.postgresStatements { line(statement) }
        }
        writeRecord()
        endSections()
        line("")
        line("COMMIT;")
    }

    /// Drops the CHECK constraints of some columns of a table, whatever PostgreSQL named them
    /// when the table was made.
    private mutating func dropChecks(of columns: [String], table: String) {
        let regclass = SQLStringLiteralText(content: table, quotedAsIdentifier: true).text
        let names = columns.map(SQLSyntax.stringLiteral).joined(separator: ", ")
        let body = """
            DO $modelgen$
            DECLARE
                check_name name;
            BEGIN
                FOR check_name IN
                    SELECT c.conname FROM pg_catalog.pg_constraint c
                    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
                    WHERE c.conrelid = \(regclass)::regclass AND c.contype = 'c' AND a.attname IN (\(names))
                LOOP
                    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', \(SQLSyntax.stringLiteral(table)), check_name);
                END LOOP;
            END
            $modelgen$;
            """
        line(body)
    }

    private func addForeignKey(_ key: SQLForeignKey, table: String) -> String {
        "ALTER TABLE \(Self.q(table)) ADD CONSTRAINT \(Self.q(key.name)) FOREIGN KEY (\(Self.q(key.column))) REFERENCES \(Self.q(key.target)) (\(Self.q(key.targetColumn))) ON DELETE \(dialect.onDelete(key.onDelete));"
    }

    private func comment(table: String, column: String?, _ description: String?) -> String {
        let target = SQLQualifiedNameText(table: table, column: column).text
        let text = SQLSyntax.commentText(description).map { SQLStringLiteralText(content: $0).text } ?? "NULL"
        return "COMMENT ON \(column == nil ? "TABLE" : "COLUMN") \(target) IS \(text);"
    }

    /// A column as `CREATE TABLE` and `ADD COLUMN` write it.
    private func columnDefinition(_ column: SQLColumn) -> String {
        SQLColumnDefinition(column: column, dialect: dialect).text
    }

    // MARK: SQLite

    /// SQLite's `ALTER TABLE` cannot change a column or a constraint, so a table whose
    /// definition changes is rebuilt the way SQLite documents (a new table, the rows copied,
    /// the old one dropped, the new one renamed, its indexes made again), with foreign keys
    /// off while it runs and checked before the end.
    mutating func writeSQLite(_ migration: SQLMigration) {
        let diff = migration.diff
        renames = migration.renames
        if !writesStoreForm {
            line("")
            line("-- Foreign keys stay off while tables are rebuilt (dropping a table would otherwise delete")
            line("-- or block the rows that point to it); they are checked before COMMIT and turned on after.")
            line("PRAGMA foreign_keys = OFF;")
            line("")
            line("BEGIN;")
        }
        writeRecordChecks()
        writeStartingPoint(migration)
        if let records = migration.records, !records.isEmpty {
            section("Parse Server's records in _SCHEMA are kept in step in PostgreSQL only: none names a class this migration changes.")
            for className in records.classesRecordedBefore { writeGuard(.notRecordedInSQLite(className)) }
        }
        writeRenames(migration.renames)
        let rebuilt = diff.changedTables.filter(\.changesDefinition)
        let kept = diff.changedTables.filter { !$0.changesDefinition }
        section("Indexes that change or go.")
        for change in kept {
            for index in change.droppedIndexes { line("DROP INDEX \(Self.q(index.name));") }
        }
        section("Tables that go, with their rows.")
        for table in diff.droppedTables { line("DROP TABLE \(Self.q(table.name));") }
        section("New tables.")
        for table in diff.addedTables { writeGuard(.tableIsNew(table, dialect: dialect)) }
        let views = viewModels(diff.addedTables, order: SQLTableOrder([]))
        for table in diff.addedTables {
            text += "\n" + templates.render("sql-table", views.table(table))
        }
        let rebuiltViews = viewModels(rebuilt.map(\.new), order: SQLTableOrder([]))
        for change in rebuilt {
            section("\(change.new.subject()): rebuilt (\(Self.q(change.new.name)) changes in ways ALTER TABLE cannot make).")
            writeGuards(forRebuilding: change)
            let temporary = "modelgen_new_" + change.new.name
            var view = rebuiltViews.table(change.new)
            view.tableName = SQLIdentifierText(name: temporary)
            view.indexes = []
            text += templates.render("sql-table", view)
            var targets: [String] = []
            var sources: [String] = []
            for column in SQLTableDiff.columns(of: change.new) where !change.addedColumns.contains(where: { $0.name == column.name }) {
                targets.append(Self.q(column.name))
                let cast = change.changedColumns.first { $0.new.name == column.name }?.cast
                sources.append(cast?.conversion(of: Self.q(column.name), in: dialect) ?? Self.q(column.name))
            }
            line("INSERT INTO \(Self.q(temporary)) (\(targets.joined(separator: ", ")))")
            line("    SELECT \(sources.joined(separator: ", ")) FROM \(Self.q(change.new.name));")
            // Checked on the new copy, where new columns hold their values.
            for index in change.addedIndexes where index.isUnique {
                writeGuard(.unique(change.new, index: index, source: temporary, filledBy: Self.defaulted(index, in: change)))
            }
            line("DROP TABLE \(Self.q(change.new.name));")
            line("ALTER TABLE \(Self.q(temporary)) RENAME TO \(Self.q(change.new.name));")
            for index in change.new.indexes { line(createIndex(index, table: change.new.name)) }
        }
        section("Indexes that are new or change.")
        for change in kept {
            for index in change.addedIndexes {
                if index.isUnique { writeGuard(.unique(change.new, index: index, filledBy: Self.defaulted(index, in: change))) }
                line(createIndex(index, table: change.new.name))
            }
        }
        if !rebuilt.isEmpty {
            // Only the rebuilt tables: a row elsewhere that points nowhere was so before, and is
            // not this migration's to refuse.
            section("Every row of a rebuilt table points to a row that exists.")
            for change in rebuilt { writeGuard(.pointsToRowsThatExist(change.new)) }
        }
        writeRecord()
        endSections()
        guard !writesStoreForm else { return }
        line("")
        line("COMMIT;")
        line("")
        line("PRAGMA foreign_keys = ON;")
    }

    /// What a rebuilt table's rows must allow before they are copied: new required columns,
    /// columns made required, converted values, new CHECKs, foreign keys and unique indexes.
    private mutating func writeGuards(forRebuilding change: SQLTableDiff.TableChange) {
        for column in change.addedColumns where column.notNull && column.defaultValue == nil {
            writeGuard(.tableIsEmpty(change.new, column: column))
        }
        for column in change.changedColumns {
            let name = Self.q(column.new.name)
            if let values = column.jsonValues { writeGuard(.jsonValues(change.new, column: column.new, change: values, dialect: dialect)) }
            if let cast = column.cast, let check = SQLMigrationGuard.exactCast(change.new, column: column.new, cast: cast, dialect: dialect,
                                                                               formerly: formerName(of: column.new.name, in: change.new)) {
                writeGuard(check)
            }
            if column.nullabilityChanges && column.new.notNull { writeGuard(.noNulls(change.new, column: column.new)) }
            if column.checksChange || column.cast != nil {
                let conversion = column.cast?.conversion(of: name, in: dialect) ?? name
                for (check, text) in dialect.checks(of: column.new) {
                    writeGuard(.check(check, text: text, table: change.new, column: column.new, conversion: conversion))
                }
            }
        }
        for key in change.addedForeignKeys where !change.addedColumns.contains(where: { $0.name == key.column }) {
            writeGuard(.references(change.new, key: key))
        }
    }

    // MARK: Shared

    /// `Author.yr` for the column `year` of `Writer` when the migration renamed both.
    private func formerName(of column: String, in table: SQLTable) -> String? {
        guard let rename = renames.first(where: { $0.renamed.name == table.name }) else { return nil }
        let from = rename.columns.first { $0.to == column }?.from ?? column
        guard rename.tableIsRenamed || from != column else { return nil }
        return rename.original.subject(column: from)
    }

    /// The index's new columns that every existing row fills with their default.
    private static func defaulted(_ index: SQLIndex, in change: SQLTableDiff.TableChange) -> [String] {
        index.keys.map(\.column).filter { name in change.addedColumns.contains { $0.name == name && $0.defaultValue != nil } }
    }

    /// A kept migration first makes sure it has not run and that the one before it has.
    private mutating func writeRecordChecks() {
        guard let record else { return }
        section("This migration runs once, after \(record.previous ?? "none other"); modelgen_migrations records those that ran.")
        line(Self.historyTableDefinition(dialect))
        for check in SQLMigrationGuard.notRunYet(record) { writeGuard(check) }
    }

    /// Every table the script changes, renames or drops is as the old schema makes it.
    private mutating func writeStartingPoint(_ migration: SQLMigration) {
        let tables = (migration.diff.changedTables.map(\.old) + migration.diff.droppedTables).map(migration.original)
        guard !tables.isEmpty else { return }
        section("The database is where this migration starts: the tables it changes are as the old schema makes them.")
        for table in tables {
            let point = SQLStartingPoint(table: table, dialect: dialect)
            line(point.setUp)
            writeGuard(.startsFrom(point))
            line(point.tearDown)
        }
    }

    /// The renames the new schema declares with `formerly`: tables, then columns, then (in
    /// PostgreSQL) the primary keys, indexes and foreign keys named after them. SQLite cannot
    /// rename an index or a constraint: it rebuilds each table renamed here (see `writeSQLite`).
    private mutating func writeRenames(_ renames: [SQLTableRename]) {
        guard !renames.isEmpty else { return }
        section("Renames declared with formerly.")
        for rename in renames where rename.tableIsRenamed {
            let from = rename.original.name, to = rename.renamed.name
            if dialect == .sqlite && from.lowercased() == to.lowercased() {
                // SQLite's table names ignore case: it refuses a rename to the same name in
                // other case, so the table takes another name on the way.
                let through = "modelgen_renaming_" + to
                line("ALTER TABLE \(Self.q(from)) RENAME TO \(Self.q(through));")
                line("ALTER TABLE \(Self.q(through)) RENAME TO \(Self.q(to));")
            } else {
                line("ALTER TABLE \(Self.q(from)) RENAME TO \(Self.q(to));")
            }
        }
        for rename in renames {
            for column in rename.columns {
                line("ALTER TABLE \(Self.q(rename.renamed.name)) RENAME COLUMN \(Self.q(column.from)) TO \(Self.q(column.to));")
            }
        }
        guard dialect == .postgresql else { return }
        for rename in renames {
            let table = Self.q(rename.renamed.name)
            if rename.tableIsRenamed && !rename.renamed.primaryKey.isEmpty {
                let from = SQLTableRename.postgresPrimaryKeyName(of: rename.original.name)
                let to = SQLTableRename.postgresPrimaryKeyName(of: rename.renamed.name)
                if from != to { line("ALTER TABLE \(table) RENAME CONSTRAINT \(Self.q(from)) TO \(Self.q(to));") }
            }
            for index in rename.indexes { line("ALTER INDEX \(Self.q(index.from)) RENAME TO \(Self.q(index.to));") }
            for key in rename.foreignKeys { line("ALTER TABLE \(table) RENAME CONSTRAINT \(Self.q(key.from)) TO \(Self.q(key.to));") }
        }
    }

    /// PostgreSQL named each CHECK after its table and column when the table was made: after a
    /// rename, the CHECKs of a renamed table or column are made again, so they have the names a
    /// fresh table's have (those whose rules change are made again below anyway).
    private mutating func writeChecksNamedAfterRenames(_ migration: SQLMigration) {
        var first = true
        for rename in migration.renames {
            let renamedColumns = Set(rename.columns.map(\.to))
            let changing = Set(migration.diff.changedTables.first { $0.old.name == rename.renamed.name }?.changedColumns
                .filter { $0.checksChange || ($0.cast != nil && !dialect.checks(of: $0.old).isEmpty) }.map(\.old.name) ?? [])
            let columns = SQLTableDiff.columns(of: rename.renamed).filter { column in
                (rename.tableIsRenamed || renamedColumns.contains(column.name)) && !changing.contains(column.name)
                    && !dialect.checks(of: column).isEmpty
            }
            guard !columns.isEmpty else { continue }
            if first { section("CHECK constraints named again after the renames.") }
            first = false
            dropChecks(of: columns.map(\.name), table: rename.renamed.name)
            for column in columns {
                for (_, text) in dialect.checks(of: column) { line("ALTER TABLE \(Self.q(rename.renamed.name)) ADD CHECK (\(text));") }
            }
        }
    }

    /// `modelgen_migrations`, made when it is missing.
    static func historyTableDefinition(_ dialect: SQLOptions.Dialect) -> String {
        let now = dialect == .postgresql ? "now()" : "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"
        return """
            CREATE TABLE IF NOT EXISTS \(q(historyTable)) (
                "name" \(dialect.typeName(.text)) NOT NULL PRIMARY KEY,
                "appliedAt" \(dialect.typeName(.timestamp)) NOT NULL DEFAULT \(now)
            );
            """
    }

    /// What a create script of a model that keeps migrations ends with: the schema it makes is
    /// where the last of them leads, so a database that has exactly its tables' columns and no
    /// record of migrations records them all as run, and a deploy runs only later ones. A
    /// database made from an older schema (whose tables the script left as they were) records
    /// nothing.
    static func createScriptRecords(_ kept: [String], tables: SQLTableList, dialect: SQLOptions.Dialect) -> String {
        let names = kept.map { "(\(SQLSyntax.stringLiteral($0)))" }.joined(separator: ", ")
        let mismatch = q("modelgen_mismatch")
        var text = """

            -- The migrations kept in migrations/ lead to the schema this script makes: a database whose
            -- tables are exactly what it makes, with no record of migrations, records them as run, so
            -- that a deploy runs only later ones.
            BEGIN;
            \(historyTableDefinition(dialect))
            CREATE TEMP TABLE \(mismatch) ("name" \(dialect.typeName(.text)));

            """
        for index in 0..<tables.count {
            let point = SQLStartingPoint(table: tables[index], dialect: dialect)
            text += point.setUp + "\n"
            text += "INSERT INTO \(mismatch) SELECT \(SQLSyntax.stringLiteral(point.table.name)) WHERE \(point.differs);\n"
            text += point.tearDown + "\n"
        }
        return text + """
            INSERT INTO \(q(historyTable)) ("name")
                SELECT "column1" FROM (VALUES \(names)) AS "kept"
                WHERE NOT EXISTS (SELECT 1 FROM \(q(historyTable))) AND NOT EXISTS (SELECT 1 FROM \(mismatch));
            DROP TABLE \(mismatch);
            COMMIT;

            """
    }

    /// ...and last records that it ran.
    private mutating func writeRecord() {
        guard let record else { return }
        section("Recorded as run.")
        line("INSERT INTO \(Self.q(Self.historyTable)) (\"name\") VALUES (\(SQLSyntax.stringLiteral(record.name)));")
    }

    private func viewModels(_ tables: [SQLTable], order: SQLTableOrder) -> SQLViewModels {
        SQLViewModels(layout: layout, dialect: dialect, tables: SQLTableList(count: tables.count) { tables[$0] }, order: order)
    }

    private func createIndex(_ index: SQLIndex, table: String) -> String {
        let method = dialect.indexMethod(index).map { " USING \($0)" } ?? ""
        return "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(Self.q(index.name)) ON \(Self.q(table))\(method) (\(SQLIndexKeysText(keys: index.keys, dialect: dialect).text));"
    }

    /// Stops the script, with `check.message`, when `check.query` finds a row: PostgreSQL raises
    /// an exception; SQLite has no way to raise one outside a trigger, so a row is inserted
    /// into a temporary table whose CHECK, named by the message, fails (``SQLiteGuard``).
    ///
    /// A check on rows names the first of them: PostgreSQL in the message, SQLite on a line it
    /// prints just before.
    private mutating func writeGuard(_ check: SQLMigrationGuard) {
        let rowsNamed = check.keyName.map { " (first rows: \($0) " } ?? ""
        switch dialect {
        case .postgresql:
            var tag = "$guard$"
            var number = 1
            while check.query.contains(tag) || check.message.contains(tag) || (check.blocking?.contains(tag) ?? false) {
                number += 1
                tag = "$guard\(number)$"
            }
            if let blocking = check.blocking {
                line("""
                    DO \(tag)
                    DECLARE
                        blocking text;
                    BEGIN
                        SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (\(blocking)) AS "modelgen_first";
                        IF blocking IS NOT NULL THEN
                            RAISE EXCEPTION USING MESSAGE = \(dialect.stringLiteral(check.message + rowsNamed)) || blocking || ')';
                        END IF;
                    END
                    \(tag);
                    """)
                return
            }
            line("""
                DO \(tag)
                BEGIN
                    IF EXISTS (\(check.query)) THEN
                        RAISE EXCEPTION USING MESSAGE = \(dialect.stringLiteral(check.message));
                    END IF;
                END
                \(tag);
                """)
        case .sqlite:
            if check.checksPointers && writesStoreForm { return }
            for statement in SQLiteGuard.statements(check) { line(statement) }
        }
    }

    private mutating func line(_ statement: String) {
        text += statement + "\n"
    }

    /// A section's comment; its statements follow. Sections with none are left out: the
    /// comment is taken back when the next section starts, or the script ends, first.
    private mutating func section(_ title: String) {
        endSections()
        let heading = "\n-- \(title)\n"
        text += heading
        pendingSection = heading
    }

    /// Takes back the last section's comment when nothing followed it.
    private mutating func endSections() {
        if let last = pendingSection, text.hasSuffix(last) { text.removeLast(last.count) }
        pendingSection = nil
    }

    private var pendingSection: String?
}
