import Foundation
import ModelgenTestSupport
import Testing

/// Runs the real `modelgen` executable, as users and CI do.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func modelgenExecutable() throws -> URL {
    let besideTests = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("modelgen")
    for candidate in [besideTests, Bundle.main.bundleURL.appendingPathComponent("modelgen"),
                      packageRoot.appendingPathComponent(".build/debug/modelgen")]
    where FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
    }
    throw CLIError.missingExecutable
}

enum CLIError: Error { case missingExecutable }

private func modelgen(_ arguments: [String], in directory: String) throws -> CLIRun {
    let process = Process()
    process.executableURL = try modelgenExecutable()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
}

private let validSchema = """
    classes:
      Book:
        fields:
          title: string!
    """

@Suite struct LintCommandTests {
    @Test func sampleSchemasLintCleanly() throws {
        let run = try modelgen(["lint", "Schemas/Library.yaml", "Schemas/TodoList.yaml"], in: packageRoot.path)
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    @Test func malformedFileExitsOneWithALocatedMessageAndNoStackTrace() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("bad.yaml", "classes:\n  Book:\n    fields: [unclosed\n")
        let run = try modelgen(["lint", "bad.yaml"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("bad.yaml:4:1: error: malformed YAML: while parsing a flow sequence"))
        #expect(!run.stderr.contains("Fatal error"))
        #expect(!run.stderr.contains("Stack dump"))
    }

    @Test func allIndependentErrorsAreReported() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", "classes:\n  Book:\n    fields:\n      a: strng\n      b: pointer<Autor>\n  Author: {}\n")
        let run = try modelgen(["lint", "a.yaml"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == """
            a.yaml:4:10: error: unknown type 'strng'
            a.yaml:4:10: note: did you mean 'string'?
            a.yaml:5:18: error: pointer to unknown class 'Autor'
            a.yaml:5:18: note: did you mean 'Author'?

            """)
    }

    @Test func warningsPassUnlessWarningsAsErrors() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("w.yaml", "classes:\n  A: {fields: {score: int}}\n")
        let lenient = try modelgen(["lint", "w.yaml"], in: sandbox.path)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.hasPrefix("w.yaml:2:16: warning: the ParseSwift SDK silently drops a field named 'score'"))
        #expect(try modelgen(["lint", "--warnings-as-errors", "w.yaml"], in: sandbox.path).status == 1)
    }

    @Test func missingFileIsAnError() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        let run = try modelgen(["lint", "nope.yaml"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == "modelgen: error: cannot read 'nope.yaml': No such file or directory\n")
    }

    @Test func noInputsAtAllIsAnErrorWithAHint() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        let run = try modelgen(["lint"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("modelgen: error: no schema files given\nmodelgen: note: pass schema paths"))
    }
}

@Suite struct ConfigTests {
    @Test func configInputsAreGlobbedAndOutputIsUsed() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "inputs: [Schemas/**/*.yaml]\noutput: Out\n")
        try sandbox.write("Schemas/a/A.yaml", validSchema)
        try sandbox.write("Schemas/b/B.yaml", "classes:\n  C:\n    fields:\n      book: pointer<Bok>\n")
        let run = try modelgen(["lint"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Schemas/b/B.yaml:4:21: error: pointer to unknown class 'Bok'"),
                "files from both folders form one model: \(run.stderr)")
    }

    @Test func configErrorsAreLocated() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "inputs: [s.yaml]\noutptu: Out\nemitters:\n  swfit: {}\n")
        try sandbox.write("s.yaml", validSchema)
        let run = try modelgen(["gen"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("""
            modelgen.yml:2:1: error: unknown key 'outptu' in modelgen.yml
            modelgen.yml:2:1: note: did you mean 'output'?
            """))
        #expect(run.stderr.contains("modelgen.yml:4:3: error: unknown emitter 'swfit'"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/Generated"))
    }

    @Test func patternMatchingNothingIsAnError() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "inputs: [Schemas/*.yaml]\n")
        let run = try modelgen(["check"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == "modelgen: error: input 'Schemas/*.yaml' in modelgen.yml matches no file\n")
    }

    @Test func explicitConfigPathResolvesRelativeToItsFolder() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("project/modelgen.yml", "inputs: [Schemas/*.yaml]\noutput: Gen\n")
        try sandbox.write("project/Schemas/A.yaml", validSchema)
        let run = try modelgen(["check", "--config", "project/modelgen.yml"], in: sandbox.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "project/Gen is up to date (0 files)\n")
        #expect(try modelgen(["check", "--config", "missing.yml"], in: sandbox.path).stderr
                == "modelgen: error: config file 'missing.yml' does not exist\n")
    }
}

@Suite struct GenAndCheckTests {
    @Test func checkReportsStaleGeneratedFilesAndGenRemovesThemKeepingHandWrittenOnes() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "inputs: [s.yaml]\n")
        try sandbox.write("s.yaml", validSchema)
        try sandbox.write("Generated/Old.swift", "// Generated by modelgen from Old.yaml. Do not edit.\nstruct Old {}\n")
        try sandbox.write("Generated/Notes.md", "Hand-written.\n")

        let stale = try modelgen(["check"], in: sandbox.path)
        #expect(stale.status == 2)
        #expect(stale.stdout == "extra: Generated/Old.swift (generated earlier, no longer produced)\n")
        #expect(stale.stderr == "modelgen: error: 1 generated file is stale in Generated; run 'modelgen gen'\n")

        let gen = try modelgen(["gen"], in: sandbox.path)
        #expect(gen.status == 0)
        #expect(gen.stdout == "Generated: 0 created, 0 updated, 1 removed, 0 unchanged\n")
        #expect(try sandbox.snapshot().keys.sorted() == ["Generated/Notes.md", "modelgen.yml", "s.yaml"])

        let fresh = try modelgen(["check"], in: sandbox.path)
        #expect(fresh.status == 0)
        #expect(fresh.stdout == "Generated is up to date (0 files)\n")
    }

    @Test func genOnAnInvalidSchemaWritesNothing() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("s.yaml", "classes:\n  A: {fields: {x: nope}}\n")
        try sandbox.write("Out/Old.swift", "// Generated by modelgen from Old.yaml. Do not edit.\n")
        let before = try sandbox.snapshot()
        let run = try modelgen(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == "s.yaml:2:19: error: unknown type 'nope'\n")
        #expect(try sandbox.snapshot() == before)
        #expect(try modelgen(["check", "s.yaml", "--output", "Out"], in: sandbox.path).status == 1, "check exits 1 on errors, not 2")
    }

    @Test func thisRepositoryIsFresh() throws {
        let run = try modelgen(["check"], in: packageRoot.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test func usageErrorsDoNotCrash() throws {
        let run = try modelgen(["gen", "--no-such-flag"], in: packageRoot.path)
        #expect(run.status == 64)
        #expect(run.stderr.contains("Unknown option '--no-such-flag'"))
    }
}
