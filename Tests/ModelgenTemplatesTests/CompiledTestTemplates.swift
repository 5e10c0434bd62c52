// Generated from Templates/t-*.mustache and the views in
// Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit.

import ModelgenTemplates

/// Fields every root has.
struct TestSharedView {
    /// Printed from inside a lazy element.
    var shared: String
}

/// The root of every test template.
struct TestRootView {
    /// Its fields are the root's.
    var common: TestSharedView

    /// A list.
    var items: [TestItemView]

    /// Found from inside an item that has no `outer`.
    var outer: String

    /// A flag.
    var flag: Bool

    /// Strings.
    var strings: [String]

    /// A title.
    var title: String?

    /// A nested view.
    var nested: TestNestedView?

    /// Always nil.
    var missingView: TestNestedView?

    /// Always empty.
    var empty: [TestItemView]

    /// Made as walked.
    var lazy: LazyViewList<TestItemView>

    /// Shadowed by an item's name.
    var name: String

    /// Writes itself.
    var code: TestCode

    /// Each writes itself.
    var codes: [TestCode]

    /// Present.
    var maybeCode: TestCode?

    /// Always nil.
    var noCode: TestCode?
}

/// An element.
struct TestItemView {
    /// Its name.
    var name: String

    /// When nil, the root's is found.
    var outer: String?

    /// A note.
    var note: String?

    /// Children.
    var items: [TestItemView]
}

/// A nested view.
struct TestNestedView {
    /// Its own.
    var inner: String
}

extension TestSharedView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["shared"] = shared
        return context
    }
}

extension TestRootView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context = common.context
        context["items"] = items.map(\.context)
        context["outer"] = outer
        context["flag"] = flag
        context["strings"] = strings
        if let title { context["title"] = title }
        if let nested { context["nested"] = nested.context }
        if let missingView { context["missingView"] = missingView.context }
        context["empty"] = empty.map(\.context)
        context["lazy"] = LazyContextList(count: lazy.count) { lazy[$0].context }
        context["name"] = name
        context["code"] = code.text
        context["codes"] = codes.map(\.text)
        if let maybeCode { context["maybeCode"] = maybeCode.text }
        if let noCode { context["noCode"] = noCode.text }
        return context
    }
}

extension TestItemView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        if let outer { context["outer"] = outer }
        if let note { context["note"] = note }
        context["items"] = items.map(\.context)
        return context
    }
}

extension TestNestedView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["inner"] = inner
        return context
    }
}

extension TestRootView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "t-plain": CompiledTestTemplates.tPlain(self, &output)
        case "t-stack": CompiledTestTemplates.tStack(self, &output)
        case "t-edges": CompiledTestTemplates.tEdges(self, &output)
        case "t-text": CompiledTestTemplates.tText(self, &output)
        default: return false
        }
        return true
    }
}

/// The default `t-` templates compiled to Swift over these views.
enum CompiledTestTemplates {
    // t-plain.mustache
    static func tPlain(_ view: TestRootView, _ output: inout TemplateOutput) {
        output.appendLiteral("A\n")
        view.items.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("- ")
                output.append(b1[i1].name)
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("B")
        if view.flag {
            output.appendLiteral(" yes")
        }
        if !view.flag {
            output.appendLiteral(" no")
        }
        output.appendLiteral("\n")
    }

    // t-stack.mustache
    static func tStack(_ view: TestRootView, _ output: inout TemplateOutput) {
        view.items.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1].name)
                output.append(b1[i1].outer ?? view.outer)
                do {
                    let s2 = b1[i1].outer ?? view.outer
                    output.appendLiteral("<")
                    output.append(s2)
                    output.appendLiteral(">")
                }
                if let s2 = b1[i1].note {
                    output.appendLiteral("(")
                    output.append(s2)
                    output.appendLiteral(")")
                }
                output.appendLiteral(",")
                output.endTurn()
            }
        }
        output.appendLiteral("|")
        view.strings.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("<")
                output.append(b1[i1])
                output.appendLiteral(">")
                output.endTurn()
            }
        }
        output.appendLiteral("|")
        if let s1 = view.title {
            output.appendLiteral("[")
            output.append(s1)
            output.appendLiteral("]")
        }
        output.appendLiteral("|")
        if let v1 = view.nested {
            output.append(v1.inner)
            if let text = view.title { output.append(text) }
        }
    }

    // t-edges.mustache
    static func tEdges(_ view: TestRootView, _ output: inout TemplateOutput) {
        if view.empty.isEmpty {
            output.appendLiteral("empty")
        }
        for _ in view.empty.indices {
            output.appendLiteral("x")
            output.endTurn()
        }
        if view.missingView == nil {
            output.appendLiteral("no view")
        }
        output.appendLiteral("\n")
        if view.flag {
            output.appendLiteral("  indented\n")
        }
        for v1 in view.lazy {
            output.append(v1.name)
            output.append(view.common.shared)
            v1.items.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("/")
                    output.append(b2[i2].name)
                    output.endTurn()
                }
            }
            output.endTurn()
        }
        output.appendLiteral("end")
    }

    // t-text.mustache
    static func tText(_ view: TestRootView, _ output: inout TemplateOutput) {
        output.append(view.code)
        output.appendLiteral("|")
        view.codes.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("<")
                output.append(b1[i1])
                output.appendLiteral(">")
                output.endTurn()
            }
        }
        output.appendLiteral("|")
        if let s1 = view.maybeCode {
            output.appendLiteral("[")
            output.append(s1)
            output.appendLiteral("]")
        }
        if view.noCode == nil {
            output.appendLiteral("none")
        }
        output.appendLiteral("|")
        if let text = view.maybeCode { output.append(text) }
        if let text = view.noCode { output.append(text) }
        output.appendLiteral("|")
        do {
            output.appendLiteral("(")
            output.append(view.code)
            output.appendLiteral(")")
        }
        output.appendLiteral("\n")
    }
}
