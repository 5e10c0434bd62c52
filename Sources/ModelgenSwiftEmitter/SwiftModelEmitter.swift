import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// Emits one Swift file per class, enum and embedded type: `ParseObject` structs (with
/// `ParseUser`, `ParseRole`, `ParseInstallation` and `ParseSession` for Parse's built-in
/// classes), typed field keys and relation helpers, written against ParseRuntime or ParseSwift.
public struct SwiftModelEmitter: Emitter {
    public static let name = "swift"
    /// The prefix of this emitter's template names.
    public static let templatePrefix = "swift-"

    public var options: SwiftModelOptions

    public init(options: SwiftModelOptions = SwiftModelOptions()) {
        self.options = options
    }

    public static let descriptor = EmitterDescriptor(
        name: name,
        summary: "Swift ParseObject models for ParseSwift or ParseRuntime.",
        optionKeys: SwiftModelOptions.keys
    ) { entries, diagnostics in
        SwiftModelOptions.read(entries, diagnostics: &diagnostics).map { SwiftModelEmitter(options: $0) }
    }

    public func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector) -> [GeneratedFile] {
        var local = DiagnosticCollector()
        let names = SwiftTypeNames(schema: schema, diagnostics: &local)
        checkHelperNames(schema, diagnostics: &local)
        checkEnumCases(schema, diagnostics: &local)
        diagnostics.append(contentsOf: local.diagnostics)
        guard !local.hasErrors,
              let templates = TemplateSet.load(prefix: Self.templatePrefix, overrides: context.templatesDirectory,
                                               diagnostics: &diagnostics)
        else { return [] }
        let models = SwiftViewModels(schema: schema, names: names, options: options)
        var files: [GeneratedFile] = []
        func file(_ typeName: String, sources: [String], template: String, _ viewModel: [String: Any]) {
            files.append(GeneratedFile(path: "\(options.folder)/\(typeName).swift", sources: sources, commentPrefix: "//",
                                       body: templates.render(template, viewModel)))
        }
        for definition in schema.classes {
            file(names.classes[definition.name]!, sources: [definition.file], template: "swift-class",
                 models.classContext(definition, builtin: definition.builtin, sources: [definition.file]))
        }
        for builtin in names.implicitBuiltins {
            let sources = linkingFiles(to: builtin.rawValue, in: schema)
            file(names.classes[builtin.rawValue]!, sources: sources, template: "swift-class",
                 models.classContext(nil, builtin: builtin, sources: sources))
        }
        for definition in schema.enums {
            file(definition.name, sources: [definition.file], template: "swift-enum",
                 models.enumContext(definition, sources: [definition.file]))
        }
        for definition in schema.embeddedTypes {
            file(definition.name, sources: [definition.file], template: "swift-embedded",
                 models.embeddedContext(definition, sources: [definition.file]))
        }
        if options.runtime == .parseSwift {
            // ParseSwift has no public JSON value type and no typed keys: emit ours once.
            let sources = schema.files.map(\.path)
            file("JSONValue", sources: sources, template: "swift-json-value", models.common(sources: sources))
            file("ParseField", sources: sources, template: "swift-parse-field", models.common(sources: sources))
        }
        return files
    }

    /// The schema files with a field that links to `className`, for a generated built-in class.
    private func linkingFiles(to className: String, in schema: Schema) -> [String] {
        var files: [String] = []
        func links(_ type: FieldType) -> Bool {
            switch type {
            case .pointer(let name), .relation(let name), .inverse(let name, _): return name == className
            case .array(let element), .map(let element): return links(element)
            default: return false
            }
        }
        for definition in schema.classes where definition.fields.contains(where: { links($0.type) })
            || definition.builtin.map({ $0.predefinedFields.contains { links($0.type) } }) == true {
            if !files.contains(definition.file) { files.append(definition.file) }
        }
        for definition in schema.embeddedTypes where definition.fields.contains(where: { links($0.type) }) {
            if !files.contains(definition.file) { files.append(definition.file) }
        }
        return files.isEmpty ? schema.files.map(\.path) : files
    }

    /// With `unknownEnumCase`, every enum gets a case `unknown(raw)`; a declared case may not
    /// take that name.
    private func checkEnumCases(_ schema: Schema, diagnostics: inout DiagnosticCollector) {
        guard options.unknownEnumCase else { return }
        for definition in schema.enums {
            for item in definition.cases where item.name == "unknown" {
                diagnostics.error("enum '\(definition.name)' has a case named 'unknown', which 'unknownEnumCase' adds for values this code does not know",
                                  at: item.location, notes: [.init("rename the case, or turn 'unknownEnumCase' off for the swift emitter")])
            }
        }
    }

    /// Relation and inverse fields get methods named `<field>Relation()` and `<field>Query()`;
    /// a stored field of the same name would clash with them.
    private func checkHelperNames(_ schema: Schema, diagnostics: inout DiagnosticCollector) {
        for definition in schema.classes {
            var members: [String: FieldDefinition] = [:]
            for field in definition.fields { members[field.swiftName ?? field.name] = field }
            for field in definition.fields {
                let base = field.swiftName ?? field.name
                let helpers: [String]
                switch field.type {
                case .relation: helpers = [base + "Relation", base + "Query"]
                case .inverse: helpers = [base + "Query"]
                default: continue
                }
                for helper in helpers {
                    if let other = members[helper] {
                        diagnostics.error("field '\(other.name)' of class '\(definition.name)' clashes with the Swift method '\(helper)()' generated for '\(field.name)'",
                                          at: other.location, notes: [.init("give the field another Swift name with 'swiftName'")])
                    }
                }
            }
        }
    }
}
