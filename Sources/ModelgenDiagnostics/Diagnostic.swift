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

    /// `text` with its invisible characters escaped (`\n`, `\u{1B}`; see `InvisibleCharacters`),
    /// since messages quote names and values from the input: a name holding a line break must
    /// not forge a diagnostic line, nor an escape sequence repaint the terminal.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: InvisibleCharacters.contains) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if InvisibleCharacters.contains(scalar) {
                result += InvisibleCharacters.escaped(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
