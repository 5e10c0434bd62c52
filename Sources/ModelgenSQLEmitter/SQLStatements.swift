/// A SQLite script's statements, one by one, as the `sqlite3` shell finds them: a statement runs
/// from its first token to the `;` that ends it. A `;` inside a string, a quoted identifier, a
/// comment or the body of a trigger (`CREATE TRIGGER ... BEGIN ...; END;`) ends nothing. The
/// whitespace and comments between statements belong to none; those inside one stay in it.
enum SQLStatements {
    /// The statements of `script`, in order, each ending in its `;` (a last one without a `;`
    /// runs to its last token).
    static func split(_ script: String) -> [String] {
        let bytes = Array(script.utf8)
        var statements: [String] = []
        var start: Int?
        // The end of the current statement's last token, the first words (upper-cased) that tell
        // a trigger, and whether the last token was the word END.
        var end = 0
        var leadingWords: [String] = []
        var isTrigger = false
        var afterEnd = false
        var index = 0
        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == space || byte == tab || byte == newline || byte == carriageReturn || byte == formFeed || byte == verticalTab {
                index += 1
                continue
            }
            if byte == dash && next == dash {
                while index < bytes.count && bytes[index] != newline { index += 1 }
                continue
            }
            if byte == slash && next == star {
                index += 2
                while index < bytes.count && !(bytes[index] == star && index + 1 < bytes.count && bytes[index + 1] == slash) { index += 1 }
                index = min(index + 2, bytes.count)
                continue
            }
            if start == nil {
                start = index
                leadingWords = []
                isTrigger = false
                afterEnd = false
            }
            if byte == semicolon && (!isTrigger || afterEnd) {
                statements.append(text(start!..<index + 1))
                start = nil
                index += 1
                continue
            }
            afterEnd = false
            if let closing = closingQuote(of: byte) {
                // Quoted text runs to its closing quote; a doubled quote inside is the quote itself.
                index += 1
                while index < bytes.count {
                    if bytes[index] == closing {
                        if closing != bracketClose && index + 1 < bytes.count && bytes[index + 1] == closing {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                index = min(index + 1, bytes.count)
            } else if isWordByte(byte) {
                let wordStart = index
                while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
                let word = text(wordStart..<index).uppercased()
                if leadingWords.count < 3 {
                    leadingWords.append(word)
                    isTrigger = isTrigger || leadingWords == ["CREATE", "TRIGGER"]
                        || leadingWords == ["CREATE", "TEMP", "TRIGGER"] || leadingWords == ["CREATE", "TEMPORARY", "TRIGGER"]
                }
                afterEnd = word == "END"
            } else {
                index += 1
            }
            end = index
        }
        if let start { statements.append(text(start..<end)) }
        return statements
    }

    /// Whether `statement` is a `PRAGMA` or starts or ends a transaction (`BEGIN`, `COMMIT`,
    /// `END`): what a script wraps its tables in, and a caller that runs the statements in its
    /// own transaction leaves out.
    static func isPragmaOrTransaction(_ statement: String) -> Bool {
        let word = statement.utf8.prefix(while: isWordByte)
        return ["PRAGMA", "BEGIN", "COMMIT", "END"].contains(String(decoding: word, as: UTF8.self).uppercased())
    }

    private static func closingQuote(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): byte
        case UInt8(ascii: "["): bracketClose
        default: nil
        }
    }

    /// A byte of a keyword or an unquoted name: ASCII letters, digits, `_`, `$`, and every byte
    /// of a non-ASCII character, as SQLite's tokenizer has it.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: true
        default: false
        }
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r"), formFeed: UInt8 = 0x0C, verticalTab: UInt8 = 0x0B
    private static let dash = UInt8(ascii: "-"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    private static let semicolon = UInt8(ascii: ";"), bracketClose = UInt8(ascii: "]")
}
