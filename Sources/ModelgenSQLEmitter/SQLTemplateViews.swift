// Generated from Templates/sql-*.mustache and the views in
// Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit.

import ModelgenTemplates

/// A whole script (`sql-postgresql`, `sql-sqlite`).
struct SQLScriptView {
    /// The comment lines the script starts with.
    var summary: [String]

    /// The tables in creation order, each made when the template reaches it.
    var tables: LazyViewList<SQLTableView>

    /// Foreign keys that close a cycle, added once every table exists (PostgreSQL).
    var deferredForeignKeys: [SQLForeignKeyView]

    /// Whether there are any.
    var hasDeferredForeignKeys: Bool
}

/// One `CREATE TABLE` with its indexes and comments (`sql-table`).
struct SQLTableView {
    /// The table's name, quoted when it must be.
    var tableName: SQLIdentifierText

    /// The description's lines, inside the table (SQLite).
    var tableComment: [String]

    /// Columns and table constraints, in order.
    var elements: [SQLElementView]

    /// The table's indexes.
    var indexes: [SQLIndexView]

    /// `COMMENT ON` the table and its columns (PostgreSQL, relational layout).
    var comments: [SQLCommentView]
}

/// One line inside `CREATE TABLE`: exactly one of its three kinds is set.
struct SQLElementView {
    /// The column's description, as comment lines before it (SQLite).
    var comment: [String]

    /// A column.
    var column: SQLColumnView?

    /// A primary key: its columns, quoted and comma-separated.
    var primaryKey: SQLIdentifierListText?

    /// A foreign key constraint.
    var foreignKey: SQLForeignKeyView?

    /// `,` after every element but the last.
    var comma: String
}

/// A column.
struct SQLColumnView {
    /// Its name, quoted when it must be.
    var name: SQLIdentifierText

    /// Its type in the dialect.
    var type: String

    /// Whether it is `NOT NULL`.
    var notNull: Bool

    /// Its `DEFAULT`, as an SQL literal.
    var defaultValue: SQLLiteralText?

    /// Its `CHECK` expressions.
    var checks: [SQLCheckText]
}

/// A foreign key.
struct SQLForeignKeyView {
    /// The constraint's name, quoted when it must be.
    var constraintName: SQLIdentifierText

    /// The constraint's name as a string literal.
    var constraintNameLiteral: SQLStringLiteralText

    /// The table holding it.
    var owner: SQLIdentifierText

    /// That table's (quoted) name as a string literal, for `regclass`.
    var ownerLiteral: SQLStringLiteralText

    /// The referencing column.
    var column: SQLIdentifierText

    /// The referenced table.
    var target: SQLIdentifierText

    /// The referenced column.
    var targetColumn: SQLIdentifierText

    /// The `ON DELETE` action.
    var onDelete: String
}

/// A `CREATE INDEX`.
struct SQLIndexView {
    /// The index's name, quoted when it must be.
    var indexName: SQLIdentifierText

    /// The indexed table.
    var owner: SQLIdentifierText

    /// Whether it is `UNIQUE`.
    var unique: Bool

    /// The indexed columns or expressions, comma-separated.
    var keys: SQLIndexKeysText

    /// The index method (`USING`), when not the default.
    var method: String?
}

/// A `COMMENT ON`.
struct SQLCommentView {
    /// `TABLE` or `COLUMN`.
    var kind: String

    /// What it comments on.
    var target: SQLQualifiedNameText

    /// The comment, as a string literal.
    var text: SQLStringLiteralText
}

extension SQLScriptView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["summary"] = summary
        context["tables"] = LazyContextList(count: tables.count) { tables[$0].context }
        context["deferredForeignKeys"] = deferredForeignKeys.map(\.context)
        context["hasDeferredForeignKeys"] = hasDeferredForeignKeys
        return context
    }
}

extension SQLTableView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["tableName"] = tableName.text
        context["tableComment"] = tableComment
        context["elements"] = elements.map(\.context)
        context["indexes"] = indexes.map(\.context)
        context["comments"] = comments.map(\.context)
        return context
    }
}

extension SQLElementView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["comment"] = comment
        if let column { context["column"] = column.context }
        if let primaryKey { context["primaryKey"] = primaryKey.text }
        if let foreignKey { context["foreignKey"] = foreignKey.context }
        context["comma"] = comma
        return context
    }
}

extension SQLColumnView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name.text
        context["type"] = type
        context["notNull"] = notNull
        if let defaultValue { context["defaultValue"] = defaultValue.text }
        context["checks"] = checks.map(\.text)
        return context
    }
}

extension SQLForeignKeyView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["constraintName"] = constraintName.text
        context["constraintNameLiteral"] = constraintNameLiteral.text
        context["owner"] = owner.text
        context["ownerLiteral"] = ownerLiteral.text
        context["column"] = column.text
        context["target"] = target.text
        context["targetColumn"] = targetColumn.text
        context["onDelete"] = onDelete
        return context
    }
}

extension SQLIndexView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["indexName"] = indexName.text
        context["owner"] = owner.text
        context["unique"] = unique
        context["keys"] = keys.text
        if let method { context["method"] = method }
        return context
    }
}

extension SQLCommentView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["kind"] = kind
        context["target"] = target.text
        context["text"] = text.text
        return context
    }
}

extension SQLScriptView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "sql-postgresql": CompiledSQLTemplates.sqlPostgresql(self, &output)
        case "sql-sqlite": CompiledSQLTemplates.sqlSqlite(self, &output)
        default: return false
        }
        return true
    }
}

extension SQLTableView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "sql-table": CompiledSQLTemplates.sqlTable(self, &output)
        default: return false
        }
        return true
    }
}

/// The default `sql-` templates compiled to Swift over these views.
enum CompiledSQLTemplates {
    // sql-postgresql.mustache
    static func sqlPostgresql(_ view: SQLScriptView, _ output: inout TemplateOutput) {
        view.summary.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("-- ")
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\nBEGIN;\n")
        for v1 in view.tables {
            output.appendLiteral("\n")
            output.appendLiteral("CREATE TABLE IF NOT EXISTS ")
            output.append(v1.tableName)
            output.appendLiteral(" (\n")
            v1.tableComment.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("    -- ")
                    output.append(b2[i2])
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            v1.elements.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    b2[i2].comment.withUnsafeBufferPointer { b3 in
                        for i3 in b3.indices {
                            output.appendLiteral("    -- ")
                            output.append(b3[i3])
                            output.appendLiteral("\n")
                            output.endTurn()
                        }
                    }
                    if let v3 = b2[i2].column {
                        output.appendLiteral("    ")
                        output.append(v3.name)
                        output.appendLiteral(" ")
                        output.append(v3.type)
                        if v3.notNull {
                            output.appendLiteral(" NOT NULL")
                        }
                        if let s4 = v3.defaultValue {
                            output.appendLiteral(" DEFAULT ")
                            output.append(s4)
                        }
                        v3.checks.withUnsafeBufferPointer { b4 in
                            for i4 in b4.indices {
                                output.appendLiteral(" CHECK (")
                                output.append(b4[i4])
                                output.appendLiteral(")")
                                output.endTurn()
                            }
                        }
                        output.append(b2[i2].comma)
                        output.appendLiteral("\n")
                    }
                    if let s3 = b2[i2].primaryKey {
                        output.appendLiteral("    PRIMARY KEY (")
                        output.append(s3)
                        output.appendLiteral(")")
                        output.append(b2[i2].comma)
                        output.appendLiteral("\n")
                    }
                    if let v3 = b2[i2].foreignKey {
                        output.appendLiteral("    CONSTRAINT ")
                        output.append(v3.constraintName)
                        output.appendLiteral(" FOREIGN KEY (")
                        output.append(v3.column)
                        output.appendLiteral(") REFERENCES ")
                        output.append(v3.target)
                        output.appendLiteral(" (")
                        output.append(v3.targetColumn)
                        output.appendLiteral(") ON DELETE ")
                        output.append(v3.onDelete)
                        output.append(b2[i2].comma)
                        output.appendLiteral("\n")
                    }
                    output.endTurn()
                }
            }
            output.appendLiteral(");\n")
            v1.indexes.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("CREATE ")
                    if b2[i2].unique {
                        output.appendLiteral("UNIQUE ")
                    }
                    output.appendLiteral("INDEX IF NOT EXISTS ")
                    output.append(b2[i2].indexName)
                    output.appendLiteral(" ON ")
                    output.append(b2[i2].owner)
                    if let s3 = b2[i2].method {
                        output.appendLiteral(" USING ")
                        output.append(s3)
                    }
                    output.appendLiteral(" (")
                    output.append(b2[i2].keys)
                    output.appendLiteral(");\n")
                    output.endTurn()
                }
            }
            v1.comments.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("COMMENT ON ")
                    output.append(b2[i2].kind)
                    output.appendLiteral(" ")
                    output.append(b2[i2].target)
                    output.appendLiteral(" IS ")
                    output.append(b2[i2].text)
                    output.appendLiteral(";\n")
                    output.endTurn()
                }
            }
            output.endTurn()
        }
        if view.hasDeferredForeignKeys {
            output.appendLiteral("\n-- Foreign keys that close a cycle of references, added once every table exists. PostgreSQL\n-- has no ADD CONSTRAINT IF NOT EXISTS, so each is added only when the catalog lacks it.\n")
        }
        view.deferredForeignKeys.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("DO $$\nBEGIN\n    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint\n                   WHERE conrelid = ")
                output.append(b1[i1].ownerLiteral)
                output.appendLiteral("::regclass AND conname = ")
                output.append(b1[i1].constraintNameLiteral)
                output.appendLiteral(") THEN\n        ALTER TABLE ")
                output.append(b1[i1].owner)
                output.appendLiteral(" ADD CONSTRAINT ")
                output.append(b1[i1].constraintName)
                output.appendLiteral("\n            FOREIGN KEY (")
                output.append(b1[i1].column)
                output.appendLiteral(") REFERENCES ")
                output.append(b1[i1].target)
                output.appendLiteral(" (")
                output.append(b1[i1].targetColumn)
                output.appendLiteral(") ON DELETE ")
                output.append(b1[i1].onDelete)
                output.appendLiteral(";\n    END IF;\nEND\n$$;\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\nCOMMIT;\n")
    }

    // sql-sqlite.mustache
    static func sqlSqlite(_ view: SQLScriptView, _ output: inout TemplateOutput) {
        view.summary.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("-- ")
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\nPRAGMA foreign_keys = ON;\n\nBEGIN;\n")
        for v1 in view.tables {
            output.appendLiteral("\n")
            output.appendLiteral("CREATE TABLE IF NOT EXISTS ")
            output.append(v1.tableName)
            output.appendLiteral(" (\n")
            v1.tableComment.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("    -- ")
                    output.append(b2[i2])
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            v1.elements.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    b2[i2].comment.withUnsafeBufferPointer { b3 in
                        for i3 in b3.indices {
                            output.appendLiteral("    -- ")
                            output.append(b3[i3])
                            output.appendLiteral("\n")
                            output.endTurn()
                        }
                    }
                    if let v3 = b2[i2].column {
                        output.appendLiteral("    ")
                        output.append(v3.name)
                        output.appendLiteral(" ")
                        output.append(v3.type)
                        if v3.notNull {
                            output.appendLiteral(" NOT NULL")
                        }
                        if let s4 = v3.defaultValue {
                            output.appendLiteral(" DEFAULT ")
                            output.append(s4)
                        }
                        v3.checks.withUnsafeBufferPointer { b4 in
                            for i4 in b4.indices {
                                output.appendLiteral(" CHECK (")
                                output.append(b4[i4])
                                output.appendLiteral(")")
                                output.endTurn()
                            }
                        }
                        output.append(b2[i2].comma)
                        output.appendLiteral("\n")
                    }
                    if let s3 = b2[i2].primaryKey {
                        output.appendLiteral("    PRIMARY KEY (")
                        output.append(s3)
                        output.appendLiteral(")")
                        output.append(b2[i2].comma)
                        output.appendLiteral("\n")
                    }
                    if let v3 = b2[i2].foreignKey {
                        output.appendLiteral("    CONSTRAINT ")
                        output.append(v3.constraintName)
                        output.appendLiteral(" FOREIGN KEY (")
                        output.append(v3.column)
                        output.appendLiteral(") REFERENCES ")
                        output.append(v3.target)
                        output.appendLiteral(" (")
                        output.append(v3.targetColumn)
                        output.appendLiteral(") ON DELETE ")
                        output.append(v3.onDelete)
                        output.append(b2[i2].comma)
                        output.appendLiteral("\n")
                    }
                    output.endTurn()
                }
            }
            output.appendLiteral(");\n")
            v1.indexes.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("CREATE ")
                    if b2[i2].unique {
                        output.appendLiteral("UNIQUE ")
                    }
                    output.appendLiteral("INDEX IF NOT EXISTS ")
                    output.append(b2[i2].indexName)
                    output.appendLiteral(" ON ")
                    output.append(b2[i2].owner)
                    if let s3 = b2[i2].method {
                        output.appendLiteral(" USING ")
                        output.append(s3)
                    }
                    output.appendLiteral(" (")
                    output.append(b2[i2].keys)
                    output.appendLiteral(");\n")
                    output.endTurn()
                }
            }
            v1.comments.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("COMMENT ON ")
                    output.append(b2[i2].kind)
                    output.appendLiteral(" ")
                    output.append(b2[i2].target)
                    output.appendLiteral(" IS ")
                    output.append(b2[i2].text)
                    output.appendLiteral(";\n")
                    output.endTurn()
                }
            }
            output.endTurn()
        }
        output.appendLiteral("\nCOMMIT;\n")
    }

    // sql-table.mustache
    static func sqlTable(_ view: SQLTableView, _ output: inout TemplateOutput) {
        output.appendLiteral("CREATE TABLE IF NOT EXISTS ")
        output.append(view.tableName)
        output.appendLiteral(" (\n")
        view.tableComment.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("    -- ")
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        view.elements.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                b1[i1].comment.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        output.appendLiteral("    -- ")
                        output.append(b2[i2])
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                if let v2 = b1[i1].column {
                    output.appendLiteral("    ")
                    output.append(v2.name)
                    output.appendLiteral(" ")
                    output.append(v2.type)
                    if v2.notNull {
                        output.appendLiteral(" NOT NULL")
                    }
                    if let s3 = v2.defaultValue {
                        output.appendLiteral(" DEFAULT ")
                        output.append(s3)
                    }
                    v2.checks.withUnsafeBufferPointer { b3 in
                        for i3 in b3.indices {
                            output.appendLiteral(" CHECK (")
                            output.append(b3[i3])
                            output.appendLiteral(")")
                            output.endTurn()
                        }
                    }
                    output.append(b1[i1].comma)
                    output.appendLiteral("\n")
                }
                if let s2 = b1[i1].primaryKey {
                    output.appendLiteral("    PRIMARY KEY (")
                    output.append(s2)
                    output.appendLiteral(")")
                    output.append(b1[i1].comma)
                    output.appendLiteral("\n")
                }
                if let v2 = b1[i1].foreignKey {
                    output.appendLiteral("    CONSTRAINT ")
                    output.append(v2.constraintName)
                    output.appendLiteral(" FOREIGN KEY (")
                    output.append(v2.column)
                    output.appendLiteral(") REFERENCES ")
                    output.append(v2.target)
                    output.appendLiteral(" (")
                    output.append(v2.targetColumn)
                    output.appendLiteral(") ON DELETE ")
                    output.append(v2.onDelete)
                    output.append(b1[i1].comma)
                    output.appendLiteral("\n")
                }
                output.endTurn()
            }
        }
        output.appendLiteral(");\n")
        view.indexes.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("CREATE ")
                if b1[i1].unique {
                    output.appendLiteral("UNIQUE ")
                }
                output.appendLiteral("INDEX IF NOT EXISTS ")
                output.append(b1[i1].indexName)
                output.appendLiteral(" ON ")
                output.append(b1[i1].owner)
                if let s2 = b1[i1].method {
                    output.appendLiteral(" USING ")
                    output.append(s2)
                }
                output.appendLiteral(" (")
                output.append(b1[i1].keys)
                output.appendLiteral(");\n")
                output.endTurn()
            }
        }
        view.comments.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("COMMENT ON ")
                output.append(b1[i1].kind)
                output.appendLiteral(" ")
                output.append(b1[i1].target)
                output.appendLiteral(" IS ")
                output.append(b1[i1].text)
                output.appendLiteral(";\n")
                output.endTurn()
            }
        }
    }
}
