import ModelgenSchema

/// Whether a table in the database is the table a schema makes: the same columns with the same
/// types, nullability and defaults, the same CHECKs, foreign keys and indexes. A migration checks
/// each table it changes before it changes it, so that a script run twice, out of order or on a
/// database made from another version stops instead of changing rows; a create script checks
/// every table before it records the kept migrations as run.
///
/// The table the schema makes is made for the comparison, as a temporary table
/// (`modelgen_expected`), so that the database itself spells both sides (PostgreSQL's
/// `format_type`, `pg_get_expr`, `pg_get_constraintdef`; SQLite's `pragma_table_info`) and
/// the comparison needs no copy of either dialect's rules. A temporary table cannot have foreign
/// keys to the database's tables: those are compared by name, column, target and `ON DELETE`.
/// SQLite keeps no parsed CHECKs or foreign keys: they are compared as the text of the table's
/// `CREATE TABLE`, which modelgen wrote.
struct SQLStartingPoint {
    let table: SQLTable
    let dialect: SQLOptions.Dialect

    static let expected = "modelgen_expected"

    /// Makes the temporary table.
    var setUp: String {
        var parts = SQLTableDiff.columns(of: table).map { SQLColumnDefinition(column: $0, dialect: dialect).text }
        if !table.primaryKey.isEmpty {
            parts.append("PRIMARY KEY (\(table.primaryKey.map(SQLSyntax.identifier).joined(separator: ", ")))")
        }
        return "CREATE TEMP TABLE \(SQLSyntax.identifier(Self.expected)) (\(parts.joined(separator: ", ")));"
    }

    var tearDown: String { "DROP TABLE \(SQLSyntax.identifier(Self.expected));" }

    /// Holds when the table differs from the temporary one (or is missing).
    var differs: String {
        switch dialect {
        case .postgresql:
            let real = "to_regclass(\(SQLStringLiteralText(content: table.name, quotedAsIdentifier: true).text))"
            let expected = "'pg_temp.\(Self.expected)'::regclass"
            func columns(_ relation: String) -> String {
                """
                (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END \
                || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") \
                FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum \
                WHERE a.attrelid = \(relation) AND a.attnum > 0 AND NOT a.attisdropped)
                """
            }
            func checks(_ relation: String) -> String {
                "(SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE \"C\") FROM pg_catalog.pg_constraint WHERE conrelid = \(relation) AND contype = 'c')"
            }
            // Each index as `name:unique:keys:method`, its keys as PostgreSQL writes them.
            let indexes = """
                (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' \
                || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) \
                || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid \
                JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = \(real) AND NOT i.indisprimary) AS "indexes")
                """
            let described = table.indexes.map { index in
                let keys = index.keys.map { key in
                    switch key {
                    case .column(let name): "quote_ident(\(SQLSyntax.stringLiteral(name)))"
                    case .lowercased(let name): "'lower(' || quote_ident(\(SQLSyntax.stringLiteral(name))) || ')'"
                    }
                }.joined(separator: " || ',' || ")
                let method = dialect.indexMethod(index) ?? "btree"
                return "\(SQLSyntax.stringLiteral("\(index.name):\(index.isUnique):")) || \(keys) || \(SQLSyntax.stringLiteral(":" + method))"
            }
            let expectedIndexes = described.isEmpty ? "NULL::text[]"
                : "(SELECT array_agg(\"index\" ORDER BY \"index\" COLLATE \"C\") FROM unnest(ARRAY[\(described.joined(separator: ", "))]) AS \"index\")"
            let keys = """
                (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" \
                FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] \
                JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = \(real) AND k.contype = 'f') AS "keys")
                """
            let expectedKeys = Self.textArray(table.foreignKeys.map { "\($0.name) \($0.column) \($0.target) \(Self.postgresDeleteCode($0.onDelete))" })
            return "\(real) IS NULL OR \(columns(real)) IS DISTINCT FROM \(columns(expected)) OR \(checks(real)) IS DISTINCT FROM \(checks(expected)) OR \(indexes) IS DISTINCT FROM \(expectedIndexes) OR \(keys) IS DISTINCT FROM \(expectedKeys)"
        case .sqlite:
            let name = SQLSyntax.stringLiteral(table.name)
            let facts = "\"name\", \"type\", \"notnull\", \"dflt_value\", \"pk\""
            let real = "SELECT \(facts) FROM pragma_table_info(\(name), 'main')"
            let expected = "SELECT \(facts) FROM pragma_table_info('\(Self.expected)', 'temp')"
            let sql = "(SELECT \"sql\" FROM sqlite_master WHERE \"type\" = 'table' AND \"name\" = \(name))"
            let checks = SQLTableDiff.columns(of: table).flatMap { dialect.checks(of: $0).map(\.text) }
            // Descriptions are comments in the table's text when the create script made it, and
            // absent when the on-device store made it from `LocalSchema.statements`: what they
            // spell is counted, or not.
            let descriptions = ([table.description] + SQLTableDiff.columns(of: table).map(\.description)).compactMap { $0 }
            func counts(_ text: String, _ declared: Int) -> String {
                let written = descriptions.reduce(0) { $0 + $1.components(separatedBy: text).count - 1 }
                return written == 0 ? "<> \(declared)" : "NOT IN (\(declared), \(declared + written))"
            }
            var conditions = [
                "\(sql) IS NULL",
                "EXISTS (\(real) EXCEPT \(expected))",
                "EXISTS (\(expected) EXCEPT \(real))",
                "(length(\(sql)) - length(replace(\(sql), ' CHECK (', ''))) / 8 \(counts(" CHECK (", checks.count))",
            ]
            conditions += checks.map { "instr(\(sql), \(dialect.stringLiteral(" CHECK (\($0))"))) = 0" }
            conditions.append("(length(\(sql)) - length(replace(\(sql), ' FOREIGN KEY (', ''))) / 14 \(counts(" FOREIGN KEY (", table.foreignKeys.count))")
            conditions += table.foreignKeys.map { key in
                let clause = "CONSTRAINT \(SQLSyntax.identifier(key.name)) FOREIGN KEY (\(SQLSyntax.identifier(key.column))) REFERENCES \(SQLSyntax.identifier(key.target)) (\(SQLSyntax.identifier(key.targetColumn))) ON DELETE \(dialect.onDelete(key.onDelete))"
                return "instr(\(sql), \(dialect.stringLiteral(clause))) = 0"
            }
            // Each index as `name:unique:keys`, an expression key (lower()) as `?`.
            let indexes = """
                (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' \
                || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" \
                FROM pragma_index_list(\(name)) AS l WHERE l."origin" = 'c' ORDER BY l."name"))
                """
            let described = table.indexes.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map { index in
                let keys = index.keys.map { key -> String in
                    if case .column(let column) = key { return column }
                    return "?"
                }
                return "\(index.name):\(index.isUnique ? 1 : 0):\(keys.joined(separator: ","))"
            }
            conditions.append("\(indexes) IS NOT \(described.isEmpty ? "NULL" : dialect.stringLiteral(described.joined(separator: ";")))")
            return conditions.joined(separator: " OR ")
        }
    }
}

extension SQLStartingPoint {
    /// Texts sorted by their bytes, as PostgreSQL's "C" collation sorts them, as a `text[]`;
    /// NULL for none, as `array_agg` of no row is.
    static func textArray(_ texts: [String]) -> String {
        let sorted = texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return sorted.isEmpty ? "NULL::text[]" : "ARRAY[\(sorted.map(SQLSyntax.stringLiteral).joined(separator: ", "))]::text[]"
    }

    /// `pg_constraint.confdeltype`.
    static func postgresDeleteCode(_ rule: DeleteRule) -> String {
        switch rule {
        case .cascade: "c"
        case .setNull: "n"
        case .restrict: "r"
        case .noAction: "a"
        }
    }
}

/// A column as `CREATE TABLE` and `ADD COLUMN` write it in a migration: name, type, NOT NULL,
/// DEFAULT and CHECKs.
struct SQLColumnDefinition {
    let column: SQLColumn
    let dialect: SQLOptions.Dialect

    var text: String {
        var text = "\(SQLSyntax.identifier(column.name)) \(dialect.typeName(column.type))"
        if column.notNull { text += " NOT NULL" }
        if let value = column.defaultValue { text += " DEFAULT " + SQLLiteralText(literal: value, dialect: dialect).text }
        for (_, check) in dialect.checks(of: column) { text += " CHECK (\(check))" }
        return text
    }
}
