import ModelgenDiagnostics
import ModelgenYAML

/// The front of the pipeline: schema files in, one validated `Schema` and its diagnostics out.
public enum SchemaLoading {
    /// One input: where to read it and the name diagnostics and generated headers use for it.
    public struct Input: Sendable, Hashable {
        public var path: String
        public var displayPath: String

        public init(path: String, displayPath: String? = nil) {
            self.path = path
            self.displayPath = displayPath ?? path
        }
    }

    public struct Result: Sendable {
        /// `nil` when any file could not be read or parsed, or the model has errors.
        public var schema: Schema?
        /// Sorted by file (in input order), line and column.
        public var diagnostics: [Diagnostic]
    }

    /// Reads, loads and validates every file as one model, reporting all independent problems.
    ///
    /// Each file's YAML tree lives only while that file's declarations are built: a tree is
    /// several times the size of the file, and validation never needs it.
    public static func load(_ inputs: [Input], limits: YAMLLimits = .default) -> Result {
        var loading = Loading()
        for input in inputs {
            loading.add(input.displayPath) { () throws(YAMLError) in
                try YAMLReader.read(path: input.path, displayPath: input.displayPath, limits: limits)
            }
        }
        return loading.finish(order: inputs.map(\.displayPath))
    }

    /// The same for YAML text held in memory, as `(displayPath, text)` pairs.
    public static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default) -> Result {
        var loading = Loading()
        for source in sources {
            loading.add(source.path) { () throws(YAMLError) in
                try YAMLReader.parse(source.text, file: source.path, limits: limits)
            }
        }
        return loading.finish(order: sources.map(\.path))
    }

    /// The files' declarations so far, and the diagnostics of reading and loading them.
    private struct Loading {
        var files: [FileDeclarations] = []
        var collector = DiagnosticCollector()
        var filesRead = 0

        /// Parses one file and turns its tree into declarations; the tree is released on return.
        mutating func add(_ path: String, parse: () throws(YAMLError) -> YAMLNode?) {
            var root: YAMLNode?
            do {
                root = try parse()
            } catch {
                collector.append(error.diagnostic)
                return
            }
            filesRead += 1
            var loader = SchemaLoader(path: path)
            files.append(loader.load(&root))
            collector.append(contentsOf: loader.diagnostics.diagnostics)
        }

        mutating func finish(order: [String]) -> Result {
            // When a file could not be read, its declarations are missing: cross-file checks
            // would only report follow-ups ("unknown class") of the one real error.
            let everyFileRead = filesRead == order.count
            // The validator must hold the only reference, to release declarations as it goes.
            var declarations: [FileDeclarations] = []
            swap(&declarations, &files)
            var validator = SchemaValidator(files: consume declarations)
            let schema = validator.validate()
            if everyFileRead {
                collector.append(contentsOf: validator.diagnostics.diagnostics)
            }
            let failed = collector.hasErrors || !everyFileRead
            return Result(schema: failed ? nil : schema, diagnostics: collector.sorted(fileOrder: order))
        }
    }
}
