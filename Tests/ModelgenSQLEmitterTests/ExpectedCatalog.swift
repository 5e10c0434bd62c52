import ModelgenSchema
import ModelgenSQLEmitter

/// What the catalog must hold after a sample's script ran, derived from the schema by rules
/// written here independently of the emitter: they restate the tables of docs/SQL.md and, for
/// the parse-server layout, Parse Server 7's `PostgresStorageAdapter` and `SchemaController`.
struct ExpectedCatalog {
    let schema: Schema
    let layout: SQLOptions.Layout
    let dialect: SQLOptions.Dialect

    var catalog: Catalog {
        var catalog = Catalog()
        if layout == .parseServer {
            var table = Catalog.Table(name: "_SCHEMA")
            table.columns = [column("className", pg: "character varying(120)", sqlite: "TEXT"),
                             column("schema", pg: "jsonb", sqlite: "TEXT"),
                             column("isParseClass", pg: "boolean", sqlite: "INTEGER")]
            table.primaryKey = ["className"]
            catalog.tables[table.name] = finished(table)
        }
        for (name, definition, builtin) in classes() {
            var table = Catalog.Table(name: name)
            table.primaryKey = ["objectId"]
            switch layout {
            case .relational: relationalTable(&table, definition: definition, builtin: builtin, catalog: &catalog)
            case .parseServer: parseServerTable(&table, definition: definition, builtin: builtin, catalog: &catalog)
            }
            catalog.tables[name] = finished(table)
        }
        return catalog
    }

    /// Declared classes, then the built-in classes linked to (transitively) but not declared.
    private func classes() -> [(String, ClassDefinition?, BuiltinClass?)] {
        var result: [(String, ClassDefinition?, BuiltinClass?)] = schema.classes.map { ($0.name, $0, $0.builtin) }
        var changed = true
        while changed {
            changed = false
            var linked = Set<String>()
            for (_, definition, builtin) in result {
                let types = (definition?.fields.map(\.type) ?? []) + (builtin?.predefinedFields.map(\.type) ?? [])
                for type in types { Self.links(type).forEach { linked.insert($0) } }
            }
            for builtin in BuiltinClass.allCases where linked.contains(builtin.rawValue) && !result.contains(where: { $0.0 == builtin.rawValue }) {
                result.append((builtin.rawValue, nil, builtin))
                changed = true
            }
        }
        return result
    }

    private static func links(_ type: FieldType) -> [String] {
        switch type {
        case .pointer(let name), .relation(let name): return [name]
        case .array(let element), .map(let element): return links(element)
        default: return []
        }
    }

    private func column(_ name: String, pg: String, sqlite: String, notNull: Bool = false, hasDefault: Bool = false) -> Catalog.Column {
        Catalog.Column(name: name, type: dialect == .postgresql ? pg : sqlite, notNull: notNull, hasDefault: hasDefault)
    }

    /// PostgreSQL makes primary-key columns NOT NULL; SQLite keeps them as declared.
    private func finished(_ table: Catalog.Table) -> Catalog.Table {
        var table = table
        if dialect == .postgresql {
            for index in table.columns.indices where table.primaryKey.contains(table.columns[index].name) {
                table.columns[index].notNull = true
            }
        }
        return table
    }

    // MARK: Relational

    private func relationalTable(_ table: inout Catalog.Table, definition: ClassDefinition?, builtin: BuiltinClass?,
                                 catalog: inout Catalog) {
        table.columns = [column("objectId", pg: "text", sqlite: "TEXT", notNull: true),
                         column("createdAt", pg: "timestamp with time zone", sqlite: "TEXT", notNull: true, hasDefault: true),
                         column("updatedAt", pg: "timestamp with time zone", sqlite: "TEXT", notNull: true, hasDefault: true),
                         column("ACL", pg: "jsonb", sqlite: "TEXT")]
        table.checkedColumns.insert("ACL")
        var fields: [(String, FieldType, FieldDefinition?)] = (builtin?.predefinedFields ?? []).map { ($0.name, $0.type, nil) }
        fields += (definition?.fields ?? []).map { ($0.name, $0.type, $0) }
        for (name, type, field) in fields {
            switch type {
            case .inverse: continue
            case .relation(let target):
                var join = Catalog.Table(name: "_Join:\(name):\(table.name)")
                join.columns = [column("owningId", pg: "text", sqlite: "TEXT", notNull: true),
                                column("relatedId", pg: "text", sqlite: "TEXT", notNull: true)]
                join.primaryKey = ["owningId", "relatedId"]
                join.foreignKeys = [.init(column: "owningId", target: table.name, onDelete: "CASCADE"),
                                    .init(column: "relatedId", target: target, onDelete: "CASCADE")]
                join.indexes = [.init(columns: ["relatedId"], unique: false)]
                catalog.tables[join.name] = finished(join)
                continue
            case .pointer(let target):
                let rule = field?.onDelete ?? .setNull
                let action = switch rule {
                case .cascade: "CASCADE"
                case .setNull: "SET NULL"
                case .restrict: "RESTRICT"
                case .noAction: "NO ACTION"
                }
                table.foreignKeys.insert(.init(column: name, target: target, onDelete: action))
            default: break
            }
            let (pg, sqlite, checked) = relationalType(type, field: field)
            table.columns.append(column(name, pg: pg, sqlite: sqlite, notNull: field?.isRequired ?? false,
                                        hasDefault: field?.defaultValue != nil))
            if checked { table.checkedColumns.insert(name) }
        }
        switch builtin {
        case .user: table.indexes = [.init(columns: ["username"], unique: true), .init(columns: ["email"], unique: true)]
        case .role: table.indexes = [.init(columns: ["name"], unique: true)]
        default: break
        }
        for field in definition?.fields ?? [] {
            if field.isUnique { table.indexes.insert(.init(columns: [field.name], unique: true)) }
            if field.isIndexed { table.indexes.insert(.init(columns: [field.name], unique: false)) }
        }
        for index in definition?.indexes ?? [] { table.indexes.insert(.init(columns: index.fields, unique: index.isUnique)) }
        // Every foreign key is the first column of some index (or of the primary key).
        for key in table.foreignKeys where table.primaryKey.first != key.column && !table.indexes.contains(where: { $0.columns.first == key.column }) {
            table.indexes.insert(.init(columns: [key.column], unique: false))
        }
    }

    /// The column types of docs/SQL.md (relational layout), and whether a CHECK guards the column.
    private func relationalType(_ type: FieldType, field: FieldDefinition?) -> (pg: String, sqlite: String, checked: Bool) {
        let sqliteOnly = dialect == .sqlite
        switch type {
        case .scalar(.string): return ("text", "TEXT", field?.minLength != nil || field?.maxLength != nil)
        case .scalar(.int): return ("bigint", "INTEGER", field?.min != nil || field?.max != nil)
        case .scalar(.double): return ("double precision", "REAL", field?.min != nil || field?.max != nil)
        case .scalar(.float): return ("real", "REAL", field?.min != nil || field?.max != nil)
        case .scalar(.bool): return ("boolean", "INTEGER", sqliteOnly)
        case .scalar(.date): return ("timestamp with time zone", "TEXT", false)
        case .scalar(.bytes): return ("bytea", "BLOB", false)
        case .scalar(.file): return ("text", "TEXT", false)
        case .scalar(.geopoint): return ("point", "TEXT", sqliteOnly)
        case .scalar(.polygon): return ("polygon", "TEXT", sqliteOnly)
        case .scalar(.object): return ("jsonb", "TEXT", sqliteOnly)
        case .enumeration(let name):
            return schema.enumDefinition(named: name)?.rawType == .int ? ("bigint", "INTEGER", true) : ("text", "TEXT", true)
        case .embedded, .array, .map: return ("jsonb", "TEXT", true)
        case .pointer: return ("text", "TEXT", false)
        case .relation, .inverse: return ("", "", false)
        }
    }

    // MARK: Parse Server

    /// `defaultColumns` of Parse Server 7's SchemaController, without `password`.
    private static func parseDefaultColumns(_ builtin: BuiltinClass?) -> [(String, FieldType)] {
        switch builtin {
        case .user: return [("username", .scalar(.string)), ("email", .scalar(.string)), ("emailVerified", .scalar(.bool)),
                            ("authData", .scalar(.object))]
        case .role: return [("name", .scalar(.string)), ("users", .relation("_User")), ("roles", .relation("_Role"))]
        case .session: return [("user", .pointer("_User")), ("installationId", .scalar(.string)), ("sessionToken", .scalar(.string)),
                               ("expiresAt", .scalar(.date)), ("createdWith", .scalar(.object))]
        case .installation:
            return ["installationId", "deviceToken", "channels", "deviceType", "pushType", "GCMSenderId", "timeZone",
                    "localeIdentifier", "badge", "appVersion", "appName", "appIdentifier", "parseVersion"].map { name in
                (name, name == "channels" ? .array(.scalar(.string)) : name == "badge" ? .scalar(.int) : .scalar(.string))
            }
        case nil: return []
        }
    }

    private func parseServerTable(_ table: inout Catalog.Table, definition: ClassDefinition?, builtin: BuiltinClass?,
                                  catalog: inout Catalog) {
        table.columns = [column("objectId", pg: "text", sqlite: "TEXT"),
                         column("createdAt", pg: "timestamp with time zone", sqlite: "TEXT"),
                         column("updatedAt", pg: "timestamp with time zone", sqlite: "TEXT")]
        let fields = Self.parseDefaultColumns(builtin) + (definition?.fields ?? []).map { ($0.name, $0.type) }
        for (name, type) in fields {
            switch type {
            case .inverse: continue
            case .relation:
                var join = Catalog.Table(name: "_Join:\(name):\(table.name)")
                join.columns = [column("relatedId", pg: "character varying(120)", sqlite: "TEXT"),
                                column("owningId", pg: "character varying(120)", sqlite: "TEXT")]
                join.primaryKey = ["relatedId", "owningId"]
                catalog.tables[join.name] = finished(join)
            default:
                let (pg, sqlite) = parseType(type)
                table.columns.append(column(name, pg: pg, sqlite: sqlite))
            }
        }
        table.columns += [column("_rperm", pg: "text[]", sqlite: "TEXT"), column("_wperm", pg: "text[]", sqlite: "TEXT")]
        if builtin == .user {
            let internalColumns: [(String, String, String)] = [
                ("_hashed_password", "text", "TEXT"),
                ("_email_verify_token_expires_at", "timestamp with time zone", "TEXT"), ("_email_verify_token", "text", "TEXT"),
                ("_account_lockout_expires_at", "timestamp with time zone", "TEXT"), ("_failed_login_count", "double precision", "REAL"),
                ("_perishable_token", "text", "TEXT"), ("_perishable_token_expires_at", "timestamp with time zone", "TEXT"),
                ("_password_changed_at", "timestamp with time zone", "TEXT"), ("_password_history", "jsonb", "TEXT"),
            ]
            table.columns += internalColumns.map { column($0.0, pg: $0.1, sqlite: $0.2) }
            let lower = dialect == .postgresql ? ["lower(username)"] : ["expr"]
            let lowerEmail = dialect == .postgresql ? ["lower(email)"] : ["expr"]
            table.indexes = [.init(columns: ["username"], unique: true), .init(columns: ["email"], unique: true),
                             .init(columns: lower, unique: false), .init(columns: lowerEmail, unique: false)]
        }
        if builtin == .role { table.indexes = [.init(columns: ["name"], unique: true)] }
        for field in definition?.fields ?? [] {
            if field.isUnique { table.indexes.insert(.init(columns: [field.name], unique: true)) }
            if field.isIndexed { table.indexes.insert(.init(columns: [field.name], unique: false)) }
        }
        for index in definition?.indexes ?? [] { table.indexes.insert(.init(columns: index.fields, unique: index.isUnique)) }
    }

    /// `parseTypeToPostgresType`, after modelgen's types become Parse's.
    private func parseType(_ type: FieldType) -> (pg: String, sqlite: String) {
        switch type {
        case .scalar(.string), .scalar(.file), .pointer: return ("text", "TEXT")
        case .scalar(.int), .scalar(.double), .scalar(.float): return ("double precision", "REAL")
        case .scalar(.bool): return ("boolean", "INTEGER")
        case .scalar(.date): return ("timestamp with time zone", "TEXT")
        case .scalar(.bytes), .scalar(.object), .embedded, .array, .map: return ("jsonb", "TEXT")
        case .scalar(.geopoint): return ("point", "TEXT")
        case .scalar(.polygon): return ("polygon", "TEXT")
        case .enumeration(let name):
            return schema.enumDefinition(named: name)?.rawType == .int ? ("double precision", "REAL") : ("text", "TEXT")
        case .relation, .inverse: return ("", "")
        }
    }
}
