/// docs/TemplateContexts.md: the names each default template is rendered with, from the same
/// specs the compiled views come from, so the page cannot drift from what a template receives.
enum TemplateContextsPage {
    private static let titles = ["sql-": "SQL", "swift-": "Swift models", "parse-": "Parse Server's defined schema", "diagram-": "ER diagram"]

    static func text(_ specs: [ViewSpec]) -> String {
        var lines = [
            "<!-- Generated from Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit. -->",
            "",
            "# Template contexts",
            "",
            "What each default template is rendered with, for writing templates that replace them. Put a file",
            "of the same name in the folder `templates:` names in `modelgen.yml`; `modelgen templates dump DIR`",
            "writes the defaults to start from. The names below are the contract between modelgen and your",
            "templates.",
            "",
            "How the names behave:",
            "",
            "- Every name is computed already: identifiers quoted or escaped for the output language, types",
            "  spelled, descriptions split into lines. Templates need no logic, and the defaults have none.",
            "- Templates are [Mustache](https://mustache.github.io), rendered by swift-mustache. Each starts",
            "  with `{{% CONTENT_TYPE: TEXT}}` so nothing is HTML-escaped; print values with `{{{name}}}`.",
            "- A *list* renders a section once per element, inside it; *true or false* renders a section when",
            "  true; a *text* section renders once with the text as `{{{.}}}`.",
            "- An *absent* value makes Mustache look the name up in the enclosing views, as a missing key does.",
            "- Every template is also a partial of the others with the same prefix, by its name without",
            "  `.mustache`: both SQL scripts include `{{> sql-table}}`, and `swift-local-schema` includes `{{> swift-local-statement}}`.",
            "",
            "A template you replace, or one that includes a partial you replace, is rendered by the Mustache",
            "interpreter from these names; the defaults render the same bytes from compiled Swift.",
        ]
        for spec in specs {
            let title = titles[spec.templatePrefix] ?? spec.templatePrefix
            lines += ["", "## \(title) (`\(spec.templatePrefix)*`)", "", "| template | rendered with |", "| --- | --- |"]
            for root in spec.roots {
                lines.append("| `\(root.template)` | \(link(root.view)) |")
            }
            for view in spec.views {
                lines += ["", "### `\(view.name)`", "", view.doc, "", "| name | value | what |", "| --- | --- | --- |"]
                for field in view.fields {
                    lines.append("| `\(field.name)` | \(describe(field.kind)) | \(field.doc.replacingPipes) |")
                }
            }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    private static func link(_ view: String) -> String {
        "[`\(view)`](#\(view.lowercased()))"
    }

    private static func describe(_ kind: ViewSpec.Kind) -> String {
        switch kind {
        case .string, .text: "text"
        case .bool: "true or false"
        case .strings, .texts: "list of texts"
        case .view(let view): link(view)
        case .list(let view), .lazyList(let view): "list of \(link(view))"
        case .optional(let inner): "\(describe(inner)), or absent"
        case .included(let view): "the names of \(link(view)), as this view's own"
        }
    }
}

private extension String {
    /// The text with `|` escaped, for a Markdown table cell.
    var replacingPipes: String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
