import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTestSupport
import Testing

/// Runs the SQL emitter on schema text held in memory: the scripts by path and the
/// diagnostics as printed.
func emitSQL(_ yaml: String, options: SQLOptions = SQLOptions(), templates: String? = nil,
             file: String = "Test.yaml") -> (files: [String: String], diagnostics: [String]) {
    let loaded = SchemaLoading.load(sources: [(file, yaml)])
    guard let schema = loaded.schema else { return ([:], loaded.diagnostics.map(\.description)) }
    var diagnostics = DiagnosticCollector()
    let files = SQLEmitter(options: options).emit(schema, context: EmitterContext(templatesDirectory: templates), diagnostics: &diagnostics)
    return (Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) }), diagnostics.diagnostics.map(\.description))
}

/// The sample schemas of `Schemas/`, each its own model as modelgen.yml configures them.
enum Samples {
    static let names = RepositoryFiles.sampleNames

    static func schema(_ sample: String) throws -> Schema {
        let input = SchemaLoading.Input(path: RepositoryFiles.root + "/Schemas/\(sample).yaml", displayPath: "Schemas/\(sample).yaml")
        let loaded = SchemaLoading.load([input])
        return try #require(loaded.schema, "\(loaded.diagnostics)")
    }

    /// The scripts of a sample by dialect, as `modelgen gen` writes them.
    static func scripts(_ sample: String, layout: SQLOptions.Layout) throws -> [SQLOptions.Dialect: String] {
        try scripts(of: schema(sample), layout: layout)
    }

    static func scripts(of schema: Schema, layout: SQLOptions.Layout, interpreted: Bool = false,
                        keptMigrations: [String] = []) throws -> [SQLOptions.Dialect: String] {
        var diagnostics = DiagnosticCollector()
        let files = SQLEmitter(options: SQLOptions(layout: layout))
            .emit(schema, context: EmitterContext(interpretsTemplates: interpreted, keptMigrations: keptMigrations), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
        var result: [SQLOptions.Dialect: String] = [:]
        for dialect in SQLOptions.Dialect.allCases {
            result[dialect] = try #require(files.first { $0.path == "SQL/\(dialect.fileName)" }?.contents)
        }
        return result
    }
}
