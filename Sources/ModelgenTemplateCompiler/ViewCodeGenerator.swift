/// What one emitter's templates render: the views (typed view models), which template renders
/// which view, and where their Swift goes. ``MustacheCompiler/viewsSource(_:templates:)``
/// turns it into structs, their interpreter dictionaries and the compiled templates.
struct ViewSpec: Sendable {
    indirect enum Kind: Equatable, Sendable {
        /// Printed as it is; a section over it renders once with it as `.`.
        case string
        /// A section over it renders when it is true.
        case bool
        /// A section over it renders once per string, each as `.`.
        case strings
        /// A value of the named ``TemplateText`` type: printed and sectioned as a string, but
        /// the compiled templates have it write itself, and the interpreter sees its `text`.
        case text(String)
        /// Values of the named ``TemplateText`` type, as `strings` are.
        case texts(String)
        /// A nested view; a section over it renders once inside it.
        case view(String)
        /// Views; a section renders once inside each.
        case list(String)
        /// Views made one at a time as the template reaches them (a `LazyViewList`).
        case lazyList(String)
        /// Absent when `nil`: a lookup then goes on to the enclosing views, as in Mustache.
        case optional(Kind)
        /// Another view whose fields are this view's own (the dictionaries are merged).
        case included(String)
    }

    struct Field: Sendable {
        var name: String
        var kind: Kind
        var doc: String
    }

    struct View: Sendable {
        var name: String
        var doc: String
        var fields: [Field]
    }

    /// Where the Swift goes, from the repository's root.
    var path: String
    /// The templates it compiles: those whose names start with this.
    var templatePrefix: String
    /// The enum holding the compiled templates.
    var enumName: String
    /// Each template rendered on its own (not only as a partial), with the view it renders.
    var roots: [(template: String, view: String)]
    var views: [View]
    /// What the file imports.
    var imports: [String] = ["import ModelgenTemplates"]
}

/// Writes the Swift of one ``ViewSpec``. A template's names are resolved when it is compiled,
/// against the views on the stack at that point, with Mustache's rules: the innermost view
/// that has the name gives its value; an optional that is `nil` lets the lookup go on outwards,
/// as a missing dictionary key does. A name no view on the stack has is refused (in a typed
/// view it can only be a mistake), as is anything but a string printed.
struct ViewCodeGenerator {
    let spec: ViewSpec
    let parsed: [String: [MustacheCompiler.Node]]
    private let views: [String: ViewSpec.View]
    /// Variables read by the code generated so far, so that unread ones become `_`.
    private var used: Set<String> = []

    typealias Failure = MustacheCompiler.Failure

    init(spec: ViewSpec, parsed: [String: [MustacheCompiler.Node]]) {
        self.spec = spec
        self.parsed = parsed
        views = Dictionary(uniqueKeysWithValues: spec.views.map { ($0.name, $0) })
    }

    private enum Frame {
        case view(type: String, variable: String)
        case string(variable: String)
    }

    mutating func source() throws -> String {
        var lines = [
            "// Generated from Templates/\(spec.templatePrefix)*.mustache and the views in",
            "// Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit.",
            "",
        ]
        lines += spec.imports
        for view in spec.views {
            try check(view)
            lines += [""] + docLines(view.doc, indent: "") + ["struct \(view.name) {"]
            for (index, field) in view.fields.enumerated() {
                if index > 0 { lines.append("") }
                lines += docLines(field.doc, indent: "    ")
                lines.append("    var \(field.name): \(swiftType(field.kind))")
            }
            lines.append("}")
        }
        for view in spec.views {
            lines += ["", "extension \(view.name) {",
                      "    /// The view as the Mustache interpreter sees it, for a template the user overrides.",
                      "    var context: [String: Any] {"]
            lines += contextLines(view)
            lines += ["    }", "}"]
        }
        let rootViews = spec.roots.map(\.view).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for view in rootViews {
            lines += ["", "extension \(view): TemplateView {",
                      "    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {",
                      "        switch template {"]
            for root in spec.roots where root.view == view {
                lines.append("        case \(MustacheCompiler.literal(root.template)): \(spec.enumName).\(MustacheCompiler.functionName(root.template))(self, &output)")
            }
            lines += ["        default: return false", "        }", "        return true", "    }", "}"]
        }
        lines += ["", "/// The default `\(spec.templatePrefix)` templates compiled to Swift over these views.",
                  "enum \(spec.enumName) {"]
        for (index, root) in spec.roots.enumerated() {
            guard let nodes = parsed[root.template] else { throw Failure(description: "no template named '\(root.template)'") }
            guard views[root.view] != nil else { throw Failure(description: "no view named '\(root.view)'") }
            if index > 0 { lines.append("") }
            lines += ["    // \(root.template).mustache",
                      "    static func \(MustacheCompiler.functionName(root.template))(_ view: \(root.view), _ output: inout TemplateOutput) {"]
            lines += try statements(nodes, frames: [.view(type: root.view, variable: "view")], indent: 2, template: root.template)
            lines.append("    }")
        }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: Declarations

    private func check(_ view: ViewSpec.View) throws {
        func named(_ kind: ViewSpec.Kind) -> String? {
            switch kind {
            case .view(let name), .list(let name), .lazyList(let name), .included(let name): return name
            case .optional(let inner): return named(inner)
            default: return nil
            }
        }
        for field in view.fields {
            if let name = named(field.kind), views[name] == nil {
                throw Failure(description: "\(view.name).\(field.name): no view named '\(name)'")
            }
        }
    }

    private func swiftType(_ kind: ViewSpec.Kind) -> String {
        switch kind {
        case .string: return "String"
        case .bool: return "Bool"
        case .strings: return "[String]"
        case .text(let name): return name
        case .texts(let name): return "[\(name)]"
        case .view(let name), .included(let name): return name
        case .list(let name): return "[\(name)]"
        case .lazyList(let name): return "LazyViewList<\(name)>"
        case .optional(let inner): return swiftType(inner) + "?"
        }
    }

    private func contextLines(_ view: ViewSpec.View) -> [String] {
        let included = view.fields.filter { if case .included = $0.kind { true } else { false } }
        var lines = included.isEmpty
            ? ["        var context: [String: Any] = [:]"]
            : ["        var context = \(included[0].name).context"] + included.dropFirst().map {
                "        context.merge(\($0.name).context) { current, _ in current }"
            }
        func value(_ kind: ViewSpec.Kind, _ name: String) -> String {
            switch kind {
            case .view: return "\(name).context"
            case .list: return "\(name).map(\\.context)"
            case .lazyList: return "LazyContextList(count: \(name).count) { \(name)[$0].context }"
            case .text: return "\(name).text"
            case .texts: return "\(name).map(\\.text)"
            default: return name
            }
        }
        for field in view.fields {
            switch field.kind {
            case .included: continue
            case .optional(let inner):
                lines.append("        if let \(field.name) { context[\"\(field.name)\"] = \(value(inner, field.name)) }")
            default:
                lines.append("        context[\"\(field.name)\"] = \(value(field.kind, field.name))")
            }
        }
        lines.append("        return context")
        return lines
    }

    private func docLines(_ doc: String, indent: String) -> [String] {
        doc.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? indent + "///" : indent + "/// " + $0 }
    }

    // MARK: Lookups

    /// The field `name` of the view `type`, its own first, then its included views'.
    private func member(_ name: String, of type: String) -> (access: String, kind: ViewSpec.Kind)? {
        guard let view = views[type] else { return nil }
        if let field = view.fields.first(where: { $0.name == name }) {
            if case .included = field.kind { return nil }
            return ("." + name, field.kind)
        }
        for field in view.fields {
            if case .included(let inner) = field.kind, let found = member(name, of: inner) {
                return ("." + field.name + found.access, found.kind)
            }
        }
        return nil
    }

    /// The expression of `name` on the stack and its kind (wrapped in `.optional` when no view
    /// on the way is sure to have it).
    private mutating func resolve(_ name: String, _ frames: [Frame], template: String) throws -> (expression: String, kind: ViewSpec.Kind) {
        guard name != ".", !name.contains(".") else {
            throw Failure(description: "\(template): '\(name)': dotted names are not compiled")
        }
        var parts: [String] = []
        var base: ViewSpec.Kind?
        for frame in frames.reversed() {
            guard case .view(let type, let variable) = frame, let found = member(name, of: type) else { continue }
            let (kind, optional) = unwrapped(found.kind)
            if let base, base != kind {
                throw Failure(description: "\(template): '\(name)' is a \(base) in one view and a \(kind) in an enclosing one")
            }
            base = kind
            used.insert(variable)
            parts.append(variable + found.access)
            if !optional { return (parts.joined(separator: " ?? "), kind) }
        }
        guard let base else {
            throw Failure(description: "\(template): no view on the stack has '\(name)' (\(frames.map(describe).joined(separator: " > ")))")
        }
        return (parts.joined(separator: " ?? "), .optional(base))
    }

    private func describe(_ frame: Frame) -> String {
        switch frame {
        case .view(let type, _): return type
        case .string: return "a string"
        }
    }

    /// The kind inside `.optional`, and whether it was there.
    private func unwrapped(_ kind: ViewSpec.Kind) -> (kind: ViewSpec.Kind, optional: Bool) {
        if case .optional(let inner) = kind { return (inner, true) }
        return (kind, false)
    }

    /// `expression`, in parentheses when it is a chain of `??`.
    private func operand(_ expression: String) -> String {
        expression.contains(" ?? ") ? "(\(expression))" : expression
    }

    // MARK: Statements

    private mutating func statements(_ nodes: [MustacheCompiler.Node], frames: [Frame], indent: Int, template: String) throws -> [String] {
        let pad = String(repeating: "    ", count: indent)
        var lines: [String] = []
        for node in nodes {
            switch node {
            case .text(let text):
                lines.append(pad + "output.appendLiteral(" + MustacheCompiler.literal(text) + ")")
            case .variable("."):
                guard case .string(let variable) = frames.last else {
                    throw Failure(description: "\(template): {{{.}}} prints a view, not a string")
                }
                used.insert(variable)
                lines.append(pad + "output.append(" + variable + ")")
            case .variable(let name):
                let (expression, kind) = try resolve(name, frames, template: template)
                switch kind {
                case .string, .text: lines.append(pad + "output.append(" + expression + ")")
                case .optional(.string), .optional(.text): lines.append(pad + "if let text = \(expression) { output.append(text) }")
                default: throw Failure(description: "\(template): {{{\(name)}}} prints a \(kind); only strings are printed")
                }
            case .partial(let name):
                guard let partial = parsed[name] else { throw Failure(description: "no template named '\(name)' for a partial") }
                lines += try statements(partial, frames: frames, indent: indent, template: name)
            case .section(let name, inverted: true, let children):
                lines += try invertedSection(name, children, frames: frames, indent: indent, template: template)
            case .section(let name, inverted: false, let children):
                lines += try section(name, children, frames: frames, indent: indent, template: template)
            }
        }
        return lines
    }

    private mutating func section(_ name: String, _ children: [MustacheCompiler.Node], frames: [Frame], indent: Int,
                                  template: String) throws -> [String] {
        let pad = String(repeating: "    ", count: indent)
        let (expression, resolved) = try resolve(name, frames, template: template)
        let (kind, optional) = unwrapped(resolved)
        let depth = frames.count
        /// The body with `frame` pushed, and whether it reads the frame's variable.
        func body(_ frame: Frame?, variable: String) throws -> (lines: [String], reads: Bool) {
            let before = used
            used = []
            let lines = try statements(children, frames: frame.map { frames + [$0] } ?? frames, indent: indent + 1, template: template)
            let uses = used
            used = before.union(uses)
            return (lines, uses.contains(variable))
        }
        switch kind {
        case .bool:
            let inner = try body(nil, variable: "")
            return [pad + (optional ? "if \(operand(expression)) == true {" : "if \(expression) {")] + inner.lines + [pad + "}"]
        case .string, .text, .view:
            // A value that is always there is read where it is: a copy of a view retains each
            // of its fields (and releases them after). An optional one is unwrapped into a
            // variable, and so is one found through `??` (a value, not a place).
            let inPlace = !optional && !expression.contains(" ?? ")
            let variable = inPlace ? expression : (kind.isStringLike ? "s" : "v") + String(depth)
            let frame: Frame
            if case .view(let type) = kind { frame = .view(type: type, variable: variable) } else { frame = .string(variable: variable) }
            let inner = try body(frame, variable: variable)
            let open: [String]
            switch (optional, inner.reads) {
            case (true, true): open = [pad + "if let \(variable) = \(expression) {"]
            case (true, false): open = [pad + "if \(operand(expression)) != nil {"]
            case (false, true) where !inPlace: open = [pad + "do {", pad + "    let \(variable) = \(expression)"]
            case (false, _): open = [pad + "do {"]
            }
            return open + inner.lines + [pad + "}"]
        case .strings, .texts, .list, .lazyList:
            // An array (of strings, texts or views) that is always there is walked through its
            // buffer and each element read where it is, `b1[i1].name`: `for element in list`
            // copies every element it takes out, retaining each string and array in it, and in
            // the views in it (then releasing them all), and so does the array's subscript
            // wherever the optimizer leaves it a call (as it does in the long Swift templates).
            // A lazy list makes each element as it is reached, and an optional one is rare:
            // those are walked with `for`.
            let byIndex: Bool
            if case .lazyList = kind { byIndex = false } else { byIndex = !optional }
            let buffer = "b" + String(depth), index = "i" + String(depth)
            let variable = byIndex ? "\(buffer)[\(index)]" : (kind.isStringListLike ? "s" : "v") + String(depth)
            let frame: Frame
            switch kind {
            case .list(let type), .lazyList(let type): frame = .view(type: type, variable: variable)
            default: frame = .string(variable: variable)
            }
            let inner = try body(frame, variable: variable)
            let turn = inner.lines + [pad + "    output.endTurn()"]
            guard byIndex else {
                let sequence = optional ? "\(operand(expression)) ?? []" : expression
                return [pad + "for \(inner.reads ? variable : "_") in \(sequence) {"] + turn + [pad + "}"]
            }
            guard inner.reads else { return [pad + "for _ in \(operand(expression)).indices {"] + turn + [pad + "}"] }
            return [pad + "\(operand(expression)).withUnsafeBufferPointer { \(buffer) in", pad + "    for \(index) in \(buffer).indices {"]
                + turn.map { "    " + $0 } + [pad + "    }", pad + "}"]
        case .optional, .included:
            throw Failure(description: "\(template): {{#\(name)}} is over a \(resolved)")
        }
    }

    private mutating func invertedSection(_ name: String, _ children: [MustacheCompiler.Node], frames: [Frame], indent: Int,
                                          template: String) throws -> [String] {
        let pad = String(repeating: "    ", count: indent)
        let (expression, resolved) = try resolve(name, frames, template: template)
        let (kind, optional) = unwrapped(resolved)
        let condition: String
        switch (kind, optional) {
        case (.bool, false): condition = "!" + operand(expression)
        case (.bool, true): condition = operand(expression) + " != true"
        case (.string, false), (.text, false), (.view, false):
            return []  // always there, so never renders
        case (.string, true), (.text, true), (.view, true): condition = operand(expression) + " == nil"
        case (.strings, false), (.texts, false), (.list, false), (.lazyList, false): condition = operand(expression) + ".isEmpty"
        case (.strings, true), (.texts, true), (.list, true), (.lazyList, true): condition = operand(expression) + "?.isEmpty ?? true"
        default: throw Failure(description: "\(template): {{^\(name)}} is over a \(resolved)")
        }
        // Nothing is pushed: the interpreter pushes the absent or empty value, which has no names.
        let inner = try statements(children, frames: frames, indent: indent + 1, template: template)
        return [pad + "if \(condition) {"] + inner + [pad + "}"]
    }
}

extension ViewSpec.Kind {
    /// A string or a ``TemplateText``: printed, and `.` inside a section over it.
    var isStringLike: Bool {
        switch self {
        case .string, .text: true
        default: false
        }
    }

    /// Strings or ``TemplateText``s: a section over it pushes each as `.`.
    var isStringListLike: Bool {
        switch self {
        case .strings, .texts: true
        default: false
        }
    }
}
