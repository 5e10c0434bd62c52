import ModelgenFileSystem
import ModelgenDiagnostics
import ModelgenSchema
import ModelgenYAML


/// Everything one `gen`, `check` or `lint` run needs, after the command line and
/// `modelgen.yml` are combined: positional schema paths and `--output` win over the config.
public struct RunSettings: Sendable {
    public var request: Generator.Request
    public var outputDirectory: String
    /// The config file used, if any.
    public var configurationPath: String?

    public struct CommandLine: Sendable {
        public var schemas: [String]
        public var configPath: String?
        public var output: String?
        public var warningsAsErrors: Bool
        public var workingDirectory: String
        /// `--emitter`: run only these emitters (with their options from the config, if any).
        public var emitters: [String]
        /// `--option emitter.key=value`: emitter options that win over the config's.
        public var options: [String]
        /// `--source-root DIR`: generated headers name schema files relative to it.
        public var sourceRoot: String?

        public init(schemas: [String] = [], configPath: String? = nil, output: String? = nil,
                    warningsAsErrors: Bool = false, workingDirectory: String = RunSettings.currentDirectory(),
                    emitters: [String] = [], options: [String] = [], sourceRoot: String? = nil) {
            self.schemas = schemas
            self.configPath = configPath
            self.output = output
            self.warningsAsErrors = warningsAsErrors
            self.workingDirectory = workingDirectory
            self.emitters = emitters
            self.options = options
            self.sourceRoot = sourceRoot
        }
    }

    public static func currentDirectory() -> String {
        FileSystem.currentDirectory()
    }

    /// Combines the command line with the config file (the one named, or `modelgen.yml` in the
    /// working directory when there is one): one `RunSettings` per model to generate.
    public static func resolve(_ commandLine: CommandLine, registry: EmitterRegistry = .builtin) -> ([RunSettings]?, [Diagnostic]) {
        let cwd = commandLine.workingDirectory
        var configuration: Configuration?
        var configurationPath: String?
        var diagnostics: [Diagnostic] = []
        if let named = commandLine.configPath {
            let path = absolute(named, from: cwd)
            guard Glob.fileKind(path) == .file else {
                return (nil, [.error("config file '\(named)' does not exist", at: nil)])
            }
            configurationPath = path
            let base = FileSystem.parent(path)
            let (loaded, found) = Configuration.load(path: path, displayPath: named, baseDirectory: base, registry: registry)
            diagnostics += found
            guard let loaded else { return (nil, diagnostics) }
            configuration = loaded
        } else {
            let path = absolute(Configuration.fileName, from: cwd)
            if Glob.fileKind(path) == .file {
                configurationPath = path
                let (loaded, found) = Configuration.load(path: path, displayPath: Configuration.fileName, baseDirectory: cwd, registry: registry)
                diagnostics += found
                guard let loaded else { return (nil, diagnostics) }
                configuration = loaded
            }
        }
        let base = configuration?.baseDirectory ?? cwd
        func selections(_ configured: [EmitterSelection]?) -> [EmitterSelection]? {
            Self.override(configured, emitters: commandLine.emitters, options: commandLine.options,
                          registry: registry, diagnostics: &diagnostics)
        }
        let templates = configuration?.templates.map { absolute($0, from: base) }
        let warningsAsErrors = commandLine.warningsAsErrors || (configuration?.warningsAsErrors ?? false)
        let sourceRoot = commandLine.sourceRoot.map { absolute($0, from: cwd) }

        // Schemas named on the command line form one model, whatever the config lists.
        if !commandLine.schemas.isEmpty || configuration?.models == nil {
            var inputs: [SchemaLoading.Input] = []
            if !commandLine.schemas.isEmpty {
                for schema in commandLine.schemas where !inputs.contains(where: { $0.displayPath == schema }) {
                    inputs.append(SchemaLoading.Input(path: absolute(schema, from: cwd), displayPath: schema))
                }
            } else if let configuration, !configuration.inputs.isEmpty {
                inputs = expand(configuration.inputs, base: base, diagnostics: &diagnostics)
            } else {
                diagnostics.append(.error("no schema files given", at: nil, notes: [
                    .init("pass schema paths, as in 'modelgen gen Schemas/Library.yaml', or list them under 'inputs' in \(Configuration.fileName)"),
                ]))
            }
            let request = Generator.Request(inputs: inputs, emitters: selections(configuration?.emitters),
                                            templatesDirectory: templates, warningsAsErrors: warningsAsErrors, sourceRoot: sourceRoot)
            if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
            let output = commandLine.output.map { absolute($0, from: cwd) }
                ?? absolute(configuration?.output ?? Configuration.defaultOutput, from: base)
            return ([RunSettings(request: request, outputDirectory: output, configurationPath: configurationPath)], diagnostics)
        }

        let models = configuration?.models ?? []
        if commandLine.output != nil, models.count > 1 {
            return (nil, diagnostics + [.error("--output names one directory, but \(Configuration.fileName) lists \(models.count) models",
                                               at: nil, notes: [.init("drop --output, or pass the schemas of one model as arguments")])])
        }
        var runs: [RunSettings] = []
        var outputs: [String: SourceLocation] = [:]
        for model in models {
            let inputs = expand(model.inputs, base: base, diagnostics: &diagnostics)
            let output = commandLine.output.map { absolute($0, from: cwd) } ?? absolute(model.output, from: base)
            if let first = outputs[output] {
                diagnostics.append(.error("two models write to '\(model.output)'", at: model.location,
                                          notes: [.init("the other model is here", at: first)]))
            }
            outputs[output] = model.location
            let request = Generator.Request(inputs: inputs, emitters: selections(model.emitters ?? configuration?.emitters),
                                            templatesDirectory: templates, warningsAsErrors: warningsAsErrors, sourceRoot: sourceRoot)
            runs.append(RunSettings(request: request, outputDirectory: output, configurationPath: configurationPath))
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        return (runs, diagnostics)
    }

    /// Applies `--emitter` and `--option` to the emitters a model would run.
    static func override(_ configured: [EmitterSelection]?, emitters names: [String], options: [String],
                         registry: EmitterRegistry, diagnostics: inout [Diagnostic]) -> [EmitterSelection]? {
        guard !names.isEmpty || !options.isEmpty else { return configured }
        let known = registry.descriptors.map(\.name)
        var selections = configured ?? registry.defaultSelections
        if !names.isEmpty {
            for name in names where registry.descriptor(named: name) == nil {
                diagnostics.append(.error("unknown emitter '\(name)' in --emitter", at: nil, notes: registry.notesForUnknownEmitter(name)))
            }
            selections = names.filter { registry.descriptor(named: $0) != nil }.map { name in
                selections.first { $0.name == name } ?? EmitterSelection(name: name)
            }
        }
        for option in options {
            guard let equals = option.firstIndex(of: "="), let dot = option[..<equals].firstIndex(of: "."),
                  dot > option.startIndex, option.index(after: dot) < equals else {
                diagnostics.append(.error("--option '\(option)' must look like EMITTER.KEY=VALUE, as in swift.access=public", at: nil))
                continue
            }
            let name = String(option[..<dot]), key = String(option[option.index(after: dot)..<equals])
            let text = String(option[option.index(after: equals)...])
            guard let descriptor = registry.descriptor(named: name) else {
                diagnostics.append(.error("unknown emitter '\(name)' in --option '\(option)'", at: nil,
                                          notes: Suggestions.note(for: name, among: known).map { [$0] } ?? []))
                continue
            }
            guard descriptor.optionKeys.contains(key) else {
                diagnostics.append(.error("unknown option '\(key)' for emitter '\(name)' in --option", at: nil,
                                          notes: descriptor.notesForUnknownOption(key)))
                continue
            }
            let file = "--option \(name).\(key)"
            let value: YAMLNode
            do {
                value = try YAMLReader.parse(text, file: file) ?? YAMLNode(.scalar(YAMLScalar("")), at: SourceLocation(file: file, line: 1, column: 1))
            } catch {
                diagnostics.append(error.diagnostic)
                continue
            }
            let entry = YAMLMappingEntry(key: key, keyLocation: value.location, value: value)
            if let index = selections.firstIndex(where: { $0.name == name }) {
                selections[index].options.removeAll { $0.key == key }
                selections[index].options.append(entry)
            } else if names.isEmpty {
                selections.append(EmitterSelection(name: name, options: [entry]))
            }
        }
        return selections
    }

    private static func absolute(_ path: String, from base: String) -> String {
        path.hasPrefix("/") ? path : (base == "." || base.isEmpty ? path : base + "/" + path)
    }

    /// The files the config's input patterns match, in order, each once.
    private static func expand(_ patterns: [String], base: String, diagnostics: inout [Diagnostic]) -> [SchemaLoading.Input] {
        var inputs: [SchemaLoading.Input] = []
        for pattern in patterns {
            let matches = Glob.hasWildcards(pattern) ? Glob.expand(pattern, in: base)
                : (Glob.fileKind(absolute(pattern, from: base)) == .file ? [pattern] : [])
            if matches.isEmpty {
                diagnostics.append(.error("input '\(pattern)' in \(Configuration.fileName) matches no file", at: nil))
            }
            for match in matches where !inputs.contains(where: { $0.displayPath == match }) {
                inputs.append(SchemaLoading.Input(path: absolute(match, from: base), displayPath: match))
            }
        }
        return inputs
    }
}
