import ArgumentParser
import ModelgenFileSystem
import ModelgenParseServer
import ModelgenSchema

/// `modelgen import`: a live app's schema as a schema file of this format.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a schema file from a Parse app's schema: a GET /schemas response, or the server itself.",
        discussion: """
            From a file: modelgen import schemas.json --output Schemas/App.yaml
            From a server: PARSE_MASTER_KEY=... modelgen import --server URL --application-id ID --output Schemas/App.yaml
            The master key is read from the environment variable PARSE_MASTER_KEY only, and never printed.
            """)

    @Argument(help: "A GET /schemas response (or one class's, or a defined schema's array), as JSON.")
    var file: String?

    @OptionGroup var live: ServerOptions

    @Option(name: .long, help: "The schema file to write.")
    var output: String

    @Option(name: .long, help: "What Parse's Number fields become: double (the default) or int.")
    var numbers: NumberChoice = .double

    @Option(name: .long, help: ArgumentHelp("Leave a field out (repeatable).", valueName: "Class.field"))
    var skip: [String] = []

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false

    enum NumberChoice: String, ExpressibleByArgument, CaseIterable {
        case double, int
    }

    func validate() throws {
        switch (file, live.server) {
        case (nil, nil): throw ValidationError("give a JSON file or --server")
        case (.some, .some): throw ValidationError("give a JSON file or --server, not both")
        default: break
        }
    }

    func run() async throws {
        if !force, FileSystem.kind(output) != .missing {
            fail("'\(output)' exists; pass --force to replace it")
        }
        let (json, source) = await read()
        let importer = ParseSchemaImport(source: source, numbers: numbers == .int ? .int : .double, skipped: Set(skip))
        let imported: ParseSchemaImport.Output
        do {
            imported = try importer.checkedYAML(from: json)
        } catch {
            fail(error.description)
        }
        do {
            _ = try FileSystem.makeDirectories(FileSystem.parent(output))
            try FileSystem.replaceWhole(output, bytes: Array(imported.yaml.utf8))
        } catch {
            fail("cannot write '\(output)': \(error.description)")
        }
        let classes = imported.lines.keys.filter { !$0.contains(".") }.count
        Console.out("imported \(classes) \(classes == 1 ? "class" : "classes") into \(output)")
        if !imported.reviews.isEmpty {
            Console.error("modelgen: warning: \(imported.reviews.count) to review (marked 'import:' in \(output)): "
                          + imported.reviews.joined(separator: ", "))
        }
        if !imported.leftOut.isEmpty {
            Console.error("modelgen: note: left out Parse's own classes without fields of yours: \(imported.leftOut.joined(separator: ", "))")
        }
    }

    /// The schema JSON, and where it came from for the file's first comment.
    private func read() async -> (OrderedJSON, String) {
        do {
            if let file { return (try LiveSchema.read(file: file), file) }
            guard let server = live.server, let applicationId = live.applicationId else { fail("give a JSON file or --server") }
            return (try await LiveSchema.fetch(server: server, applicationId: applicationId), "\(server) (GET /schemas)")
        } catch {
            fail(error.message)
        }
    }

    private func fail(_ message: String) -> Never {
        Console.error("modelgen: error: \(message)")
        Import.exit(withError: ExitCode(1))
    }
}
