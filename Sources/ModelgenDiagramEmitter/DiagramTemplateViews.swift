// Generated from Templates/diagram-*.mustache and the views in
// Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit.

import ModelgenTemplates

/// The Markdown page with the Mermaid `erDiagram` (`diagram-mermaid`).
struct MermaidDiagramView {
    /// The page's title: the diagram's name.
    var title: String

    /// `TB`, `BT`, `LR` or `RL`.
    var direction: String

    /// A box per class, in declaration order.
    var entities: [MermaidEntityView]

    /// A line per pointer, relation and array of pointers.
    var relationships: [MermaidRelationshipView]
}

/// A class's box.
struct MermaidEntityView {
    /// The class's name, quoted.
    var name: String

    /// Its fields, `objectId` first; none when only names are shown.
    var attributes: [MermaidAttributeView]

    /// Whether there are any.
    var hasAttributes: Bool
}

/// A field in a box.
struct MermaidAttributeView {
    /// Its type as one word (`pointer~Publisher~`).
    var type: String

    /// Its name.
    var name: String

    /// `PK`, `FK`, `UK`, comma-separated, when it is one.
    var keys: String?

    /// Its notes, quoted: `required`, an enum's cases, an embedded type's fields.
    var comment: String?
}

/// A line between two boxes.
struct MermaidRelationshipView {
    /// The class whose field it is, quoted.
    var from: String

    /// The cardinality at that class (`}o`, `|o`, `||`).
    var left: String

    /// The cardinality at the other (`||`, `o|`, `o{`).
    var right: String

    /// The class it links to, quoted.
    var to: String

    /// The field's name, quoted.
    var label: String
}

/// The Graphviz graph (`diagram-dot`).
struct DOTDiagramView {
    /// The graph's name, a quoted ID.
    var name: String

    /// `TB`, `BT`, `LR` or `RL`.
    var rankdir: String

    /// A node per class, in declaration order.
    var entities: [DOTEntityView]

    /// An edge per pointer, relation and array of pointers.
    var relationships: [DOTEdgeView]
}

/// A class's node: a table with a row per field.
struct DOTEntityView {
    /// The class's name, a quoted ID.
    var id: String

    /// The class's name, escaped for the label.
    var name: String

    /// Its fields, `objectId` first; none when only names are shown.
    var attributes: [DOTAttributeView]
}

/// A field's row.
struct DOTAttributeView {
    /// The row's port, the field's name quoted, where its edge starts.
    var port: String

    /// Its name, escaped for the label.
    var name: String

    /// Its type as the schema writes it, escaped.
    var type: String

    /// Keys and notes (`PK`, `FK, required`), escaped.
    var notes: String
}

/// An edge, with crow's-foot arrows at both ends.
struct DOTEdgeView {
    /// Where it starts: the node, and the field's port when fields are shown.
    var from: String

    /// The node it ends at.
    var to: String

    /// The field's name, a quoted ID.
    var label: String

    /// The arrow shape at the start (`crowodot`, `teeodot`, `teetee`).
    var tail: String

    /// The arrow shape at the end.
    var head: String
}

extension MermaidDiagramView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["title"] = title
        context["direction"] = direction
        context["entities"] = entities.map(\.context)
        context["relationships"] = relationships.map(\.context)
        return context
    }
}

extension MermaidEntityView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["attributes"] = attributes.map(\.context)
        context["hasAttributes"] = hasAttributes
        return context
    }
}

extension MermaidAttributeView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["type"] = type
        context["name"] = name
        if let keys { context["keys"] = keys }
        if let comment { context["comment"] = comment }
        return context
    }
}

extension MermaidRelationshipView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["from"] = from
        context["left"] = left
        context["right"] = right
        context["to"] = to
        context["label"] = label
        return context
    }
}

extension DOTDiagramView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["rankdir"] = rankdir
        context["entities"] = entities.map(\.context)
        context["relationships"] = relationships.map(\.context)
        return context
    }
}

extension DOTEntityView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["id"] = id
        context["name"] = name
        context["attributes"] = attributes.map(\.context)
        return context
    }
}

extension DOTAttributeView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["port"] = port
        context["name"] = name
        context["type"] = type
        context["notes"] = notes
        return context
    }
}

extension DOTEdgeView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["from"] = from
        context["to"] = to
        context["label"] = label
        context["tail"] = tail
        context["head"] = head
        return context
    }
}

extension MermaidDiagramView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "diagram-mermaid": CompiledDiagramTemplates.diagramMermaid(self, &output)
        default: return false
        }
        return true
    }
}

extension DOTDiagramView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "diagram-dot": CompiledDiagramTemplates.diagramDot(self, &output)
        default: return false
        }
        return true
    }
}

/// The default `diagram-` templates compiled to Swift over these views.
enum CompiledDiagramTemplates {
    // diagram-mermaid.mustache
    static func diagramMermaid(_ view: MermaidDiagramView, _ output: inout TemplateOutput) {
        output.appendLiteral("# ")
        output.append(view.title)
        output.appendLiteral("\n\n```mermaid\nerDiagram\n    direction ")
        output.append(view.direction)
        output.appendLiteral("\n")
        view.entities.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                if b1[i1].hasAttributes {
                    output.appendLiteral("    ")
                    output.append(b1[i1].name)
                    output.appendLiteral(" {\n")
                    b1[i1].attributes.withUnsafeBufferPointer { b2 in
                        for i2 in b2.indices {
                            output.appendLiteral("        ")
                            output.append(b2[i2].type)
                            output.appendLiteral(" ")
                            output.append(b2[i2].name)
                            if let s3 = b2[i2].keys {
                                output.appendLiteral(" ")
                                output.append(s3)
                            }
                            if let s3 = b2[i2].comment {
                                output.appendLiteral(" ")
                                output.append(s3)
                            }
                            output.appendLiteral("\n")
                            output.endTurn()
                        }
                    }
                    output.appendLiteral("    }\n")
                }
                if !b1[i1].hasAttributes {
                    output.appendLiteral("    ")
                    output.append(b1[i1].name)
                    output.appendLiteral("\n")
                }
                output.endTurn()
            }
        }
        view.relationships.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("    ")
                output.append(b1[i1].from)
                output.appendLiteral(" ")
                output.append(b1[i1].left)
                output.appendLiteral("--")
                output.append(b1[i1].right)
                output.appendLiteral(" ")
                output.append(b1[i1].to)
                output.appendLiteral(" : ")
                output.append(b1[i1].label)
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("```\n\nA box per class (`PK` its `objectId`, `FK` a pointer, `UK` a unique field). A line per link,\nlabelled with the field: a pointer is many to one (`}o--||` when required, `}o--o|` when\noptional, one to one when unique), a relation many to many (`}o--o{`), an array of pointers one\nto many in order (`||--o{`).\n")
    }

    // diagram-dot.mustache
    static func diagramDot(_ view: DOTDiagramView, _ output: inout TemplateOutput) {
        output.appendLiteral("digraph ")
        output.append(view.name)
        output.appendLiteral(" {\n    graph [rankdir=")
        output.append(view.rankdir)
        output.appendLiteral(", nodesep=0.5, ranksep=0.9, fontname=\"Helvetica\"];\n    node [shape=plain, fontname=\"Helvetica\", fontsize=11];\n    edge [dir=both, fontname=\"Helvetica\", fontsize=10, color=\"#555555\"];\n")
        view.entities.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("\n    ")
                output.append(b1[i1].id)
                output.appendLiteral(" [label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">\n        <tr><td colspan=\"3\" bgcolor=\"#e8e8e8\"><b>")
                output.append(b1[i1].name)
                output.appendLiteral("</b></td></tr>\n")
                b1[i1].attributes.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        output.appendLiteral("        <tr><td port=")
                        output.append(b2[i2].port)
                        output.appendLiteral(" align=\"left\">")
                        output.append(b2[i2].name)
                        output.appendLiteral("</td><td align=\"left\">")
                        output.append(b2[i2].type)
                        output.appendLiteral("</td><td align=\"left\">")
                        output.append(b2[i2].notes)
                        output.appendLiteral("</td></tr>\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("    </table>>];\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n")
        view.relationships.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("    ")
                output.append(b1[i1].from)
                output.appendLiteral(" -> ")
                output.append(b1[i1].to)
                output.appendLiteral(" [label=")
                output.append(b1[i1].label)
                output.appendLiteral(", arrowtail=")
                output.append(b1[i1].tail)
                output.appendLiteral(", arrowhead=")
                output.append(b1[i1].head)
                output.appendLiteral("];\n")
                output.endTurn()
            }
        }
        output.appendLiteral("}\n")
    }
}
