import ArgumentParser
import ModelgenGenerator

/// The `modelgen` command: generate, check and lint from YAML schemas.
@main
struct Modelgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgen",
        abstract: "Generate Swift Parse models, SQL and its migrations, Parse Server's schema and an ER diagram from one YAML schema.",
        discussion: """
            With no schema paths and no --config, modelgen reads modelgen.yml in the current directory.
            Exit codes: 0 success, 1 error (nothing written), 2 'check' found stale output.
            """,
        version: ModelgenVersion.current,
        subcommands: [Gen.self, Check.self, Lint.self, Migrate.self, Init.self, Import.self, Drift.self, TemplatesCommand.self]
    )
}

/// Options shared by `gen` and `check`.
struct GenerationOptions: ParsableArguments {
    @Argument(help: "Schema files (YAML). Overrides 'inputs' of the config.")
    var schemas: [String] = []

    @Option(name: .long, help: "The config file (default: modelgen.yml in the current directory, if present).")
    var config: String?

    @Option(name: .long, help: "The output directory. Overrides 'output' of the config (default: Generated).")
    var output: String?

    @Flag(name: .long, help: "Fail on warnings too.")
    var warningsAsErrors = false

    @Option(name: .long, help: ArgumentHelp("Run only this emitter (repeatable). Default: the config's emitters, or all.", valueName: "name"))
    var emitter: [String] = []

    @Option(name: .long, help: ArgumentHelp("Set an emitter option over the config's, as in swift.access=public (repeatable).",
                                            valueName: "emitter.key=value"))
    var option: [String] = []

    @Option(name: .long, help: ArgumentHelp("Name schema files relative to this directory in generated headers (the plugins pass the package's).",
                                            valueName: "dir"))
    var sourceRoot: String?
}
