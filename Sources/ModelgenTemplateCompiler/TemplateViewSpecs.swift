/// The views the default templates render, one ``ViewSpec`` per emitter. They are the
/// templates' contract: a key here is a name a template (the user's too) can use. Each view's
/// `context` is the dictionary a user's template is rendered with.
///
/// After editing a spec or a template, `swift run template-compiler` regenerates the views'
/// Swift (`ViewSpec.path`) and the page that documents them (docs/TemplateContexts.md).
enum TemplateViewSpecs {
    typealias Field = ViewSpec.Field
    typealias View = ViewSpec.View

    static let all = [sql, swift, parse, diagram]

    // MARK: SQL

    static let sql = ViewSpec(
        path: "Sources/ModelgenSQLEmitter/SQLTemplateViews.swift",
        templatePrefix: "sql-",
        enumName: "CompiledSQLTemplates",
        roots: [("sql-postgresql", "SQLScriptView"), ("sql-sqlite", "SQLScriptView"), ("sql-table", "SQLTableView")],
        views: [
            View(name: "SQLScriptView", doc: "A whole script (`sql-postgresql`, `sql-sqlite`).", fields: [
                Field(name: "summary", kind: .strings, doc: "The comment lines the script starts with."),
                Field(name: "tables", kind: .lazyList("SQLTableView"),
                      doc: "The tables in creation order, each made when the template reaches it."),
                Field(name: "deferredForeignKeys", kind: .list("SQLForeignKeyView"),
                      doc: "Foreign keys that close a cycle, added once every table exists (PostgreSQL)."),
                Field(name: "hasDeferredForeignKeys", kind: .bool, doc: "Whether there are any."),
            ]),
            View(name: "SQLTableView", doc: "One `CREATE TABLE` with its indexes and comments (`sql-table`).", fields: [
                Field(name: "tableName", kind: .text("SQLIdentifierText"), doc: "The table's name, quoted when it must be."),
                Field(name: "tableComment", kind: .strings, doc: "The description's lines, inside the table (SQLite)."),
                Field(name: "elements", kind: .list("SQLElementView"), doc: "Columns and table constraints, in order."),
                Field(name: "indexes", kind: .list("SQLIndexView"), doc: "The table's indexes."),
                Field(name: "comments", kind: .list("SQLCommentView"),
                      doc: "`COMMENT ON` the table and its columns (PostgreSQL, relational layout)."),
            ]),
            View(name: "SQLElementView", doc: "One line inside `CREATE TABLE`: exactly one of its three kinds is set.", fields: [
                Field(name: "comment", kind: .strings, doc: "The column's description, as comment lines before it (SQLite)."),
                Field(name: "column", kind: .optional(.view("SQLColumnView")), doc: "A column."),
                Field(name: "primaryKey", kind: .optional(.text("SQLIdentifierListText")), doc: "A primary key: its columns, quoted and comma-separated."),
                Field(name: "foreignKey", kind: .optional(.view("SQLForeignKeyView")), doc: "A foreign key constraint."),
                Field(name: "comma", kind: .string, doc: "`,` after every element but the last."),
            ]),
            View(name: "SQLColumnView", doc: "A column.", fields: [
                Field(name: "name", kind: .text("SQLIdentifierText"), doc: "Its name, quoted when it must be."),
                Field(name: "type", kind: .string, doc: "Its type in the dialect."),
                Field(name: "notNull", kind: .bool, doc: "Whether it is `NOT NULL`."),
                Field(name: "defaultValue", kind: .optional(.text("SQLLiteralText")), doc: "Its `DEFAULT`, as an SQL literal."),
                Field(name: "checks", kind: .texts("SQLCheckText"), doc: "Its `CHECK` expressions."),
            ]),
            View(name: "SQLForeignKeyView", doc: "A foreign key.", fields: [
                Field(name: "constraintName", kind: .text("SQLIdentifierText"), doc: "The constraint's name, quoted when it must be."),
                Field(name: "constraintNameLiteral", kind: .text("SQLStringLiteralText"), doc: "The constraint's name as a string literal."),
                Field(name: "owner", kind: .text("SQLIdentifierText"), doc: "The table holding it."),
                Field(name: "ownerLiteral", kind: .text("SQLStringLiteralText"), doc: "That table's (quoted) name as a string literal, for `regclass`."),
                Field(name: "column", kind: .text("SQLIdentifierText"), doc: "The referencing column."),
                Field(name: "target", kind: .text("SQLIdentifierText"), doc: "The referenced table."),
                Field(name: "targetColumn", kind: .text("SQLIdentifierText"), doc: "The referenced column."),
                Field(name: "onDelete", kind: .string, doc: "The `ON DELETE` action."),
            ]),
            View(name: "SQLIndexView", doc: "A `CREATE INDEX`.", fields: [
                Field(name: "indexName", kind: .text("SQLIdentifierText"), doc: "The index's name, quoted when it must be."),
                Field(name: "owner", kind: .text("SQLIdentifierText"), doc: "The indexed table."),
                Field(name: "unique", kind: .bool, doc: "Whether it is `UNIQUE`."),
                Field(name: "keys", kind: .text("SQLIndexKeysText"), doc: "The indexed columns or expressions, comma-separated."),
                Field(name: "method", kind: .optional(.string), doc: "The index method (`USING`), when not the default."),
            ]),
            View(name: "SQLCommentView", doc: "A `COMMENT ON`.", fields: [
                Field(name: "kind", kind: .string, doc: "`TABLE` or `COLUMN`."),
                Field(name: "target", kind: .text("SQLQualifiedNameText"), doc: "What it comments on."),
                Field(name: "text", kind: .text("SQLStringLiteralText"), doc: "The comment, as a string literal."),
            ]),
        ])

    // MARK: Diagram

    static let diagram = ViewSpec(
        path: "Sources/ModelgenDiagramEmitter/DiagramTemplateViews.swift",
        templatePrefix: "diagram-",
        enumName: "CompiledDiagramTemplates",
        roots: [("diagram-mermaid", "MermaidDiagramView"), ("diagram-dot", "DOTDiagramView")],
        views: [
            View(name: "MermaidDiagramView", doc: "The Markdown page with the Mermaid `erDiagram` (`diagram-mermaid`).", fields: [
                Field(name: "title", kind: .string, doc: "The page's title: the diagram's name."),
                Field(name: "direction", kind: .string, doc: "`TB`, `BT`, `LR` or `RL`."),
                Field(name: "entities", kind: .list("MermaidEntityView"), doc: "A box per class, in declaration order."),
                Field(name: "relationships", kind: .list("MermaidRelationshipView"), doc: "A line per pointer, relation and array of pointers."),
            ]),
            View(name: "MermaidEntityView", doc: "A class's box.", fields: [
                Field(name: "name", kind: .string, doc: "The class's name, quoted."),
                Field(name: "attributes", kind: .list("MermaidAttributeView"), doc: "Its fields, `objectId` first; none when only names are shown."),
                Field(name: "hasAttributes", kind: .bool, doc: "Whether there are any."),
            ]),
            View(name: "MermaidAttributeView", doc: "A field in a box.", fields: [
                Field(name: "type", kind: .string, doc: "Its type as one word (`pointer~Publisher~`)."),
                Field(name: "name", kind: .string, doc: "Its name."),
                Field(name: "keys", kind: .optional(.string), doc: "`PK`, `FK`, `UK`, comma-separated, when it is one."),
                Field(name: "comment", kind: .optional(.string), doc: "Its notes, quoted: `required`, an enum's cases, an embedded type's fields."),
            ]),
            View(name: "MermaidRelationshipView", doc: "A line between two boxes.", fields: [
                Field(name: "from", kind: .string, doc: "The class whose field it is, quoted."),
                Field(name: "left", kind: .string, doc: "The cardinality at that class (`}o`, `|o`, `||`)."),
                Field(name: "right", kind: .string, doc: "The cardinality at the other (`||`, `o|`, `o{`)."),
                Field(name: "to", kind: .string, doc: "The class it links to, quoted."),
                Field(name: "label", kind: .string, doc: "The field's name, quoted."),
            ]),
            View(name: "DOTDiagramView", doc: "The Graphviz graph (`diagram-dot`).", fields: [
                Field(name: "name", kind: .string, doc: "The graph's name, a quoted ID."),
                Field(name: "rankdir", kind: .string, doc: "`TB`, `BT`, `LR` or `RL`."),
                Field(name: "entities", kind: .list("DOTEntityView"), doc: "A node per class, in declaration order."),
                Field(name: "relationships", kind: .list("DOTEdgeView"), doc: "An edge per pointer, relation and array of pointers."),
            ]),
            View(name: "DOTEntityView", doc: "A class's node: a table with a row per field.", fields: [
                Field(name: "id", kind: .string, doc: "The class's name, a quoted ID."),
                Field(name: "name", kind: .string, doc: "The class's name, escaped for the label."),
                Field(name: "attributes", kind: .list("DOTAttributeView"), doc: "Its fields, `objectId` first; none when only names are shown."),
            ]),
            View(name: "DOTAttributeView", doc: "A field's row.", fields: [
                Field(name: "port", kind: .string, doc: "The row's port, the field's name quoted, where its edge starts."),
                Field(name: "name", kind: .string, doc: "Its name, escaped for the label."),
                Field(name: "type", kind: .string, doc: "Its type as the schema writes it, escaped."),
                Field(name: "notes", kind: .string, doc: "Keys and notes (`PK`, `FK, required`), escaped."),
            ]),
            View(name: "DOTEdgeView", doc: "An edge, with crow's-foot arrows at both ends.", fields: [
                Field(name: "from", kind: .string, doc: "Where it starts: the node, and the field's port when fields are shown."),
                Field(name: "to", kind: .string, doc: "The node it ends at."),
                Field(name: "label", kind: .string, doc: "The field's name, a quoted ID."),
                Field(name: "tail", kind: .string, doc: "The arrow shape at the start (`crowodot`, `teeodot`, `teetee`)."),
                Field(name: "head", kind: .string, doc: "The arrow shape at the end."),
            ]),
        ])

    // MARK: Parse

    static let parse = ViewSpec(
        path: "Sources/ModelgenParseServer/ParseTemplateViews.swift",
        templatePrefix: "parse-",
        enumName: "CompiledParseTemplates",
        roots: [("parse-schema-js", "ParseSchemaScriptView")],
        views: [
            View(name: "ParseSchemaScriptView", doc: "The JavaScript module of the defined schema (`parse-schema-js`).", fields: [
                Field(name: "definitions", kind: .string,
                      doc: "The class definitions as a JSON array, as `schema.json` holds them."),
            ]),
        ])

    // MARK: Swift

    static let swift = ViewSpec(
        path: "Sources/ModelgenSwiftEmitter/SwiftTemplateViews.swift",
        templatePrefix: "swift-",
        enumName: "CompiledSwiftTemplates",
        roots: [("swift-class", "SwiftClassView"), ("swift-embedded", "SwiftEmbeddedView"), ("swift-enum", "SwiftEnumView"),
                ("swift-json-value", "SwiftCommonView"), ("swift-parse-field", "SwiftCommonView"),
                ("swift-local-schema", "SwiftLocalSchemaView"), ("swift-local-statement", "SwiftLocalStatementView")],
        views: [
            View(name: "SwiftCommonView", doc: "What every Swift file has (and all that `swift-json-value` and `swift-parse-field` use).", fields: [
                Field(name: "access", kind: .string, doc: "The access modifier with its space (`public `), or nothing."),
                Field(name: "imports", kind: .strings, doc: "The `import` lines."),
                Field(name: "dateType", kind: .string, doc: "The date type (`Date`)."),
                Field(name: "dataType", kind: .string, doc: "The bytes type (`Data`)."),
                Field(name: "parseSwift", kind: .bool, doc: "Whether the code is for the ParseSwift SDK."),
                Field(name: "parseRuntime", kind: .bool, doc: "Whether the code is for modelgen's ParseRuntime."),
            ]),
            View(name: "SwiftClassView", doc: "A `ParseObject` struct (`swift-class`).", fields: [
                Field(name: "common", kind: .included("SwiftCommonView"), doc: "Its fields are this view's own."),
                Field(name: "typeName", kind: .string, doc: "The struct's name."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "Its doc comment lines."),
                Field(name: "conformance", kind: .string, doc: "The protocol it conforms to (`ParseObject`, `ParseUser`, ...)."),
                Field(name: "className", kind: .optional(.string),
                      doc: "The Parse class name as a string literal, when it is not the struct's name."),
                Field(name: "typeAliases", kind: .list("SwiftTypeAliasView"), doc: "Type aliases the SDK protocol asks for."),
                Field(name: "fields", kind: .list("SwiftPropertyView"), doc: "The stored properties, built-in ones first."),
                Field(name: "initialValues", kind: .list("SwiftInitialValueView"), doc: "What `init()` sets."),
                Field(name: "hasInitialValues", kind: .bool, doc: "Whether `init()` sets anything."),
                Field(name: "codingKeys", kind: .optional(.view("SwiftCodingKeysView")),
                      doc: "`CodingKeys`, when a Swift name differs from its Parse name (ParseSwift)."),
                Field(name: "storedFields", kind: .optional(.list("SwiftStoredFieldView")),
                      doc: "The `storedFields` table (ParseRuntime)."),
                Field(name: "hasStoredFields", kind: .optional(.bool), doc: "Whether that table has rows (ParseRuntime)."),
                Field(name: "memberwiseInit", kind: .optional(.view("SwiftMemberwiseInitView")),
                      doc: "The initializer taking the schema's fields, when there are any."),
                Field(name: "mergeFields", kind: .strings, doc: "The schema's fields that `merge(with:)` restores."),
                Field(name: "hasMergeFields", kind: .bool, doc: "Whether there are any."),
                Field(name: "fieldKeys", kind: .list("SwiftFieldKeyView"), doc: "The typed keys of `Field`."),
                Field(name: "relations", kind: .list("SwiftRelationView"), doc: "Relation helpers."),
                Field(name: "inverses", kind: .list("SwiftInverseView"), doc: "Query helpers for inverse fields."),
                Field(name: "hasRelations", kind: .bool, doc: "Whether there are relation helpers."),
                Field(name: "hasQueries", kind: .bool, doc: "Whether there are inverse query helpers."),
                Field(name: "userHelpers", kind: .optional(.view("SwiftUserHelpersView")),
                      doc: "The session helpers of the user class (ParseRuntime)."),
            ]),
            View(name: "SwiftTypeAliasView", doc: "A `typealias`.", fields: [
                Field(name: "name", kind: .string, doc: "Its name."),
                Field(name: "type", kind: .string, doc: "The aliased type."),
            ]),
            View(name: "SwiftPropertyView", doc: "A stored property of a class.", fields: [
                Field(name: "name", kind: .string, doc: "Its Swift name."),
                Field(name: "type", kind: .text("SwiftTypeText"), doc: "Its type (optional but for the SDK's few required fields)."),
                Field(name: "propertyWrapper", kind: .string, doc: "`@Indirect ` for a boxed pointer, or nothing."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "Its doc comment lines."),
                Field(name: "blankLineBefore", kind: .bool, doc: "Whether a blank line goes before it."),
            ]),
            View(name: "SwiftInitialValueView", doc: "A property `init()` sets.", fields: [
                Field(name: "name", kind: .string, doc: "The property."),
                Field(name: "value", kind: .string, doc: "Its value, as a Swift expression."),
            ]),
            View(name: "SwiftCodingKeysView", doc: "A `CodingKeys` enum.", fields: [
                Field(name: "keys", kind: .strings, doc: "Its cases, with the Parse name as raw value where it differs."),
            ]),
            View(name: "SwiftStoredFieldView", doc: "A row of the `storedFields` table.", fields: [
                Field(name: "kind", kind: .string, doc: "`field`, `pointer`, `predefined` or `predefinedRequired`."),
                Field(name: "key", kind: .string, doc: "The Parse name, as a string literal."),
                Field(name: "name", kind: .string, doc: "The Swift property."),
            ]),
            View(name: "SwiftMemberwiseInitView", doc: "An initializer taking field values.", fields: [
                Field(name: "parameters", kind: .list("SwiftParameterView"), doc: "Required fields first, then the rest."),
            ]),
            View(name: "SwiftParameterView", doc: "An initializer parameter.", fields: [
                Field(name: "label", kind: .string, doc: "Its label, the property's Swift name."),
                Field(name: "type", kind: .text("SwiftTypeText"), doc: "Its type, with `= nil` (or the default) when optional."),
                Field(name: "comma", kind: .string, doc: "`,` after every parameter but the last."),
            ]),
            View(name: "SwiftFieldKeyView", doc: "A typed key of `Field`.", fields: [
                Field(name: "name", kind: .string, doc: "The key's Swift name."),
                Field(name: "keyType", kind: .string, doc: "`ParseField` or `ParseRelationField`."),
                Field(name: "valueType", kind: .string, doc: "The type of the field's values."),
                Field(name: "parseName", kind: .string, doc: "The Parse name, as a string literal."),
            ]),
            View(name: "SwiftRelationView", doc: "A relation's helpers.", fields: [
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "The field's doc comment lines."),
                Field(name: "helper", kind: .string, doc: "The helpers' name stem."),
                Field(name: "key", kind: .string, doc: "The field's key in `Field`."),
                Field(name: "target", kind: .string, doc: "The related objects' type."),
                Field(name: "parseName", kind: .string, doc: "The field's Parse name."),
                Field(name: "typeName", kind: .string, doc: "The owning struct."),
                Field(name: "blankLineBefore", kind: .bool, doc: "Whether a blank line goes before it."),
            ]),
            View(name: "SwiftInverseView", doc: "An inverse field's query helper.", fields: [
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "The field's doc comment lines."),
                Field(name: "helper", kind: .string, doc: "The helper's name stem."),
                Field(name: "owner", kind: .string, doc: "The type whose field points here."),
                Field(name: "ownerKey", kind: .string, doc: "That field's key in the owner's `Field`."),
                Field(name: "ownerField", kind: .string, doc: "That field's Parse name."),
                Field(name: "ownerFieldIsArray", kind: .bool, doc: "Whether that field is an array of pointers, which holds this object."),
                Field(name: "typeName", kind: .string, doc: "This struct."),
                Field(name: "blankLineBefore", kind: .bool, doc: "Whether a blank line goes before it."),
            ]),
            View(name: "SwiftUserHelpersView", doc: "The user class's session helpers.", fields: [
                Field(name: "typeName", kind: .string, doc: "The user struct."),
                Field(name: "client", kind: .string, doc: "The client parameter's inner name, unlike any field's."),
                Field(name: "hasParameters", kind: .bool, doc: "Whether `signUp` takes fields."),
                Field(name: "parameters", kind: .list("SwiftUserParameterView"), doc: "The fields `signUp` takes."),
                Field(name: "arguments", kind: .string, doc: "Those fields passed on (`a: a, b: b`)."),
            ]),
            View(name: "SwiftUserParameterView", doc: "A parameter of `signUp`.", fields: [
                Field(name: "label", kind: .string, doc: "Its label."),
                Field(name: "type", kind: .text("SwiftTypeText"), doc: "Its type, with `= nil` when optional."),
            ]),
            View(name: "SwiftEnumView", doc: "An enum (`swift-enum`).", fields: [
                Field(name: "common", kind: .included("SwiftCommonView"), doc: "Its fields are this view's own."),
                Field(name: "typeName", kind: .string, doc: "The enum's name."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "Its doc comment lines."),
                Field(name: "rawType", kind: .string, doc: "`String` or `Int`."),
                Field(name: "cases", kind: .list("SwiftEnumCaseView"), doc: "Its cases."),
                Field(name: "allCases", kind: .string, doc: "Every case (`.a, .b`)."),
                Field(name: "hasTitles", kind: .bool, doc: "Whether any case has a title."),
                Field(name: "unknownCase", kind: .bool, doc: "Whether it has an `unknown` case for values this code does not know."),
            ]),
            View(name: "SwiftEnumCaseView", doc: "An enum case.", fields: [
                Field(name: "name", kind: .string, doc: "Its Swift name."),
                Field(name: "rawValue", kind: .string, doc: "Its raw value, as a literal."),
                Field(name: "title", kind: .string, doc: "Its title (or name), as a string literal."),
            ]),
            View(name: "SwiftEmbeddedView", doc: "An embedded value type (`swift-embedded`).", fields: [
                Field(name: "common", kind: .included("SwiftCommonView"), doc: "Its fields are this view's own."),
                Field(name: "typeName", kind: .string, doc: "The struct's name."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "Its doc comment lines."),
                Field(name: "fields", kind: .list("SwiftEmbeddedFieldView"), doc: "Its properties."),
                Field(name: "hasParameters", kind: .bool, doc: "Whether its initializer takes any."),
                Field(name: "parameters", kind: .list("SwiftParameterView"), doc: "Its initializer's parameters."),
                Field(name: "codingKeys", kind: .optional(.view("SwiftCodingKeysView")),
                      doc: "`CodingKeys`, when a Swift name differs from its Parse name."),
            ]),
            View(name: "SwiftEmbeddedFieldView", doc: "A property of an embedded type.", fields: [
                Field(name: "name", kind: .string, doc: "Its Swift name."),
                Field(name: "type", kind: .string, doc: "Its type."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "Its doc comment lines."),
                Field(name: "blankLineBefore", kind: .bool, doc: "Whether a blank line goes before it."),
            ]),
            View(name: "SwiftLocalSchemaView",
                 doc: "The model's `LocalSchema`, the tables of the on-device store (`swift-local-schema`, with `localStore: true`).", fields: [
                Field(name: "access", kind: .string, doc: "The access modifier with its space (`public `), or nothing."),
                Field(name: "imports", kind: .strings, doc: "The `import` lines."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "The doc comment lines of the static property."),
                Field(name: "propertyName", kind: .string,
                      doc: "The static property: the model's name in lowerCamelCase, backticked when a keyword (`library`)."),
                Field(name: "modelName", kind: .string, doc: "The model's name, as a string literal (`\"Library\"`)."),
                Field(name: "version", kind: .string, doc: "The fingerprint of the statements, as a string literal."),
                Field(name: "classes", kind: .list("SwiftLocalClassView"),
                      doc: "The classes with a table, in the order of the statements: each a private static constant of its own, which `classes:` lists."),
                Field(name: "statements", kind: .list("SwiftLocalStatementView"),
                      doc: "The SQLite statements of the relational layout, in order."),
                Field(name: "migrations", kind: .list("SwiftLocalMigrationView"),
                      doc: "The migrations the model keeps, oldest first, in the form the store runs them: each a private static constant of its own, which `migrations:` lists."),
                Field(name: "hasMigrations", kind: .bool, doc: "Whether there are any (without, the argument is left out)."),
            ]),
            View(name: "SwiftLocalMigrationView", doc: "A kept migration of the local schema.", fields: [
                Field(name: "constant", kind: .string,
                      doc: "The private static constant that holds it: the model's property name without backticks, `Migration` and its index from 0 (`libraryMigration0`)."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "The doc comment lines of the constant, which name the migration."),
                Field(name: "name", kind: .string, doc: "Its folder name, as a string literal (`\"0002_add_isbn\"`)."),
                Field(name: "statements", kind: .list("SwiftLocalStatementView"), doc: "Its statements, in order."),
            ]),
            View(name: "SwiftLocalClassView", doc: "A class of the local schema.", fields: [
                Field(name: "constant", kind: .string,
                      doc: "The private static constant that holds it: the model's property name without backticks, `Class` and its index from 0 (`libraryClass0`)."),
                Field(name: "doc", kind: .texts("SwiftDocLine"), doc: "The doc comment lines of the constant, which name the class."),
                Field(name: "name", kind: .string, doc: "Its Parse name (the table's), as a string literal."),
                Field(name: "fields", kind: .list("SwiftLocalFieldView"), doc: "Its stored fields and relations, in the schema's order."),
                Field(name: "hasFields", kind: .bool, doc: "Whether there are any."),
            ]),
            View(name: "SwiftLocalFieldView", doc: "A field of a local class: a column, or a relation's join table.", fields: [
                Field(name: "name", kind: .string, doc: "Its Parse name (the column's), as a string literal."),
                Field(name: "kind", kind: .string,
                      doc: "Its `LocalSchema.Kind`, as an expression (`.string`, `.pointer(to: \"ISBN\", onDelete: .cascade)`)."),
                Field(name: "required", kind: .bool, doc: "Whether its column is `NOT NULL`."),
            ]),
            View(name: "SwiftLocalStatementView", doc: "A statement, as a Swift raw string literal that is exactly its text (`swift-local-statement`, which `swift-local-schema` includes for the schema's statements and each migration's).", fields: [
                Field(name: "hashes", kind: .string, doc: "The `#`s on both ends of the literal."),
                Field(name: "multiline", kind: .bool, doc: "Whether the literal spans lines (`#\"\"\"` ... `\"\"\"#`)."),
                Field(name: "lines", kind: .strings,
                      doc: "Its lines between the delimiters (one unless `multiline`), escaped; none empty or ending in a space."),
            ]),
        ])

    // MARK: Test templates

    /// Templates that exercise the compiled lookup rules; compiled into the test target
    /// (`CompiledTestTemplates.swift`) and rendered both ways by CompiledTemplatesTests.
    static let testTemplates: [(name: String, text: String)] = [
        // Standalone section lines vanish; inline ones keep their text.
        ("t-plain", "{{% CONTENT_TYPE: TEXT}}\nA\n{{#items}}\n- {{{name}}}\n{{/items}}\nB{{#flag}} yes{{/flag}}{{^flag}} no{{/flag}}\n"),
        // Lookups climb the stack past a nil optional; `.` is the current string; a string
        // section pushes the string; a nested view section pushes the view.
        ("t-stack", "{{#items}}{{{name}}}{{{outer}}}{{#outer}}<{{{.}}}>{{/outer}}{{#note}}({{{.}}}){{/note}},{{/items}}|{{#strings}}<{{{.}}}>{{/strings}}|{{#title}}[{{{.}}}]{{/title}}|{{#nested}}{{{inner}}}{{{title}}}{{/nested}}"),
        // Inverted sections over an empty list, a nil optional and false; whitespace around
        // standalone tags; a partial sees the stack where it is included.
        ("t-edges", "{{^empty}}empty{{/empty}}{{#empty}}x{{/empty}}{{^missingView}}no view{{/missingView}}\n  {{#flag}}  \n  indented\n  {{/flag}}  \n{{#lazy}}\n{{> t-partial}}\n{{/lazy}}\nend"),
        ("t-partial", "{{{name}}}{{{shared}}}{{#items}}/{{{name}}}{{/items}}"),
        // Values that write themselves: printed, in sections, in lists, optional or nil.
        ("t-text", "{{{code}}}|{{#codes}}<{{{.}}}>{{/codes}}|{{#maybeCode}}[{{{.}}}]{{/maybeCode}}{{^noCode}}none{{/noCode}}|{{{maybeCode}}}{{{noCode}}}|{{#code}}({{{.}}}){{/code}}\n"),
    ]

    static let test = ViewSpec(
        path: "Tests/ModelgenTemplatesTests/CompiledTestTemplates.swift",
        templatePrefix: "t-",
        enumName: "CompiledTestTemplates",
        roots: [("t-plain", "TestRootView"), ("t-stack", "TestRootView"), ("t-edges", "TestRootView"), ("t-text", "TestRootView")],
        views: [
            View(name: "TestSharedView", doc: "Fields every root has.", fields: [
                Field(name: "shared", kind: .string, doc: "Printed from inside a lazy element."),
            ]),
            View(name: "TestRootView", doc: "The root of every test template.", fields: [
                Field(name: "common", kind: .included("TestSharedView"), doc: "Its fields are the root's."),
                Field(name: "items", kind: .list("TestItemView"), doc: "A list."),
                Field(name: "outer", kind: .string, doc: "Found from inside an item that has no `outer`."),
                Field(name: "flag", kind: .bool, doc: "A flag."),
                Field(name: "strings", kind: .strings, doc: "Strings."),
                Field(name: "title", kind: .optional(.string), doc: "A title."),
                Field(name: "nested", kind: .optional(.view("TestNestedView")), doc: "A nested view."),
                Field(name: "missingView", kind: .optional(.view("TestNestedView")), doc: "Always nil."),
                Field(name: "empty", kind: .list("TestItemView"), doc: "Always empty."),
                Field(name: "lazy", kind: .lazyList("TestItemView"), doc: "Made as walked."),
                Field(name: "name", kind: .string, doc: "Shadowed by an item's name."),
                Field(name: "code", kind: .text("TestCode"), doc: "Writes itself."),
                Field(name: "codes", kind: .texts("TestCode"), doc: "Each writes itself."),
                Field(name: "maybeCode", kind: .optional(.text("TestCode")), doc: "Present."),
                Field(name: "noCode", kind: .optional(.text("TestCode")), doc: "Always nil."),
            ]),
            View(name: "TestItemView", doc: "An element.", fields: [
                Field(name: "name", kind: .string, doc: "Its name."),
                Field(name: "outer", kind: .optional(.string), doc: "When nil, the root's is found."),
                Field(name: "note", kind: .optional(.string), doc: "A note."),
                Field(name: "items", kind: .list("TestItemView"), doc: "Children."),
            ]),
            View(name: "TestNestedView", doc: "A nested view.", fields: [
                Field(name: "inner", kind: .string, doc: "Its own."),
            ]),
        ],
        imports: ["import ModelgenTemplates"])
}
