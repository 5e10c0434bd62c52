import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenFileSystem
import ModelgenGenerator
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTemplates
import ModelgenWriter

/// A model's migrations, kept beside its SQL scripts: `<output>/<sql folder>/migrations/`,
/// one folder per migration, `NNNN_<name>/`, holding a script per configured dialect
/// (`postgresql.sql`, `sqlite.sql`) and, in `schema/`, a copy of the schema files it leads to.
/// The copy is where the next migration starts from; the first starts from nothing.
///
/// The folder is the user's, not the writer's: `gen` and `check` never change or remove what
/// is in it (its scripts do not carry the generated-file header).
public struct MigrationHistory: Sendable {
    /// One migration folder.
    public struct Migration: Sendable, Equatable {
        public var number: Int
        public var name: String
        public var folderName: String { Self.folderName(number: number, name: name) }

        static func folderName(number: Int, name: String) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
        }
    }

    /// The folder, absolute.
    public let folder: String
    /// The SQL emitter's options for the model: the layout and dialects migrations are made in.
    public let options: SQLOptions
    /// In order, oldest first.
    public let migrations: [Migration]
    /// Where `modelgen.yml` sets the `sql` emitter's dialects and layout (the emitter's entry
    /// when it does not): what a problem with the scripts the on-device store needs points at.
    let dialectsLocation: SourceLocation?
    let layoutLocation: SourceLocation?

    static let folderName = "migrations"
    static let snapshotFolder = "schema"
    /// The folder inside each migration that holds its schema.
    public static let snapshotFolderName = snapshotFolder

    /// The history of the model `settings` makes, `nil` when the model does not run the `sql`
    /// emitter (after reporting options it cannot read).
    public static func of(_ settings: RunSettings, registry: EmitterRegistry = .builtin,
                          diagnostics: inout DiagnosticCollector) -> MigrationHistory? {
        let selections = settings.request.emitters ?? registry.defaultSelections
        guard let selection = selections.first(where: { $0.name == SQLEmitter.name }),
              let options = SQLOptions.read(selection.options, diagnostics: &diagnostics)
        else { return nil }
        let folder = FileSystem.join(FileSystem.join(settings.outputDirectory, options.folder), folderName)
        var migrations: [Migration] = []
        for entry in FileSystem.entries(folder) where entry.kind == .directory {
            guard let migration = parse(entry.name) else { continue }
            migrations.append(migration)
        }
        migrations.sort { ($0.number, $0.name) < ($1.number, $1.name) }
        for (first, second) in zip(migrations, migrations.dropFirst()) where first.number == second.number {
            let previous = migrations.last { $0.number < first.number }.map { "\($0.folderName)'s" } ?? "an empty database's"
            diagnostics.error("\(shown(folder)): migrations '\(first.folderName)' and '\(second.folderName)' have the same number", at: nil, notes: [
                .init("two branches each made one; both start from \(previous) schema, so neither can follow the other as it is"),
                .init("keep the one merged first, remove the other's folder, and make it again with 'modelgen migrate --create \(second.name)': it then starts where the first ends"),
            ])
        }
        func location(of key: String) -> SourceLocation? {
            selection.options.first { $0.key == key }?.value.location ?? selection.location
        }
        return MigrationHistory(folder: folder, options: options, migrations: migrations,
                                dialectsLocation: location(of: "dialects"), layoutLocation: location(of: "layout"))
    }

    /// The largest kept SQLite script read for the on-device store (256 MB): the app carries it
    /// compiled into its code.
    static let scriptSizeLimit = 1 << 28

    /// The kept migrations' SQLite scripts (each folder's `sqlite.sql`, as committed), read with
    /// the history for the on-device store: with the Swift emitter's `localStore: true`, the
    /// model's `LocalSchema` carries them, and a device runs them. When they cannot be had (the
    /// `sql` emitter makes migrations without SQLite or in Parse Server's layout, whose tables
    /// are not the store's; a script is missing or not UTF-8 text), the problems instead,
    /// located, which the store's tables report: a model without `localStore` is not stopped
    /// by them.
    public func sqliteScripts() -> KeptSQLiteScripts {
        guard !migrations.isEmpty else { return KeptSQLiteScripts() }
        let why = Diagnostic.Note("with 'localStore: true', the swift emitter puts the kept migrations into the model's LocalSchema, and the on-device store runs their SQLite scripts")
        guard options.dialects.contains(.sqlite) else {
            let dialects = options.dialects.map(\.rawValue).joined(separator: ", ")
            return KeptSQLiteScripts(problems: [.error(
                "the model keeps migrations (\(Self.shown(folder))) in \(dialects) only, and the on-device store needs their SQLite scripts",
                at: dialectsLocation, notes: [
                    why,
                    .init("add sqlite to the sql emitter's dialects and a sqlite.sql to each kept migration, or turn 'localStore' off"),
                ])])
        }
        guard options.layout == .relational else {
            return KeptSQLiteScripts(problems: [.error(
                "the model keeps migrations (\(Self.shown(folder))) in the \(options.layout.rawValue) layout, and the on-device store's tables are the relational layout's",
                at: layoutLocation, notes: [
                    why,
                    .init("a migration of the \(options.layout.rawValue) layout's tables does not lead to the store's; generate the model's SQL in the relational layout, or turn 'localStore' off"),
                ])])
        }
        var scripts: [KeptSQLiteScripts.Script] = []
        var problems: [Diagnostic] = []
        for migration in migrations {
            let path = FileSystem.join(FileSystem.join(folder, migration.folderName), SQLOptions.Dialect.sqlite.fileName)
            let shown = Self.shown(path)
            guard FileSystem.kind(path, followingLinks: true) != .missing else {
                problems.append(.error("\(shown): migration '\(migration.folderName)' has no SQLite script", at: nil, notes: [
                    why,
                    .init("restore it from version control (a migration made while the sql emitter's dialects had no sqlite has none)"),
                ]))
                continue
            }
            do throws(FileSystem.ReadFailure) {
                let bytes = try FileSystem.readWhole(path, sizeLimit: Self.scriptSizeLimit)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    problems.append(.error("\(shown): migration '\(migration.folderName)''s SQLite script is not UTF-8 text", at: nil,
                                           notes: [why]))
                    continue
                }
                scripts.append(KeptSQLiteScripts.Script(name: migration.folderName, text: text))
            } catch {
                let reason = switch error {
                case .cannotRead(let reason): reason
                case .tooLarge(let size): "it has \(size) bytes, more than the \(Self.scriptSizeLimit) a LocalSchema holds"
                }
                problems.append(.error("\(shown): migration '\(migration.folderName)''s SQLite script cannot be read: \(reason)", at: nil,
                                       notes: [why]))
            }
        }
        return problems.isEmpty ? KeptSQLiteScripts(scripts: scripts) : KeptSQLiteScripts(problems: problems)
    }

    /// A path as messages show it: relative to the current directory when it is inside it.
    static func shown(_ path: String) -> String {
        let cwd = FileSystem.currentDirectory() + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// `0003_add_isbn` as a migration; `nil` for any other name (hidden folders among them).
    static func parse(_ folderName: String) -> Migration? {
        let parts = folderName.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 4 || (parts[0].count > 4 && parts[0].first != "0"),
              parts[0].allSatisfy(\.isASCII), let number = Int(parts[0]), number > 0, isValidName(String(parts[1]))
        else { return nil }
        return Migration(number: number, name: String(parts[1]))
    }

    /// Lowercase ASCII letters, digits and `_`, starting with a letter: a name that is the same
    /// folder on every file system.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The schema the last migration leads to, loaded from its copy; the empty schema when
    /// there is no migration yet. `nil` after reporting a copy that does not load.
    public func lastSchema(diagnostics: inout DiagnosticCollector) -> Schema? {
        guard let last = migrations.last else {
            return SchemaLoading.load(sources: [("(no migration yet)", "classes: {}\n")]).schema
        }
        let snapshot = FileSystem.join(FileSystem.join(folder, last.folderName), Self.snapshotFolder)
        let files = Glob.schemaFiles(under: snapshot)
        guard !files.isEmpty else {
            diagnostics.error("migration '\(last.folderName)' has no copy of its schema in '\(Self.snapshotFolder)/'", at: nil, notes: [
                .init("the next migration starts from that copy; restore it from version control"),
            ])
            return nil
        }
        let loaded = SchemaLoading.load(files.map { SchemaLoading.Input(path: $0, displayPath: Self.shown($0)) })
        diagnostics.append(contentsOf: loaded.diagnostics.filter { $0.severity == .error })
        return loaded.schema
    }

    /// The migration from `old` to `new` in each of the model's dialects (the same changes,
    /// and the same losses, in each). With no migration yet, from an empty database.
    public func steps(from old: Schema, to new: Schema) -> [SQLMigration] {
        // The first starts from an empty database: nothing at all, not even the tables an
        // empty schema makes (Parse Server's `_SCHEMA`).
        options.dialects.map { SQLMigration(from: migrations.isEmpty ? nil : old, to: new, layout: options.layout, dialect: $0) }
    }

    /// The record `migration` keeps of itself in the database (``SQLMigration/Record``).
    public func record(of migration: Migration) -> SQLMigration.Record {
        SQLMigration.Record(name: migration.folderName, previous: migrations.last?.folderName)
    }

    /// The next migration's folder for `name`.
    public func next(named name: String) -> Migration {
        Migration(number: (migrations.last?.number ?? 0) + 1, name: name)
    }

    /// Writes `migration`'s folder whole or not at all (through the writer's ``NewFolder``).
    /// `inputs` are the schema files it leads to, copied byte for byte into `schema/`.
    package func write(_ migration: Migration, scripts: [(SQLOptions.Dialect, String)],
                      inputs: [SchemaLoading.Input]) throws(FileSystem.Failure) -> String {
        let final = FileSystem.join(folder, migration.folderName)
        var files = scripts.map { (path: $0.0.fileName, bytes: Array($0.1.utf8)) }
        for input in inputs {
            files.append((FileSystem.join(Self.snapshotFolder, Self.snapshotPath(of: input)), try FileSystem.read(input.path)))
        }
        try NewFolder.write(final, files: files)
        return final
    }

    /// The SQL templates migrations render their new and rebuilt tables with: the defaults,
    /// as the create scripts' `sql-table`. `nil` after reporting why they cannot load.
    public static func templates(diagnostics: inout DiagnosticCollector) -> TemplateSet? {
        TemplateSet.load(prefix: SQLEmitter.templatePrefix, overrides: nil, diagnostics: &diagnostics)
    }

    /// Where an input goes inside `schema/`: its path as shown (relative to the config), or
    /// its file name when that path leaves the project.
    static func snapshotPath(of input: SchemaLoading.Input) -> String {
        let parts = input.displayPath.split(separator: "/").filter { $0 != "." }
        if input.displayPath.hasPrefix("/") || parts.contains("..") || parts.isEmpty { return FileSystem.lastComponent(input.path) }
        return parts.joined(separator: "/")
    }
}
