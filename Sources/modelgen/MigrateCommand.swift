import ArgumentParser
import ModelgenDiagnostics
import ModelgenFileSystem
import ModelgenGenerator
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTemplates

/// `modelgen migrate`: the SQL that takes a database made from one schema version to the next.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Print the SQL that migrates a database made from one schema version to the next.",
        discussion: """
            modelgen migrate OLD NEW --dialect postgresql|sqlite [--layout relational|parse-server]
            OLD and NEW are each a schema file or a folder of them (take the old one from git:
            git show v1:Schemas/App.yaml > old.yaml). Changes that drop data are refused unless
            --allow-data-loss is given. Exit codes: 0 the SQL is printed, 1 error or refusal.
            """)

    @Argument(help: "The schema the database was made from: a file or a folder of schema files.")
    var old: String

    @Argument(help: "The schema to migrate it to: a file or a folder of schema files.")
    var new: String

    @Option(name: .long, help: "postgresql or sqlite.")
    var dialect: SQLOptions.Dialect

    @Option(name: .long, help: "relational (default) or parse-server, as the database was made.")
    var layout: SQLOptions.Layout = .relational

    @Flag(name: .long, help: "Drop tables and columns whose data the new schema has no place for.")
    var allowDataLoss = false

    func run() throws {
        let oldSchema = try Self.load(old, as: "OLD")
        let newSchema = try Self.load(new, as: "NEW")
        var problems = DiagnosticCollector()
        SQLMigration.check(oldSchema, layout: layout, dialect: dialect, diagnostics: &problems)
        SQLMigration.check(newSchema, layout: layout, dialect: dialect, diagnostics: &problems)
        Console.report(problems.diagnostics)
        guard !problems.hasErrors else { throw ExitCode(1) }

        let migration = SQLMigration(from: oldSchema, to: newSchema, layout: layout, dialect: dialect)
        let losses = migration.dataLosses
        if !losses.isEmpty && !allowDataLoss {
            Console.report(losses)
            Console.error("modelgen: error: \(losses.count) \(losses.count == 1 ? "change loses" : "changes lose") data; nothing printed. Pass --allow-data-loss to accept \(losses.count == 1 ? "it" : "them")")
            throw ExitCode(1)
        }
        var diagnostics = DiagnosticCollector()
        guard let templates = TemplateSet.load(prefix: SQLEmitter.templatePrefix, overrides: nil, diagnostics: &diagnostics) else {
            Console.report(diagnostics.diagnostics)
            throw ExitCode(1)
        }
        let header = [
            "Migration by modelgen from \(old) to \(new): \(dialect == .postgresql ? "PostgreSQL" : "SQLite"), \(layout.rawValue) layout.",
            "It runs in one transaction: all of it, or, when a statement or a check fails, none of it.",
            dialect == .postgresql ? "Apply with: psql -v ON_ERROR_STOP=1 -f migration.sql" : "Apply with: sqlite3 -bail app.db < migration.sql",
        ]
        Console.out(migration.script(header: header, templates: templates), terminator: "")
    }

    /// A file, or every `.yaml` and `.yml` file under a folder, loaded and validated as `lint`
    /// does; exits with 1 after reporting when it is not valid.
    static func load(_ path: String, as role: String) throws -> Schema {
        let cwd = RunSettings.currentDirectory()
        let absolute = path.hasPrefix("/") ? path : FileSystem.join(cwd, path)
        var inputs: [SchemaLoading.Input] = []
        switch FileSystem.kind(absolute, followingLinks: true) {
        case .file:
            inputs = [SchemaLoading.Input(path: absolute, displayPath: path)]
        case .directory:
            let files = (Glob.expand(FileSystem.join(absolute, "**/*.yaml"), in: cwd) + Glob.expand(FileSystem.join(absolute, "**/*.yml"), in: cwd)).sorted()
            inputs = files.map { SchemaLoading.Input(path: $0, displayPath: Console.relative($0)) }
            if inputs.isEmpty {
                Console.report([.error("\(role) '\(path)' is a folder with no .yaml or .yml file", at: nil)])
                throw ExitCode(1)
            }
        default:
            Console.report([.error("\(role) '\(path)' does not exist", at: nil)])
            throw ExitCode(1)
        }
        let result = Generator().lint(Generator.Request(inputs: inputs))
        Console.report(result.diagnostics.filter { $0.severity == .error })
        guard result.succeeded, let schema = result.schema else { throw ExitCode(1) }
        return schema
    }
}

extension SQLOptions.Dialect: ExpressibleByArgument {}
extension SQLOptions.Layout: ExpressibleByArgument {}
