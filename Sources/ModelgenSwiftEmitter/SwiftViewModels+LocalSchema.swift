import ModelgenEmitter
import ModelgenSchema

extension SwiftViewModels {
    /// The view of the model's `LocalSchema` (`swift-local-schema`): the on-device store's
    /// `tables` as ParseRuntime's `LocalSchema` spells them, in a static property named after
    /// the model (`LocalSchema.library` for `Library`).
    func localSchemaView(_ tables: LocalStoreTables, modelName: String) -> SwiftLocalSchemaView {
        let propertyName = SwiftSyntax.lowerCamelCase(modelName)
        let sources = schema.files.map(\.path).joined(separator: ", ")
        let doc = SwiftSyntax.docLines("""
            The on-device store's schema of the model `\(modelName)`: its SQLite tables as the
            relational layout makes them, and what each class's fields hold.
            From \(sources).
            Open a store with it: `try await LocalStore(path: path, schema: .\(propertyName))`.
            """)
        let classes = tables.classes.map { type in
            let fields = type.fields.map { field in
                SwiftLocalFieldView(name: SwiftSyntax.stringLiteral(field.name), kind: Self.expression(field.kind),
                                    required: field.isRequired)
            }
            return SwiftLocalClassView(name: SwiftSyntax.stringLiteral(type.name), fields: fields, hasFields: !fields.isEmpty)
        }
        let migrations = tables.migrations.map { migration in
            SwiftLocalMigrationView(name: SwiftSyntax.stringLiteral(migration.name), statements: migration.statements.map(Self.statement))
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
