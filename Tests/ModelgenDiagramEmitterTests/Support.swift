import ModelgenDiagnostics
import ModelgenDiagramEmitter
import ModelgenEmitter
import ModelgenSchema
import ModelgenTestSupport
import Testing

/// A sample schema of `Schemas/`, loaded as modelgen.yml names it.
func sampleSchema(_ sample: String) throws -> Schema {
    try load([SchemaLoading.Input(path: RepositoryFiles.root + "/Schemas/\(sample).yaml", displayPath: "Schemas/\(sample).yaml")])
}

/// The schema of `Tests/InjectionModels`: hostile text and keyword names.
func injectionSchema() throws -> Schema {
    try load(["Injection", "Cycles"].map {
        SchemaLoading.Input(path: RepositoryFiles.root + "/Tests/InjectionModels/\($0).yaml", displayPath: "Tests/InjectionModels/\($0).yaml")
    })
}

func load(_ inputs: [SchemaLoading.Input]) throws -> Schema {
    let loaded = SchemaLoading.load(inputs)
    return try #require(loaded.schema, "\(loaded.diagnostics)")
}

func loadSchema(_ yaml: String) throws -> Schema {
    let loaded = SchemaLoading.load(sources: [("Test.yaml", yaml)])
    return try #require(loaded.schema, "\(loaded.diagnostics)")
}

/// The emitter's files by path, and its diagnostics as printed.
func emitDiagram(_ schema: Schema, _ options: DiagramOptions = DiagramOptions(), interpreted: Bool = false)
    -> (files: [String: GeneratedFile], diagnostics: [String]) {
    var diagnostics = DiagnosticCollector()
    let files = DiagramEmitter(options: options).emit(schema, context: EmitterContext(interpretsTemplates: interpreted), diagnostics: &diagnostics)
    return (Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) }), diagnostics.diagnostics.map(\.description))
}

/// The lines of the `mermaid` block of a diagram page.
func mermaidBlock(_ page: String) throws -> [String] {
    let start = try #require(page.range(of: "```mermaid\n"))
    let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
    return page[start.upperBound..<end.lowerBound].components(separatedBy: "\n")
}

/// Every schema the diagram tests draw: the samples and the hostile one.
func everySchema() throws -> [(name: String, schema: Schema)] {
    try RepositoryFiles.sampleNames.map { ($0, try sampleSchema($0)) } + [("Injection", try injectionSchema())]
}
