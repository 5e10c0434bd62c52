import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

extension SQLEmitter {
    /// The model's tables in the on-device store (see ``LocalStoreTables``): the SQLite script of
    /// the relational layout, rendered as `sqlite.sql` is (by the same templates) but without
    /// descriptions, cut into its statements without its `PRAGMA`, `BEGIN` and `COMMIT`; and what
    /// each class's table keeps, read off the same tables. Made whether or not the `sql` emitter
    /// runs, and checked as its SQLite script is. The migrations are the context's kept SQLite
    /// scripts in the store's form (``LocalStoreMigration``); when those cannot be had, their
    /// problems are reported.
    public static func localStoreTables(_ schema: Schema, context: EmitterContext,
                                        diagnostics: inout DiagnosticCollector) -> LocalStoreTables? {
        let kept = context.keptSQLiteScripts
        diagnostics.append(contentsOf: kept.problems)
        let emitter = SQLEmitter(options: SQLOptions(layout: .relational, dialects: [.sqlite]))
        guard let (tables, order) = emitter.checkedTables(schema, diagnostics: &diagnostics), kept.problems.isEmpty,
              let templates = TemplateSet.load(prefix: templatePrefix, overrides: context.templatesDirectory,
                                               interpreted: context.interpretsTemplates, diagnostics: &diagnostics)
        else { return nil }
        var model = SQLViewModels(layout: .relational, dialect: .sqlite, tables: tables, order: order)
        model.describes = false
        let script = templates.render("sql-sqlite", model.script())
        let statements = SQLStatements.split(script).filter { !SQLStatements.isPragmaOrTransaction($0) }
        // The layout lists a table per class first, in the order of these entries.
        let entries = SQLClassSet(schema: schema).entries
        let classes = order.positions.filter { $0 < entries.count }.map { LocalStoreClass.make(entries[$0], table: tables[$0]) }
        let migrations = kept.scripts.map { script in
            LocalStoreTables.Migration(name: script.name, statements: LocalStoreMigration.statements(ofKeptScript: script.text))
        }
        return LocalStoreTables(statements: statements, classes: classes, migrations: migrations)
    }
}

/// A class of the local store, as its table in the relational layout keeps it.
enum LocalStoreClass {
    /// The fields as `RelationalLayout` visits them to make the columns, so in the columns'
    /// order, each read off its column (`NOT NULL`, and a pointer's foreign key for its
    /// `ON DELETE`); a relation where it is declared, an inverse not at all.
    static func make(_ entry: SQLClassSet.Entry, table: SQLTable) -> LocalStoreTables.Class {
        var fields: [LocalStoreTables.Field] = []
        entry.forEachField(builtinFields: entry.builtin?.predefinedFields ?? []) { name, type, _ in
            switch type {
            case .inverse:
                return
            case .relation(let target):
                fields.append(LocalStoreTables.Field(name: name, kind: .relation(to: target)))
            default:
                guard let column = table.column(named: name) else {
                    assertionFailure("the table of \(entry.name) has no column \(name)")
                    return
                }
                fields.append(LocalStoreTables.Field(name: name, kind: kind(of: type, column: column, table: table),
                                                     isRequired: column.notNull))
            }
        }
        return LocalStoreTables.Class(name: entry.name, fields: fields)
    }

    /// What a column keeps (docs/SQL.md, "Types"): an enum as its raw values' type, a pointer
    /// with the `ON DELETE` of its foreign key (`NO ACTION` when it has none), every JSON value
    /// (`object`, arrays, maps, embedded types) as JSON.
    private static func kind(of type: FieldType, column: SQLColumn, table: SQLTable) -> LocalStoreTables.Kind {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .string: .string
            case .int: .int
            case .double, .float: .double
            case .bool: .bool
            case .date: .date
            case .bytes: .bytes
            case .file: .file
            case .geopoint: .geoPoint
            case .polygon: .polygon
            case .object: .json
            }
        case .enumeration:
            column.type == .bigint ? .int : .string
        case .embedded, .map, .array:
            .json
        case .pointer(let target):
            .pointer(to: target, onDelete: table.foreignKeys.first { $0.column == column.name }?.onDelete ?? .noAction)
        case .relation, .inverse:
            preconditionFailure("\(type) has no column")
        }
    }
}
