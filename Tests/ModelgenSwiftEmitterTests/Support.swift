import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenSwiftEmitter
import Testing

/// Runs the Swift emitter on schema text held in memory, with the local store's tables made as
/// the generator makes them.
/// `kept` are the model's kept migrations' SQLite scripts, as the pipeline reads them.
func emitSwift(_ yaml: String, options: SwiftModelOptions = SwiftModelOptions(access: .public),
               templates: String? = nil, file: String = "Test.yaml",
               kept: KeptSQLiteScripts = KeptSQLiteScripts()) -> (files: [String: String], diagnostics: [String]) {
    let loaded = SchemaLoading.load(sources: [(file, yaml)])
    guard let schema = loaded.schema else { return ([:], loaded.diagnostics.map(\.description)) }
    var diagnostics = DiagnosticCollector()
    let files = SwiftModelEmitter(options: options, localStoreTables: SQLEmitter.localStoreTables)
        .emit(schema, context: EmitterContext(templatesDirectory: templates, keptSQLiteScripts: kept), diagnostics: &diagnostics)
    return (Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) }), diagnostics.diagnostics.map(\.description))
}

/// The lines of `text` without the two header lines and the blank line after them.
func body(_ text: String?) -> String {
    guard let text else { return "<missing>" }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).joined(separator: "\n")
}
