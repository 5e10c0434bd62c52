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
///
/// Schemas that must not share one model (two apps, two samples that both declare `Book`)
/// are listed as separate models instead of `inputs` and `output`; each is generated on its
/// own, with the top-level `emitters` unless it names its own:
///
/// ```yaml
/// models:
///   - {inputs: [Schemas/Bookstore.yaml], output: Generated/Bookstore}
///   - {inputs: [Schemas/People.yaml], output: Generated/People, emitters: [swift]}
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
    /// Separate models, when the config lists them under `models` (then `inputs` is empty).
    public var models: [Model]?

    /// One entry of `models`.
    public struct Model: Sendable {
        public var inputs: [String]
        public var output: String
        /// `nil`: the top-level `emitters`.
        public var emitters: [EmitterSelection]?
        public var location: SourceLocation
    }

    public static let fileName = "modelgen.yml"
    public static let defaultOutput = "Generated"
    static let keys = ["inputs", "output", "templates", "warningsAsErrors", "emitters", "models"]
    static let modelKeys = ["inputs", "output", "emitters"]

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
        func inputs(_ node: YAMLNode) -> [String] {
            if let items = node.sequence { return items.compactMap { string($0, "inputs") } }
            return string(node, "inputs").map { [$0] } ?? []
        }
        for entry in entries {
            switch entry.key {
            case "inputs":
                configuration.inputs = inputs(entry.value)
            case "output":
                if let text = string(entry.value, "output") { configuration.output = text }
            case "templates":
                configuration.templates = string(entry.value, "templates")
            case "warningsAsErrors":
                if let value = entry.value.bool("'warningsAsErrors'", diagnostics: &diagnostics) {
                    configuration.warningsAsErrors = value
                }
            case "emitters":
                configuration.emitters = loadEmitters(entry.value, registry: registry, diagnostics: &diagnostics)
            case "models":
                guard let items = entry.value.sequence, !items.isEmpty else {
                    diagnostics.error("'models' must be a list of models, each with 'inputs' and 'output'", at: entry.value.location)
                    continue
                }
                configuration.models = []
                for item in items {
                    guard let fields = item.mapping else {
                        diagnostics.error("a model must be a mapping with 'inputs' and 'output', found \(item.kindDescription)", at: item.location)
                        continue
                    }
                    var model = Model(inputs: [], output: "", emitters: nil, location: item.location)
                    for field in fields {
                        switch field.key {
                        case "inputs": model.inputs = inputs(field.value)
                        case "output": model.output = string(field.value, "output") ?? ""
                        case "emitters": model.emitters = loadEmitters(field.value, registry: registry, diagnostics: &diagnostics)
                        default:
                            var notes: [Diagnostic.Note] = []
                            if let near = Suggestions.note(for: field.key, among: modelKeys) { notes.append(near) }
                            notes.append(.init("allowed keys of a model: \(modelKeys.joined(separator: ", "))"))
                            diagnostics.error("unknown key '\(field.key)' in a model", at: field.keyLocation, notes: notes)
                        }
                    }
                    if model.inputs.isEmpty || model.output.isEmpty {
                        diagnostics.error("a model needs both 'inputs' and 'output'", at: item.location)
                    }
                    configuration.models?.append(model)
                }
                for key in ["inputs", "output"] {
                    if let other = entries.first(where: { $0.key == key }) {
                        diagnostics.error("'\(key)' cannot be used together with 'models'", at: other.keyLocation,
                                          notes: [.init("move it into the models it belongs to")])
                    }
                }
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
                diagnostics.error("unknown emitter '\(name)'", at: location, notes: registry.notesForUnknownEmitter(name))
                continue
            }
            var options: [YAMLMappingEntry] = []
            if let value, value.scalar?.isNull != true {
                guard let mapping = value.mapping else {
                    diagnostics.error("options of emitter '\(name)' must be a mapping", at: value.location)
                    continue
                }
                for option in mapping where !descriptor.optionKeys.contains(option.key) {
                    diagnostics.error("unknown option '\(option.key)' for emitter '\(name)'", at: option.keyLocation,
                                      notes: descriptor.notesForUnknownOption(option.key))
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
