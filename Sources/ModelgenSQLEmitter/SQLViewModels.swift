import ModelgenSchema
import ModelgenTemplates

/// Builds the views the SQL templates render (``SQLScriptView`` and the views in it):
/// identifiers quoted, types spelled for the dialect, CHECK expressions and constants written
/// out, tables in creation order, so the templates hold only SQL keywords and layout.
struct SQLViewModels {
    let layout: SQLOptions.Layout
    let dialect: SQLOptions.Dialect
    let tables: SQLTableList
    let order: SQLTableOrder
    /// Whether descriptions become comments (`--` lines in SQLite, `COMMENT ON` in PostgreSQL):
    /// the scripts have them; the on-device store's statements leave them out, so its version
    /// changes with the tables only.
    var describes = true

    /// The whole script. Each table, and its view, is made when the template reaches the table
    /// and dropped after it: all of them at once would be many times the script's size.
    func script() -> SQLScriptView {
        let deferredKeys = dialect == .postgresql ? order.deferred.map { foreignKey($0.key, table: $0.table) } : []
        return SQLScriptView(summary: summary(),
                             tables: LazyViewList(count: order.positions.count) { table(tables[order.positions[$0]]) },
                             deferredForeignKeys: deferredKeys, hasDeferredForeignKeys: !deferredKeys.isEmpty)
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

    /// One table's view: its `CREATE TABLE`, indexes and comments.
    func table(_ table: SQLTable) -> SQLTableView {
        let inlineComments = dialect == .sqlite && describes
        var elements: [SQLElementView] = []
        elements.reserveCapacity(table.elements.count + table.foreignKeys.count)
        func add(_ element: SQLTable.Element) {
            switch element {
            case .column(let column):
                var checks: [SQLCheckText] = []
                // One allocation of the right size, not one that grows.
                if !column.checks.isEmpty { checks.reserveCapacity(column.checks.count) }
                for check in column.checks where dialect.spells(check, on: column) {
                    checks.append(SQLCheckText(check: check, column: column.name, dialect: dialect))
                }
                let view = SQLColumnView(name: SQLIdentifierText(name: column.name), type: dialect.typeName(column.type),
                                         notNull: column.notNull,
                                         defaultValue: column.defaultValue.map { SQLLiteralText(literal: $0, dialect: dialect) },
                                         checks: checks)
                elements.append(SQLElementView(comment: inlineComments ? SQLSyntax.commentLines(column.description) : [],
                                               column: view, comma: ","))
            case .primaryKey(let columns):
                elements.append(SQLElementView(comment: [], primaryKey: SQLIdentifierListText(names: columns), comma: ","))
            }
        }
        // SQLite wants every column before the first table constraint; PostgreSQL takes them in
        // any order, and Parse Server writes its primary key right after `objectId`.
        if dialect == .sqlite {
            for element in table.elements where element.isColumn { add(element) }
            for element in table.elements where !element.isColumn { add(element) }
        } else {
            for element in table.elements { add(element) }
        }
        for key in table.foreignKeys where dialect == .sqlite || !order.isDeferred(key, of: table.name) {
            elements.append(SQLElementView(comment: [], foreignKey: foreignKey(key, table: table.name), comma: ","))
        }
        if !elements.isEmpty { elements[elements.count - 1].comma = "" }
        var comments: [SQLCommentView] = []
        if dialect == .postgresql && layout == .relational && describes {
            if let text = SQLSyntax.commentText(table.description) {
                comments.append(SQLCommentView(kind: "TABLE", target: SQLQualifiedNameText(table: table.name),
                                               text: SQLStringLiteralText(content: text)))
            }
            for case .column(let column) in table.elements {
                guard let text = SQLSyntax.commentText(column.description) else { continue }
                comments.append(SQLCommentView(kind: "COLUMN", target: SQLQualifiedNameText(table: table.name, column: column.name),
                                               text: SQLStringLiteralText(content: text)))
            }
        }
        return SQLTableView(tableName: SQLIdentifierText(name: table.name),
                            tableComment: inlineComments ? SQLSyntax.commentLines(table.description) : [],
                            elements: elements, indexes: table.indexes.map { index(of: $0, table: table.name) }, comments: comments)
    }

    func foreignKey(_ key: SQLForeignKey, table: String) -> SQLForeignKeyView {
        SQLForeignKeyView(
            constraintName: SQLIdentifierText(name: key.name), constraintNameLiteral: SQLStringLiteralText(content: key.name),
            owner: SQLIdentifierText(name: table),
            // regclass reads a possibly quoted name, so the quotes go inside the literal.
            ownerLiteral: SQLStringLiteralText(content: table, quotedAsIdentifier: true),
            column: SQLIdentifierText(name: key.column), target: SQLIdentifierText(name: key.target),
            targetColumn: SQLIdentifierText(name: key.targetColumn), onDelete: dialect.onDelete(key.onDelete))
    }

    private func index(of index: SQLIndex, table: String) -> SQLIndexView {
        SQLIndexView(indexName: SQLIdentifierText(name: index.name), owner: SQLIdentifierText(name: table), unique: index.isUnique,
                     keys: SQLIndexKeysText(keys: index.keys, dialect: dialect), method: dialect.indexMethod(index))
    }
}
