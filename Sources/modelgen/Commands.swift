import ArgumentParser
import ModelgenDiagnostics
import ModelgenGenerator
import ModelgenPipeline
import ModelgenSchema
import ModelgenWriter

struct Gen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Generate code from the schemas and write it to the output directory.",
        discussion: "Writes only files whose bytes change, atomically; removes stale generated files; never touches hand-written ones.")

    @OptionGroup var options: GenerationOptions

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    func run() throws {
        let generation = Pipeline.generate(try Runner.models(options), onlyEmittersRun: !options.emitter.isEmpty)
        Console.report(generation.diagnostics)
        guard generation.succeeded else { throw ExitCode(1) }
        guard !quiet else { return }
        let registry = Generator().registry
        for output in generation.outputs {
            let shown = options.output ?? Console.relative(output.model.settings.outputDirectory)
            let summary = output.summary
            if !summary.leftoversRemoved.isEmpty {
                Console.out("\(shown): removed \(summary.leftoversRemoved.count) temporary file"
                            + "\(summary.leftoversRemoved.count == 1 ? "" : "s") left by an interrupted run")
            }
            for (folder, count) in output.foldersNoEmitterWrites {
                let files = "\(count) file\(count == 1 ? "" : "s")"
                if let emitter = registry.emitter(writingByDefault: folder) {
                    let defaults = registry.defaultSelections.map(\.name).joined(separator: ", ")
                    Console.out("\(shown)/\(folder): removed \(files), since no emitter of this run writes it; "
                                + "to keep it, add '\(emitter)' to the model's emitters in modelgen.yml (a model without 'emitters' runs \(defaults))")
                } else {
                    Console.out("\(shown)/\(folder): removed \(files), since no emitter of this run writes it")
                }
            }
            Console.out("\(shown): \(summary.created.count) created, \(summary.updated.count) updated, "
                        + "\(summary.removed.count) removed, \(summary.unchanged.count) unchanged")
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that the output directory holds exactly what 'gen' would write.",
        discussion: "Exit 0 when fresh, 2 when stale (with a diff) or when a model that keeps migrations changed without one, 1 on any error. Writes nothing.")

    @OptionGroup var options: GenerationOptions

    func run() throws {
        let check = Pipeline.check(try Runner.models(options), onlyEmittersRun: !options.emitter.isEmpty)
        Console.report(check.diagnostics)
        guard check.succeeded else { throw ExitCode(1) }
        var verdicts: [String] = []
        for output in check.outputs {
            let shown = options.output ?? Console.relative(output.model.settings.outputDirectory)
            if output.isUpToDate {
                Console.out("\(shown) is up to date (\(output.plan.actions.count) files)")
                continue
            }
            report(output, shown: shown)
            var reasons: [String] = []
            let stale = output.staleCount
            if stale > 0 {
                reasons.append("\(stale) generated file\(stale == 1 ? " is" : "s are") stale (run 'modelgen gen')")
            }
            if let change = output.schemaChangedSince {
                reasons.append("the schema changed since \(Console.relative(change.folder))/\(change.migration), and no migration leads to it (run 'modelgen migrate --create NAME')")
            }
            verdicts.append("\(shown) is not up to date: " + reasons.joined(separator: ", and "))
        }
        guard !verdicts.isEmpty else { return }
        for verdict in verdicts { Console.error("modelgen: error: " + verdict) }
        throw ExitCode(2)
    }

    /// Prints what differs.
    private func report(_ output: Pipeline.Check.Output, shown prefix: String) {
        for action in output.plan.actions {
            let shown = prefix + "/" + action.path
            switch action {
            case .unchanged:
                continue
            case .update(let path, _) where output.plan.drawnPaths.contains(path):
                Console.out("stale: \(shown) (drawn from another source; 'modelgen gen' draws it again)")
            case .update(let path, let new):
                switch output.onDisk[path] {
                case .success(let old)?:
                    Console.out(UnifiedDiff.make(old: old, new: new.joined(), oldName: "\(shown) (on disk)", newName: "\(shown) (generated)"),
                                terminator: "")
                case .failure(let error)?:
                    Console.out("stale: \(shown) (cannot read it again to show the difference: \(error.description))")
                case nil:
                    Console.out("stale: \(shown)")
                }
            case .create:
                Console.out("missing: \(shown)")
            case .remove:
                Console.out("extra: \(shown) (generated earlier, no longer produced)")
            }
        }
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find everything gen would refuse, without writing anything.")

    @Argument(help: "Schema files (YAML). Without any, the config's inputs.")
    var schemas: [String] = []

    @Option(name: .long, help: "The config file (default: modelgen.yml in the current directory, if present).")
    var config: String?

    @Flag(name: .long, help: "Fail on warnings too.")
    var warningsAsErrors = false

    func run() throws {
        let models = try Runner.models(.init(schemas: schemas, configPath: config, warningsAsErrors: warningsAsErrors))
        var succeeded = true
        for (model, result) in zip(models, Pipeline.lint(models)) {
            Console.report(result.diagnostics)
            succeeded = succeeded && result.succeeded
            if result.succeeded, let schema = result.schema {
                Console.out(Self.summary(of: schema, files: model.settings.request.inputs.count,
                                         warnings: result.diagnostics.filter { $0.severity == .warning }.count))
            }
        }
        guard succeeded else { throw ExitCode(1) }
    }

    /// What was checked, as in `3 files, 12 classes, 2 enums, 1 embedded type: ok`.
    static func summary(of schema: Schema, files: Int, warnings: Int) -> String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String {
            "\(number) \(number == 1 ? singular : plural)"
        }
        var parts = [count(files, "file", "files"), count(schema.classes.count, "class", "classes")]
        if !schema.enums.isEmpty { parts.append(count(schema.enums.count, "enum", "enums")) }
        if !schema.embeddedTypes.isEmpty { parts.append(count(schema.embeddedTypes.count, "embedded type", "embedded types")) }
        return parts.joined(separator: ", ") + ": ok" + (warnings > 0 ? " (\(count(warnings, "warning", "warnings")))" : "")
    }
}

/// The models of a command, or the command's exit after reporting why there are none.
enum Runner {
    static func models(_ options: GenerationOptions) throws -> [Pipeline.Model] {
        try models(.init(schemas: options.schemas, configPath: options.config, output: options.output,
                         warningsAsErrors: options.warningsAsErrors, emitters: options.emitter, options: options.option,
                         sourceRoot: options.sourceRoot))
    }

    static func models(_ commandLine: RunSettings.CommandLine) throws -> [Pipeline.Model] {
        let (models, diagnostics) = Pipeline.models(commandLine)
        Console.report(diagnostics)
        guard let models else { throw ExitCode(1) }
        return models
    }
}
