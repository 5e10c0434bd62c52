import ModelgenDiagnostics
import ModelgenYAML

/// Reads an emitter's options from its `modelgen.yml` mapping, reporting bad values at their
/// location with the allowed choices.
public struct EmitterOptions {
    public let emitter: String
    private let entries: [YAMLMappingEntry]

    public init(emitter: String, entries: [YAMLMappingEntry]) {
        self.emitter = emitter
        self.entries = entries
    }

    /// Reads a choice option such as `access: public` into `value`, which keeps its default
    /// when the option is absent. Returns `false` after reporting a value outside the choices.
    public func read<Choice: RawRepresentable & CaseIterable>(
        _ key: String, into value: inout Choice, diagnostics: inout DiagnosticCollector
    ) -> Bool where Choice.RawValue == String {
        guard let entry = entries.first(where: { $0.key == key }) else { return true }
        let allowed = Choice.allCases.map(\.rawValue)
        if let text = entry.value.scalar?.string, let chosen = Choice(rawValue: text) {
            value = chosen
            return true
        }
        let found = entry.value.valueDescription
        var notes: [Diagnostic.Note] = []
        if let text = entry.value.scalar?.string, let near = Suggestions.note(for: text, among: allowed) { notes.append(near) }
        notes.append(.init("allowed values: \(allowed.joined(separator: ", "))"))
        diagnostics.error("option '\(key)' of emitter '\(emitter)' must be one of \(allowed.joined(separator: ", ")), found \(found)",
                          at: entry.value.location, notes: notes)
        return false
    }

    /// Reads a boolean option into `value`; returns `false` after reporting a malformed one.
    public func read(_ key: String, into value: inout Bool, diagnostics: inout DiagnosticCollector) -> Bool {
        guard let entry = entries.first(where: { $0.key == key }) else { return true }
        guard let flag = entry.value.bool("option '\(key)' of emitter '\(emitter)'", diagnostics: &diagnostics) else { return false }
        value = flag
        return true
    }

    /// Reads a folder option (a relative `/`-separated path inside the output directory) into
    /// `value`; returns `false` after reporting a path that would leave the output directory.
    public func readFolder(_ key: String, into value: inout String, diagnostics: inout DiagnosticCollector) -> Bool {
        guard let entry = entries.first(where: { $0.key == key }) else { return true }
        guard let text = entry.value.scalar?.string, !text.isEmpty, !text.hasPrefix("/"),
              !text.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
              !text.contains("\\"), !text.contains("\0")
        else {
            diagnostics.error("option '\(key)' of emitter '\(emitter)' must be a relative folder inside the output directory, such as 'Swift'",
                              at: entry.value.location)
            return false
        }
        value = text
        return true
    }
}
