// Generated from Templates/*.mustache by `swift run template-compiler`; do not edit.

/// The default templates, compiled into modelgen so that a copied binary needs no resources.
public enum DefaultTemplates {
    /// Template text by file name, exactly as in the `Templates/` folder.
    public static let files: [String: String] = [
        "diagram-dot.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            digraph {{{name}}} {
                graph [rankdir={{{rankdir}}}, nodesep=0.5, ranksep=0.9, fontname="Helvetica"];
                node [shape=plain, fontname="Helvetica", fontsize=11];
                edge [dir=both, fontname="Helvetica", fontsize=10, color="#555555"];
            {{#entities}}

                {{{id}}} [label=<<table border="0" cellborder="1" cellspacing="0" cellpadding="4">
                    <tr><td colspan="3" bgcolor="#e8e8e8"><b>{{{name}}}</b></td></tr>
            {{#attributes}}
                    <tr><td port={{{port}}} align="left">{{{name}}}</td><td align="left">{{{type}}}</td><td align="left">{{{notes}}}</td></tr>
            {{/attributes}}
                </table>>];
            {{/entities}}

            {{#relationships}}
                {{{from}}} -> {{{to}}} [label={{{label}}}, arrowtail={{{tail}}}, arrowhead={{{head}}}];
            {{/relationships}}
            }

            """####,
        "diagram-mermaid.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            # {{{title}}}

            ```mermaid
            erDiagram
                direction {{{direction}}}
            {{#entities}}
            {{#hasAttributes}}
                {{{name}}} {
            {{#attributes}}
                    {{{type}}} {{{name}}}{{#keys}} {{{.}}}{{/keys}}{{#comment}} {{{.}}}{{/comment}}
            {{/attributes}}
                }
            {{/hasAttributes}}
            {{^hasAttributes}}
                {{{name}}}
            {{/hasAttributes}}
            {{/entities}}
            {{#relationships}}
                {{{from}}} {{{left}}}--{{{right}}} {{{to}}} : {{{label}}}
            {{/relationships}}
            ```

            A box per class (`PK` its `objectId`, `FK` a pointer, `UK` a unique field). A line per link,
            labelled with the field: a pointer is many to one (`}o--||` when required, `}o--o|` when
            optional, one to one when unique), a relation many to many (`}o--o{`), an array of pointers one
            to many in order (`||--o{`).

            """####,
        "parse-schema-js.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            // Parse Server's defined schema (docs/ParseServer.md):
            //   const { definitions } = require('./schema.js');
            //   new ParseServer({ ..., schema: { definitions, lockSchemas: true } });
            module.exports.definitions = {{{definitions}}};

            """####,
        "sql-postgresql.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#summary}}
            -- {{{.}}}
            {{/summary}}

            BEGIN;
            {{#tables}}

            {{> sql-table}}
            {{/tables}}
            {{#hasDeferredForeignKeys}}

            -- Foreign keys that close a cycle of references, added once every table exists. PostgreSQL
            -- has no ADD CONSTRAINT IF NOT EXISTS, so each is added only when the catalog lacks it.
            {{/hasDeferredForeignKeys}}
            {{#deferredForeignKeys}}
            DO $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint
                               WHERE conrelid = {{{ownerLiteral}}}::regclass AND conname = {{{constraintNameLiteral}}}) THEN
                    ALTER TABLE {{{owner}}} ADD CONSTRAINT {{{constraintName}}}
                        FOREIGN KEY ({{{column}}}) REFERENCES {{{target}}} ({{{targetColumn}}}) ON DELETE {{{onDelete}}};
                END IF;
            END
            $$;
            {{/deferredForeignKeys}}

            COMMIT;

            """####,
        "sql-sqlite.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#summary}}
            -- {{{.}}}
            {{/summary}}

            PRAGMA foreign_keys = ON;

            BEGIN;
            {{#tables}}

            {{> sql-table}}
            {{/tables}}

            COMMIT;

            """####,
        "sql-table.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            CREATE TABLE IF NOT EXISTS {{{tableName}}} (
            {{#tableComment}}
                -- {{{.}}}
            {{/tableComment}}
            {{#elements}}
            {{#comment}}
                -- {{{.}}}
            {{/comment}}
            {{#column}}
                {{{name}}} {{{type}}}{{#notNull}} NOT NULL{{/notNull}}{{#defaultValue}} DEFAULT {{{.}}}{{/defaultValue}}{{#checks}} CHECK ({{{.}}}){{/checks}}{{{comma}}}
            {{/column}}
            {{#primaryKey}}
                PRIMARY KEY ({{{.}}}){{{comma}}}
            {{/primaryKey}}
            {{#foreignKey}}
                CONSTRAINT {{{constraintName}}} FOREIGN KEY ({{{column}}}) REFERENCES {{{target}}} ({{{targetColumn}}}) ON DELETE {{{onDelete}}}{{{comma}}}
            {{/foreignKey}}
            {{/elements}}
            );
            {{#indexes}}
            CREATE {{#unique}}UNIQUE {{/unique}}INDEX IF NOT EXISTS {{{indexName}}} ON {{{owner}}}{{#method}} USING {{{.}}}{{/method}} ({{{keys}}});
            {{/indexes}}
            {{#comments}}
            COMMENT ON {{{kind}}} {{{target}}} IS {{{text}}};
            {{/comments}}

            """####,
        "swift-class.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#imports}}
            {{{.}}}
            {{/imports}}

            {{#doc}}
            {{{.}}}
            {{/doc}}
            {{{access}}}struct {{{typeName}}}: {{{conformance}}}, Sendable {
            {{#className}}
                {{{access}}}static var className: String { {{{.}}} }

            {{/className}}
            {{#typeAliases}}
                {{{access}}}typealias {{{name}}} = {{{type}}}

            {{/typeAliases}}
                {{{access}}}var originalData: {{{dataType}}}?
                {{{access}}}var objectId: String?
                {{{access}}}var createdAt: {{{dateType}}}?
                {{{access}}}var updatedAt: {{{dateType}}}?
                {{{access}}}var ACL: ParseACL?
            {{#fields}}
            {{#blankLineBefore}}

            {{/blankLineBefore}}
            {{#doc}}
                {{{.}}}
            {{/doc}}
                {{{propertyWrapper}}}{{{access}}}var {{{name}}}: {{{type}}}
            {{/fields}}

            {{^hasInitialValues}}
                {{{access}}}init() {}
            {{/hasInitialValues}}
            {{#hasInitialValues}}
                {{{access}}}init() {
            {{#initialValues}}
                    {{{name}}} = {{{value}}}
            {{/initialValues}}
                }
            {{/hasInitialValues}}
            {{#codingKeys}}

                enum CodingKeys: String, CodingKey {
            {{#keys}}
                    case {{{.}}}
            {{/keys}}
                }
            {{/codingKeys}}
            }

            extension {{{typeName}}} {
            {{#memberwiseInit}}
                /// A new `{{{typeName}}}` with the given field values: a field left out has the schema's
                /// default, if it has one, or `nil`.
                {{{access}}}init(
            {{#parameters}}
                    {{{label}}}: {{{type}}}{{{comma}}}
            {{/parameters}}
                ) {
                    self.init()
            {{#parameters}}
                    self.{{{label}}} = {{{label}}}
            {{/parameters}}
                }

            {{/memberwiseInit}}
            {{#parseSwift}}
                {{{access}}}func merge(with object: Self) throws -> Self {
            {{^mergeFields}}
                    try mergeParse(with: object)
            {{/mergeFields}}
            {{#hasMergeFields}}
                    var updated = try mergeParse(with: object)
            {{#mergeFields}}
                    if updated.shouldRestoreKey(\.{{{.}}}, original: object) {
                        updated.{{{.}}} = object.{{{.}}}
                    }
            {{/mergeFields}}
                    return updated
            {{/hasMergeFields}}
                }
            {{/parseSwift}}
            {{#parseRuntime}}
                /// The stored fields by Parse name: how `{{{typeName}}}` is decoded, encoded, merged and compared.
            {{#hasStoredFields}}
                static let storedFields: [ParseStoredField<{{{typeName}}}>] = [
            {{#storedFields}}
                    .{{{kind}}}({{{key}}}, \.{{{name}}}),
            {{/storedFields}}
                ]
            {{/hasStoredFields}}
            {{^hasStoredFields}}
                static let storedFields: [ParseStoredField<{{{typeName}}}>] = []
            {{/hasStoredFields}}

                /// Decodes the object from Parse JSON: a missing or `null` field is `nil`.
                {{{access}}}init(from decoder: any Decoder) throws {
                    try self.init(from: decoder, fields: Self.storedFields)
                }

                /// Encodes the object as Parse JSON, leaving out the fields that are `nil`.
                {{{access}}}func encode(to encoder: any Encoder) throws {
                    try encode(to: encoder, fields: Self.storedFields)
                }

                /// This updated copy merged with the original `object`: a field it has no value for keeps the original's.
                {{{access}}}func merge(with object: Self) throws -> Self {
                    try merge(with: object, fields: Self.storedFields)
                }

                /// Whether the two objects are equal in every property.
                {{{access}}}static func == (lhs: Self, rhs: Self) -> Bool {
                    isEqual(lhs, rhs, fields: storedFields)
                }
            {{/parseRuntime}}
            }

            extension {{{typeName}}} {
                /// The keys of `{{{typeName}}}`'s fields, typed by their values, for queries without string literals.
                {{{access}}}enum Field {
            {{#fieldKeys}}
                    {{{access}}}static var {{{name}}}: {{{keyType}}}<{{{typeName}}}, {{{valueType}}}> { .init({{{parseName}}}) }
            {{/fieldKeys}}
                }
            }
            {{#hasRelations}}

            extension {{{typeName}}} {
            {{#relations}}
            {{#blankLineBefore}}

            {{/blankLineBefore}}
            {{#doc}}
                {{{.}}}
                ///
            {{/doc}}
                /// The `{{{parseName}}}` relation, to add or remove `{{{target}}}` objects: save the operation
                /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.
                {{{access}}}func {{{helper}}}Relation() throws -> ParseRelation<{{{typeName}}}> {
                    try relation(Field.{{{key}}}.name, className: {{{target}}}.className)
                }
            {{#parseSwift}}

                /// A query for the `{{{target}}}` objects in the `{{{parseName}}}` relation.
                {{{access}}}func {{{helper}}}Query() throws -> Query<{{{target}}}> {
                    try {{{target}}}.queryRelations(Field.{{{key}}}.name, parent: self)
                }
            {{/parseSwift}}
            {{#parseRuntime}}

                /// A query for the `{{{target}}}` objects in the `{{{parseName}}}` relation (`$relatedTo`); run it
                /// with a `ParseClient`. It fails when it runs if this object has no `objectId` yet.
                @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
                {{{access}}}func {{{helper}}}Query() -> ParseQuery<{{{target}}}> {
                    {{{target}}}.query(.relatedTo(self, through: Field.{{{key}}}))
                }
            {{/parseRuntime}}
            {{/relations}}
            }
            {{/hasRelations}}
            {{#hasQueries}}

            extension {{{typeName}}} {
            {{#inverses}}
            {{#blankLineBefore}}

            {{/blankLineBefore}}
            {{#doc}}
                {{{.}}}
                ///
            {{/doc}}
            {{#parseSwift}}
                /// A query for the `{{{owner}}}` objects whose `{{{ownerField}}}` links to this object.
                {{{access}}}func {{{helper}}}Query() throws -> Query<{{{owner}}}> {
                    try {{{owner}}}.query({{{owner}}}.Field.{{{ownerKey}}}.name == self)
                }
            {{/parseSwift}}
            {{#parseRuntime}}
                /// A query for the `{{{owner}}}` objects whose `{{{ownerField}}}` links to this object; run it with
                /// a `ParseClient`. It fails when it runs if this object has no `objectId` yet.
                @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
                {{{access}}}func {{{helper}}}Query() -> ParseQuery<{{{owner}}}> {
            {{^ownerFieldIsArray}}
                    {{{owner}}}.query({{{owner}}}.Field.{{{ownerKey}}} == self)
            {{/ownerFieldIsArray}}
            {{#ownerFieldIsArray}}
                    {{{owner}}}.query(.contains({{{owner}}}.Field.{{{ownerKey}}}, self))
            {{/ownerFieldIsArray}}
                }
            {{/parseRuntime}}
            {{/inverses}}
            }
            {{/hasQueries}}
            {{#userHelpers}}

            @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
            extension {{{typeName}}} {
                /// Signs up a new user (`POST /users`). The client keeps the new session token and sends it
                /// with later requests; the returned user has its `objectId` and no password.
                {{{access}}}static func signUp(
                    username: String,
                    password: String,
                    email: String? = nil,
            {{#parameters}}
                    {{{label}}}: {{{type}}},
            {{/parameters}}
                    on {{{client}}}: ParseClient
                ) async throws(ParseClientError) -> {{{typeName}}} {
            {{#hasParameters}}
                    var user = {{{typeName}}}({{{arguments}}})
            {{/hasParameters}}
            {{^hasParameters}}
                    var user = {{{typeName}}}()
            {{/hasParameters}}
                    user.username = username
                    user.password = password
                    user.email = email
                    return try await {{{client}}}.signUp(user)
                }

                /// Logs in (`POST /login`); the client keeps the session token.
                {{{access}}}static func logIn(username: String, password: String, on client: ParseClient) async throws(ParseClientError) -> {{{typeName}}} {
                    try await client.logIn({{{typeName}}}.self, username: username, password: password)
                }

                /// Starts using a session token from an earlier login and returns its user (`GET /users/me`).
                {{{access}}}static func become(sessionToken: String, on client: ParseClient) async throws(ParseClientError) -> {{{typeName}}} {
                    try await client.become({{{typeName}}}.self, sessionToken: sessionToken)
                }

                /// The user whose session token the client holds (`GET /users/me`).
                {{{access}}}static func current(on client: ParseClient) async throws(ParseClientError) -> {{{typeName}}} {
                    try await client.currentUser({{{typeName}}}.self)
                }

                /// Logs out (`POST /logout`) and makes the client forget the session token.
                {{{access}}}static func logOut(on client: ParseClient) async throws(ParseClientError) {
                    try await client.logOut()
                }
            }
            {{/userHelpers}}

            """####,
        "swift-embedded.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#imports}}
            {{{.}}}
            {{/imports}}

            {{#doc}}
            {{{.}}}
            {{/doc}}
            {{{access}}}struct {{{typeName}}}: Codable, Hashable, Sendable {
            {{#fields}}
            {{#blankLineBefore}}

            {{/blankLineBefore}}
            {{#doc}}
                {{{.}}}
            {{/doc}}
                {{{access}}}var {{{name}}}: {{{type}}}
            {{/fields}}

            {{^parameters}}
                {{{access}}}init() {}
            {{/parameters}}
            {{#hasParameters}}
                {{{access}}}init(
            {{#parameters}}
                    {{{label}}}: {{{type}}}{{{comma}}}
            {{/parameters}}
                ) {
            {{#parameters}}
                    self.{{{label}}} = {{{label}}}
            {{/parameters}}
                }
            {{/hasParameters}}
            {{#codingKeys}}

                enum CodingKeys: String, CodingKey {
            {{#keys}}
                    case {{{.}}}
            {{/keys}}
                }
            {{/codingKeys}}
            }

            """####,
        "swift-enum.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#imports}}
            {{{.}}}
            {{/imports}}

            {{#doc}}
            {{{.}}}
            {{/doc}}
            {{^unknownCase}}
            {{{access}}}enum {{{typeName}}}: {{{rawType}}}, Codable, CaseIterable, Hashable, Sendable {
            {{#cases}}
                case {{{name}}} = {{{rawValue}}}
            {{/cases}}
            {{#hasTitles}}

                /// The title to show for the value.
                {{{access}}}var title: String {
                    switch self {
            {{#cases}}
                    case .{{{name}}}: {{{title}}}
            {{/cases}}
                    }
                }
            {{/hasTitles}}
            }
            {{/unknownCase}}
            {{#unknownCase}}
            {{{access}}}enum {{{typeName}}}: RawRepresentable, Codable, CaseIterable, Hashable, Sendable {
            {{#cases}}
                case {{{name}}}
            {{/cases}}
                /// A value added on the server after this code was generated.
                case unknown({{{rawType}}})

                {{{access}}}static let allCases: [{{{typeName}}}] = [{{{allCases}}}]

                {{{access}}}init(rawValue: {{{rawType}}}) {
                    switch rawValue {
            {{#cases}}
                    case {{{rawValue}}}: self = .{{{name}}}
            {{/cases}}
                    default: self = .unknown(rawValue)
                    }
                }

                {{{access}}}var rawValue: {{{rawType}}} {
                    switch self {
            {{#cases}}
                    case .{{{name}}}: {{{rawValue}}}
            {{/cases}}
                    case .unknown(let rawValue): rawValue
                    }
                }
            {{#hasTitles}}

                /// The title to show for the value; an unknown value shows as its raw value.
                {{{access}}}var title: String {
                    switch self {
            {{#cases}}
                    case .{{{name}}}: {{{title}}}
            {{/cases}}
                    case .unknown(let rawValue): "\(rawValue)"
                    }
                }
            {{/hasTitles}}
            }
            {{/unknownCase}}

            """####,
        "swift-json-value.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#imports}}
            {{{.}}}
            {{/imports}}

            /// Any JSON value: what a Parse `Object` field holds. ParseSwift has no public type for it,
            /// so modelgen generates this one, the same as ParseRuntime's.
            {{{access}}}enum JSONValue: Codable, Hashable, Sendable {
                case null
                case bool(Bool)
                case int(Int)
                case double(Double)
                case string(String)
                case array([JSONValue])
                case object([String: JSONValue])

                {{{access}}}init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if container.decodeNil() {
                        self = .null
                    } else if let value = try? container.decode(Bool.self) {
                        self = .bool(value)
                    } else if let value = try? container.decode(Int.self) {
                        self = .int(value)
                    } else if let value = try? container.decode(Double.self) {
                        self = .double(value)
                    } else if let value = try? container.decode(String.self) {
                        self = .string(value)
                    } else if let value = try? container.decode([JSONValue].self) {
                        self = .array(value)
                    } else if let value = try? container.decode([String: JSONValue].self) {
                        self = .object(value)
                    } else {
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value")
                    }
                }

                {{{access}}}func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .null: try container.encodeNil()
                    case .bool(let value): try container.encode(value)
                    case .int(let value): try container.encode(value)
                    case .double(let value): try container.encode(value)
                    case .string(let value): try container.encode(value)
                    case .array(let value): try container.encode(value)
                    case .object(let value): try container.encode(value)
                    }
                }
            }

            """####,
        "swift-local-schema.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#imports}}
            {{{.}}}
            {{/imports}}

            extension LocalSchema {
            {{#doc}}
                {{{.}}}
            {{/doc}}
                {{{access}}}static let {{{propertyName}}} = LocalSchema(
                    name: {{{modelName}}},
                    version: {{{version}}},
                    classes: [
            {{#classes}}
                        {{{constant}}},
            {{/classes}}
                    ],
                    statements: [
            {{#statements}}
            {{> swift-local-statement}}
            {{/statements}}
                    ]{{#hasMigrations}},
                    migrations: [
            {{#migrations}}
                        {{{constant}}},
            {{/migrations}}
                    ]{{/hasMigrations}}
                )
            {{#classes}}

            {{#doc}}
                {{{.}}}
            {{/doc}}
            {{#hasFields}}
                private static let {{{constant}}}: LocalSchema.Class = LocalSchema.Class({{{name}}}, fields: [
            {{#fields}}
                    LocalSchema.Field({{{name}}}, {{{kind}}}{{#required}}, required: true{{/required}}),
            {{/fields}}
                ])
            {{/hasFields}}
            {{^hasFields}}
                private static let {{{constant}}}: LocalSchema.Class = LocalSchema.Class({{{name}}}, fields: [])
            {{/hasFields}}
            {{/classes}}
            {{#migrations}}

            {{#doc}}
                {{{.}}}
            {{/doc}}
                private static let {{{constant}}}: LocalSchema.Migration = LocalSchema.Migration(
                    {{{name}}},
                    statements: [
            {{#statements}}
            {{> swift-local-statement}}
            {{/statements}}
                    ]
                )
            {{/migrations}}
            }

            """####,
        "swift-local-statement.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#multiline}}
                        {{{hashes}}}"""
            {{#lines}}
                        {{{.}}}
            {{/lines}}
                        """{{{hashes}}},
            {{/multiline}}
            {{^multiline}}
                        {{{hashes}}}"{{#lines}}{{{.}}}{{/lines}}"{{{hashes}}},
            {{/multiline}}

            """####,
        "swift-parse-field.mustache": ####"""
            {{% CONTENT_TYPE: TEXT}}
            {{#imports}}
            {{{.}}}
            {{/imports}}

            /// The name of a field of `Model` whose values are `Value`: the typed keys in each model's
            /// `Field` enum, the same as ParseRuntime's.
            {{{access}}}struct ParseField<Model, Value>: Sendable, Hashable, CustomStringConvertible {
                /// The field's name on the server.
                {{{access}}}let name: String

                {{{access}}}init(_ name: String) {
                    self.name = name
                }

                {{{access}}}var description: String { name }
            }

            /// The name of a relation field of `Model` whose objects are `Target`s: the typed keys of
            /// relation fields in each model's `Field` enum, the same as ParseRuntime's.
            {{{access}}}struct ParseRelationField<Model, Target>: Sendable, Hashable, CustomStringConvertible {
                /// The field's name on the server.
                {{{access}}}let name: String

                {{{access}}}init(_ name: String) {
                    self.name = name
                }

                {{{access}}}var description: String { name }
            }

            // Typed query constraints for ParseSwift: each forwards to the SDK's function of the same name
            // with the key's name, once the compiler has checked that the value fits the field.

            /// `field` equals `value`.
            {{{access}}}func == <Model, Value: Codable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {
                field.name == value
            }

            /// The pointer `field` points to `object` (sent as a pointer; throws when `object` is unsaved).
            {{{access}}}func == <Model, Value: ParseObject>(field: ParseField<Model, Value>, object: Value) throws -> QueryConstraint {
                try field.name == object
            }

            /// `field` differs from `value`.
            {{{access}}}func != <Model, Value: Codable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {
                field.name != value
            }

            /// The pointer `field` does not point to `object`.
            {{{access}}}func != <Model, Value: ParseObject>(field: ParseField<Model, Value>, object: Value) throws -> QueryConstraint {
                try field.name != object
            }

            /// `field < value`.
            {{{access}}}func < <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {
                field.name < value
            }

            /// `field <= value`.
            {{{access}}}func <= <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {
                field.name <= value
            }

            /// `field > value`.
            {{{access}}}func > <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {
                field.name > value
            }

            /// `field >= value`.
            {{{access}}}func >= <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {
                field.name >= value
            }

            /// The pointer `field` points to an object matching `query`.
            {{{access}}}func == <Model, Value: ParseObject>(field: ParseField<Model, Value>, query: Query<Value>) -> QueryConstraint {
                field.name == query
            }

            /// The pointer `field` points to no object matching `query`.
            {{{access}}}func != <Model, Value: ParseObject>(field: ParseField<Model, Value>, query: Query<Value>) -> QueryConstraint {
                field.name != query
            }

            /// `field` is one of `array`.
            {{{access}}}func containedIn<Model, Value: Codable>(key field: ParseField<Model, Value>, array: [Value]) -> QueryConstraint {
                containedIn(key: field.name, array: array)
            }

            /// The pointer `field` points to one of `array`.
            {{{access}}}func containedIn<Model, Value: ParseObject>(key field: ParseField<Model, Value>, array: [Value]) throws -> QueryConstraint {
                try containedIn(key: field.name, array: array)
            }

            /// `field` is none of `array`.
            {{{access}}}func notContainedIn<Model, Value: Codable>(key field: ParseField<Model, Value>, array: [Value]) -> QueryConstraint {
                notContainedIn(key: field.name, array: array)
            }

            /// The array `field` holds every one of `array`.
            {{{access}}}func containsAll<Model, Element: Codable>(key field: ParseField<Model, [Element]>, array: [Element]) -> QueryConstraint {
                containsAll(key: field.name, array: array)
            }

            /// Every element of the array `field` is one of `array`.
            {{{access}}}func containedBy<Model, Element: Codable>(key field: ParseField<Model, [Element]>, array: [Element]) -> QueryConstraint {
                containedBy(key: field.name, array: array)
            }

            /// `field` has a value.
            {{{access}}}func exists<Model, Value>(key field: ParseField<Model, Value>) -> QueryConstraint {
                exists(key: field.name)
            }

            /// `field` has no value.
            {{{access}}}func doesNotExist<Model, Value>(key field: ParseField<Model, Value>) -> QueryConstraint {
                doesNotExist(key: field.name)
            }

            /// The string `field` matches the regular expression `regex`.
            {{{access}}}func matchesRegex<Model>(key field: ParseField<Model, String>, regex: String, modifiers: String? = nil) -> QueryConstraint {
                matchesRegex(key: field.name, regex: regex, modifiers: modifiers)
            }

            /// The string `field` contains `substring`.
            {{{access}}}func containsString<Model>(key field: ParseField<Model, String>, substring: String, modifiers: String? = nil) -> QueryConstraint {
                containsString(key: field.name, substring: substring, modifiers: modifiers)
            }

            /// The string `field` starts with `prefix`.
            {{{access}}}func hasPrefix<Model>(key field: ParseField<Model, String>, prefix: String, modifiers: String? = nil) -> QueryConstraint {
                hasPrefix(key: field.name, prefix: prefix, modifiers: modifiers)
            }

            /// The string `field` ends with `suffix`.
            {{{access}}}func hasSuffix<Model>(key field: ParseField<Model, String>, suffix: String, modifiers: String? = nil) -> QueryConstraint {
                hasSuffix(key: field.name, suffix: suffix, modifiers: modifiers)
            }

            /// Full-text search of the string `field`.
            {{{access}}}func matchesText<Model>(key field: ParseField<Model, String>, text: String) -> QueryConstraint {
                matchesText(key: field.name, text: text)
            }

            /// The geopoint `field`, nearest to `geoPoint` first.
            {{{access}}}func near<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint) -> QueryConstraint {
                near(key: field.name, geoPoint: geoPoint)
            }

            /// The geopoint `field` within `distance` miles of `geoPoint`.
            {{{access}}}func withinMiles<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,
                                                distance: Double, sorted: Bool = true) -> [QueryConstraint] {
                withinMiles(key: field.name, geoPoint: geoPoint, distance: distance, sorted: sorted)
            }

            /// The geopoint `field` within `distance` kilometres of `geoPoint`.
            {{{access}}}func withinKilometers<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,
                                                     distance: Double, sorted: Bool = true) -> [QueryConstraint] {
                withinKilometers(key: field.name, geoPoint: geoPoint, distance: distance, sorted: sorted)
            }

            /// The geopoint `field` within `distance` radians of `geoPoint`.
            {{{access}}}func withinRadians<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,
                                                  distance: Double, sorted: Bool = true) -> [QueryConstraint] {
                withinRadians(key: field.name, geoPoint: geoPoint, distance: distance, sorted: sorted)
            }

            /// The geopoint `field` inside the box between two corners.
            {{{access}}}func withinGeoBox<Model>(key field: ParseField<Model, ParseGeoPoint>, fromSouthWest southwest: ParseGeoPoint,
                                                 toNortheast northeast: ParseGeoPoint) -> QueryConstraint {
                withinGeoBox(key: field.name, fromSouthWest: southwest, toNortheast: northeast)
            }

            /// The geopoint `field` inside the polygon through `points`.
            {{{access}}}func withinPolygon<Model>(key field: ParseField<Model, ParseGeoPoint>, points: [ParseGeoPoint]) -> QueryConstraint {
                withinPolygon(key: field.name, points: points)
            }

            /// The polygon `field` contains `point`.
            {{{access}}}func polygonContains<Model>(key field: ParseField<Model, ParsePolygon>, point: ParseGeoPoint) -> QueryConstraint {
                polygonContains(key: field.name, point: point)
            }

            /// Objects in the relation `field` of `object` (in a query over the relation's target class).
            {{{access}}}func related<Owner: ParseObject, Target>(key field: ParseRelationField<Owner, Target>, object: Owner) throws -> QueryConstraint {
                try related(key: field.name, object: object)
            }

            extension Query {
                /// Returns the objects the given pointer fields point to whole; the compiler checks that
                /// each is a pointer field of `T`.
                {{{access}}}func include<each Target: ParseObject>(_ fields: repeat ParseField<T, each Target>) -> Query<T> {
                    var names: [String] = []
                    repeat names.append((each fields).name)
                    return include(names)
                }

                /// Returns the objects an array-of-pointers field holds whole.
                {{{access}}}func include<Target: ParseObject>(_ field: ParseField<T, [Target]>) -> Query<T> {
                    include([field.name])
                }

                /// Returns only the given fields of `T` (and the built-in ones).
                {{{access}}}func select<each Value>(_ fields: repeat ParseField<T, each Value>) -> Query<T> {
                    var names: [String] = []
                    repeat names.append((each fields).name)
                    return select(names)
                }

                /// Returns every field of `T` but the given ones.
                {{{access}}}func exclude<each Value>(_ fields: repeat ParseField<T, each Value>) -> Query<T> {
                    var names: [String] = []
                    repeat names.append((each fields).name)
                    return exclude(names)
                }
            }

            extension Query.Order {
                /// Ascending by `field`.
                {{{access}}}static func ascending<Value>(_ field: ParseField<T, Value>) -> Self {
                    .ascending(field.name)
                }

                /// Descending by `field`.
                {{{access}}}static func descending<Value>(_ field: ParseField<T, Value>) -> Self {
                    .descending(field.name)
                }
            }

            """####,
    ]
}
