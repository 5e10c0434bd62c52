// Generated from Templates/*.mustache by `swift run template-compiler`; do not edit.

/// The default templates that are compiled to Swift, over the emitters' typed views (their
/// `*TemplateViews.swift`). `TemplateSet` renders a template compiled unless the user overrides
/// it or one of the partials it includes.
enum CompiledTemplates {
    /// The templates each template includes as partials, directly or not.
    static let partials: [String: [String]] = [
        "diagram-dot": [],
        "diagram-mermaid": [],
        "parse-schema-js": [],
        "sql-postgresql": ["sql-table"],
        "sql-sqlite": ["sql-table"],
        "sql-table": [],
        "swift-class": [],
        "swift-embedded": [],
        "swift-enum": [],
        "swift-json-value": [],
        "swift-local-schema": ["swift-local-statement"],
        "swift-local-statement": [],
        "swift-parse-field": [],
    ]
}
