import ModelgenDiagnostics

/// How every emitter turns a schema `description` into comment lines (`///` in Swift, `--` in
/// SQL): one per line of the text, CRLF counted as one break, tabs as four spaces, control and
/// bidirectional characters removed, trailing spaces and leading/trailing blank lines dropped.
/// No description can end a comment early or make output read differently from how it runs.
public enum CommentLines {
    public static func of(_ text: String?) -> [String] {
        guard let text else { return [] }
        // Most descriptions are one line of printable ASCII: nothing to split or remove.
        let isPrintableASCII = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isPrintableASCII) }) ?? text.utf8.allSatisfy(isPrintableASCII) {
            if text.utf8.last != UInt8(ascii: " ") { return text.isEmpty ? [] : [text] }
            var line = Substring(text)
            while line.last == " " { line.removeLast() }
            return line.isEmpty ? [] : [String(line)]
        }
        var lines: [String] = []
        var current = ""
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            if scalar == "\n" && afterCarriageReturn { continue }
            if isLineBreak(scalar) {
                lines.append(current)
                current = ""
            } else if scalar == "\t" {
                current += "    "
            } else if !InvisibleCharacters.contains(scalar) {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        lines = lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{2028}", "\u{2029}", "\u{0085}", "\u{000B}", "\u{000C}": return true
        default: return false
        }
    }
}
