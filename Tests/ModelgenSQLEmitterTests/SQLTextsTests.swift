@testable import ModelgenSQLEmitter
import ModelgenTemplates
import Testing

/// The texts the SQL views hold write themselves into the script; the interpreter sees their
/// `text`. Both must be the same, exactly what the strings they replace were.
@Suite struct SQLTextsTests {
    /// What `text` writes into an output that already holds something, and its `text`,
    /// which must agree.
    private func written<Text: TemplateText>(_ text: Text) -> String {
        var output = TemplateOutput()
        output.appendLiteral("<")
        output.append(text)
        output.appendLiteral(">")
        let whole = output.text
        #expect(whole == "<" + text.text + ">")
        return String(whole.dropFirst().dropLast())
    }

    @Test func namesAreQuotedWithTheirQuotesDoubled() {
        #expect(written(SQLIdentifierText(name: "Book")) == #""Book""#)
        #expect(written(SQLIdentifierText(name: #"say "hi""#)) == #""say ""hi""""#)
        #expect(written(SQLIdentifierText(name: "")) == #""""#)
        #expect(written(SQLIdentifierListText(names: ["owningId", "related\"Id"])) == #""owningId", "related""Id""#)
        #expect(written(SQLIdentifierListText(names: [])) == "")
        #expect(written(SQLQualifiedNameText(table: "Book")) == #""Book""#)
        #expect(written(SQLQualifiedNameText(table: "Bo\"ok", column: "ti.tle")) == #""Bo""ok"."ti.tle""#)
    }

    @Test func literalsMatchTheStringRules() {
        for text in ["plain", "it's", #"a "b" 'c'"#, "é'\u{301}", ""] {
            #expect(written(SQLStringLiteralText(content: text)) == SQLSyntax.stringLiteral(text))
            // For regclass: the identifier's quotes inside the literal, both kinds doubled.
            #expect(written(SQLStringLiteralText(content: text, quotedAsIdentifier: true))
                    == SQLSyntax.stringLiteral(SQLSyntax.identifier(text)))
        }
    }

    @Test func defaultsAreSpelledByTheDialect() {
        let cases: [(SQLLiteral, postgresql: String, sqlite: String)] = [
            (.string("it's"), "'it''s'", "'it''s'"),
            (.string("bell\u{7}"), #"U&'bell\0007'"#, "('bell' || char(7))"),
            (.string("tab\tand\nnewline"), "'tab\tand\nnewline'", "'tab\tand\nnewline'"),
            (.string("rtl\u{202E}"), #"U&'rtl\202E'"#, "('rtl' || char(8238))"),
            (.string("café"), "'café'", "'café'"),
            (.timestamp("2024-01-31T12:00:00.000Z"), "'2024-01-31T12:00:00.000Z'", "'2024-01-31T12:00:00.000Z'"),
            (.int(-42), "-42", "-42"),
            (.double(0.5), "0.5", "0.5"),
            (.bool(true), "true", "1"),
            (.bool(false), "false", "0"),
            (.now, "now()", "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"),
        ]
        for (literal, postgresql, sqlite) in cases {
            #expect(written(SQLLiteralText(literal: literal, dialect: .postgresql)) == postgresql)
            #expect(written(SQLLiteralText(literal: literal, dialect: .sqlite)) == sqlite)
        }
    }

    @Test func hiddenCharactersAreFoundByBytesAndByScalars() {
        for text in ["", "plain text", "tab\tand\nnewline", "café", "日本"] {
            #expect(!SQLOptions.Dialect.hasHidden(text), "\(text)")
        }
        for text in ["\u{0}", "a\u{1F}", "del\u{7F}", "cr\r", "c1\u{85}", "é\u{2028}", "bidi\u{2066}", "bom\u{FEFF}"] {
            #expect(SQLOptions.Dialect.hasHidden(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func checksAreWrittenOnlyWhereTheDialectNeedsThem() {
        let text = SQLColumn(name: "ti\"tle", type: .text)
        let json = SQLColumn(name: "tags", type: .json)
        let point = SQLColumn(name: "at", type: .point)
        func check(_ check: SQLCheck, _ column: SQLColumn, _ dialect: SQLOptions.Dialect) -> String? {
            dialect.spells(check, on: column) ? written(SQLCheckText(check: check, column: column.name, dialect: dialect)) : nil
        }
        #expect(check(.oneOf([.string("a'b"), .string("c")]), text, .postgresql) == #""ti""tle" IN ('a''b', 'c')"#)
        #expect(check(.oneOf([.int(0), .int(2)]), text, .sqlite) == #""ti""tle" IN (0, 2)"#)
        #expect(check(.range(min: .int(1), max: .double(2.5)), text, .sqlite) == #""ti""tle" BETWEEN 1 AND 2.5"#)
        #expect(check(.range(min: .int(-1), max: nil), text, .postgresql) == #""ti""tle" >= -1"#)
        #expect(check(.range(min: nil, max: nil), text, .postgresql) == nil)
        #expect(check(.length(min: nil, max: 9), text, .postgresql) == #"char_length("ti""tle") <= 9"#)
        #expect(check(.length(min: 1, max: 9), text, .sqlite) == #"length("ti""tle") BETWEEN 1 AND 9"#)
        #expect(check(.count(min: 1, max: nil), json, .postgresql) == #"jsonb_array_length("tags") >= 1"#)
        #expect(check(.count(min: 1, max: nil), json, .sqlite) == #"json_array_length("tags") >= 1"#)
        #expect(check(.count(min: 1, max: nil), text, .sqlite) == nil)
        #expect(check(.jsonValid, json, .sqlite) == #""tags" IS NULL OR json_valid("tags")"#)
        #expect(check(.jsonValid, json, .postgresql) == nil)
        #expect(check(.jsonType("object"), point, .sqlite) == #"json_type("at") = 'object'"#)
        #expect(check(.jsonType("object"), point, .postgresql) == nil)
        #expect(check(.jsonType("array"), json, .postgresql) == #"jsonb_typeof("tags") = 'array'"#)
        #expect(check(.boolean, text, .sqlite) == #""ti""tle" IN (0, 1)"#)
        #expect(check(.boolean, text, .postgresql) == nil)
    }

    @Test func indexKeysAreSpelledByTheDialect() {
        let keys: [SQLIndexKey] = [.lowercased("email"), .column("na\"me")]
        #expect(written(SQLIndexKeysText(keys: keys, dialect: .postgresql)) == #"lower("email") varchar_pattern_ops, "na""me""#)
        #expect(written(SQLIndexKeysText(keys: keys, dialect: .sqlite)) == #"lower("email"), "na""me""#)
    }
}
