import ModelgenDiagnostics
import ModelgenSchema

/// The `parse-server` layout: exactly the tables Parse Server's PostgreSQL adapter creates
/// (Parse Server 7, `PostgresStorageAdapter.createTable`), so a team can pre-create or audit
/// a Parse database. No NOT NULL, DEFAULT, CHECK or foreign keys: Parse Server checks values
/// itself. Columns come in the adapter's order: `objectId`, `createdAt`, `updatedAt`, the
/// class's default fields, the declared fields, `_rperm`/`_wperm`, and for `_User` the
/// internal fields the adapter adds.
struct ParseServerLayout {
    let schema: Schema

    /// `_SCHEMA`, where Parse Server keeps every class's schema, then the class tables, then
    /// the `_Join:<field>:<Class>` tables.
    func tables(_ detail: SQLTableDetail = .full) -> SQLTableList {
        let entries = SQLClassSet(schema: schema).entries
        let relations = entries.flatMap { $0.relations(builtinFields: Self.defaultFields($0.builtin)) }
        return SQLTableList(count: 1 + entries.count + relations.count) { [self, relations] index in
            if index == 0 { return schemaTable() }
            return index <= entries.count ? classTable(entries[index - 1], detail) : joinTable(relations[index - 1 - entries.count])
        }
    }

    private func classTable(_ entry: SQLClassSet.Entry, _ detail: SQLTableDetail) -> SQLTable {
        var table = SQLTable(name: entry.name, description: entry.description, location: entry.location,
                             origin: .classTable(className: entry.name))
        table.elements = [
            .column(SQLColumn(name: "objectId", type: .text)),
            .primaryKey(["objectId"]),
            .column(SQLColumn(name: "createdAt", type: .timestamp)),
            .column(SQLColumn(name: "updatedAt", type: .timestamp)),
        ]
        // As the adapter sees them: its default fields, then the declared ones.
        entry.forEachField(builtinFields: Self.defaultFields(entry.builtin)) { name, type, definition in
            switch type {
            case .inverse, .relation: return
            default:
                let fieldType = type
                let type = columnType(type)
                guard detail == .full || type.isSpatial else { return }
                table.elements.append(.column(SQLColumn(name: name, type: type, description: definition?.description,
                                                        location: definition?.location, meaning: meaning(of: fieldType))))
            }
        }
        table.elements.append(.column(SQLColumn(name: "_rperm", type: .textArray)))
        table.elements.append(.column(SQLColumn(name: "_wperm", type: .textArray)))
        if entry.builtin == .user {
            for (name, type) in Self.userInternalColumns {
                table.elements.append(.column(SQLColumn(name: name, type: type)))
            }
        }
        addIndexes(to: &table, entry: entry)
        return table
    }

    private func joinTable(_ relation: SQLClassSet.Relation) -> SQLTable {
        let name = NamingRules.parseJoinTableName(className: relation.owner, field: relation.field)
        var join = SQLTable(name: name, description: relation.definition?.description, location: relation.definition?.location,
                            origin: .joinTable(field: relation.field, className: relation.owner))
        join.elements = [.column(SQLColumn(name: "relatedId", type: .varchar(120))),
                         .column(SQLColumn(name: "owningId", type: .varchar(120))),
                         .primaryKey(["relatedId", "owningId"])]
        return join
    }

    /// `CREATE TABLE IF NOT EXISTS "_SCHEMA" ( "className" varChar(120), "schema" jsonb,
    /// "isParseClass" bool, PRIMARY KEY ("className") )`, which the adapter runs first.
    private func schemaTable() -> SQLTable {
        var table = SQLTable(name: "_SCHEMA", description: "Parse Server's own record of every class's schema.",
                             location: nil, origin: .text("Parse Server's '_SCHEMA' table"))
        table.elements = [.column(SQLColumn(name: "className", type: .varchar(120))),
                          .column(SQLColumn(name: "schema", type: .json)),
                          .column(SQLColumn(name: "isParseClass", type: .bool)),
                          .primaryKey(["className"])]
        return table
    }

    /// Parse's types in the adapter's spelling (`parseTypeToPostgresType`): Number is
    /// `double precision`, Object/Array/Bytes are `jsonb` (an Array's element type is not part
    /// of Parse's schema), Pointer and File are `text`.
    private func columnType(_ type: FieldType) -> SQLValueType {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .string, .file: return .text
            case .int, .double, .float: return .double
            case .bool: return .boolean
            case .date: return .timestamp
            case .bytes, .object: return .json
            case .geopoint: return .point
            case .polygon: return .polygon
            }
        case .enumeration(let name):
            return schema.enumDefinition(named: name)?.rawType == .int ? .double : .text
        case .embedded, .array, .map: return .json
        case .pointer, .relation, .inverse: return .text
        }
    }

    /// What a number column's values are: the adapter stores `int` and `float` as `double
    /// precision` too, and a migration between them still checks the values.
    private func meaning(of type: FieldType) -> SQLValueKind? {
        switch type {
        case .scalar(.int): return .int
        case .scalar(.float): return .float
        case .enumeration(let name): return schema.enumDefinition(named: name)?.rawType == .int ? .int : nil
        default: return nil
        }
    }

    /// A built-in class's default fields as Parse Server 7 defines them (`defaultColumns` in
    /// `SchemaController.js`), without `password`, which the adapter stores as `_hashed_password`.
    static func defaultFields(_ builtin: BuiltinClass?) -> [BuiltinClass.PredefinedField] {
        guard let builtin else { return [] }
        let predefined = builtin.predefinedFields
        switch builtin {
        case .user: return predefined.filter { $0.name != "password" }
        // Parse Server 7 has no `restricted` column; modelgen's model keeps it for the SDKs.
        case .session: return predefined.filter { $0.name != "restricted" }
        case .role, .installation: return predefined
        }
    }

    /// What the adapter adds to `_User` after `_rperm` and `_wperm`.
    static let userInternalColumns: [(String, SQLValueType)] = [
        ("_hashed_password", .text),
        ("_email_verify_token_expires_at", .timestamp), ("_email_verify_token", .text),
        ("_account_lockout_expires_at", .timestamp), ("_failed_login_count", .double),
        ("_perishable_token", .text), ("_perishable_token_expires_at", .timestamp),
        ("_password_changed_at", .timestamp), ("_password_history", .json),
    ]

    /// The column of a field in the adapter's table: `password` lives in `_hashed_password`;
    /// `nil` for a field the adapter has no column for.
    static func columnName(of field: String, in builtin: BuiltinClass?) -> String? {
        switch (builtin, field) {
        case (.user, "password"): return "_hashed_password"
        case (.session, "restricted"): return nil
        default: return field
        }
    }

    // MARK: Indexes

    private func addIndexes(to table: inout SQLTable, entry: SQLClassSet.Entry) {
        let name = entry.name
        let spatial = table.spatialColumns
        // What Parse Server creates at start-up (`DatabaseController.performInitialization`).
        switch entry.builtin {
        case .user:
            table.addIndex(SQLIndex(name: "_User_unique_username", keys: [.column("username")], isUnique: true,
                                    location: entry.location, origin: .text("Parse Server's unique index of '_User.username'")))
            table.addIndex(SQLIndex(name: "case_insensitive_username", keys: [.lowercased("username")],
                                    location: entry.location, origin: .text("Parse Server's case-insensitive index of '_User.username'")))
            table.addIndex(SQLIndex(name: "case_insensitive_email", keys: [.lowercased("email")],
                                    location: entry.location, origin: .text("Parse Server's case-insensitive index of '_User.email'")))
            table.addIndex(SQLIndex(name: "_User_unique_email", keys: [.column("email")], isUnique: true,
                                    location: entry.location, origin: .text("Parse Server's unique index of '_User.email'")))
        case .role:
            table.addIndex(SQLIndex(name: "_Role_unique_name", keys: [.column("name")], isUnique: true,
                                    location: entry.location, origin: .text("Parse Server's unique index of '_Role.name'")))
        default:
            break
        }
        // `ensureUniqueness`: CREATE UNIQUE INDEX IF NOT EXISTS "<Class>_unique_<field>".
        RelationalLayout.addFieldIndexes(to: &table, of: entry, spatial: spatial)
        // `createIndexes`: CREATE INDEX IF NOT EXISTS "<name>" ON "<Class>" (<fields>).
        for index in entry.indexes {
            let columns = index.fields.compactMap { Self.columnName(of: $0, in: entry.builtin) }
            guard columns.count == index.fields.count else { continue }
            table.addIndex(SQLIndex(name: index.name ?? RelationalLayout.declaredIndexName(table: name, index: index),
                                    keys: columns.map { .column($0) }, isUnique: index.isUnique,
                                    isSpatial: spatial.containsAny(of: columns),
                                    location: index.location, origin: .declaredIndex(fields: index.fields)))
        }
    }
}
