import ModelgenEmitter
import ModelgenSchema

extension SwiftViewModels {
    /// The view of the model's `LocalSchema` (`swift-local-schema`): the on-device store's
    /// `tables` as ParseRuntime's `LocalSchema` spells them, in a static property named after
    /// the model (`LocalSchema.library` for `Library`).
    ///
    /// Each class is a private static constant of its own (`libraryClass0`, ...), which the
    /// property lists: as one expression, 100 classes of 20 fields took the compiler 14 s and
    /// 7.3 GB to type-check; as constants, 0.3 s and about 0.1 GB (docs/Performance.md). Each
    /// kept migration is one too (`libraryMigration0`), which takes a fifth off the compiler's
    /// memory for the file when the migrations are long. The constants are named by index, as
    /// class names need not make good identifiers, and after the model, as every model's
    /// constants are members of the one `LocalSchema`.
    func localSchemaView(_ tables: LocalStoreTables, modelName: String) -> SwiftLocalSchemaView {
        let stem = SwiftSyntax.lowerCamelCaseName(modelName)
        let propertyName = SwiftSyntax.identifier(stem)
        let sources = schema.files.map(\.path).joined(separator: ", ")
        let doc = SwiftSyntax.docLines("""
            The on-device store's schema of the model `\(modelName)`: its SQLite tables as the
            relational layout makes them, and what each class's fields hold.
            From \(sources).
            Open a store with it: `try await LocalStore(path: path, schema: .\(propertyName))`.
            """)
        let classes = tables.classes.enumerated().map { index, type in
            let fields = type.fields.map { field in
                SwiftLocalFieldView(name: SwiftSyntax.stringLiteral(field.name), kind: Self.expression(field.kind),
                                    required: field.isRequired)
            }
            let doc = SwiftSyntax.docLines("The class `\(type.name)` of `\(stem)`.")
            return SwiftLocalClassView(constant: "\(stem)Class\(index)", doc: doc.map { SwiftDocLine(content: $0) },
                                       name: SwiftSyntax.stringLiteral(type.name), fields: fields, hasFields: !fields.isEmpty)
        }
        let migrations = tables.migrations.enumerated().map { index, migration in
            let doc = SwiftSyntax.docLines("The migration `\(migration.name)` of `\(stem)`.")
            return SwiftLocalMigrationView(constant: "\(stem)Migration\(index)", doc: doc.map { SwiftDocLine(content: $0) },
                                           name: SwiftSyntax.stringLiteral(migration.name), statements: migration.statements.map(Self.statement))
        }
        return SwiftLocalSchemaView(access: options.access.modifier, imports: ["import ParseRuntime"],
                                    doc: doc.map { SwiftDocLine(content: $0) }, propertyName: propertyName,
                                    modelName: SwiftSyntax.stringLiteral(modelName), version: SwiftSyntax.stringLiteral(tables.version),
                                    classes: classes, statements: tables.statements.map(Self.statement),
                                    migrations: migrations, hasMigrations: !migrations.isEmpty)
    }

    /// A statement as a raw string literal that means exactly its text.
    private static func statement(_ text: String) -> SwiftLocalStatementView {
        let literal = SwiftSyntax.rawStringLiteral(text)
        return SwiftLocalStatementView(hashes: literal.hashes, multiline: literal.isMultiline, lines: literal.lines)
    }

    /// `kind` as a `LocalSchema.Kind` expression: `.string`, `.pointer(to: "ISBN", onDelete: .cascade)`.
    private static func expression(_ kind: LocalStoreTables.Kind) -> String {
        switch kind {
        case .string: ".string"
        case .int: ".int"
        case .double: ".double"
        case .bool: ".bool"
        case .date: ".date"
        case .bytes: ".bytes"
        case .file: ".file"
        case .geoPoint: ".geoPoint"
        case .polygon: ".polygon"
        case .json: ".json"
        case .pointer(let target, let rule): ".pointer(to: \(SwiftSyntax.stringLiteral(target)), onDelete: .\(rule.rawValue))"
        case .relation(let target): ".relation(to: \(SwiftSyntax.stringLiteral(target)))"
        }
    }
}
