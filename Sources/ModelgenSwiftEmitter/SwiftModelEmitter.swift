import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// Emits one Swift file per class, enum and embedded type: `ParseObject` structs (with
/// `ParseUser`, `ParseRole`, `ParseInstallation` and `ParseSession` for Parse's built-in
/// classes), typed field keys and relation helpers, written against ParseRuntime or ParseSwift;
/// with `localStore`, also the model's `LocalSchema` for the on-device store.
public struct SwiftModelEmitter: Emitter {
    public static let name = "swift"
    /// The prefix of this emitter's template names.
    public static let templatePrefix = "swift-"

    public var options: SwiftModelOptions
    public var outputFolder: String? { options.folder }
    /// What makes the on-device store's tables, which `localStore` writes: the SQL emitter's
    /// (`SQLEmitter.localStoreTables`), which the generator's registry passes in.
    public var localStoreTables: LocalStoreTablesMaker?

    public init(options: SwiftModelOptions = SwiftModelOptions(), localStoreTables: LocalStoreTablesMaker? = nil) {
        self.options = options
        self.localStoreTables = localStoreTables
    }

    /// How `modelgen.yml` finds and configures this emitter under the name `swift`, making the
    /// local store's tables with `localStoreTables`.
    public static func descriptor(localStoreTables: LocalStoreTablesMaker?) -> EmitterDescriptor {
        EmitterDescriptor(
            name: name,
            summary: "Swift ParseObject models for ParseSwift or ParseRuntime.",
            optionKeys: SwiftModelOptions.keys
        ) { entries, diagnostics in
            SwiftModelOptions.read(entries, diagnostics: &diagnostics).map { SwiftModelEmitter(options: $0, localStoreTables: localStoreTables) }
        }
    }

    public func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector,
                     into sink: (GeneratedFile) -> Void) {
        var local = DiagnosticCollector()
        let names = SwiftTypeNames(schema: schema, boxesPointers: options.runtime == .parseRuntime, diagnostics: &local)
        checkHelperNames(schema, diagnostics: &local)
        checkEnumCases(schema, diagnostics: &local)
        checkFieldsParseSwiftDrops(schema, diagnostics: &local)
        checkLocalSchemaName(schema, names: names, diagnostics: &local)
        let localTables = options.localStore ? makeLocalStoreTables(schema, context: context, diagnostics: &local) : nil
        diagnostics.append(contentsOf: local.diagnostics)
        guard !local.hasErrors,
              let templates = TemplateSet.load(prefix: Self.templatePrefix, overrides: context.templatesDirectory,
                                               interpreted: context.interpretsTemplates, diagnostics: &diagnostics)
        else { return }
        let models = SwiftViewModels(schema: schema, names: names, options: options)
        // Without shards, each type's file is made and handed on as soon as its text (rendered
        // after the file's header) is; shards need every type's text (with the schema file it
        // belongs to) first.
        let headed = options.shards == nil
        var rendered: [(typeName: String, source: String, text: String)] = []
        for type in TypeFile.all(schema, names: names) {
            if headed {
                let text = type.render(templates: templates, models: models,
                                       after: GeneratedHeader.text(sources: type.sources, commentPrefix: "//"))
                sink(GeneratedFile(path: "\(options.folder)/\(type.typeName).swift", sources: type.sources, headedText: text))
            } else {
                rendered.append((type.typeName, type.sources[0], type.render(templates: templates, models: models, after: "")))
            }
        }
        let allSources = schema.files.map(\.path)
        var support: [(typeName: String, text: String)] = []
        if options.runtime == .parseSwift {
            // ParseSwift has no public JSON value type and no typed keys: emit ours once.
            support.append(("JSONValue", templates.render("swift-json-value", models.common())))
            support.append(("ParseField", templates.render("swift-parse-field", models.common())))
        }
        if let localTables {
            let modelName = ModelName.of(schema)
            support.append(("\(modelName)+LocalSchema", templates.render("swift-local-schema", models.localSchemaView(localTables, modelName: modelName))))
        }
        guard let shards = options.shards else {
            for file in support {
                sink(GeneratedFile(path: "\(options.folder)/\(file.typeName).swift", sources: allSources, commentPrefix: "//", body: file.text))
            }
            return
        }
        shardedFiles(rendered, support: support, shards: shards, schema: schema, models: models).forEach(sink)
    }

    /// `<schema>.<k>.swift` for k in 1...shards per schema file, plus `ModelgenSupport.swift`:
    /// names known from the schema file names alone. A type goes to the shard its name hashes to.
    private func shardedFiles(_ rendered: [(typeName: String, source: String, text: String)],
                              support: [(typeName: String, text: String)], shards: Int,
                              schema: Schema, models: SwiftViewModels) -> [GeneratedFile] {
        let imports = models.common().imports.joined(separator: "\n") + "\n"
        func withoutImports(_ text: String) -> String {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
            while let first = lines.first, first.hasPrefix("import ") || first.hasPrefix("@preconcurrency import ") { lines.removeFirst() }
            while lines.first?.isEmpty == true { lines.removeFirst() }
            return lines.joined(separator: "\n")
        }
        var files: [GeneratedFile] = []
        for file in schema.files {
            let stem = Self.stem(of: file.path)
            var buckets = [[String]](repeating: [], count: shards)
            for type in rendered where type.source == file.path {
                buckets[Int(StableHash.fnv1a(type.typeName) % UInt32(shards))].append(withoutImports(type.text))
            }
            for (index, bucket) in buckets.enumerated() {
                let body = bucket.isEmpty ? "// No types of \(stem) hash to this file.\n" : imports + "\n" + bucket.joined(separator: "\n")
                files.append(GeneratedFile(path: "\(options.folder)/\(stem).\(index + 1).swift", sources: [file.path],
                                           commentPrefix: "//", body: body))
            }
        }
        let supportBody = support.isEmpty ? "// ParseRuntime provides JSONValue, ParseField and ParseRelationField; nothing else is needed.\n"
            : imports + "\n" + support.map { withoutImports($0.text) }.joined(separator: "\n")
        files.append(GeneratedFile(path: "\(options.folder)/ModelgenSupport.swift", sources: schema.files.map(\.path),
                                   commentPrefix: "//", body: supportBody))
        return files
    }

    /// The file name without folders and extension: `Schemas/Bookstore.yaml` → `Bookstore`.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }


    /// The on-device store's tables, for `localStore`; `nil` after reporting why SQLite cannot
    /// hold them.
    private func makeLocalStoreTables(_ schema: Schema, context: EmitterContext,
                                      diagnostics: inout DiagnosticCollector) -> LocalStoreTables? {
        guard let localStoreTables else {
            diagnostics.error("option 'localStore' of emitter 'swift' needs the SQL emitter's tables, which this modelgen was built without",
                              at: nil)
            return nil
        }
        return localStoreTables(schema, context, &diagnostics)
    }

    /// With `localStore`, the generated code extends ParseRuntime's `LocalSchema`, which a
    /// generated type of that name would hide.
    private func checkLocalSchemaName(_ schema: Schema, names: SwiftTypeNames, diagnostics: inout DiagnosticCollector) {
        guard options.localStore else { return }
        let problem = "would be the Swift type 'LocalSchema', which hides ParseRuntime's LocalSchema that 'localStore' extends"
        for definition in schema.classes where names.classes[definition.name] == "LocalSchema" {
            diagnostics.error("class '\(definition.name)' \(problem)", at: definition.location,
                              notes: [.init("give the class another Swift name with 'swiftName'")])
        }
        for definition in schema.enums where definition.name == "LocalSchema" {
            diagnostics.error("enum '\(definition.name)' \(problem)", at: definition.location, notes: [.init("rename the enum")])
        }
        for definition in schema.embeddedTypes where definition.name == "LocalSchema" {
            diagnostics.error("embedded type '\(definition.name)' \(problem)", at: definition.location,
                              notes: [.init("rename the embedded type")])
        }
    }

    /// Whether a member of this name could clash with a helper method (`<field>Relation()`,
    /// `<field>Query()`).
    private static func mayNameAHelper(_ name: String) -> Bool {
        name.hasSuffix("Relation") || name.hasSuffix("Query")
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

    /// ParseSwift leaves `score` and `emailVerified` out of every save body (they are its own
    /// properties, or the server's), so values of a field so named never reach the server.
    /// Only the ParseSwift runtime has the problem; ParseRuntime sends every field of the app.
    /// (`id` is refused by Parse Server itself, which the schema check reports for every runtime.)
    private func checkFieldsParseSwiftDrops(_ schema: Schema, diagnostics: inout DiagnosticCollector) {
        guard options.runtime == .parseSwift else { return }
        for definition in schema.classes {
            for field in definition.fields
            where NamingRules.isDroppedByParseSwift(field.name) && !NamingRules.isRefusedOnCreate(field.name) {
                diagnostics.warning("ParseSwift leaves a field named '\(field.name)' out of every save, so its values never reach the server",
                                    at: field.location,
                                    notes: [.init("rename the field, or generate for 'runtime: ParseRuntime', which sends it")])
            }
        }
    }

    /// Relation and inverse fields get methods named `<field>Relation()` and `<field>Query()`;
    /// a stored field of the same name would clash with them.
    private func checkHelperNames(_ schema: Schema, diagnostics: inout DiagnosticCollector) {
        for definition in schema.classes {
            let fields = definition.fields
            // Most classes have no relation or inverse, and few have a member whose name ends as
            // a helper's does: those need no closer look.
            guard fields.contains(where: { $0.type.hasHelpers }),
                  fields.contains(where: { Self.mayNameAHelper($0.swiftName ?? $0.name) }) else { continue }
            for field in fields {
                let base = field.swiftName ?? field.name
                let helpers: [String]
                switch field.type {
                case .relation: helpers = [base + "Relation", base + "Query"]
                case .inverse: helpers = [base + "Query"]
                default: continue
                }
                for helper in helpers {
                    // The last member of that name, as a dictionary of the members would hold.
                    if let other = fields.last(where: { ($0.swiftName ?? $0.name) == helper }) {
                        diagnostics.error("field '\(other.name)' of class '\(definition.name)' clashes with the Swift method '\(helper)()' generated for '\(field.name)'",
                                          at: other.location, notes: [.init("give the field another Swift name with 'swiftName'")])
                    }
                }
            }
        }
    }
}

/// A type that gets a file of its own, in the order the files are made: the classes, the
/// built-in classes generated without a declaration, the enums, the embedded types.
private struct TypeFile: Sendable {
    enum Kind: Sendable {
        case declaredClass(ClassDefinition)
        case implicitBuiltin(BuiltinClass)
        case enumeration(EnumDefinition)
        case embedded(EmbeddedDefinition)
    }

    var kind: Kind
    var typeName: String
    /// The schema files its header names: the one it is declared in, or for an implicit
    /// built-in class every file that links to it (the first is where shards put it).
    var sources: [String]

    static func all(_ schema: Schema, names: SwiftTypeNames) -> [TypeFile] {
        var types: [TypeFile] = []
        types.reserveCapacity(schema.classes.count + names.implicitBuiltins.count + schema.enums.count + schema.embeddedTypes.count)
        for definition in schema.classes {
            types.append(TypeFile(kind: .declaredClass(definition), typeName: names.classes[definition.name]!, sources: [definition.file]))
        }
        for builtin in names.implicitBuiltins {
            types.append(TypeFile(kind: .implicitBuiltin(builtin), typeName: names.classes[builtin.rawValue]!,
                                  sources: names.implicitBuiltinSources[builtin]!))
        }
        for definition in schema.enums {
            types.append(TypeFile(kind: .enumeration(definition), typeName: definition.name, sources: [definition.file]))
        }
        for definition in schema.embeddedTypes {
            types.append(TypeFile(kind: .embedded(definition), typeName: definition.name, sources: [definition.file]))
        }
        return types
    }

    /// Its file's text, after `prefix`.
    func render(templates: TemplateSet, models: SwiftViewModels, after prefix: String) -> String {
        switch kind {
        case .declaredClass(let definition):
            templates.render("swift-class", models.classView(definition, builtin: definition.builtin), after: prefix)
        case .implicitBuiltin(let builtin):
            templates.render("swift-class", models.classView(nil, builtin: builtin), after: prefix)
        case .enumeration(let definition):
            templates.render("swift-enum", models.enumView(definition), after: prefix)
        case .embedded(let definition):
            templates.render("swift-embedded", models.embeddedView(definition), after: prefix)
        }
    }
}

private extension FieldType {
    /// Whether a field of this type gets helper methods (`<field>Relation()`, `<field>Query()`).
    var hasHelpers: Bool {
        switch self {
        case .relation, .inverse: true
        default: false
        }
    }
}
