import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenFileSystem
import ModelgenGenerator
import ModelgenMigrations
import ModelgenSchema
import ModelgenWriter

/// `gen`, `check` and `lint` from start to end, over the stages before it: the models to run
/// (the command line with `modelgen.yml`, and the migrations each keeps), then loading and
/// validating, generating, and writing through the writer. The command line prints what these
/// return, and both plugins run `modelgen gen`, so every way in takes this one path.
///
/// ```
/// models ─► load (lint) ─► generate ─► stage beside the output ─► commit   (gen)
///                                   └► plan, compare              (check: writes nothing)
/// ```
public enum Pipeline {
    /// One model to run: what to generate, and the migrations it keeps (read once, here).
    public struct Model: Sendable {
        public var settings: RunSettings
        /// The migrations beside its SQL scripts; `nil` when the model does not run the `sql`
        /// emitter.
        public var history: MigrationHistory?
    }

    /// The models of `commandLine` (one per output), each with its kept migrations named in its
    /// request, since the create scripts record them, and their SQLite scripts, which the
    /// on-device store's `LocalSchema` carries. `nil` after an error, with every
    /// diagnostic to report.
    public static func models(_ commandLine: RunSettings.CommandLine) -> (models: [Model]?, diagnostics: [Diagnostic]) {
        let (resolved, diagnostics) = RunSettings.resolve(commandLine)
        guard let resolved else { return (nil, diagnostics) }
        var collector = DiagnosticCollector()
        collector.append(contentsOf: diagnostics)
        var models: [Model] = []
        for settings in resolved {
            var model = Model(settings: settings, history: MigrationHistory.of(settings, diagnostics: &collector))
            model.settings.request.keptMigrations = model.history?.migrations.map(\.folderName) ?? []
            // The on-device store's LocalSchema carries them too, as their SQLite scripts say.
            model.settings.request.keptSQLiteScripts = model.history?.sqliteScripts() ?? KeptSQLiteScripts()
            models.append(model)
        }
        return (collector.hasErrors ? nil : models, collector.diagnostics)
    }

    /// `lint`: everything `gen` would refuse about each model, nothing written.
    public static func lint(_ models: [Model]) -> [Generator.Result] {
        models.map { Generator().lint($0.settings.request) }
    }

    // MARK: gen

    /// What a `gen` did.
    public struct Generation: Sendable {
        /// One per model, in order, when the run succeeded; empty otherwise.
        public var outputs: [Output]
        /// Everything to report: the models' warnings, and every error when it failed.
        public var diagnostics: [Diagnostic]
        /// Whether every model generated and every output was written; when not, no output
        /// changed.
        public var succeeded: Bool

        public struct Output: Sendable {
            public var model: Model
            public var summary: OutputWriter.Summary
            /// The output folders of the emitters that ran.
            public var emitterFolders: [String]

            /// The top folders of the removed files that no emitter of this run writes, with
            /// how many files went from each, in path order: what a run of other emitters, or a
            /// config without an emitter that ran before, takes away.
            public var foldersNoEmitterWrites: [(folder: String, count: Int)] {
                var counts: [(folder: String, count: Int)] = []
                for path in summary.removed.sorted() {
                    guard let slash = path.firstIndex(of: "/") else { continue }
                    let folder = String(path[..<slash])
                    guard !emitterFolders.contains(folder) else { continue }
                    if counts.last?.folder == folder { counts[counts.count - 1].count += 1 } else { counts.append((folder, 1)) }
                }
                return counts
            }
        }
    }

    /// `gen`: every model generated and written, or, when anything fails, nothing changed.
    ///
    /// Each schema is loaded first. Then, holding every output's exclusive lock (another run
    /// writing the same output waits), every model is generated with each file staged beside
    /// its target as it is made (so the output is never held whole), and nothing is renamed
    /// into place until every model succeeded and no staging found a problem. With
    /// `onlyEmittersRun` (`--emitter`), stale files are removed only in the folders of the
    /// emitters that ran.
    public static func generate(_ models: [Model], onlyEmittersRun: Bool = false) -> Generation {
        let linted = models.map { Generator().load($0.settings.request) }
        guard linted.allSatisfy(\.succeeded) else {
            // Every model generated as far as it goes, so each reports all it can.
            let results = models.map { Generator().generate($0.settings.request) }
            return Generation(outputs: [], diagnostics: results.flatMap(\.diagnostics), succeeded: false)
        }
        let unusable = models.map(\.settings.outputDirectory).filter { !OutputStaging.canStage(into: $0) }
        guard unusable.isEmpty else {
            let results = models.map { Generator().generate($0.settings.request) }
            return Generation(outputs: [], diagnostics: results.flatMap(\.diagnostics)
                + unusable.map { .error("output '\($0)' exists and is not a directory", at: nil) }, succeeded: false)
        }
        var diagnostics: [Diagnostic] = []
        do {
            let outputs = try OutputLock.hold(models.map(\.settings.outputDirectory), exclusive: true, create: true) {
                let stagings = models.map { OutputStaging(directory: $0.settings.outputDirectory) }
                // A no-op for a staging already committed.
                defer { stagings.forEach { $0.discard() } }
                var results: [Generator.Result] = []
                for index in models.indices {
                    let staging = stagings[index]
                    results.append(Generator().generate(models[index].settings.request, linted: linted[index]) { file in
                        stage(file, into: staging)
                    })
                }
                diagnostics = results.flatMap(\.diagnostics)
                guard results.allSatisfy(\.succeeded) else { throw Refused(problems: []) }
                var problems: [Diagnostic] = []
                for staging in stagings { problems += try staging.check() }
                guard problems.isEmpty else { throw Refused(problems: problems) }
                return try models.indices.map { index in
                    let folders = results[index].outputFolders
                    return Generation.Output(model: models[index],
                                             summary: try stagings[index].commit(onlyUnder: onlyEmittersRun ? folders : nil),
                                             emitterFolders: folders)
                }
            }
            return Generation(outputs: outputs, diagnostics: diagnostics, succeeded: true)
        } catch let refused as Refused {
            return Generation(outputs: [], diagnostics: diagnostics + refused.problems, succeeded: false)
        } catch {
            return Generation(outputs: [], diagnostics: diagnostics + [.error("\(error)", at: nil)], succeeded: false)
        }
    }

    /// Hands `file` to `staging`, a drawn one drawn first (only when its source changed) or kept.
    private static func stage(_ file: GeneratedFile, into staging: OutputStaging) {
        switch DrawnFiles.resolve(file, in: staging.directory) {
        case .file(let resolved): staging.add(resolved)
        case .nothing: staging.keep(file.path)
        case .failed(let problem): staging.refuse(problem)
        }
    }

    /// What `check` compares with the output: `files` with each drawn one drawn (when its
    /// source changed) or kept.
    private static func plan(_ files: [GeneratedFile], directory: String, onlyUnder folders: [String]?) -> OutputPlan {
        var resolved: [GeneratedFile] = []
        var kept: [String] = []
        var refusals: [Diagnostic] = []
        for file in files {
            switch DrawnFiles.resolve(file, in: directory) {
            case .file(let file): resolved.append(file)
            case .nothing: kept.append(file.path)
            case .failed(let problem): refusals.append(problem)
            }
        }
        return OutputPlan.make(files: resolved, directory: directory, onlyUnder: folders, kept: kept, refusals: refusals,
                               drawnPaths: Set(files.filter { $0.drawing != nil }.map(\.path)))
    }

    /// Problems found under the lock: nothing is committed.
    private struct Refused: Error {
        var problems: [Diagnostic]
    }

    // MARK: check

    /// What a `check` found: one verdict per output.
    public struct Check: Sendable {
        /// One per model, in order, when every model generated and was compared.
        public var outputs: [Output]
        /// Everything to report; an error means no verdict could be given.
        public var diagnostics: [Diagnostic]
        public var succeeded: Bool

        public struct Output: Sendable {
            public var model: Model
            /// What `gen` would do to the output.
            public var plan: OutputPlan
            /// For each file `gen` would update (and that is not a drawing), what is on disk
            /// now, read under the same lock as the comparison, or why it could not be read.
            public var onDisk: [String: Result<String, OutputWriter.Failure>]
            /// When the model keeps migrations and its schema changed since the last one with
            /// none leading to it: the migrations folder and that last migration's folder name.
            public var schemaChangedSince: (folder: String, migration: String)?

            /// How many files `gen` would create, update or remove.
            public var staleCount: Int {
                plan.actions.filter { if case .unchanged = $0 { false } else { true } }.count
            }

            /// Whether the output is exactly what `gen` would write, and the model needs no
            /// migration.
            public var isUpToDate: Bool { staleCount == 0 && schemaChangedSince == nil }
        }
    }

    /// `check`: every model generated in memory and compared with its output, under a shared
    /// lock (a `gen` writing the same output finishes first). Writes nothing.
    public static func check(_ models: [Model], onlyEmittersRun: Bool = false) -> Check {
        let results = models.map { Generator().generate($0.settings.request) }
        var diagnostics = results.flatMap(\.diagnostics)
        guard results.allSatisfy(\.succeeded) else { return Check(outputs: [], diagnostics: diagnostics, succeeded: false) }
        var changes: [(folder: String, migration: String)?] = []
        for (model, result) in zip(models, results) {
            var collector = DiagnosticCollector()
            changes.append(schemaChangeWithoutMigration(model, schema: result.schema, diagnostics: &collector))
            diagnostics += collector.diagnostics
            if collector.hasErrors { return Check(outputs: [], diagnostics: diagnostics, succeeded: false) }
        }
        do {
            let outputs = try OutputLock.hold(models.map(\.settings.outputDirectory), exclusive: false, create: false) {
                let plans = models.indices.map { index in
                    plan(results[index].files, directory: models[index].settings.outputDirectory,
                         onlyUnder: onlyEmittersRun ? results[index].outputFolders : nil)
                }
                let problems = plans.flatMap(\.problems)
                guard problems.isEmpty else { throw Refused(problems: problems) }
                return models.indices.map { index in
                    var onDisk: [String: Result<String, OutputWriter.Failure>] = [:]
                    for case .update(let path, _) in plans[index].actions where !plans[index].drawnPaths.contains(path) {
                        do throws(OutputWriter.Failure) {
                            onDisk[path] = .success(String(decoding: try plans[index].contentsOnDisk(of: path), as: UTF8.self))
                        } catch {
                            onDisk[path] = .failure(error)
                        }
                    }
                    return Check.Output(model: models[index], plan: plans[index], onDisk: onDisk, schemaChangedSince: changes[index])
                }
            }
            return Check(outputs: outputs, diagnostics: diagnostics, succeeded: true)
        } catch let refused as Refused {
            return Check(outputs: [], diagnostics: diagnostics + refused.problems, succeeded: false)
        } catch {
            return Check(outputs: [], diagnostics: diagnostics + [.error("\(error)", at: nil)], succeeded: false)
        }
    }

    /// For a model that keeps migrations, whose schema changed since the last one: where.
    /// A last migration whose copy of the schema does not load is an error.
    static func schemaChangeWithoutMigration(_ model: Model, schema: Schema?,
                                             diagnostics: inout DiagnosticCollector) -> (folder: String, migration: String)? {
        guard let history = model.history, let last = history.migrations.last, let schema else { return nil }
        guard let previous = history.lastSchema(diagnostics: &diagnostics), !diagnostics.hasErrors else { return nil }
        guard history.steps(from: previous, to: schema).contains(where: { !$0.isEmpty }) else { return nil }
        return (history.folder, last.folderName)
    }
}
