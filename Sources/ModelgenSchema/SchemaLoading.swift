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
        load(inputs.map(\.displayPath)) { index, receive throws(YAMLError) in
            try YAMLReader.stream(path: inputs[index].path, displayPath: inputs[index].displayPath, limits: limits,
                                  sections: SchemaLoader.sections, into: receive)
        }
    }

    /// The same for YAML text held in memory, as `(displayPath, text)` pairs.
    public static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default) -> Result {
        load(sources.map(\.path)) { index, receive throws(YAMLError) in
            try YAMLReader.stream(sources[index].text, file: sources[index].path, limits: limits,
                                  sections: SchemaLoader.sections, into: receive)
        }
    }

    /// Reads each file part by part (`YAMLReader.stream`), turning each part into declarations
    /// as soon as it is complete, so a file's whole tree never exists at once; then validates
    /// every file's declarations as one model.
    private static func load(_ paths: [String],
                             stream: (Int, (YAMLStreamPart) -> Void) throws(YAMLError) -> YAMLStreamEnd) -> Result {
        var collector = DiagnosticCollector()
        var files: [FileDeclarations] = []
        for (index, path) in paths.enumerated() {
            var loader = SchemaLoader(path: path)
            do throws(YAMLError) {
                let end = try stream(index) { loader.load($0) }
                files.append(loader.finish(end))
                collector.append(contentsOf: loader.diagnostics.diagnostics)
            } catch {
                // A file that cannot be read or parsed reports that one error: what was loaded
                // of it is dropped.
                collector.append(error.diagnostic)
            }
        }
        // When a file could not be read, its declarations are missing: cross-file checks
        // would only report follow-ups ("unknown class") of the one real error.
        let everyFileRead = files.count == paths.count
        // Handed over, not copied: the validator releases each class's field declarations as
        // it resolves the class, so the declarations and the model are never both whole.
        var validator = SchemaValidator(files: consume files)
        let schema = validator.validate()
        if everyFileRead {
            collector.append(contentsOf: validator.diagnostics.diagnostics)
        }
        let failed = collector.hasErrors || !everyFileRead
        return Result(schema: failed ? nil : schema, diagnostics: collector.sorted(fileOrder: paths))
    }
}
