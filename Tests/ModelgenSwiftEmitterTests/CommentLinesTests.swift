import ModelgenEmitter
import Testing

/// How a `description` becomes comment lines, in both of its ways: the one-line printable
/// ASCII shortcut and the full scan.
@Suite struct CommentLinesTests {
    @Test func descriptionsBecomeCleanLines() {
        let cases: [(String?, [String])] = [
            (nil, []),
            ("", []),
            ("   ", []),
            ("One line.", ["One line."]),
            ("Trailing spaces.   ", ["Trailing spaces."]),
            ("  Leading spaces stay.", ["  Leading spaces stay."]),
            ("Two\nlines", ["Two", "lines"]),
            ("CRLF\r\nis one break\r\n\r\n", ["CRLF", "is one break"]),
            ("\n\nblank lines around\n\n", ["blank lines around"]),
            ("tab\there", ["tab    here"]),
            ("bell\u{7}and\u{202E}bidi gone ", ["bellandbidi gone"]),
            ("non-ASCII é stays", ["non-ASCII é stays"]),
            ("line\u{2028}separator", ["line", "separator"]),
        ]
        for (text, lines) in cases {
            #expect(CommentLines.of(text) == lines, "\(String(describing: text).debugDescription)")
        }
    }
}
