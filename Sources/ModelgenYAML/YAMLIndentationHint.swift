/// What to say when libyaml stops on a line indented unlike its neighbours: its messages ("did
/// not find expected key", "mapping values are not allowed in this context") name the symptom,
/// not the cause.
enum YAMLIndentationHint {
    /// A line's indentation (leading spaces) and whether it holds a key with a value after its
    /// colon (`title: string`), for lines numbered from 0.
    struct Line {
        var indentation: Int
        var isBlank: Bool
        var hasKeyAndValue: Bool
    }

    /// The lines up to and including `last`.
    static func lines(_ input: UnsafeBufferPointer<UInt8>, through last: Int) -> [Line] {
        var lines: [Line] = []
        var indentation = 0, atStart = true, isBlank = true, colon = false, valueAfterColon = false
        func finish() {
            lines.append(Line(indentation: indentation, isBlank: isBlank, hasKeyAndValue: valueAfterColon))
            indentation = 0
            atStart = true
            isBlank = true
            colon = false
            valueAfterColon = false
        }
        for byte in input {
            if byte == UInt8(ascii: "\n") {
                finish()
                if lines.count > last { return lines }
                continue
            }
            if atStart && byte == UInt8(ascii: " ") {
                indentation += 1
                continue
            }
            if atStart && byte == UInt8(ascii: "#") { atStart = false; continue }
            if atStart { isBlank = false }
            atStart = false
            if isBlank { continue }  // a comment line
            if colon, byte != UInt8(ascii: " ") { valueAfterColon = true }
            if byte == UInt8(ascii: ":") && !colon { colon = true }
        }
        finish()
        return lines
    }

    /// The note for libyaml's `problem` on the 0-based line `problemLine`, in a construct that
    /// started on `contextLine` at `contextColumn` (0-based); `nil` when indentation does not
    /// explain it.
    static func note(for problem: String, problemLine: Int, contextLine: Int?, contextColumn: Int?,
                     in input: UnsafeBufferPointer<UInt8>) -> String? {
        let lines = lines(input, through: problemLine)
        guard problemLine < lines.count, !lines[problemLine].isBlank else { return nil }
        let line = lines[problemLine]
        let previous = lines[..<problemLine].lastIndex { !$0.isBlank }
        func spaces(_ count: Int) -> String { "\(count) space\(count == 1 ? "" : "s")" }
        if problem.contains("did not find expected key"), let contextLine, let keys = contextColumn, line.indentation != keys {
            var text = "line \(problemLine + 1) is indented \(spaces(line.indentation)), as no mapping around it is: the one that starts on line \(contextLine + 1) has its keys at \(spaces(keys))"
            if let previous, previous != contextLine, lines[previous].indentation != keys, lines[previous].indentation != line.indentation {
                text += ", line \(previous + 1) is at \(spaces(lines[previous].indentation))"
            }
            return text + "; indent a key as much as the other keys of its mapping"
        }
        if problem.contains("mapping values are not allowed"), let previous, lines[previous].hasKeyAndValue,
           line.indentation > lines[previous].indentation {
            return "line \(problemLine + 1) is indented more (\(spaces(line.indentation))) than line \(previous + 1) (\(spaces(lines[previous].indentation))), so YAML reads it as the rest of line \(previous + 1)'s value; indent a key as much as the other keys of its mapping"
        }
        return nil
    }
}
