/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
}

/// One problem found in the input, with where it is and how it might be fixed.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A follow-up line: a suggestion or a pointer to a related place.
    public struct Note: Hashable, Sendable {
        public var message: String
        /// Where the note points; `nil` means "at the diagnostic's own location".
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    public var message: String
    /// `nil` for problems that belong to no file (a missing input, a bad flag).
    public var location: SourceLocation?
    public var notes: [Note]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    /// The diagnostic in the `FILE:LINE:COLUMN: error: MESSAGE` form that editors and CI parse,
    /// one line per note after it.
    public var description: String {
        var lines = [Self.line(severity, message, location)]
        for note in notes {
            lines.append(Self.line(.note, note.message, note.location ?? location))
        }
        return lines.joined(separator: "\n")
    }

    private static func line(_ severity: Severity, _ message: String, _ location: SourceLocation?) -> String {
        if let location {
            return "\(printable(location.description)): \(severity.rawValue): \(printable(message))"
        }
        return "modelgen: \(severity.rawValue): \(printable(message))"
    }

    /// `text` with control, line-separator and bidirectional characters escaped (`\n`,
    /// `\u{1B}`), since messages quote names and values from the input: a name holding a line
    /// break must not forge a diagnostic line, nor an escape sequence repaint the terminal.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if needsEscape(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
