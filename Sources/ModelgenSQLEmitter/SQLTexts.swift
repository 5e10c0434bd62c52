import ModelgenTemplates

// The text of a script that the views hold as values which write themselves into the output
// (``TemplateText``): names, literals, CHECK expressions and index keys. A script of a thousand
// classes prints some ninety thousand of them per dialect; made into strings first, quoting
// and composing them (and freeing them after) cost more than the rest of the view. The
// interpreter, for a user's own templates, sees each one's `text`.

/// A quoted identifier: `"name"` (``SQLSyntax/identifier(_:)``).
struct SQLIdentifierText: TemplateText {
    var name: String

    func write(to output: inout TemplateOutput) {
        SQLSyntax.writeIdentifier(name, to: &output)
    }
}

/// Quoted identifiers separated by `, `: a primary key's columns.
struct SQLIdentifierListText: TemplateText {
    var names: [String]

    func write(to output: inout TemplateOutput) {
        for (index, name) in names.enumerated() {
            if index > 0 { output.appendLiteral(", ") }
            SQLSyntax.writeIdentifier(name, to: &output)
        }
    }
}

/// A table, or a column of it: `"Book"` or `"Book"."title"`, what `COMMENT ON` names.
struct SQLQualifiedNameText: TemplateText {
    var table: String
    var column: String?

    func write(to output: inout TemplateOutput) {
        SQLSyntax.writeIdentifier(table, to: &output)
        guard let column else { return }
        output.append(byte: UInt8(ascii: "."))
        SQLSyntax.writeIdentifier(column, to: &output)
    }
}

/// A string literal of text with nothing hidden in it (``SQLSyntax/stringLiteral(_:)``): a
/// comment, a constraint's name, or a quoted table name for `regclass` (the quotes go inside
/// the literal, since `regclass` reads a possibly quoted name).
struct SQLStringLiteralText: TemplateText {
    /// What the literal means (`text` is the literal itself).
    var content: String
    /// Whether `content` is a name to quote as an identifier inside the literal.
    var quotedAsIdentifier = false

    func write(to output: inout TemplateOutput) {
        guard quotedAsIdentifier else { return SQLSyntax.writeStringLiteral(content, to: &output) }
        // `'"name"'`: a double quote doubled for the identifier, a single quote for the literal.
        output.appendLiteral("'\"")
        SQLSyntax.writeDoubling(SQLSyntax.identifierQuote, SQLSyntax.literalQuote, in: content, to: &output)
        output.appendLiteral("\"'")
    }
}

/// A constant in a `DEFAULT`, as the dialect spells it.
struct SQLLiteralText: TemplateText {
    var literal: SQLLiteral
    var dialect: SQLOptions.Dialect

    func write(to output: inout TemplateOutput) {
        dialect.writeLiteral(literal, to: &output)
    }
}

/// A `CHECK` expression on a column, as the dialect spells it; made only for checks the
/// dialect spells (see ``SQLOptions/Dialect/spells(_:on:)``).
struct SQLCheckText: TemplateText {
    var check: SQLCheck
    /// The column's plain name.
    var column: String
    var dialect: SQLOptions.Dialect

    func write(to output: inout TemplateOutput) {
        dialect.writeCheck(check, column: column, to: &output)
    }
}

/// An index's keys, separated by `, `.
struct SQLIndexKeysText: TemplateText {
    var keys: [SQLIndexKey]
    var dialect: SQLOptions.Dialect

    func write(to output: inout TemplateOutput) {
        for (index, key) in keys.enumerated() {
            if index > 0 { output.appendLiteral(", ") }
            dialect.writeIndexKey(key, to: &output)
        }
    }
}
