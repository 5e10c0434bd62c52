import Foundation
import ModelgenTestSupport
import Testing

/// Runs the real `modelgen` executable, as users and CI do.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

private let packageRoot = URL(fileURLWithPath: RepositoryFiles.root)

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
        #expect(run.stdout == "2 files, 8 classes, 4 enums, 2 embedded types: ok\n")
    }

    @Test func aSuccessSaysWhatWasCheckedAndCountsWarnings() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("one.yaml", validSchema)
        try sandbox.write("w.yaml", "classes:\n  A: {fields: {id: string}}\n")
        #expect(try modelgen(["lint", "one.yaml"], in: sandbox.path).stdout == "1 file, 1 class: ok\n")
        let warned = try modelgen(["lint", "one.yaml", "w.yaml"], in: sandbox.path)
        #expect(warned.status == 0)
        #expect(warned.stdout == "2 files, 2 classes: ok (1 warning)\n")
        let failed = try modelgen(["lint", "--warnings-as-errors", "w.yaml"], in: sandbox.path)
        #expect(failed.status == 1)
        #expect(failed.stdout == "", "a failed lint claims nothing")
    }

    /// `lint` refuses what `gen` refuses, the emitters' own checks included (a Swift type
    /// name two classes would share, SQL names that collide), with the same located messages,
    /// and writes nothing.
    @Test func lintFindsWhatGenRefuses() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("user.yaml", "classes:\n  User:\n    fields:\n      name: string\n  Post:\n    fields:\n      author: pointer<_User>\n")
        try sandbox.write("index.yaml", "classes:\n  Book:\n    fields:\n      title: {type: string, index: true}\n      code: string\n    indexes:\n      - {fields: [code], name: Book_title_idx}\n")
        let expected = [
            "user.yaml": "user.yaml:7:7: error: Parse's built-in class '_User', which this field links to, would be the Swift type 'User', as class 'User' is\n",
            "index.yaml": "index.yaml:7:9: error: SQL name 'Book_title_idx' of the index on code of class 'Book' is already the name of the index of field 'title' of class 'Book'\n",
        ]
        for (file, firstLine) in expected {
            let lint = try modelgen(["lint", file], in: sandbox.path)
            let gen = try modelgen(["gen", file, "--output", "Generated"], in: sandbox.path)
            #expect(lint.status == 1 && gen.status == 1, "\(file)")
            #expect(lint.stderr.hasPrefix(firstLine), "\(lint.stderr)")
            #expect(lint.stderr == gen.stderr, "\(file)")
            #expect(lint.stdout == "")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/Generated"))
    }

    /// The version is written once (ModelgenVersion) and the changelog's top entry names it.
    @Test func versionIsTheChangelogsLatest() throws {
        let run = try modelgen(["--version"], in: packageRoot.path)
        #expect(run.status == 0)
        let version = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." },
                "a semantic version SwiftPM can resolve as a tag: \(version)")
        let changelog = try String(contentsOfFile: RepositoryFiles.root + "/CHANGELOG.md", encoding: .utf8)
        let latest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(latest?.hasPrefix("## \(version) ") == true || latest == "## \(version)", "\(latest ?? "no entry")")
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
        try sandbox.write("w.yaml", "classes:\n  A: {fields: {id: string}}\n")
        let lenient = try modelgen(["lint", "w.yaml"], in: sandbox.path)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.hasPrefix("w.yaml:2:16: warning: Parse Server refuses a field named 'id' when an object is created"))
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

    /// A yes/no value that is neither is described and refused as in a schema and in emitter
    /// options (one reader, YAMLNode.bool): the key, and the value as found, cut after 40.
    @Test func aFlagThatIsNeitherTrueNorFalseIsNamedWithWhatWasFound() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        let long = String(repeating: "y", count: 50)
        try sandbox.write("modelgen.yml", "inputs: [s.yaml]\nwarningsAsErrors: \(long)\n")
        try sandbox.write("s.yaml", "classes:\n  A:\n    fields:\n      n: {type: string, unique: ~}\n")
        let config = try modelgen(["gen"], in: sandbox.path)
        #expect(config.status == 1)
        #expect(config.stderr == "modelgen.yml:2:19: error: 'warningsAsErrors' must be true or false, found '\(String(repeating: "y", count: 40))...'\n")
        try sandbox.write("modelgen.yml", "inputs: [s.yaml]\n")
        let schema = try modelgen(["lint"], in: sandbox.path)
        #expect(schema.status == 1)
        #expect(schema.stderr.hasPrefix("s.yaml:4:33: error: expected true or false, found null"))
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
        try sandbox.write("project/modelgen.yml", "inputs: [Schemas/*.yaml]\noutput: Gen\nemitters: [swift]\n")
        try sandbox.write("project/Schemas/A.yaml", validSchema)
        #expect(try modelgen(["gen", "--config", "project/modelgen.yml"], in: sandbox.path).status == 0)
        let run = try modelgen(["check", "--config", "project/modelgen.yml"], in: sandbox.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "project/Gen is up to date (1 files)\n")
        #expect(try modelgen(["check", "--config", "missing.yml"], in: sandbox.path).stderr
                == "modelgen: error: config file 'missing.yml' does not exist\n")
    }
}

@Suite struct GenAndCheckTests {
    @Test func checkReportsStaleGeneratedFilesAndGenRemovesThemKeepingHandWrittenOnes() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "inputs: [s.yaml]\nemitters: [swift]\n")
        try sandbox.write("s.yaml", validSchema)
        try sandbox.write("Generated/Old.swift", "// Generated by modelgen from Old.yaml. Do not edit.\nstruct Old {}\n")
        try sandbox.write("Generated/Notes.md", "Hand-written.\n")

        let stale = try modelgen(["check"], in: sandbox.path)
        #expect(stale.status == 2)
        #expect(stale.stdout == "extra: Generated/Old.swift (generated earlier, no longer produced)\nmissing: Generated/Swift/Book.swift\n")
        #expect(stale.stderr == "modelgen: error: Generated is not up to date: 2 generated files are stale (run 'modelgen gen')\n")

        let gen = try modelgen(["gen"], in: sandbox.path)
        #expect(gen.status == 0)
        #expect(gen.stdout == "Generated: 1 created, 0 updated, 1 removed, 0 unchanged\n")
        #expect(try sandbox.snapshot().keys.sorted() == ["Generated/Notes.md", "Generated/Swift/Book.swift", "modelgen.yml", "s.yaml"])

        let fresh = try modelgen(["check"], in: sandbox.path)
        #expect(fresh.status == 0)
        #expect(fresh.stdout == "Generated is up to date (1 files)\n")
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

    /// The plugins pass absolute paths and `--source-root`: headers name the schemas relative
    /// to it, the same on every machine; diagnostics keep the paths given, for editors.
    @Test func sourceRootMakesHeadersRelative() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("pkg/Sources/Shop/Shop.yaml", "classes:\n  Order: {fields: {total: double, id: string}}\n")
        let schema = sandbox.path + "/pkg/Sources/Shop/Shop.yaml"
        let run = try modelgen(["gen", schema, "--output", "Out", "--source-root", sandbox.path + "/pkg/", "--emitter", "swift"],
                               in: sandbox.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(schema + ":2:35: warning: "), "\(run.stderr)")
        let order = try sandbox.read("Out/Swift/Order.swift")
        #expect(order.hasPrefix("// Generated by modelgen from Sources/Shop/Shop.yaml. Do not edit.\n"))
        #expect(!order.contains(sandbox.path))
        // A schema outside the root keeps its path.
        let outside = try modelgen(["gen", schema, "--output", "Out2", "--source-root", sandbox.path + "/elsewhere", "--emitter", "swift"],
                                   in: sandbox.path)
        #expect(outside.status == 0)
        #expect(try sandbox.read("Out2/Swift/Order.swift").hasPrefix("// Generated by modelgen from \(schema). Do not edit.\n"))
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

@Suite struct ModelsConfigTests {
    @Test func eachModelIsGeneratedIntoItsOwnOutput() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", """
            emitters: [swift]
            models:
              - {inputs: [a.yaml], output: Out/A}
              - inputs: [b.yaml]
                output: Out/B
                emitters: {swift: {access: public}}
            """)
        try sandbox.write("a.yaml", validSchema)
        try sandbox.write("b.yaml", validSchema)
        let gen = try modelgen(["gen"], in: sandbox.path)
        #expect(gen.status == 0, "\(gen.stderr)")
        #expect(gen.stdout == "Out/A: 1 created, 0 updated, 0 removed, 0 unchanged\nOut/B: 1 created, 0 updated, 0 removed, 0 unchanged\n")
        #expect(try sandbox.read("Out/A/Swift/Book.swift").contains("\nstruct Book: ParseObject, Sendable {"))
        #expect(try sandbox.read("Out/B/Swift/Book.swift").contains("\npublic struct Book: ParseObject, Sendable {"))
        let check = try modelgen(["check"], in: sandbox.path)
        #expect(check.status == 0)
        #expect(check.stdout == "Out/A is up to date (1 files)\nOut/B is up to date (1 files)\n")

        try sandbox.write("b.yaml", validSchema + "\n      year: int\n")
        let stale = try modelgen(["check"], in: sandbox.path)
        #expect(stale.status == 2)
        #expect(stale.stdout.contains("+    public var year: Int?"))
        #expect(stale.stderr == "modelgen: error: Out/B is not up to date: 1 generated file is stale (run 'modelgen gen')\n")
    }

    @Test func anErrorInOneModelWritesNoModel() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "models:\n  - {inputs: [a.yaml], output: A}\n  - {inputs: [b.yaml], output: B}\n")
        try sandbox.write("a.yaml", validSchema)
        try sandbox.write("b.yaml", "classes:\n  C: {fields: {x: nope}}\n")
        let run = try modelgen(["gen"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == "b.yaml:2:19: error: unknown type 'nope'\n")
        #expect(!sandbox.exists("A"))
    }

    @Test func malformedModelsAreLocatedErrors() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", validSchema)
        try sandbox.write("modelgen.yml", """
            inputs: [a.yaml]
            models:
              - {inputs: [a.yaml]}
              - {inputs: [a.yaml], output: X, ouput: Y}
              - {inputs: [a.yaml], output: X}
              - just text
            """)
        let run = try modelgen(["lint"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == """
            modelgen.yml:3:5: error: a model needs both 'inputs' and 'output'
            modelgen.yml:4:35: error: unknown key 'ouput' in a model
            modelgen.yml:4:35: note: did you mean 'output'?
            modelgen.yml:4:35: note: allowed keys of a model: inputs, output, emitters
            modelgen.yml:6:5: error: a model must be a mapping with 'inputs' and 'output', found a scalar
            modelgen.yml:1:1: error: 'inputs' cannot be used together with 'models'
            modelgen.yml:1:1: note: move it into the models it belongs to

            """)
        try sandbox.write("modelgen.yml", "models:\n  - {inputs: [a.yaml], output: X}\n  - {inputs: [a.yaml], output: X}\n")
        let twice = try modelgen(["gen"], in: sandbox.path)
        #expect(twice.status == 1)
        #expect(twice.stderr == "modelgen.yml:3:5: error: two models write to 'X'\nmodelgen.yml:2:5: note: the other model is here\n")
        let output = try modelgen(["gen", "--output", "Z"], in: sandbox.path)
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("modelgen: error: --output names one directory, but modelgen.yml lists 2 models"))
    }

    @Test func emitterOptionErrorsPointIntoTheConfig() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", validSchema)
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\nemitters:\n  swift: {access: open, acess: public}\n")
        let run = try modelgen(["gen"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == """
            modelgen.yml:3:25: error: unknown option 'acess' for emitter 'swift'
            modelgen.yml:3:25: note: did you mean 'access'?
            modelgen.yml:3:25: note: options of 'swift': access, runtime, unknownEnumCase, folder, shards, localStore

            """)
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\nemitters:\n  swift: {access: open}\n")
        let value = try modelgen(["gen"], in: sandbox.path)
        #expect(value.status == 1)
        #expect(value.stderr.hasPrefix("modelgen.yml:3:19: error: option 'access' of emitter 'swift' must be one of internal, package, public, found 'open'"))
        #expect(!sandbox.exists("Generated"))
    }
}

/// `localStore: true` writes the model's `LocalSchema` beside its Swift models, with or without
/// the `sql` emitter, and only for ParseRuntime's models.
@Suite struct LocalStoreOptionTests {
    @Test func theLocalSchemaIsWrittenWithoutTheSQLEmitter() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("Shop.yaml", validSchema)
        try sandbox.write("modelgen.yml", "inputs: [Shop.yaml]\nemitters:\n  swift: {localStore: true}\n")
        let run = try modelgen(["gen"], in: sandbox.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sandbox.snapshot().keys.sorted() == ["Generated/Swift/Book.swift", "Generated/Swift/Shop+LocalSchema.swift",
                                                        "Shop.yaml", "modelgen.yml"])
        let text = try sandbox.read("Generated/Swift/Shop+LocalSchema.swift")
        #expect(text.contains("\n    static let shop = LocalSchema(\n        name: \"Shop\",\n"))
        #expect(text.contains(#"LocalSchema.Field("title", .string, required: true),"#))
        #expect(try modelgen(["check"], in: sandbox.path).status == 0)
    }

    @Test func withParseSwiftItIsAnErrorInTheConfig() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", validSchema)
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\nemitters:\n  swift: {runtime: ParseSwift, localStore: true}\n")
        let run = try modelgen(["gen"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr == """
            modelgen.yml:3:44: error: option 'localStore' of emitter 'swift' needs 'runtime: ParseRuntime': the on-device store works with ParseRuntime's models only
            modelgen.yml:3:20: note: the runtime is chosen here
            modelgen.yml:3:44: note: ParseSwift apps get no on-device store: remove 'localStore', or generate for 'runtime: ParseRuntime'

            """)
        #expect(!sandbox.exists("Generated"))
        // Chosen on the command line, over the config's ParseRuntime, it is an error too.
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\nemitters:\n  swift: {localStore: true}\n")
        let flag = try modelgen(["gen", "--option", "swift.runtime=ParseSwift"], in: sandbox.path)
        #expect(flag.status == 1)
        #expect(flag.stderr.contains("error: option 'localStore' of emitter 'swift' needs 'runtime: ParseRuntime'"), "\(flag.stderr)")
    }
}

@Suite struct TemplatesCommandTests {
    @Test func dumpWritesTheDefaultsAndAnOverrideChangesTheOutput() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        let dump = try modelgen(["templates", "dump", "MyTemplates"], in: sandbox.path)
        #expect(dump.status == 0, "\(dump.stderr)")
        let listed = try modelgen(["templates", "list"], in: sandbox.path).stdout.split(separator: "\n").map(String.init)
        #expect(dump.stdout == "MyTemplates: \(listed.count) written, 0 unchanged\n")
        for name in listed {
            #expect(try sandbox.read("MyTemplates/" + name) == (try String(contentsOfFile: packageRoot.path + "/Templates/" + name, encoding: .utf8)))
        }
        #expect(try modelgen(["templates", "dump", "MyTemplates"], in: sandbox.path).stdout == "MyTemplates: 0 written, \(listed.count) unchanged\n")

        try sandbox.write("a.yaml", "enums:\n  Size:\n    values: [small, large]\n")
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\ntemplates: MyTemplates\nemitters: [swift]\n")
        try sandbox.write("MyTemplates/swift-enum.mustache", "{{% CONTENT_TYPE: TEXT}}\nenum {{{typeName}}}: String { {{#cases}}case {{{name}}}; {{/cases}}}\n")
        #expect(try modelgen(["gen"], in: sandbox.path).status == 0)
        #expect(try sandbox.read("Generated/Swift/Size.swift").hasSuffix("\nenum Size: String { case small; case large; }\n"))

        let refused = try modelgen(["templates", "dump", "MyTemplates"], in: sandbox.path)
        #expect(refused.status == 1)
        #expect(refused.stderr == "modelgen: error: 'MyTemplates/swift-enum.mustache' exists with other content; nothing was written\nmodelgen: note: pass --force to replace them with the defaults\n")
        #expect(try modelgen(["templates", "dump", "--force", "MyTemplates"], in: sandbox.path).stdout == "MyTemplates: 1 written, \(listed.count - 1) unchanged\n")
    }

    @Test func aMalformedUserTemplateFailsTheRunWithItsLocation() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", validSchema)
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\ntemplates: T\n")
        try sandbox.write("T/swift-class.mustache", "{{#fields}}\n{{name}\n")
        let run = try modelgen(["gen"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(sandbox.path + "/T/swift-class.mustache:2:"))
        #expect(run.stderr.contains("error: malformed template"))
        #expect(!sandbox.exists("Generated"))
    }
}

@Suite struct EmitterSelectionFlagTests {
    @Test func emitterAndOptionFlagsOverrideTheConfig() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("Shop.yaml", validSchema + "\n  Shelf:\n    fields:\n      label: string\n")
        let run = try modelgen(["gen", "Shop.yaml", "--output", "Out", "--emitter", "swift", "--option", "swift.shards=2",
                                "--option", "swift.access=public"], in: sandbox.path)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try sandbox.snapshot().keys.filter { $0.hasPrefix("Out/") }.sorted()
        #expect(files == ["Out/Swift/ModelgenSupport.swift", "Out/Swift/Shop.1.swift", "Out/Swift/Shop.2.swift"])
        let text = try sandbox.read("Out/Swift/Shop.1.swift") + sandbox.read("Out/Swift/Shop.2.swift")
        #expect(text.components(separatedBy: "public struct Book: ParseObject").count == 2)
        #expect(text.components(separatedBy: "public struct Shelf: ParseObject").count == 2)
    }

    @Test func aRunOfSomeEmittersLeavesTheOthersFilesAlone() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("Shop.yaml", validSchema + "\n  Shelf:\n    fields:\n      label: string\n")
        #expect(try modelgen(["gen", "Shop.yaml", "--output", "Out"], in: sandbox.path).status == 0)
        let everything = try sandbox.snapshot()
        #expect(everything.keys.contains("Out/Swift/Shelf.swift") && everything.keys.contains("Out/SQL/sqlite.sql"))
        // Only SQL: the Swift files are not stale, whatever `gen --emitter sql` would write.
        let sql = try modelgen(["gen", "Shop.yaml", "--output", "Out", "--emitter", "sql"], in: sandbox.path)
        #expect(sql.status == 0, "\(sql.stderr)")
        #expect(sql.stdout.contains("0 removed"), "\(sql.stdout)")
        #expect(try sandbox.snapshot() == everything)
        #expect(try modelgen(["check", "Shop.yaml", "--output", "Out", "--emitter", "swift"], in: sandbox.path).status == 0)
        // Within its own folder a partial run still removes what is stale: Shelf is gone.
        try sandbox.write("Shop.yaml", validSchema)
        let swift = try modelgen(["gen", "Shop.yaml", "--output", "Out", "--emitter", "swift"], in: sandbox.path)
        #expect(swift.status == 0, "\(swift.stderr)")
        let after = try sandbox.snapshot()
        #expect(!after.keys.contains("Out/Swift/Shelf.swift"))
        #expect(after["Out/SQL/sqlite.sql"] == everything["Out/SQL/sqlite.sql"], "the SQL, now stale, is left for a run of the SQL emitter")
        // And a full run still removes files of every emitter.
        #expect(try modelgen(["check", "Shop.yaml", "--output", "Out"], in: sandbox.path).status == 2)
    }

    @Test func badFlagsAreErrorsWithSuggestions() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", validSchema)
        let unknownEmitter = try modelgen(["gen", "a.yaml", "--emitter", "swfit"], in: sandbox.path)
        #expect(unknownEmitter.status == 1)
        #expect(unknownEmitter.stderr.hasPrefix("modelgen: error: unknown emitter 'swfit' in --emitter\nmodelgen: note: did you mean 'swift'?"))
        let unknownKey = try modelgen(["gen", "a.yaml", "--option", "swift.acess=public"], in: sandbox.path)
        #expect(unknownKey.stderr.hasPrefix("modelgen: error: unknown option 'acess' for emitter 'swift' in --option\nmodelgen: note: did you mean 'access'?"))
        let malformed = try modelgen(["gen", "a.yaml", "--option", "public"], in: sandbox.path)
        #expect(malformed.stderr == "modelgen: error: --option 'public' must look like EMITTER.KEY=VALUE, as in swift.access=public\n")
        let badValue = try modelgen(["gen", "a.yaml", "--option", "swift.shards=100"], in: sandbox.path)
        #expect(badValue.status == 1)
        #expect(badValue.stderr.hasPrefix("--option swift.shards:1:1: error: option 'shards' of emitter 'swift' must be a whole number from 1 to 64"))
        #expect(!sandbox.exists("Generated"))
    }
}

@Suite struct InitCommandTests {
    @Test func initWritesAStarterThatGeneratesAndChecks() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        let run = try modelgen(["init"], in: sandbox.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            created modelgen.yml
            created Schemas/App.yaml
            created .github/workflows/modelgen.yml
            next: edit Schemas/App.yaml, then run 'modelgen gen'

            """)
        #expect(try modelgen(["lint"], in: sandbox.path).stdout == "1 file, 1 class, 1 enum: ok\n")
        let gen = try modelgen(["gen"], in: sandbox.path)
        #expect(gen.status == 0, "\(gen.stderr)")
        #expect(gen.stderr == "", "the starter schema has no warnings")
        #expect(try sandbox.read("Generated/Swift/Post.swift").contains("public struct Post"))
        #expect(try sandbox.read("Generated/SQL/postgresql.sql").contains("CREATE TABLE"))
        #expect(try modelgen(["check"], in: sandbox.path).status == 0)
        #expect(try sandbox.read(".github/workflows/modelgen.yml").contains("swift run modelgen check"))
    }

    @Test func initNeverOverwritesAFile() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("project/modelgen.yml", "inputs: [mine.yaml]\n")
        let run = try modelgen(["init", "project"], in: sandbox.path)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("kept modelgen.yml (it exists)\ncreated Schemas/App.yaml\n"))
        #expect(try sandbox.read("project/modelgen.yml") == "inputs: [mine.yaml]\n")
        let before = try sandbox.snapshot()
        let again = try modelgen(["init", "project"], in: sandbox.path)
        #expect(again.status == 0)
        #expect(again.stdout == "kept modelgen.yml (it exists)\nkept Schemas/App.yaml (it exists)\nkept .github/workflows/modelgen.yml (it exists)\n")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func initReportsAFolderItCannotWrite() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("project", "a file where the folder should be\n")
        let run = try modelgen(["init", "project"], in: sandbox.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("modelgen: error: "), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        #expect(try sandbox.read("project") == "a file where the folder should be\n")
    }
}
