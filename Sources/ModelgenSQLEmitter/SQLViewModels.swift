import ModelgenSchema
import ModelgenTemplates

/// Builds the dictionaries the SQL templates render: identifiers quoted, types spelled for
/// the dialect, CHECK expressions and constants written out, tables in creation order, so the
/// templates hold only SQL keywords and layout.
struct SQLViewModels {
    typealias Context = [String: Any]

    let layout: SQLOptions.Layout
    let dialect: SQLOptions.Dialect
    let order: SQLTableOrder

    /// The whole script. Each table's dictionaries are made when the template reaches the
    /// table and dropped after it: all of them at once would be many times the script's size.
    func script() -> Context {
        let deferredKeys: [Context] = dialect == .postgresql ? order.deferred.map { foreignKey($0.key, table: $0.table) } : []
        return [
            "summary": summary(),
            "tables": LazyContextList(count: order.tables.count) { table(order.tables[$0]) },
            "deferredForeignKeys": deferredKeys,
            "hasDeferredForeignKeys": !deferredKeys.isEmpty,
        ]
    }

    private func summary() -> [String] {
        var lines: [String]
        switch layout {
        case .relational:
            lines = ["\(dialect.displayName) schema, relational layout: a table per class, foreign keys for pointers,",
                     "a join table per relation."]
        case .parseServer:
            lines = dialect == .postgresql
                ? ["PostgreSQL schema, parse-server layout: the tables Parse Server's PostgreSQL adapter creates."]
                : ["SQLite schema, parse-server layout: the tables Parse Server's PostgreSQL adapter creates,",
                   "in SQLite's types (Parse Server itself does not run on SQLite)."]
        }
        lines.append("Safe to run again: it creates what is missing and changes nothing else.")
        switch dialect {
        case .postgresql:
            lines.append("Apply with: psql -v ON_ERROR_STOP=1 -f \(dialect.fileName)")
        case .sqlite:
            lines.append("Apply with: sqlite3 -bail app.db < \(dialect.fileName)")
            if layout == .relational {
                lines.append("SQLite enforces foreign keys only on connections that run PRAGMA foreign_keys = ON.")
            }
        }
        return lines
    }

    private func table(_ table: SQLTable) -> Context {
        let inlineComments = dialect == .sqlite
        var elements: [Context] = []
        // SQLite wants every column before the first table constraint; PostgreSQL takes them in
        // any order, and Parse Server writes its primary key right after `objectId`.
        let ordered = dialect == .sqlite ? table.columns.map { SQLTable.Element.column($0) } + table.elements.filter {
            if case .column = $0 { false } else { true }
        } : table.elements
        for element in ordered {
            switch element {
            case .column(let column):
                var context: Context = [
                    "name": SQLSyntax.identifier(column.name), "type": dialect.typeName(column.type), "notNull": column.notNull,
                    "checks": column.checks.compactMap { dialect.checkExpression($0, on: column) },
                ]
                if let value = column.defaultValue { context["defaultValue"] = dialect.literal(value) }
                elements.append(["column": context, "comment": inlineComments ? SQLSyntax.commentLines(column.description) : []])
            case .primaryKey(let columns):
                elements.append(["primaryKey": columns.map(SQLSyntax.identifier).joined(separator: ", "), "comment": [String]()])
            }
        }
        for key in table.foreignKeys where dialect == .sqlite || !order.isDeferred(key, of: table.name) {
            elements.append(["foreignKey": foreignKey(key, table: table.name), "comment": [String]()])
        }
        for index in elements.indices {
            elements[index]["comma"] = index == elements.count - 1 ? "" : ","
        }
        var comments: [Context] = []
        if dialect == .postgresql && layout == .relational {
            if let text = SQLSyntax.commentText(table.description) {
                comments.append(["kind": "TABLE", "target": SQLSyntax.identifier(table.name), "text": SQLSyntax.stringLiteral(text)])
            }
            for column in table.columns {
                guard let text = SQLSyntax.commentText(column.description) else { continue }
                comments.append(["kind": "COLUMN", "target": SQLSyntax.identifier(table.name) + "." + SQLSyntax.identifier(column.name),
                                 "text": SQLSyntax.stringLiteral(text)])
            }
        }
        return [
            "tableName": SQLSyntax.identifier(table.name),
            "tableComment": inlineComments ? SQLSyntax.commentLines(table.description) : [],
            "elements": elements,
            "indexes": table.indexes.map { index(of: $0, table: table.name) },
            "comments": comments,
        ]
    }

    private func foreignKey(_ key: SQLForeignKey, table: String) -> Context {
        [
            "constraintName": SQLSyntax.identifier(key.name), "constraintNameLiteral": SQLSyntax.stringLiteral(key.name),
            "owner": SQLSyntax.identifier(table),
            // regclass reads a possibly quoted name, so the quotes go inside the literal.
            "ownerLiteral": SQLSyntax.stringLiteral(SQLSyntax.identifier(table)),
            "column": SQLSyntax.identifier(key.column), "target": SQLSyntax.identifier(key.target),
            "targetColumn": SQLSyntax.identifier(key.targetColumn), "onDelete": dialect.onDelete(key.onDelete),
        ]
    }

    private func index(of index: SQLIndex, table: String) -> Context {
        var context: Context = [
            "indexName": SQLSyntax.identifier(index.name), "owner": SQLSyntax.identifier(table), "unique": index.isUnique,
            "keys": index.keys.map(dialect.indexKey).joined(separator: ", "),
        ]
        if let method = dialect.indexMethod(index) { context["method"] = method }
        return context
    }
}
