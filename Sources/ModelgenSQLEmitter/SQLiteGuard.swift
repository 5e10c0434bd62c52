/// How a SQLite migration spells a ``SQLMigrationGuard``. SQLite has no way to raise an error
/// outside a trigger, so a row is inserted into a temporary table whose CHECK, named by the
/// message, fails; a check on rows first prints the message with the first of them:
///
/// ```sql
/// SELECT 'modelgen: <message> (first rows: objectId ' || "modelgen_keys" || ')' FROM (...) WHERE "modelgen_keys" IS NOT NULL;
/// CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "<message>" CHECK ("passed"));
/// INSERT INTO "modelgen_guard" SELECT NOT EXISTS (<query>);
/// DROP TABLE "modelgen_guard";
/// ```
///
/// The on-device store's form of a kept script (``LocalStoreMigration``) finds the checks it
/// leaves out by this same spelling.
enum SQLiteGuard {
    private static let dialect = SQLOptions.Dialect.sqlite
    private static let table = SQLSyntax.identifier("modelgen_guard")
    private static let createPrefix = "CREATE TEMP TABLE \(table) (\"passed\" INTEGER CONSTRAINT "
    private static let createSuffix = " CHECK (\"passed\"));"
    private static let insertPrefix = "INSERT INTO \(table) SELECT NOT EXISTS ("
    private static let insertSuffix = ");"
    private static let drop = "DROP TABLE \(table);"
    /// What comes before the key's name in a report (``SQLMigrationGuard/blocking(rowsOf:key:)``).
    private static let reportKeyPrefix = " AS \"modelgen_keys\" FROM (SELECT "

    /// The statements that stop the script with `check.message` when `check.query` finds a row.
    static func statements(_ check: SQLMigrationGuard) -> [String] {
        var statements: [String] = []
        if let blocking = check.blocking {
            statements.append(report(check.message, keyName: check.keyName, blocking: blocking))
        }
        statements.append(create(check.message))
        statements.append(insertPrefix + check.query + insertSuffix)
        statements.append(drop)
        return statements
    }

    /// The line that prints the message with the first rows that stop the script.
    private static func report(_ message: String, keyName: String?, blocking: String) -> String {
        let rowsNamed = keyName.map { " (first rows: \($0) " } ?? ""
        return "SELECT \(dialect.stringLiteral("modelgen: " + message + rowsNamed)) || \"modelgen_keys\" || ')' FROM (SELECT group_concat(\"modelgen_key\", ', ') AS \"modelgen_keys\" FROM (\(blocking))) WHERE \"modelgen_keys\" IS NOT NULL;"
    }

    private static func create(_ message: String) -> String {
        createPrefix + SQLSyntax.identifier(message) + createSuffix
    }

    /// How many statements from `index` on are one check that the rows of a table point to rows
    /// that exist, exactly as ``statements(_:)`` writes ``SQLMigrationGuard/pointsToRowsThatExist(_:)``
    /// or ``SQLMigrationGuard/references(_:key:)``: its report, the temporary table, the insert and
    /// the drop. `nil` when they are anything else, a check written otherwise included.
    ///
    /// The names are read from the statements, and the statements are then written again from
    /// them by the code that wrote them; only an exact match counts.
    static func pointerCheckLength(_ statements: [String], at index: Int) -> Int? {
        guard index + 3 < statements.count, statements[index + 3] == drop,
              let message = quotedName(in: statements[index + 1], after: createPrefix),
              create(message) == statements[index + 1],
              statements[index + 2].hasPrefix(insertPrefix), statements[index + 2].hasSuffix(insertSuffix)
        else { return nil }
        let query = String(statements[index + 2].dropFirst(insertPrefix.count).dropLast(insertSuffix.count))
        let prefix = SQLMigrationGuard.query(rowsOf: "")
        guard query.hasPrefix(prefix) else { return nil }
        let rows = String(query.dropFirst(prefix.count))
        guard isPointerCheck(rows: rows),
              let keyStart = statements[index].range(of: reportKeyPrefix),
              let key = quotedName(in: String(statements[index][keyStart.upperBound...]), after: ""),
              report(message, keyName: key, blocking: SQLMigrationGuard.blocking(rowsOf: rows, key: key)) == statements[index]
        else { return nil }
        return 4
    }

    /// Whether `rows` (a FROM clause with its WHERE) are the rows a pointer check looks for.
    private static func isPointerCheck(rows: String) -> Bool {
        let names = quotedNames(in: rows)
        if names.count == 1 && rows == SQLMigrationGuard.rowsFailingForeignKeyCheck(table: names[0]) { return true }
        if names.count == 5 && names[1] == names[2]
            && rows == SQLMigrationGuard.rowsPointingNowhere(table: names[0], column: names[1], target: names[4], targetColumn: names[3]) {
            return true
        }
        return false
    }

    /// The double-quoted name right after `prefix` at the start of `text`, unquoted.
    private static func quotedName(in text: String, after prefix: String) -> String? {
        guard text.hasPrefix(prefix) else { return nil }
        return quotedNames(in: String(text.dropFirst(prefix.count)), leadingOnly: true).first
    }

    /// The double-quoted names in `text`, in order, unquoted (a doubled quote inside is a quote);
    /// text in single quotes is passed over. With `leadingOnly`, only a name at the very start.
    private static func quotedNames(in text: String, leadingOnly: Bool = false) -> [String] {
        var names: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let quote = scalars[index]
            guard quote == "\"" || quote == "'" else {
                if leadingOnly { return names }
                index += 1
                continue
            }
            var name = String.UnicodeScalarView()
            index += 1
            var closed = false
            while index < scalars.count {
                if scalars[index] == quote {
                    if index + 1 < scalars.count && scalars[index + 1] == quote {
                        name.append(quote)
                        index += 2
                        continue
                    }
                    closed = true
                    index += 1
                    break
                }
                name.append(scalars[index])
                index += 1
            }
            guard closed else { return names }
            if quote == "\"" { names.append(String(name)) }
            if leadingOnly { return names }
        }
        return names
    }
}

/// A kept migration's SQLite script in the form the on-device store runs it (ParseRuntime's
/// `LocalSchema.Migration`): the script as committed, cut into its statements (``SQLStatements``,
/// which cuts where sqlite3 does; the comments between statements go), without
///
/// - its `PRAGMA`s, `BEGIN` and `COMMIT`: the store runs every pending migration in one
///   transaction of its own, with foreign keys off;
/// - the checks that the rows of a table it rebuilds, or whose pointers it changes, point to
///   rows that exist: a device holds part of what the server has, so its pointers may name
///   objects it does not store.
///
/// Everything else stays as it is: the record in `modelgen_migrations` and the checks on it,
/// the checks of where the migration starts, the checks of values, the rebuilds, and any SQL the
/// project added to its kept migration. The script is cut rather than written again from the
/// schema copies so that the device runs what the project keeps and reviewed, edits included,
/// and what its servers ran.
enum LocalStoreMigration {
    static func statements(ofKeptScript script: String) -> [String] {
        let all = SQLStatements.split(script)
        var kept: [String] = []
        kept.reserveCapacity(all.count)
        var index = 0
        while index < all.count {
            if SQLStatements.isPragmaOrTransaction(all[index]) {
                index += 1
            } else if let length = SQLiteGuard.pointerCheckLength(all, at: index) {
                index += length
            } else {
                kept.append(all[index])
                index += 1
            }
        }
        return kept
    }
}
