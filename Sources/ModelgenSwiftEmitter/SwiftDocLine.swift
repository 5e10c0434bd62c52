import ModelgenTemplates

/// One line of a `///` doc comment, written straight into the output: `/// content`, or `///`
/// for a blank line. The views hold these, not the finished lines: every field of every class
/// has a doc comment, and making each line a string of its own (then freeing it) cost more
/// than writing it.
struct SwiftDocLine: TemplateText {
    /// The line without its slashes (`text` is the whole line).
    var content: String

    func write(to output: inout TemplateOutput) {
        if content.isEmpty {
            output.appendLiteral("///")
        } else {
            output.appendLiteral("/// ")
            output.append(content)
        }
    }
}
