import ModelgenDiagnostics

/// Reading a value the way every YAML file modelgen reads does it (schemas, `modelgen.yml`,
/// emitter options), so a wrong value is described, and refused, the same way everywhere.
extension YAMLNode {
    /// The value as messages show it: `'abc'` (cut after 40 characters), `null`, `a mapping`,
    /// `a sequence`.
    public var valueDescription: String {
        guard let scalar else { return kindDescription }
        if scalar.isNull { return "null" }
        let text = scalar.text.count > 40 ? String(scalar.text.prefix(40)) + "..." : scalar.text
        return "'\(text)'"
    }

    /// The value as true or false (YAML 1.2's `true`/`false`, any case); `nil` after reporting
    /// "`what` must be true or false, found …" at the value, or "expected true or false, found
    /// …" without `what`.
    public func bool(_ what: String? = nil, diagnostics: inout DiagnosticCollector) -> Bool? {
        if let value = scalar?.bool { return value }
        let found = "true or false, found \(valueDescription)"
        diagnostics.error(what.map { "\($0) must be \(found)" } ?? "expected \(found)", at: location)
        return nil
    }
}
