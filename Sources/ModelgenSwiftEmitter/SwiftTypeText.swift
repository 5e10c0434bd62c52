import ModelgenTemplates

/// A type as a declaration writes it: the type, then what follows it (`?` for an optional
/// property, `? = nil` for an optional parameter). Written straight into the output: every
/// property and parameter of every class has one, and joining each into a string of its own
/// cost more than writing it.
struct SwiftTypeText: TemplateText {
    var type: String
    var suffix: String = ""

    /// `type?`.
    static func optional(_ type: String) -> SwiftTypeText { SwiftTypeText(type: type, suffix: "?") }

    /// `type? = nil`.
    static func optionalParameter(_ type: String) -> SwiftTypeText { SwiftTypeText(type: type, suffix: "? = nil") }

    func write(to output: inout TemplateOutput) {
        output.append(type)
        if !suffix.isEmpty { output.append(suffix) }
    }
}
