import Dispatch
import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema

/// The one entry point that `gen`, `check`, `lint` and the plugins share: schema files in,
/// generated files and diagnostics out. It reads inputs but never writes; the writer does.
public struct Generator: Sendable {
    public struct Request: Sendable {
        public var inputs: [SchemaLoading.Input]
        /// `nil`: every registered emitter with default options.
        public var emitters: [EmitterSelection]?
        public var templatesDirectory: String?
        public var warningsAsErrors: Bool
        /// A directory that generated headers name schema files relative to, so that output
        /// made from absolute paths (as the plugins pass them) is the same on every machine.
        /// Diagnostics keep the paths as given, for editors to open.
        public var sourceRoot: String?
        /// The migrations the model keeps, oldest first, by folder name: the SQL scripts record
        /// them (the pipeline reads them from the model's migrations folder).
        public var keptMigrations: [String] = []
        /// Their SQLite scripts, read with them, for the on-device store's tables (the Swift
        /// emitter's `localStore`), or why they cannot be had.
        public var keptSQLiteScripts = KeptSQLiteScripts()

        public init(inputs: [SchemaLoading.Input], emitters: [EmitterSelection]? = nil,
                    templatesDirectory: String? = nil, warningsAsErrors: Bool = false, sourceRoot: String? = nil) {
            self.inputs = inputs
            self.emitters = emitters
            self.templatesDirectory = templatesDirectory
            self.warningsAsErrors = warningsAsErrors
            self.sourceRoot = sourceRoot
        }
    }

    public struct Result: Sendable {
        /// The validated model; `nil` when loading failed.
        public var schema: Schema?
        /// Sorted by path. Empty whenever `succeeded` is false: a failed run writes nothing.
        public var files: [GeneratedFile]
        public var diagnostics: [Diagnostic]
        public var succeeded: Bool
        /// The output folders of the emitters that ran, for those that have one.
        public var outputFolders: [String] = []
    }

    public let registry: EmitterRegistry

    public init(registry: EmitterRegistry = .builtin) {
        self.registry = registry
    }

    /// Loads and validates the schema only: what a command that needs the model but makes no
    /// file (`migrate`, `drift`) runs, and the first step of generating.
    public func load(_ request: Request) -> Result {
        let loaded = SchemaLoading.load(request.inputs)
        let failed = loaded.schema == nil || loaded.diagnostics.contains { request.warningsAsErrors && $0.severity == .warning }
        return Result(schema: loaded.schema, files: [], diagnostics: loaded.diagnostics, succeeded: !failed)
    }

    /// Everything `generate` would refuse, with nothing kept (what `modelgen lint` runs): the
    /// schema loaded and validated, then every emitter run with its files dropped as they are
    /// made, so that the emitters' own checks (Swift names, SQL names, output paths) are found
    /// too.
    public func lint(_ request: Request) -> Result {
        generate(request, linted: load(request)) { _ in }
    }

    /// Loads, validates and generates, returning every file with its text held (what `check`
    /// and a failing `gen` use: nothing is written until every file is known).
    public func generate(_ request: Request) -> Result {
        let collected = CollectedFiles()
        var result = generate(request, linted: load(request)) { collected.append($0.held()) }
        if result.succeeded {
            result.files = collected.all.sorted { $0.path < $1.path }
        }
        return result
    }

    /// Generates from `linted` (what `load(request)` returned), handing each file to `sink`
    /// as soon as it is made instead of returning them: the result's `files` is empty
    /// (`generate(_:)` is this with a sink that keeps them). When the result fails, the caller
    /// must discard whatever it did with the files. `sink` never gets a path `OutputPath`
    /// refuses. The emitters run at the same time, so `sink` is called from several threads
    /// at once; each emitter's files come in that emitter's order. A streamed file (see
    /// `GeneratedFile`) is best read once, inside `sink`.
    public func generate(_ request: Request, linted: Result, into sink: @Sendable (GeneratedFile) -> Void) -> Result {
        guard linted.succeeded, let validated = linted.schema else { return linted }
        let schema = request.sourceRoot.map { root in validated.renamingFiles { SourceRoot.relative($0, to: root) } } ?? validated
        var diagnostics = DiagnosticCollector()
        diagnostics.append(contentsOf: linted.diagnostics)
        let emitters = makeEmitters(request, diagnostics: &diagnostics)
        let context = EmitterContext(templatesDirectory: request.templatesDirectory, keptMigrations: request.keptMigrations,
                                     keptSQLiteScripts: request.keptSQLiteScripts)
        // The one fan-out: the emitters share nothing but the schema, a value, so each runs
        // on a thread of its own. Their outputs are read in the emitters' order afterwards, so
        // nothing depends on which finished first.
        let outputs = EmitterOutputs(count: emitters.count)
        DispatchQueue.concurrentPerform(iterations: emitters.count) { index in
            var local = DiagnosticCollector()
            var records: [FileRecord] = []
            emitters[index].emit(schema, context: context, diagnostics: &local) { file in
                let record = FileRecord(file)
                records.append(record)
                if record.problem == nil { sink(file) }
            }
            outputs.set(index, (records, local.diagnostics))
        }
        var records: [FileRecord] = []
        for output in outputs.all {
            records.append(contentsOf: output.files)
            diagnostics.append(contentsOf: output.diagnostics)
        }
        checkPaths(records, diagnostics: &diagnostics)
        let failed = diagnostics.failed(warningsAsErrors: request.warningsAsErrors)
        return Result(schema: schema, files: [],
                      diagnostics: diagnostics.sorted(fileOrder: request.inputs.map(\.displayPath)),
                      succeeded: !failed, outputFolders: emitters.compactMap(\.outputFolder))
    }

    private func makeEmitters(_ request: Request, diagnostics: inout DiagnosticCollector) -> [any Emitter] {
        let selections = request.emitters ?? registry.defaultSelections
        var emitters: [any Emitter] = []
        for selection in selections {
            guard let descriptor = registry.descriptor(named: selection.name) else {
                diagnostics.error("unknown emitter '\(selection.name)'", at: selection.location)
                continue
            }
            guard let emitter = descriptor.make(selection.options, &diagnostics) else { continue }
            emitters.append(emitter)
        }
        return emitters
    }

    /// What the path checks need of a file, kept instead of the file (which the sink may
    /// have written and dropped already).
    fileprivate struct FileRecord: Sendable {
        var path: String
        var sources: [String]
        /// Why the path may not be written (`OutputPath`), or `nil`.
        var problem: String?
        /// The path lowercased, the key of a clash on a case-insensitive file system.
        var key: String

        init(_ file: GeneratedFile) {
            path = file.path
            sources = file.sources
            problem = OutputPath.problem(with: file.path)
            key = file.path.lowercased()
        }
    }

    /// Output paths must stay inside the output directory and must not collide, not even on
    /// a case-insensitive file system.
    private func checkPaths(_ files: [FileRecord], diagnostics: inout DiagnosticCollector) {
        var seen: [String: FileRecord] = Dictionary(minimumCapacity: files.count)
        for file in files {
            if let problem = file.problem {
                diagnostics.error("output path '\(file.path)' \(problem)", at: nil)
                continue
            }
            // One hash for a new path (nearly every one); a clash puts the first back.
            if let other = seen.updateValue(file, forKey: file.key) {
                seen[file.key] = other
                let how = other.path == file.path ? "is generated twice" : "differs from '\(other.path)' only in case"
                diagnostics.error("output path '\(file.path)' \(how)", at: nil,
                                  notes: [.init("from \(other.sources.joined(separator: ", ")) and \(file.sources.joined(separator: ", "))")])
                continue
            }
        }
    }
}

/// How generated headers name a schema file under `--source-root`.
enum SourceRoot {
    /// `path` relative to `root` when it is inside it; otherwise `path` as it is.
    static func relative(_ path: String, to root: String) -> String {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        let prefix = root == "/" ? root : root + "/"
        return path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : path
    }
}

/// One slot per emitter for the results of concurrent emitting: the emitters run at the same
/// time (they share nothing but the schema, a value), and their records and diagnostics are
/// read in the emitters' order, so nothing depends on which finished first.
private final class EmitterOutputs: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(files: [Generator.FileRecord], diagnostics: [Diagnostic])]

    init(count: Int) {
        slots = Array(repeating: ([], []), count: count)
    }

    func set(_ index: Int, _ output: (files: [Generator.FileRecord], diagnostics: [Diagnostic])) {
        lock.withLock { slots[index] = output }
    }

    var all: [(files: [Generator.FileRecord], diagnostics: [Diagnostic])] {
        lock.withLock { slots }
    }
}

/// The files `generate(_:)` keeps, as the emitters hand them on from their threads.
private final class CollectedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [GeneratedFile] = []

    func append(_ file: GeneratedFile) {
        lock.withLock { files.append(file) }
    }

    var all: [GeneratedFile] {
        lock.withLock { files }
    }
}
