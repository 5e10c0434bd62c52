import ArgumentParser
import ModelgenDiagnostics
import ModelgenFileSystem
import ModelgenGenerator
import ModelgenMigrations
import ModelgenPipeline
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTemplates

/// `modelgen migrate`: the SQL that takes a database made from one schema version to the next,
/// printed, or written into the model's migration history.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Print, or keep, the SQL that migrates a database made from one schema version to the next.",
        usage: """
            modelgen migrate OLD NEW --dialect postgresql|sqlite [--layout relational|parse-server] [--allow-data-loss]
            modelgen migrate --create NAME [--config FILE] [--allow-data-loss]
            """,
        discussion: """
            OLD and NEW are each a schema file or a folder of schema files (take the old one from git:
            git show v1:Schemas/App.yaml > old.yaml). --create writes the next migration of each model
            that runs the sql emitter into <output>/SQL/migrations/NNNN_NAME/, from the schema the last
            one leads to. Changes that drop data are refused unless --allow-data-loss is given.
            Exit codes: 0 done, 1 error or refusal.
            """)

    @Argument(help: ArgumentHelp("The schema the database was made from, then the schema to migrate it to: each a file or a folder of schema files.",
                                 valueName: "OLD NEW"))
    var versions: [String] = []

    @Option(name: .long, help: "postgresql or sqlite (with OLD and NEW).")
    var dialect: SQLOptions.Dialect?

    @Option(name: .long, help: "relational (default) or parse-server, as the database was made (with OLD and NEW).")
    var layout: SQLOptions.Layout?

    @Option(name: .long, help: ArgumentHelp("Write the next migration of the config's models, named NAME (lowercase letters, digits, _).",
                                            valueName: "NAME"))
    var create: String?

    @Option(name: .long, help: "The config file, with --create (default: modelgen.yml in the current directory).")
    var config: String?

    @Flag(name: .long, help: "Drop tables and columns whose data the new schema has no place for.")
    var allowDataLoss = false

    func validate() throws {
        if let create {
            guard versions.isEmpty else { throw ValidationError("--create takes no OLD and NEW: it starts from the last migration") }
            guard dialect == nil, layout == nil else {
                throw ValidationError("--create makes migrations in the sql emitter's dialects and layout; drop --dialect and --layout")
            }
            guard MigrationHistory.isValidName(create) else {
                throw ValidationError("'\(create)' is not a migration name: use lowercase letters, digits and _, starting with a letter, as in add_isbn")
            }
        } else {
            guard versions.count == 2 else { throw ValidationError("give OLD and NEW (two schema files or folders), or --create NAME") }
            guard dialect != nil else { throw ValidationError("give --dialect postgresql or --dialect sqlite") }
            guard config == nil else { throw ValidationError("--config goes with --create") }
        }
    }

    func run() throws {
        if let create { return try createMigrations(named: create) }
        let (old, new) = (versions[0], versions[1])
        let dialect = dialect ?? .postgresql
        let layout = layout ?? .relational
        let oldSchema = try Self.validate(Self.request(old, as: "OLD"), layout: layout, dialects: [dialect])
        let newSchema = try Self.validate(Self.request(new, as: "NEW"), layout: layout, dialects: [dialect])

        let migration = SQLMigration(from: oldSchema, to: newSchema, layout: layout, dialect: dialect)
        try refuseProblems(migration.problems)
        try refuseLosses(migration.dataLosses)
        let header = [
            "Migration by modelgen from \(old) to \(new): \(dialect == .postgresql ? "PostgreSQL" : "SQLite"), \(layout.rawValue) layout.",
        ] + Self.howToApply(dialect, file: "migration.sql")
        Console.out(migration.script(header: header, templates: try Self.templates()), terminator: "")
    }

    /// `--create`: the next migration of every model that runs the sql emitter and changed.
    private func createMigrations(named name: String) throws {
        let histories = try Runner.models(.init(configPath: config)).compactMap { model in
            model.history.map { (model.settings, $0) }
        }
        guard !histories.isEmpty else {
            Console.report([.error("no model runs the sql emitter, so there is no migration to make", at: nil,
                                   notes: [.init("add sql to the model's emitters in \(Configuration.fileName)")])])
            throw ExitCode(1)
        }
        let templates = try Self.templates()
        for (settings, history) in histories {
            let schema = try Self.validate(settings.request, layout: history.options.layout, dialects: history.options.dialects)
            var problems = DiagnosticCollector()
            let previous = history.lastSchema(diagnostics: &problems)
            Console.report(problems.diagnostics)
            guard let previous, !problems.hasErrors else { throw ExitCode(1) }

            let migration = history.next(named: name)
            let start = history.migrations.last.map { "the schema of \($0.folderName)" } ?? "an empty database"
            let header = { (dialect: SQLOptions.Dialect) in
                ["Migration \(migration.folderName) by modelgen, \(history.options.layout.rawValue) layout: from \(start) to the schema in \(MigrationHistory.snapshotFolderName)/."]
                    + Self.howToApply(dialect, file: dialect.fileName)
            }
            let steps = history.steps(from: previous, to: schema)
            guard steps.contains(where: { !$0.isEmpty }) else {
                let since = history.migrations.last.map { "since \($0.folderName)" } ?? "to migrate"
                Console.out("\(Console.relative(history.folder)): no schema change \(since); nothing to create")
                continue
            }
            try refuseProblems(steps.first?.problems ?? [])
            try refuseLosses(steps.first?.dataLosses ?? [])
            let record = history.record(of: migration)
            let scripts = steps.map { step in
                (step.dialect, step.script(header: header(step.dialect), templates: templates, record: record))
            }
            do {
                let path = try history.write(migration, scripts: scripts, inputs: settings.request.inputs)
                Console.out("created \(Console.relative(path)): \(scripts.map(\.0.fileName).joined(separator: ", ")) and \(MigrationHistory.snapshotFolderName)/")
                Console.error("modelgen: note: run 'modelgen gen': the create scripts record the migrations a database they make has run")
            } catch {
                Console.report([.error(error.description, at: nil)])
                throw ExitCode(1)
            }
        }
    }

    /// Loads the model's schema, as `lint` does, and refuses one whose SQL `gen` would refuse.
    private static func validate(_ request: Generator.Request, layout: SQLOptions.Layout, dialects: [SQLOptions.Dialect]) throws -> Schema {
        let result = Generator().load(request)
        Console.report(result.diagnostics.filter { $0.severity == .error })
        guard result.succeeded, let schema = result.schema else { throw ExitCode(1) }
        var problems = DiagnosticCollector()
        for dialect in dialects { SQLMigration.check(schema, layout: layout, dialect: dialect, diagnostics: &problems) }
        Console.report(problems.diagnostics)
        guard !problems.hasErrors else { throw ExitCode(1) }
        return schema
    }

    /// A rename the new schema declares ambiguously: nothing is made.
    private func refuseProblems(_ problems: [Diagnostic]) throws {
        guard !problems.isEmpty else { return }
        Console.report(problems)
        throw ExitCode(1)
    }

    private func refuseLosses(_ losses: [Diagnostic]) throws {
        guard !losses.isEmpty && !allowDataLoss else { return }
        Console.report(losses)
        Console.error("modelgen: error: \(losses.count) \(losses.count == 1 ? "change loses" : "changes lose") data; nothing made. Pass --allow-data-loss to accept \(losses.count == 1 ? "it" : "them")")
        throw ExitCode(1)
    }

    static func howToApply(_ dialect: SQLOptions.Dialect, file: String) -> [String] {
        [
            "It runs in one transaction: all of it, or, when a statement or a check fails, none of it.",
            dialect == .postgresql ? "Apply with: psql -v ON_ERROR_STOP=1 -f \(file)" : "Apply with: sqlite3 -bail app.db < \(file)",
        ]
    }

    static func templates() throws -> TemplateSet {
        var diagnostics = DiagnosticCollector()
        guard let templates = MigrationHistory.templates(diagnostics: &diagnostics) else {
            Console.report(diagnostics.diagnostics)
            throw ExitCode(1)
        }
        return templates
    }

    /// A request for a file, or for every `.yaml` and `.yml` file under a folder.
    static func request(_ path: String, as role: String) throws -> Generator.Request {
        let cwd = RunSettings.currentDirectory()
        let absolute = path.hasPrefix("/") ? path : FileSystem.join(cwd, path)
        switch FileSystem.kind(absolute, followingLinks: true) {
        case .file:
            return Generator.Request(inputs: [SchemaLoading.Input(path: absolute, displayPath: path)])
        case .directory:
            let files = Glob.schemaFiles(under: absolute)
            guard !files.isEmpty else {
                Console.report([.error("\(role) '\(path)' is a folder with no .yaml or .yml file", at: nil)])
                throw ExitCode(1)
            }
            return Generator.Request(inputs: files.map { SchemaLoading.Input(path: $0, displayPath: Console.relative($0)) })
        default:
            Console.report([.error("\(role) '\(path)' does not exist", at: nil)])
            throw ExitCode(1)
        }
    }
}

extension SQLOptions.Dialect: ExpressibleByArgument {}
extension SQLOptions.Layout: ExpressibleByArgument {}
