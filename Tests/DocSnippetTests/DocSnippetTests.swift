import Foundation
import ModelgenDiagnostics
import ModelgenSchema
import ModelgenTestSupport
import Testing

/// Every Swift and YAML block in README.md and docs/ is compiled, run or compared with the file
/// it shows, so a page cannot drift from the code (how each block says what it is:
/// `DocSnippet`).
@Suite struct DocSnippetTests {
    static let compiledFolder = "Tests/DocSnippetTests/Compiled"

    @Test func everyBlockSaysHowItIsChecked() throws {
        let snippets = try DocSnippet.all()
        #expect(snippets.count > 100)
        for snippet in snippets {
            if case .unknown(let reason) = snippet.check {
                Issue.record("\(snippet): \(reason)")
            }
        }
    }

    /// The compiled copies in `Compiled/` are what the pages hold now; this target compiles them.
    /// `MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests` rewrites them.
    @Test func compiledBlocksAreThePagesBlocks() throws {
        var expected: [String: String] = [:]
        for snippet in try DocSnippet.all() {
            guard case .compile(let imports, let givens) = snippet.check else { continue }
            expected[CompiledSnippet.fileName(of: snippet)] = CompiledSnippet.source(of: snippet, imports: imports, givens: givens)
        }
        #expect(expected.count >= 12)
        let existing = try RepositoryFiles.list(Self.compiledFolder).filter { $0.hasSuffix(".swift") }
        if RepositoryFiles.updating {
            for name in existing where expected[name] == nil {
                try FileManager.default.removeItem(atPath: RepositoryFiles.root + "/\(Self.compiledFolder)/\(name)")
            }
            for (name, text) in expected {
                try RepositoryFiles.write("\(Self.compiledFolder)/\(name)", text)
            }
            return
        }
        #expect(existing == expected.keys.sorted(), "Compiled/ holds other blocks than the pages: update it")
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let committed = try? RepositoryFiles.read("\(Self.compiledFolder)/\(name)")
            #expect(committed == text, "\(name) is not the page's block: run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests")
        }
    }

    @Test func excerptsAreInTheirFiles() throws {
        for snippet in try DocSnippet.all() {
            switch snippet.check {
            case .excerpt(let path):
                let file = try RepositoryFiles.read(path)
                if let missing = firstMissingLine(of: snippet.text, in: file, language: snippet.language) {
                    Issue.record("\(snippet): this line is not in \(path) (in that order): \(missing)")
                }
            case .parseSwiftCalls(let path):
                let declared = declaredFunctions(in: try RepositoryFiles.read(path))
                let calls = labeledFreeFunctionCalls(in: snippet.text)
                #expect(!calls.isEmpty, "\(snippet) calls no function with labels")
                for call in calls where !declared.contains(call) {
                    Issue.record("\(snippet) calls \(call), which \(path) does not declare")
                }
            case .same(let path):
                let file = try RepositoryFiles.read(path)
                #expect(snippet.text + "\n" == file, "\(snippet) is not \(path)")
            case .sameBlock(let path):
                let block = DocSnippet.snippets(in: path, text: try RepositoryFiles.read(path)).first { $0.language == snippet.language }
                #expect(block?.text == snippet.text, "\(snippet) is not the first \(snippet.language) block of \(path)")
            default:
                continue
            }
        }
    }

    /// A schema block loads cleanly, or with exactly the diagnostics its comments announce:
    /// `# error: TEXT`, `# warning: TEXT` and `# note: TEXT`, on a line of their own or after a
    /// line's YAML, each found in a message of that kind.
    @Test func schemasLoadAsTheySay() throws {
        var checked = 0
        for snippet in try DocSnippet.all() where snippet.check == .schema {
            checked += 1
            let result = SchemaLoading.load(sources: [("snippet.yaml", snippet.text)])
            let announced = announcedDiagnostics(in: snippet.text)
            let messages: [Severity: [String]] = [
                .error: result.diagnostics.filter { $0.severity == .error }.map(\.message),
                .warning: result.diagnostics.filter { $0.severity == .warning }.map(\.message),
                .note: result.diagnostics.flatMap(\.notes).map(\.message),
            ]
            for (severity, text) in announced where !(messages[severity] ?? []).contains(where: { $0.contains(text) }) {
                Issue.record("\(snippet) announces \(severity) '\(text)', but modelgen says: \(result.diagnostics)")
            }
            for severity in [Severity.error, .warning] where !announced.contains(where: { $0.0 == severity }) {
                #expect(messages[severity] == [], "\(snippet) announces no \(severity), but modelgen says: \(result.diagnostics)")
            }
            let failing = announced.contains { $0.0 == .error }
            #expect((result.schema == nil) == failing, "\(snippet) \(failing ? "announces an error but loads" : "does not load")")
        }
        #expect(checked > 60)
    }

    /// The diagnostics a schema block's comments announce, in order.
    private func announcedDiagnostics(in text: String) -> [(Severity, String)] {
        text.components(separatedBy: "\n").compactMap { line in
            for severity in [Severity.error, .warning, .note] {
                if let range = line.range(of: "# \(severity.rawValue): ") {
                    return (severity, String(line[range.upperBound...]))
                }
            }
            return nil
        }
    }

    /// A `modelgen.yml` block generates, with the files it names, without a warning.
    @Test func configsGenerate() async throws {
        for snippet in try DocSnippet.all() {
            guard case .config(let files, let warningsAllowed) = snippet.check else { continue }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try copy(files, into: directory)
            try directory.write("modelgen.yml", snippet.text + "\n")
            let outcome = try await ModelgenProcess.run(["gen"], in: directory.path)
            #expect(outcome.exitStatus == 0 && (warningsAllowed || !outcome.stderr.contains("warning")), "\(snippet): \(outcome)")
            #expect(outcome.stdout.contains(" created") && !outcome.stdout.contains(" 0 created"), "\(snippet) generated nothing: \(outcome.stdout)")
        }
    }

    /// A plugin target's options generate as the build-tool plugin runs modelgen on them.
    @Test func pluginOptionsGenerate() async throws {
        for snippet in try DocSnippet.all() {
            guard case .pluginOptions(let files) = snippet.check else { continue }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try copy(files, into: directory)
            try directory.write("modelgen-plugin.yml", snippet.text + "\n")
            let outcome = try await ModelgenProcess.run(
                ["gen", "--quiet", "--output", "out", "--emitter", "swift", "--option", "swift.shards=4",
                 "--option", "swift.folder=Swift", "--config", "modelgen-plugin.yml"] + files, in: directory.path)
            #expect(outcome.exitStatus == 0 && outcome.stderr.isEmpty, "\(snippet): \(outcome)")
            #expect(directory.exists("out/Swift/ModelgenSupport.swift"), "\(snippet) generated nothing")
        }
    }

    /// A Package.swift block is a valid manifest.
    @Test func manifestsEvaluate() async throws {
        let swift = try #require(Shell.which("swift"), "swift is not on PATH")
        for snippet in try DocSnippet.all() where snippet.check == .manifest {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // 6.1, the package's own: the tools version that has package traits.
            try directory.write("Package.swift", """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                name: "App",
                \(snippet.text)
                )

                """)
            let result = try await Shell.run(swift, ["package", "--package-path", directory.path, "dump-package"])
            #expect(result.status == 0, "\(snippet) is not a valid manifest: \(result.stderr)")
        }
    }

    /// Copies repository files or folders to the same relative paths in `directory`.
    private func copy(_ paths: [String], into directory: TemporaryDirectory) throws {
        for path in paths {
            let target = directory.path + "/" + path
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: RepositoryFiles.root + "/" + path, toPath: target)
        }
    }
}

/// The file that compiles one Swift block.
enum CompiledSnippet {
    static func fileName(of snippet: DocSnippet) -> String {
        "\(stem(of: snippet)).\(snippet.ordinal).swift"
    }

    private static func stem(of snippet: DocSnippet) -> String {
        ((snippet.document as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    static func source(of snippet: DocSnippet, imports: [String], givens: [String]) -> String {
        let lines = snippet.text.components(separatedBy: "\n")
        let ownImports = lines.prefix { $0.hasPrefix("import ") || $0.isEmpty }
        let body = lines.dropFirst(ownImports.count)
        var modules = ["Foundation", "ParseRuntime"] + imports
        for line in ownImports where !line.isEmpty {
            let module = String(line.dropFirst("import ".count))
            if !modules.contains(module) { modules.append(module) }
        }
        // Constants and variables the block declares at its top level: marked as used, so a
        // block that only shows a value compiles without a warning.
        let declared = body.compactMap { line -> String? in
            for keyword in ["let ", "var "] where line.hasPrefix(keyword) {
                let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return name.isEmpty ? nil : String(name)
            }
            return nil
        }
        var text = """
            // \(snippet.document), Swift block \(snippet.ordinal), compiled by DocSnippetTests.
            // Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.

            """
        text += modules.map { "import \($0)\n" }.joined()
        text += """

            @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
            func \(functionName(of: snippet))(\(givens.joined(separator: ", "))) async throws {

            """
        text += body.map { $0.isEmpty ? "\n" : "    \($0)\n" }.joined()
        if !declared.isEmpty {
            text += "\n" + declared.map { "    _ = \($0)\n" }.joined()
        }
        text += "}\n"
        return text
    }

    private static func functionName(of snippet: DocSnippet) -> String {
        // README -> readme, RESTClient -> restClient, SwiftModels -> swiftModels.
        let stem = Array(stem(of: snippet))
        let capitals = stem.prefix { $0.isUppercase }.count
        let lowered = capitals == stem.count ? stem.count : max(1, capitals - 1)
        return String(stem.prefix(lowered)).lowercased() + String(stem.dropFirst(lowered)) + "Block\(snippet.ordinal)"
    }
}
