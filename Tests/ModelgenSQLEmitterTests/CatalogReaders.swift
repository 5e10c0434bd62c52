import Foundation

/// Reads a PostgreSQL database's `public` schema from `pg_catalog`.
extension PostgreSQLDatabase {
    private struct ColumnRow: Decodable { var table, name, type: String; var notNull, hasDefault: Bool }
    private struct ConstraintRow: Decodable { var table, type: String; var columns: [String]?; var target, onDelete: String? }
    private struct IndexRow: Decodable { var table: String; var unique, primary: Bool; var method: String; var columns: [String] }
    struct CommentRow: Decodable { var table: String; var column: String?; var comment: String }

    func catalog() async throws -> Catalog {
        var catalog = Catalog()
        let tables = try await json([String].self, """
            SELECT COALESCE(json_agg(c.relname ORDER BY c.relname), '[]') FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'
            """)
        for name in tables { catalog.tables[name] = Catalog.Table(name: name) }
        for row in try await json([ColumnRow].self, """
            SELECT COALESCE(json_agg(json_build_object('table', c.relname, 'name', a.attname,
                'type', format_type(a.atttypid, a.atttypmod), 'notNull', a.attnotnull, 'hasDefault', a.atthasdef)
                ORDER BY c.relname, a.attnum), '[]')
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            """) {
            catalog.tables[row.table]?.columns.append(.init(name: row.name, type: row.type, notNull: row.notNull, hasDefault: row.hasDefault))
        }
        for row in try await json([ConstraintRow].self, """
            SELECT COALESCE(json_agg(json_build_object('table', c.relname, 'type', con.contype,
                'columns', (SELECT json_agg(a.attname ORDER BY k.n) FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                            JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum),
                'target', t.relname,
                'onDelete', CASE con.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT'
                                                 WHEN 'a' THEN 'NO ACTION' WHEN 'd' THEN 'SET DEFAULT' END)), '[]')
            FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_class t ON t.oid = con.confrelid
            WHERE n.nspname = 'public'
            """) {
            switch row.type {
            case "p": catalog.tables[row.table]?.primaryKey = row.columns ?? []
            case "f":
                catalog.tables[row.table]?.foreignKeys.insert(.init(column: row.columns?.first ?? "?", target: row.target ?? "?",
                                                                    onDelete: row.onDelete ?? "?"))
            case "c": catalog.tables[row.table]?.checkedColumns.formUnion(row.columns ?? [])
            default: break
            }
        }
        for row in try await indexes() where !row.primary {
            catalog.tables[row.table]?.indexes.insert(.init(columns: row.columns, unique: row.unique))
        }
        return catalog
    }

    /// Indexes with their access method; expression keys as PostgreSQL prints them, unquoted.
    private func indexes() async throws -> [IndexRow] {
        try await json([IndexRow].self, """
            SELECT COALESCE(json_agg(json_build_object('table', t.relname, 'unique', x.indisunique, 'primary', x.indisprimary,
                'method', am.amname,
                'columns', (SELECT json_agg(CASE WHEN k.attnum = 0 THEN replace(pg_get_indexdef(x.indexrelid, k.n::int, true), '"', '')
                                                 ELSE a.attname END ORDER BY k.n)
                            FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                            LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum))), '[]')
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            JOIN pg_am am ON am.oid = i.relam JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE n.nspname = 'public'
            """)
    }

    /// The access method of every index by its columns, such as `gist` for a point.
    func indexMethods(table: String) async throws -> [[String]: String] {
        Dictionary(try await indexes().filter { $0.table == table }.map { ($0.columns, $0.method) }, uniquingKeysWith: { first, _ in first })
    }

    /// `COMMENT ON` texts of tables (column `nil`) and columns.
    func comments() async throws -> [CommentRow] {
        try await json([CommentRow].self, """
            SELECT COALESCE(json_agg(x), '[]') FROM (
                SELECT c.relname AS table, NULL AS column, obj_description(c.oid, 'pg_class') AS comment
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind = 'r' AND obj_description(c.oid, 'pg_class') IS NOT NULL
                UNION ALL
                SELECT c.relname, a.attname, col_description(c.oid, a.attnum)
                FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND col_description(c.oid, a.attnum) IS NOT NULL
            ) x
            """)
    }
}

/// Reads a SQLite database through `sqlite_schema` and the table-valued pragmas.
extension SQLiteDatabase {
    private struct ColumnRow: Decodable {
        var tbl, name, type: String
        var notnull, pk: Int
        var dflt_value: String?
    }
    private struct ForeignKeyRow: Decodable { var tbl, from, table, on_delete: String }
    private struct IndexRow: Decodable { var tbl, name, origin: String; var unique, seqno: Int; var col: String? }
    private struct TableRow: Decodable { var name, sql: String }

    func catalog() async throws -> Catalog {
        var catalog = Catalog()
        let tables = try await rows(TableRow.self, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        for table in tables { catalog.tables[table.name] = Catalog.Table(name: table.name) }
        var primaryKeys: [String: [(Int, String)]] = [:]
        for row in try await rows(ColumnRow.self, """
            SELECT m.name AS tbl, p.name, p.type, p."notnull", p.dflt_value, p.pk
            FROM sqlite_schema m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid
            """) {
            catalog.tables[row.tbl]?.columns.append(.init(name: row.name, type: row.type, notNull: row.notnull == 1,
                                                          hasDefault: row.dflt_value != nil))
            if row.pk > 0 { primaryKeys[row.tbl, default: []].append((row.pk, row.name)) }
        }
        for (table, columns) in primaryKeys { catalog.tables[table]?.primaryKey = columns.sorted { $0.0 < $1.0 }.map(\.1) }
        for row in try await rows(ForeignKeyRow.self, """
            SELECT m.name AS tbl, f."from", f."table", f.on_delete
            FROM sqlite_schema m JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table'
            """) {
            catalog.tables[row.tbl]?.foreignKeys.insert(.init(column: row.from, target: row.table, onDelete: row.on_delete))
        }
        var indexes: [String: (table: String, unique: Bool, columns: [String])] = [:]
        for row in try await rows(IndexRow.self, """
            SELECT m.name AS tbl, il.name, il."unique", il.origin, ii.seqno, ii.name AS col
            FROM sqlite_schema m JOIN pragma_index_list(m.name) il JOIN pragma_index_xinfo(il.name) ii
            WHERE m.type = 'table' AND ii."key" = 1 ORDER BY m.name, il.name, ii.seqno
            """) where row.origin != "pk" {
            indexes[row.name, default: (row.tbl, row.unique == 1, [])].columns.append(row.col ?? "expr")
        }
        for index in indexes.values { catalog.tables[index.table]?.indexes.insert(.init(columns: index.columns, unique: index.unique)) }
        // SQLite keeps CHECK constraints only in the table's SQL text: one column per line there.
        for table in tables {
            for line in table.sql.split(separator: "\n") {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("\""), text.contains(" CHECK ("),
                      let end = text.dropFirst().firstIndex(of: "\"") else { continue }
                catalog.tables[table.name]?.checkedColumns.insert(String(text[text.index(after: text.startIndex)..<end]))
            }
        }
        return catalog
    }
}
