import Foundation
import Testing

/// The JSON Schema in `docs/modelgen.schema.json` is what editors (through the YAML language
/// server) use to validate and complete schemas. It must accept every sample schema and refuse
/// the examples under `Tests/JSONSchema/invalid/`. The check runs Python's `jsonschema`
/// (installed by `.ci/run`); where Python or the module is missing the test says so, and
/// under `CI=true` it fails instead.
struct JSONSchemaTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func validate(_ files: [String]) throws -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("Tests/JSONSchema/validate.py").path,
                             Self.root.appendingPathComponent("docs/modelgen.schema.json").path] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        if output.contains("ModuleNotFoundError") || process.terminationStatus == 127 { return nil }
        return (process.terminationStatus, output)
    }

    private func files(in folder: String) throws -> [String] {
        let directory = Self.root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    private func unavailable() {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("python3 with jsonschema and PyYAML is required under CI (.ci/run installs them)")
        } else {
            print("JSONSchemaTests: skipped, python3 with jsonschema and PyYAML is not available")
        }
    }

    @Test func everySampleSchemaIsValid() throws {
        let samples = try files(in: "Schemas")
        #expect(samples.count >= 2)
        guard let result = try validate(samples) else { return unavailable() }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.split(separator: "\n").count == samples.count)
    }

    @Test func everyInvalidExampleIsRefused() throws {
        let examples = try files(in: "Tests/JSONSchema/invalid")
        #expect(examples.count >= 6)
        for example in examples {
            guard let result = try validate([example]) else { return unavailable() }
            #expect(result.status == 1, "\(example) should be refused: \(result.output)")
            #expect(result.output.hasPrefix("invalid "), "\(result.output)")
        }
    }
}
