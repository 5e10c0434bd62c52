import ArgumentParser
import ModelgenGenerator
import ModelgenPipeline
import ModelgenParseServer

/// `modelgen drift`: whether a live Parse app's schema is what the schema defines.
struct Drift: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare a Parse app's live schema with the schema: classes, fields, indexes, permissions.",
        discussion: """
            PARSE_MASTER_KEY=... modelgen drift --server URL --application-id ID [SCHEMA...]
            or, with a saved GET /schemas response: modelgen drift --response schemas.json [SCHEMA...]
            Exit codes: 0 no difference, 2 differences (one line each), 1 error.
            """)

    @Argument(help: "Schema files (YAML). Without any, the config's inputs.")
    var schemas: [String] = []

    @Option(name: .long, help: "The config file (default: modelgen.yml in the current directory, if present).")
    var config: String?

    @OptionGroup var live: ServerOptions

    @Option(name: .long, help: "A saved GET /schemas response to compare with instead of a server.")
    var response: String?

    func validate() throws {
        switch (live.server, response) {
        case (nil, nil): throw ValidationError("give --server (with --application-id) or --response")
        case (.some, .some): throw ValidationError("give --server or --response, not both")
        default: break
        }
    }

    func run() async throws {
        let runs = try Runner.models(.init(schemas: schemas, configPath: config)).map(\.settings)
        let schemaOnServer: OrderedJSON
        do {
            if let response {
                schemaOnServer = try LiveSchema.read(file: response)
            } else {
                schemaOnServer = try await LiveSchema.fetch(server: live.server ?? "", applicationId: live.applicationId ?? "")
            }
        } catch {
            Console.error("modelgen: error: \(error.message)")
            throw ExitCode(1)
        }
        var differences: [String] = []
        for settings in runs {
            let result = Generator().load(settings.request)
            Console.report(result.diagnostics.filter { $0.severity == .error })
            guard result.succeeded, let schema = result.schema else { throw ExitCode(1) }
            do {
                differences += try SchemaDrift.differences(schema: schema, live: schemaOnServer)
            } catch {
                Console.error("modelgen: error: \(error.description)")
                throw ExitCode(1)
            }
        }
        guard !differences.isEmpty else {
            Console.out("no drift: the server's schema is what the schema defines")
            return
        }
        for line in differences { Console.out(line) }
        Console.error("modelgen: \(differences.count) \(differences.count == 1 ? "difference" : "differences") between the server and the schema")
        throw ExitCode(2)
    }
}
