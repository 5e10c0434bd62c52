import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenSwiftEmitter
import ModelgenTestSupport
import Testing

/// The hostile names and text of `Tests/InjectionModels` make a local schema that the
/// InjectionModels target compiles (and InjectionModelTests reads back): it is this emitter's
/// output.
@Suite struct InjectionLocalSchemaTests {
    @Test func theCompiledFileIsTheEmittedOne() throws {
        let inputs = ["Injection.yaml", "Cycles.yaml"].map { name in
            SchemaLoading.Input(path: RepositoryFiles.root + "/Tests/InjectionModels/" + name, displayPath: "Tests/InjectionModels/" + name)
        }
        let loaded = SchemaLoading.load(inputs)
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        var diagnostics = DiagnosticCollector()
        let files = SwiftModelEmitter(options: SwiftModelOptions(access: .public, localStore: true), localStoreTables: SQLEmitter.localStoreTables)
            .emit(schema, context: EmitterContext(), diagnostics: &diagnostics)
        let file = try #require(files.first { $0.path == "Swift/Injection+LocalSchema.swift" })
        #expect(file.contents == (try RepositoryFiles.read("Tests/InjectionModels/Generated/Swift/Injection+LocalSchema.swift")),
                "run 'swift run modelgen gen' to refresh Tests/InjectionModels/Generated")
        #expect(file.contents.contains("###\"\"\"\n"), "a statement with `##` in it needs three")
    }
}
