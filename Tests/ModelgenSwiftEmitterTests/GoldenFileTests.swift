import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenGenerator
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenSwiftEmitter
import ModelgenTestSupport
import Testing

/// Golden files pin the emitted Swift of every sample schema, in both runtimes: the committed
/// `Generated/<Sample>/Swift` (ParseRuntime, public, as modelgen.yml configures it) and
/// `Tests/ModelgenSwiftEmitterTests/Goldens/ParseSwift/<Sample>` (the ParseSwift text that is
/// compile-checked against the real SDK).
///
/// Review a change of output by running with `MODELGEN_UPDATE_EXPECTATIONS=1` and reading the diff.
@Suite struct GoldenFileTests {
    static let samples = RepositoryFiles.sampleNames

    /// As modelgen.yml configures each sample: Recipes with `unknownEnumCase`, every one with
    /// its local store (ParseRuntime only).
    static func options(for sample: String, runtime: SwiftModelOptions.Runtime) -> SwiftModelOptions {
        SwiftModelOptions(access: .public, runtime: runtime, unknownEnumCase: sample == "Recipes",
                          localStore: runtime == .parseRuntime)
    }

    static func emit(_ sample: String, runtime: SwiftModelOptions.Runtime, interpreted: Bool = false) throws -> [GeneratedFile] {
        let input = SchemaLoading.Input(path: RepositoryFiles.root + "/Schemas/\(sample).yaml", displayPath: "Schemas/\(sample).yaml")
        let loaded = SchemaLoading.load([input])
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        var diagnostics = DiagnosticCollector()
        let files = SwiftModelEmitter(options: options(for: sample, runtime: runtime), localStoreTables: SQLEmitter.localStoreTables)
            .emit(schema, context: EmitterContext(interpretsTemplates: interpreted),
                  diagnostics: &diagnostics)
        // The REST guide's GameScore has a `score`, which ParseSwift alone leaves out of saves.
        let expected = sample == "Game" && runtime == .parseSwift
            ? ["Schemas/Game.yaml:10:7: warning: ParseSwift leaves a field named 'score' out of every save, so its values never reach the server"] : []
        #expect(diagnostics.diagnostics.map { String($0.description.prefix { $0 != "\n" }) } == expected)
        return files
    }

    static func compare(_ files: [GeneratedFile], with folder: String) throws {
        let expected = (try? RepositoryFiles.list(folder)) ?? []
        if RepositoryFiles.updating {
            for name in expected where name.hasSuffix(".swift") {
                try FileManager.default.removeItem(atPath: RepositoryFiles.root + "/" + folder + "/" + name)
            }
            for file in files {
                try RepositoryFiles.write(folder + "/" + (file.path as NSString).lastPathComponent, file.contents)
            }
            return
        }
        #expect(files.map { ($0.path as NSString).lastPathComponent }.sorted() == expected.filter { $0.hasSuffix(".swift") },
                "files of \(folder)")
        for file in files {
            let name = (file.path as NSString).lastPathComponent
            let golden = try? RepositoryFiles.read(folder + "/" + name)
            #expect(golden == file.contents, "\(folder)/\(name) differs from the emitted text")
        }
    }

    @Test(arguments: samples)
    func parseRuntimeOutputIsTheCommittedGeneratedFolder(sample: String) throws {
        try Self.compare(Self.emit(sample, runtime: .parseRuntime), with: "Generated/\(sample)/Swift")
    }

    @Test(arguments: samples)
    func parseSwiftOutput(sample: String) throws {
        try Self.compare(Self.emit(sample, runtime: .parseSwift), with: "Tests/ModelgenSwiftEmitterTests/Goldens/ParseSwift/\(sample)")
    }

    @Test(arguments: samples)
    func theTwoRuntimesShareTheModelsAndDifferOnlyInQueryHelpers(sample: String) throws {
        let runtime = try Self.emit(sample, runtime: .parseRuntime)
        let sdk = Dictionary(uniqueKeysWithValues: try Self.emit(sample, runtime: .parseSwift).map { ($0.path, $0.contents) })
        // The local schema is ParseRuntime's alone: the store opens ParseRuntime's models only.
        for file in runtime where !file.path.hasSuffix("+LocalSchema.swift") {
            let other = try #require(sdk[file.path])
            let mine = file.contents.replacingOccurrences(of: "import ParseRuntime", with: "@preconcurrency import ParseSwift")
                .replacingOccurrences(of: "@Indirect ", with: "")
            // Everything up to the end of the `Field` keys (the struct, its inits, the keys) is the
            // same text; after it come the helpers that run queries, which each runtime spells
            // its own way. Pointer fields differ in how they are stored: `@Indirect` with
            // ParseRuntime; with ParseSwift inline, and as `Pointer<C>` on a cycle. Coding,
            // merging and `==` differ too: ParseRuntime's run over a `storedFields` table,
            // ParseSwift's are synthesized (`CodingKeys` when names differ) or spelled out (`merge`).
            #expect(Self.models(Self.withoutStoredFields(mine)) == Self.models(Self.unboxed(Self.withoutSDKCoding(other))),
                    "\(file.path): the models differ between the runtimes")
        }
    }

    /// ParseSwift text with its pointers on cycles written as the objects, without the doc
    /// lines saying why they are `Pointer`s (and the empty doc line before them, after a
    /// field's description).
    private static func unboxed(_ text: String) -> String {
        text.replacing(/(\n    \/\/\/)?\n    \/\/\/ Stored as `Pointer<\w+>`, not `\w+`: [^\n]*\n    \/\/\/ cannot contain itself\.[^\n]*/, with: "")
            .replacing(/Pointer<(\w+)>(\?| =|,|\n)/) { "\($0.1)\($0.2)" }
    }

    /// ParseRuntime text without its `storedFields` table and the members that run over it.
    private static func withoutStoredFields(_ text: String) -> String {
        text.replacing(/\n    \/\/\/ The stored fields by Parse name:.*?static func == [^\n]*\n[^\n]*\n    \}\n/.dotMatchesNewlines(), with: "\n")
    }

    /// ParseSwift text without its `merge(with:)` and `CodingKeys`.
    private static func withoutSDKCoding(_ text: String) -> String {
        text.replacing(/\n    [a-z ]*func merge\(with object: Self\) throws -> Self \{\n.*?\n    \}\n/.dotMatchesNewlines(), with: "\n")
            .replacing(/\n\n    enum CodingKeys: String, CodingKey \{\n.*?\n    \}\n/.dotMatchesNewlines(), with: "\n")
    }

    /// A class file's text up to the end of its `Field` extension; other files whole.
    private static func models(_ text: String) -> Substring {
        guard let keys = text.range(of: "enum Field {\n"),
              let end = text.range(of: "\n}\n", range: keys.upperBound..<text.endIndex) else { return text[...] }
        return text[..<end.upperBound]
    }

    @Test(arguments: samples)
    func compiledTemplatesGiveTheInterpretersBytes(sample: String) throws {
        for runtime in [SwiftModelOptions.Runtime.parseRuntime, .parseSwift] {
            let compiled = try Self.emit(sample, runtime: runtime)
            let interpreted = try Self.emit(sample, runtime: runtime, interpreted: true)
            #expect(compiled.map(\.path) == interpreted.map(\.path))
            for (mine, theirs) in zip(compiled, interpreted) {
                #expect(mine.contents == theirs.contents, "\(sample) \(runtime) \(mine.path)")
            }
        }
    }

    @Test func generationIsDeterministic() throws {
        for sample in Self.samples {
            let first = try Self.emit(sample, runtime: .parseSwift)
            let second = try Self.emit(sample, runtime: .parseSwift)
            #expect(first == second)
        }
    }
}
