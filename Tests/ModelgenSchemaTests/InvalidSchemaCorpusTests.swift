import Foundation
@testable import ModelgenSchema
import Testing

/// Every case under `InvalidSchemas/` is a schema (a `.yaml` file, or a folder of them that
/// form one model) with the exact diagnostics modelgen must print for it, in the `.diagnostics`
/// file beside it (`expected.diagnostics` inside a folder). Paths in diagnostics are relative
/// to `InvalidSchemas/`.
///
/// To review a change of wording, run with `MODELGEN_UPDATE_EXPECTATIONS=1`, which rewrites the
/// expectation files, and read the diff.
struct InvalidSchemaCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("InvalidSchemas")

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var inputs: [String]
        var expectationPath: String
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var cases: [Case] = []
        for name in names.sorted() {
            let path = directory.appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                    .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
                cases.append(Case(name: name, inputs: files.map { "\(name)/\($0)" },
                                  expectationPath: "\(path)/expected.diagnostics"))
            } else if name.hasSuffix(".yaml") {
                let stem = String(name.dropLast(".yaml".count))
                cases.append(Case(name: stem, inputs: [name], expectationPath: directory.appendingPathComponent("\(stem).diagnostics").path))
            }
        }
        return cases
    }()

    @Test func corpusHasAtLeastFortyCases() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func reportsExactDiagnostics(_ testCase: Case) throws {
        let inputs = testCase.inputs.map {
            SchemaLoading.Input(path: Self.directory.appendingPathComponent($0).path, displayPath: $0)
        }
        let result = SchemaLoading.load(inputs)
        let rendered = result.diagnostics.map(\.description).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["MODELGEN_UPDATE_EXPECTATIONS"] == "1" {
            try rendered.write(toFile: testCase.expectationPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: testCase.expectationPath, encoding: .utf8)
        #expect(result.schema == nil, "an invalid schema must not load")
        #expect(result.diagnostics.contains { $0.severity == .error })
        #expect(rendered == expected)
    }
}
