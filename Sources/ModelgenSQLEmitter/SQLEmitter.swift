import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// Emits SQL DDL for the whole model: one script per dialect (`SQL/postgresql.sql`,
/// `SQL/sqlite.sql`) in the chosen layout. Each script runs in one transaction and is
/// idempotent; see docs/SQL.md for the mappings.
public struct SQLEmitter: Emitter {
    public static let name = "sql"
    /// The prefix of this emitter's template names.
    public static let templatePrefix = "sql-"

    /// A script is rendered in pieces of about this many bytes (256 KB): a schema of ten
    /// thousand classes makes a 28 MB script, which as one growing string peaked at twice that.
    var pieceLimit = 1 << 18

    /// The layout, dialects and folder in effect.
    public var options: SQLOptions
    public var outputFolder: String? { options.folder }

    /// An emitter with these options (by default: relational, both dialects, folder `SQL`).
    public init(options: SQLOptions = SQLOptions()) {
        self.options = options
    }

    /// How `modelgen.yml` finds and configures this emitter under the name `sql`.
    public static let descriptor = EmitterDescriptor(
        name: name,
        summary: "SQL DDL for PostgreSQL and SQLite, relational or as Parse Server lays it out.",
        optionKeys: SQLOptions.keys
    ) { entries, diagnostics in
        SQLOptions.read(entries, diagnostics: &diagnostics).map { SQLEmitter(options: $0) }
    }

    /// A schema with up to this many tables has them made once, whole, and held: the checks
    /// visit them and every script renders them. Past it (a schema of a few thousand classes),
    /// holding them all would cost more memory than making them again does time, so the
    /// checks visit outlines and each script makes its tables again as it reaches them.
    var keptTables = 8_192

    /// Visits the tables of the chosen layout once, for the problems only SQL has (then it
    /// writes nothing) and for their order, and renders one script per chosen dialect.
    public func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector,
                     into sink: (GeneratedFile) -> Void) {
        guard let (tables, order) = checkedTables(schema, diagnostics: &diagnostics),
              let templates = TemplateSet.load(prefix: Self.templatePrefix, overrides: context.templatesDirectory,
                                               interpreted: context.interpretsTemplates, diagnostics: &diagnostics)
        else { return }
        let sources = schema.files.map(\.path)
        let kept = context.keptMigrations
        for dialect in options.dialects {
            let model = SQLViewModels(layout: options.layout, dialect: dialect, tables: tables, order: order)
            let pieceLimit = pieceLimit
            // Streamed: the writer renders the script as it compares and writes it, a piece
            // at a time, so a script of 28 MB is never held whole.
            sink(GeneratedFile(path: "\(options.folder)/\(dialect.fileName)", sources: sources, commentPrefix: "--") { receiver in
                templates.render("sql-\(dialect.rawValue)", model.script(), pieceLimit: pieceLimit, receiver: receiver)
                if !kept.isEmpty { receiver(SQLMigrationScript.createScriptRecords(kept, tables: tables, dialect: dialect)) }
            })
        }
    }

    /// The tables of the chosen layout (held, unless there are too many) in creation order,
    /// once each has been visited for the problems only SQL has; `nil` after reporting one.
    func checkedTables(_ schema: Schema, diagnostics: inout DiagnosticCollector) -> (tables: SQLTableList, order: SQLTableOrder)? {
        func layoutTables(_ detail: SQLTableDetail) -> SQLTableList {
            switch options.layout {
            case .relational: RelationalLayout(schema: schema).tables(detail)
            case .parseServer: ParseServerLayout(schema: schema).tables(detail)
            }
        }
        var tables = layoutTables(.full)
        let keeps = tables.count <= keptTables
        if keeps { tables = tables.kept() }
        let checked = keeps ? tables : layoutTables(.outline)
        var checks = SQLSchemaChecks(schema: schema, options: options)
        var nodes: [SQLTableOrder.Node] = []
        nodes.reserveCapacity(checked.count)
        for index in 0..<checked.count {
            let table = checked[index]
            checks.visit(table)
            nodes.append(SQLTableOrder.Node(table))
        }
        var local = DiagnosticCollector()
        checks.finish(diagnostics: &local)
        diagnostics.append(contentsOf: local.diagnostics)
        return local.hasErrors ? nil : (tables, SQLTableOrder(nodes))
    }
}
