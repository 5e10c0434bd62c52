import ModelgenSchema
import ModelgenTemplates

/// One line of a `///` doc comment, written straight into the output: `/// content`, or `///`
/// for a blank line. The views hold these, not the finished lines: every field of every class
/// has a doc comment, and making each line a string of its own (then freeing it) cost more
/// than writing it.
struct SwiftDocLine: TemplateText {
    private enum Content {
        /// The line without its slashes.
        case text(String)
        /// The summary of a field's rules (see `SwiftFieldNotes`), made as it is written.
        case notes(FieldDefinition)
    }

    private let content: Content

    init(content: String) {
        self.content = .text(content)
    }

    /// The line that sums up `field`'s rules; only for a field that has one
    /// (`SwiftFieldNotes.hasLine(for:)`).
    init(notesOf field: FieldDefinition) {
        content = .notes(field)
    }

    static let blank = SwiftDocLine(content: "")

    func write(to output: inout TemplateOutput) {
        switch content {
        case .text(let text):
            if text.isEmpty {
                output.appendLiteral("///")
            } else {
                output.appendLiteral("/// ")
                output.append(text)
            }
        case .notes(let field):
            output.appendLiteral("/// ")
            SwiftFieldNotes.write(for: field, to: &output)
        }
    }
}
