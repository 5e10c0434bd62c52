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
    public static func load(_ inputs: [Input], limits: YAMLLimits = .default) -> Result {
        var trees: [(String, YAMLNode?)] = []
        var collector = DiagnosticCollector()
        for input in inputs {
            do {
                trees.append((input.displayPath, try YAMLReader.read(path: input.path, displayPath: input.displayPath, limits: limits)))
            } catch {
                collector.append(error.diagnostic)
            }
        }
        return finish(trees, collector: collector, order: inputs.map(\.displayPath))
    }

    /// The same for YAML text held in memory, as `(displayPath, text)` pairs.
    public static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default) -> Result {
        var trees: [(String, YAMLNode?)] = []
        var collector = DiagnosticCollector()
        for source in sources {
            do {
                trees.append((source.path, try YAMLReader.parse(source.text, file: source.path, limits: limits)))
            } catch {
                collector.append(error.diagnostic)
            }
        }
        return finish(trees, collector: collector, order: sources.map(\.path))
    }

    private static func finish(_ trees: [(String, YAMLNode?)], collector: DiagnosticCollector, order: [String]) -> Result {
        var collector = collector
        var files: [FileDeclarations] = []
        for (path, root) in trees {
            var loader = SchemaLoader(path: path)
            files.append(loader.load(root))
            collector.append(contentsOf: loader.diagnostics.diagnostics)
        }
        // When a file could not be read, its declarations are missing: cross-file checks
        // would only report follow-ups ("unknown class") of the one real error.
        let everyFileRead = trees.count == order.count
        var validator = SchemaValidator(files: files)
        let schema = validator.validate()
        if everyFileRead {
            collector.append(contentsOf: validator.diagnostics.diagnostics)
        }
        let failed = collector.hasErrors || !everyFileRead
        return Result(schema: failed ? nil : schema, diagnostics: collector.sorted(fileOrder: order))
    }
}
