import ModelgenDiagnostics
import ModelgenYAML

/// What `modelgen.yml` says, in the spirit of `swiftgen.yml`:
///
/// ```yaml
/// inputs: [Schemas/*.yaml]      # globs, relative to this file
/// output: Generated             # relative to this file
/// templates: Templates          # optional: overrides default templates by file name
/// warningsAsErrors: false       # optional
/// emitters:                     # optional: without it every emitter runs with its defaults
///   swift: {access: public}
/// ```
public struct Configuration: Sendable {
    /// The directory relative paths are resolved against: the config file's directory.
    public var baseDirectory: String
    public var inputs: [String]
    public var output: String
    public var templates: String?
    public var warningsAsErrors: Bool
    /// `nil` means every registered emitter with its default options.
    public var emitters: [EmitterSelection]?

    public static let fileName = "modelgen.yml"
    public static let defaultOutput = "Generated"
    static let keys = ["inputs", "output", "templates", "warningsAsErrors", "emitters"]

    public init(baseDirectory: String, inputs: [String] = [], output: String = Configuration.defaultOutput,
                templates: String? = nil, warningsAsErrors: Bool = false, emitters: [EmitterSelection]? = nil) {
        self.baseDirectory = baseDirectory
        self.inputs = inputs
        self.output = output
        self.templates = templates
        self.warningsAsErrors = warningsAsErrors
        self.emitters = emitters
    }

    /// Reads a config file. `displayPath` names it in diagnostics.
    public static func load(path: String, displayPath: String, baseDirectory: String,
                            registry: EmitterRegistry) -> (Configuration?, [Diagnostic]) {
        var diagnostics = DiagnosticCollector()
        var configuration = Configuration(baseDirectory: baseDirectory)
        let root: YAMLNode?
        do {
            root = try YAMLReader.read(path: path, displayPath: displayPath)
        } catch {
            return (nil, [error.diagnostic])
        }
        guard let root else { return (configuration, []) }
        guard let entries = root.mapping else {
            return (nil, [.error("\(fileName) must be a mapping, found \(root.kindDescription)", at: root.location)])
        }
        func string(_ node: YAMLNode, _ key: String) -> String? {
            guard let scalar = node.scalar, !scalar.isNull, scalar.bool == nil || scalar.style != .plain else {
                diagnostics.error("'\(key)' must be a path, found \(node.kindDescription)", at: node.location)
                return nil
            }
            return scalar.text
        }
        for entry in entries {
            switch entry.key {
            case "inputs":
                if let items = entry.value.sequence {
                    configuration.inputs = items.compactMap { string($0, "inputs") }
                } else if let single = string(entry.value, "inputs") {
                    configuration.inputs = [single]
                }
            case "output":
                if let text = string(entry.value, "output") { configuration.output = text }
            case "templates":
                configuration.templates = string(entry.value, "templates")
            case "warningsAsErrors":
                if let value = entry.value.scalar?.bool {
                    configuration.warningsAsErrors = value
                } else {
                    diagnostics.error("expected true or false", at: entry.value.location)
                }
            case "emitters":
                configuration.emitters = loadEmitters(entry.value, registry: registry, diagnostics: &diagnostics)
            default:
                var notes: [Diagnostic.Note] = []
                if let near = Suggestions.note(for: entry.key, among: keys) { notes.append(near) }
                notes.append(.init("allowed keys: \(keys.joined(separator: ", "))"))
                diagnostics.error("unknown key '\(entry.key)' in \(fileName)", at: entry.keyLocation, notes: notes)
            }
        }
        return (diagnostics.hasErrors ? nil : configuration, diagnostics.diagnostics)
    }

    private static func loadEmitters(_ node: YAMLNode, registry: EmitterRegistry,
                                     diagnostics: inout DiagnosticCollector) -> [EmitterSelection] {
        let known = registry.descriptors.map(\.name)
        var entries: [(String, SourceLocation, YAMLNode?)] = []
        if let list = node.sequence {
            for item in list {
                guard let name = item.scalar?.string else {
                    diagnostics.error("an emitter must be named, found \(item.kindDescription)", at: item.location)
                    continue
                }
                entries.append((name, item.location, nil))
            }
        } else if let mapping = node.mapping {
            entries = mapping.map { ($0.key, $0.keyLocation, $0.value) }
        } else {
            diagnostics.error("'emitters' must be a mapping of emitter names to options", at: node.location)
            return []
        }
        var selections: [EmitterSelection] = []
        for (name, location, value) in entries {
            guard let descriptor = registry.descriptor(named: name) else {
                var notes: [Diagnostic.Note] = []
                if let near = Suggestions.note(for: name, among: known) { notes.append(near) }
                notes.append(.init(known.isEmpty ? "this modelgen has no emitters yet"
                                   : "available emitters: \(known.joined(separator: ", "))"))
                diagnostics.error("unknown emitter '\(name)'", at: location, notes: notes)
                continue
            }
            var options: [YAMLMappingEntry] = []
            if let value, value.scalar?.isNull != true {
                guard let mapping = value.mapping else {
                    diagnostics.error("options of emitter '\(name)' must be a mapping", at: value.location)
                    continue
                }
                for option in mapping where !descriptor.optionKeys.contains(option.key) {
                    var notes: [Diagnostic.Note] = []
                    if let near = Suggestions.note(for: option.key, among: descriptor.optionKeys) { notes.append(near) }
                    notes.append(.init(descriptor.optionKeys.isEmpty ? "emitter '\(name)' takes no options"
                                       : "options of '\(name)': \(descriptor.optionKeys.joined(separator: ", "))"))
                    diagnostics.error("unknown option '\(option.key)' for emitter '\(name)'", at: option.keyLocation, notes: notes)
                }
                options = mapping.filter { descriptor.optionKeys.contains($0.key) }
            }
            selections.append(EmitterSelection(name: name, options: options, location: location))
        }
        return selections
    }
}

/// An emitter chosen in the config, with its options as written.
public struct EmitterSelection: Sendable {
    public var name: String
    public var options: [YAMLMappingEntry]
    public var location: SourceLocation?

    public init(name: String, options: [YAMLMappingEntry] = [], location: SourceLocation? = nil) {
        self.name = name
        self.options = options
        self.location = location
    }
}
