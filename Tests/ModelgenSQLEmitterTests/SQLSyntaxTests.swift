import ModelgenSchema
import ModelgenSQLEmitter
import Testing

/// Quoting and escaping live in `SQLSyntax` alone; these pin its rules. The database tests
/// prove the same texts against PostgreSQL and SQLite.
@Suite struct SQLSyntaxTests {
    @Test func identifiersAreAlwaysQuotedWithInnerQuotesDoubled() {
        #expect(SQLSyntax.identifier("Book") == "\"Book\"")
        #expect(SQLSyntax.identifier("default") == "\"default\"")
        #expect(SQLSyntax.identifier("_Join:authors:Book") == "\"_Join:authors:Book\"")
        #expect(SQLSyntax.identifier("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(SQLSyntax.identifier("") == "\"\"")
    }

    @Test func stringLiteralsDoubleSingleQuotesAndKeepEverythingElse() {
        #expect(SQLSyntax.stringLiteral("plain") == "'plain'")
        #expect(SQLSyntax.stringLiteral("it's") == "'it''s'")
        #expect(SQLSyntax.stringLiteral("''") == "''''''")
        #expect(SQLSyntax.stringLiteral(#"back\slash "double""#) == #"'back\slash "double"'"#)
        #expect(SQLSyntax.stringLiteral("two\nlines") == "'two\nlines'")
        #expect(SQLSyntax.stringLiteral("") == "''")
    }

    @Test func aQuoteFollowedByACombiningMarkIsStillDoubled() {
        // "'\u{301}" is one Character, but its quote still ends an SQL literal.
        #expect(Array(SQLSyntax.stringLiteral("a'\u{301}; --").utf8) == Array("'a''\u{301}; --'".utf8))
        #expect(Array(SQLSyntax.identifier("a\"\u{301}b").utf8) == Array("\"a\"\"\u{301}b\"".utf8))
    }

    @Test func numbersReadBackExactly() {
        #expect(SQLSyntax.numberLiteral(.int(-3)) == "-3")
        #expect(SQLSyntax.numberLiteral(.double(0.5)) == "0.5")
        #expect(SQLSyntax.numberLiteral(.double(1e-5)) == "1e-05")
        #expect(SQLSyntax.numberLiteral(.double(2.0)) == "2.0")
    }

    @Test func commentLinesCannotEndTheCommentOrHideText() {
        #expect(SQLSyntax.commentLines("One.\nTwo.  \r\n\nThree.") == ["One.", "Two.", "", "Three."])
        #expect(SQLSyntax.commentLines("tab\there") == ["tab    here"])
        #expect(SQLSyntax.commentLines("a\u{202E}b\u{0}c\u{2028}d") == ["abc", "d"])
        #expect(SQLSyntax.commentLines("\n\n") == [])
        // One line of printable ASCII (the fast path) keeps its indent and loses trailing spaces.
        #expect(SQLSyntax.commentLines("  indented, then spaces  ") == ["  indented, then spaces"])
        #expect(SQLSyntax.commentLines("   ") == [] && SQLSyntax.commentLines("") == [])
        #expect(SQLSyntax.commentLines(nil) == [])
        #expect(SQLSyntax.commentText("It's\n  two lines") == "It's\n  two lines")
        #expect(SQLSyntax.commentText("   ") == nil)
    }

    @Test func derivedNamesFitPostgreSQLAndStayUnique() {
        #expect(SQLSyntax.derivedName(["Book", "title", "idx"]) == "Book_title_idx")
        #expect(SQLSyntax.derivedName(["Livre", "titre_é", "idx"]) == "Livre_titre_é_idx")
        #expect(SQLSyntax.derivedName(["", "x", ""]) == "_x_")
        #expect(SQLSyntax.derivedName(["only"]) == "only")
        let long = SQLSyntax.derivedName([String(repeating: "a", count: 60), "field", "idx"])
        #expect(long.utf8.count == 63)
        #expect(long.hasPrefix(String(repeating: "a", count: 54) + "_"))
        let other = SQLSyntax.derivedName([String(repeating: "a", count: 60), "field2", "idx"])
        #expect(other.utf8.count == 63)
        #expect(long != other)
        #expect(SQLSyntax.derivedName([String(repeating: "b", count: 59), "x", "y"]).utf8.count == 63, "exactly 63 bytes is kept")
        #expect(SQLSyntax.derivedName([String(repeating: "b", count: 59), "x", "y"]) == String(repeating: "b", count: 59) + "_x_y")
        #expect(SQLSyntax.derivedName([String(repeating: "a", count: 60), "field", "idx"]) == long, "the same on every run")
    }
}
