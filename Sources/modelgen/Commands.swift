import ArgumentParser
import ModelgenDiagnostics
import ModelgenGenerator
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
        let settings = try Runner.settings(options)
        let linted = settings.map { Generator().load($0.request) }
        // A model with errors, or an output that is not a folder, fails: generated in memory,
        // it is reported exactly as it always was.
        guard linted.allSatisfy(\.succeeded), settings.allSatisfy({ OutputStaging.canStage(into: $0.outputDirectory) }) else {
            try runInMemory()
            return
        }
        // Another run writing the same output waits here. Every model is generated under the
        // lock, each file staged beside its target as it is made (so the output is never held
        // whole), and nothing is renamed into place until every model succeeded and every
        // staging is free of problems; otherwise every staged file goes again.
        let summaries = try Self.writing {
            try OutputLock.hold(settings.map(\.outputDirectory), exclusive: true, create: true) {
                let stagings = settings.map { OutputStaging(directory: $0.outputDirectory) }
                // A no-op for a staging already committed.
                defer { stagings.forEach { $0.discard() } }
                var results: [Generator.Result] = []
                for index in settings.indices {
                    results.append(Generator().generate(settings[index].request, linted: linted[index], into: stagings[index].add))
                }
                for result in results { Console.report(result.diagnostics) }
                guard results.allSatisfy(\.succeeded) else { throw ExitCode(1) }
                var problems: [Diagnostic] = []
                for staging in stagings { problems += try staging.check() }
                guard problems.isEmpty else { throw PlanRefused(problems: problems) }
                return try zip(stagings, results).map { staging, result in
                    (summary: try staging.commit(onlyUnder: options.emitter.isEmpty ? nil : result.outputFolders),
                     folders: result.outputFolders)
                }
            }
        }
        report(summaries.map(\.summary), settings, ranFolders: summaries.map(\.folders))
    }

    /// The whole output generated in memory, then planned and written: how a run that fails
    /// is reported.
    private func runInMemory() throws {
        // Every model is generated and planned before anything is written, so an error in
        // one model leaves every output directory as it was.
        let runs = try Runner.generate(options)
        let problems = runs.flatMap { Runner.plan($0, options).problems }
        guard problems.isEmpty else {
            Console.report(problems)
            throw ExitCode(1)
        }
        let summaries = try Self.writing {
            try OutputLock.hold(runs.map(\.settings.outputDirectory), exclusive: true, create: true) {
                let plans = runs.map { Runner.plan($0, options) }
                let problems = plans.flatMap(\.problems)
                guard problems.isEmpty else { throw PlanRefused(problems: problems) }
                return try plans.map { try OutputWriter.apply($0) }
            }
        }
        report(summaries, runs.map(\.settings), ranFolders: runs.map(\.result.outputFolders))
    }

    /// One line per output, after a line per folder whose files went because no emitter of
    /// the run writes it (`ranFolders`: the folders of those that ran, per output).
    private func report(_ summaries: [OutputWriter.Summary], _ settings: [RunSettings], ranFolders: [[String]]) {
        let registry = Generator().registry
        for (index, (run, summary)) in zip(settings, summaries).enumerated() where !quiet {
            let output = options.output ?? Console.relative(run.outputDirectory)
            if !summary.leftoversRemoved.isEmpty {
                Console.out("\(output): removed \(summary.leftoversRemoved.count) temporary file"
                            + "\(summary.leftoversRemoved.count == 1 ? "" : "s") left by an interrupted run")
            }
            for (folder, count) in Self.foldersNoEmitterWrites(summary.removed, ran: ranFolders[index]) {
                let files = "\(count) file\(count == 1 ? "" : "s")"
                if let emitter = registry.emitter(writingByDefault: folder) {
                    let defaults = registry.defaultSelections.map(\.name).joined(separator: ", ")
                    Console.out("\(output)/\(folder): removed \(files), since no emitter of this run writes it; "
                                + "to keep it, add '\(emitter)' to the model's emitters in modelgen.yml (a model without 'emitters' runs \(defaults))")
                } else {
                    Console.out("\(output)/\(folder): removed \(files), since no emitter of this run writes it")
                }
            }
            Console.out("\(output): \(summary.created.count) created, \(summary.updated.count) updated, "
                        + "\(summary.removed.count) removed, \(summary.unchanged.count) unchanged")
        }
    }

    /// The top folders of `removed` paths that none of the emitters that ran writes, with how
    /// many files went from each, in path order.
    static func foldersNoEmitterWrites(_ removed: [String], ran: [String]) -> [(folder: String, count: Int)] {
        var counts: [(folder: String, count: Int)] = []
        for path in removed.sorted() {
            guard let slash = path.firstIndex(of: "/") else { continue }
            let folder = String(path[..<slash])
            guard !ran.contains(folder) else { continue }
            if counts.last?.folder == folder { counts[counts.count - 1].count += 1 } else { counts.append((folder, 1)) }
        }
        return counts
    }

    /// Runs the locked part of a `gen`, turning what it throws into the command's exit: an
    /// exit it chose passes through, refused plans and write failures are reported, exit 1.
    private static func writing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let refused as PlanRefused {
            Console.report(refused.problems)
            throw ExitCode(1)
        } catch {
            Console.report([.error("\(error)", at: nil)])
            throw ExitCode(1)
        }
    }

    /// Problems found when planning again under the lock.
    private struct PlanRefused: Error {
        var problems: [Diagnostic]
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that the output directory holds exactly what 'gen' would write.",
        discussion: "Exit 0 when fresh, 2 when stale (with a diff) or when a model that keeps migrations changed without one, 1 on any error. Writes nothing.")

    @OptionGroup var options: GenerationOptions

    func run() throws {
        let runs = try Runner.generate(options)
        // The migration a model's schema has changed since, with none leading to it: part of
        // the one verdict on each output.
        let unmigrated = try Self.schemaChangesWithoutMigration(runs)
        // A shared lock: a `gen` writing the same output finishes before the comparison. The
        // report is made under it too, as diffs read the files on disk again.
        let outcome: (problems: [Diagnostic], verdicts: [String])
        do {
            outcome = try OutputLock.hold(runs.map(\.settings.outputDirectory), exclusive: false, create: false) {
                let plans = runs.map { Runner.plan($0, options) }
                let problems = plans.flatMap(\.problems)
                guard problems.isEmpty else { return (problems, []) }
                var verdicts: [String] = []
                for (index, (run, plan)) in zip(runs, plans).enumerated() {
                    let output = options.output ?? Console.relative(run.settings.outputDirectory)
                    let stale = plan.isFresh ? 0 : report(plan, output: output)
                    if stale == 0 && unmigrated[index] == nil {
                        Console.out("\(output) is up to date (\(plan.actions.count) files)")
                        continue
                    }
                    var reasons: [String] = []
                    if stale > 0 {
                        reasons.append("\(stale) generated file\(stale == 1 ? " is" : "s are") stale (run 'modelgen gen')")
                    }
                    if let change = unmigrated[index] { reasons.append(change) }
                    verdicts.append("\(output) is not up to date: " + reasons.joined(separator: ", and "))
                }
                return ([], verdicts)
            }
        } catch {
            Console.report([.error("\(error)", at: nil)])
            throw ExitCode(1)
        }
        guard outcome.problems.isEmpty else {
            Console.report(outcome.problems)
            throw ExitCode(1)
        }
        guard !outcome.verdicts.isEmpty else { return }
        for verdict in outcome.verdicts { Console.error("modelgen: error: " + verdict) }
        throw ExitCode(2)
    }

    /// For each model that keeps migrations (its SQL folder has a `migrations` folder with one
    /// in it) and whose schema changed since the last, by its run's position: what to say.
    private static func schemaChangesWithoutMigration(_ runs: [(settings: RunSettings, result: Generator.Result)]) throws -> [Int: String] {
        var changes: [Int: String] = [:]
        for (index, run) in runs.enumerated() {
            var diagnostics = DiagnosticCollector()
            guard let history = MigrationHistory.of(run.settings, diagnostics: &diagnostics), let last = history.migrations.last,
                  let schema = run.result.schema
            else { continue }
            let previous = history.lastSchema(diagnostics: &diagnostics)
            Console.report(diagnostics.diagnostics)
            guard let previous, !diagnostics.hasErrors else { throw ExitCode(1) }
            guard history.steps(from: previous, to: schema).contains(where: { !$0.isEmpty }) else { continue }
            changes[index] = "the schema changed since \(Console.relative(history.folder))/\(last.folderName), and no migration leads to it (run 'modelgen migrate --create NAME')"
        }
        return changes
    }

    /// Prints what differs and returns how many files are stale.
    private func report(_ plan: OutputPlan, output: String) -> Int {
        var stale = 0
        for action in plan.actions {
            let shown = output + "/" + action.path
            switch action {
            case .unchanged:
                continue
            case .update(let path, _) where plan.drawnPaths.contains(path):
                Console.out("stale: \(shown) (drawn from another source; 'modelgen gen' draws it again)")
            case .update(let path, let new):
                do {
                    let old = try plan.contentsOnDisk(of: path)
                    Console.out(UnifiedDiff.make(old: String(decoding: old, as: UTF8.self), new: new.joined(),
                                                 oldName: "\(shown) (on disk)", newName: "\(shown) (generated)"), terminator: "")
                } catch {
                    Console.out("stale: \(shown) (cannot read it again to show the difference: \(error.description))")
                }
            case .create:
                Console.out("missing: \(shown)")
            case .remove:
                Console.out("extra: \(shown) (generated earlier, no longer produced)")
            }
            stale += 1
        }
        return stale
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
        let runs = try Runner.settings(.init(schemas: schemas, configPath: config, warningsAsErrors: warningsAsErrors))
        var succeeded = true
        for settings in runs {
            let result = Generator().lint(settings.request)
            Console.report(result.diagnostics)
            succeeded = succeeded && result.succeeded
            if result.succeeded, let schema = result.schema {
                Console.out(Self.summary(of: schema, files: settings.request.inputs.count,
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

/// The steps `gen` and `check` share.
enum Runner {
    static func settings(_ options: GenerationOptions) throws -> [RunSettings] {
        try settings(.init(schemas: options.schemas, configPath: options.config, output: options.output,
                           warningsAsErrors: options.warningsAsErrors, emitters: options.emitter, options: options.option,
                           sourceRoot: options.sourceRoot))
    }

    static func settings(_ commandLine: RunSettings.CommandLine) throws -> [RunSettings] {
        let (settings, diagnostics) = RunSettings.resolve(commandLine)
        guard let settings else {
            Console.report(diagnostics)
            throw ExitCode(1)
        }
        Console.report(diagnostics)
        return settings
    }

    /// What writing a run's files would do. With `--emitter`, stale files are removed only in
    /// the folders of the emitters that ran.
    static func plan(_ run: (settings: RunSettings, result: Generator.Result), _ options: GenerationOptions) -> OutputPlan {
        OutputPlan.make(files: run.result.files, directory: run.settings.outputDirectory,
                        onlyUnder: options.emitter.isEmpty ? nil : run.result.outputFolders)
    }

    /// Generates every model; fails when any of them fails, after reporting all diagnostics.
    static func generate(_ options: GenerationOptions) throws -> [(settings: RunSettings, result: Generator.Result)] {
        let runs = try settings(options)
        let results = runs.map { (settings: $0, result: Generator().generate($0.request)) }
        for run in results { Console.report(run.result.diagnostics) }
        guard results.allSatisfy(\.result.succeeded) else { throw ExitCode(1) }
        return results
    }
}
