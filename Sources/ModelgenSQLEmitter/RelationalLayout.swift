import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema

/// The `relational` layout: a table per class with Parse's `objectId` as primary key, typed
/// columns with NOT NULL, DEFAULT and CHECK from the schema, foreign keys for pointers, and a
/// join table per relation; built for teams that keep their data in SQL.
struct RelationalLayout {
    let schema: Schema

    /// The tables in declaration order (the script orders them by their foreign keys): a
    /// table per class, then a join table per relation.
    func tables(_ detail: SQLTableDetail = .full) -> SQLTableList {
        let entries = SQLClassSet(schema: schema).entries
        let relations = entries.flatMap { $0.relations(builtinFields: $0.builtin?.predefinedFields ?? []) }
        return SQLTableList(count: entries.count + relations.count) { [self, relations] index in
            index < entries.count ? classTable(entries[index], detail) : joinTable(relations[index - entries.count])
        }
    }

    /// The fields with a column or a join table: all of the built-in class's, then the declared.
    private static func forEachField(of entry: SQLClassSet.Entry,
                                     _ body: (_ name: String, _ type: FieldType, _ definition: FieldDefinition?) -> Void) {
        entry.forEachField(builtinFields: entry.builtin?.predefinedFields ?? [], body)
    }

    /// How many there are.
    private static func fieldCount(of entry: SQLClassSet.Entry) -> Int {
        (entry.builtin?.predefinedFields.count ?? 0) + entry.declaredFields.count
    }

    private func classTable(_ entry: SQLClassSet.Entry, _ detail: SQLTableDetail) -> SQLTable {
        var table = SQLTable(name: entry.name,
                             description: entry.description ?? entry.builtin.map(SQLClassSet.builtinDescription),
                             location: entry.location, origin: .classTable(className: entry.name))
        if detail == .full {
            table.elements = [
                .column(SQLColumn(name: "objectId", type: .text, notNull: true)),
                .column(SQLColumn(name: "createdAt", type: .timestamp, notNull: true, defaultValue: .now)),
                .column(SQLColumn(name: "updatedAt", type: .timestamp, notNull: true, defaultValue: .now)),
                .column(SQLColumn(name: "ACL", type: .json, checks: [.jsonValid, .jsonType("object")])),
            ]
            // Sized once: the four implicit columns, the fields, the primary key.
            table.elements.reserveCapacity(table.elements.count + Self.fieldCount(of: entry) + 1)
        }
        Self.forEachField(of: entry) { name, type, definition in
            switch type {
            case .inverse, .relation:
                return
            case .pointer(let target):
                if detail == .full { table.elements.append(.column(column(name, type, definition))) }
                let rule = definition?.onDelete ?? (definition?.isRequired == true ? .restrict : .setNull)
                table.foreignKeys.append(SQLForeignKey(name: SQLSyntax.derivedName([entry.name, name, "fkey"]),
                                                       column: name, target: target, targetColumn: "objectId",
                                                       onDelete: rule, location: definition?.location))
            case .scalar(.geopoint), .scalar(.polygon):
                table.elements.append(.column(column(name, type, definition)))
            default:
                if detail == .full { table.elements.append(.column(column(name, type, definition))) }
            }
        }
        table.elements.append(.primaryKey(["objectId"]))
        addIndexes(to: &table, entry: entry)
        return table
    }

    // MARK: Columns

    private func column(_ name: String, _ type: FieldType, _ field: FieldDefinition?) -> SQLColumn {
        var column = SQLColumn(name: name, type: .text, notNull: field?.isRequired ?? false,
                               description: field?.description, location: field?.location)
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .string:
                column.type = .text
                if field?.minLength != nil || field?.maxLength != nil {
                    column.checks = [.length(min: field?.minLength, max: field?.maxLength)]
                }
            case .int, .double, .float:
                column.type = scalar == .int ? .bigint : scalar == .double ? .double : .real
                if field?.min != nil || field?.max != nil { column.checks = [.range(min: field?.min, max: field?.max)] }
            case .bool:
                column.type = .boolean
                column.checks = [.boolean]
            case .date: column.type = .timestamp
            case .bytes: column.type = .bytes
            case .file: column.type = .text
            case .geopoint:
                column.type = .point
                column.checks = [.jsonValid, .jsonType("object")]
            case .polygon:
                column.type = .polygon
                column.checks = [.jsonValid, .jsonType("array")]
            case .object:
                column.type = .json
                column.checks = [.jsonValid]
            }
        case .enumeration(let name):
            let definition = schema.enumDefinition(named: name)
            column.type = definition?.rawType == .int ? .bigint : .text
            column.checks = [.oneOf(definition?.cases.map { Self.literal($0.rawValue) } ?? [])]
        case .embedded, .map:
            column.type = .json
            column.checks = [.jsonValid, .jsonType("object")]
        case .array:
            column.type = .json
            // Each column's checks are one array literal: appending to an array grows it.
            if field?.minCount != nil || field?.maxCount != nil {
                column.checks = [.jsonValid, .jsonType("array"), .count(min: field?.minCount, max: field?.maxCount)]
            } else {
                column.checks = [.jsonValid, .jsonType("array")]
            }
        case .pointer:
            column.type = .text
        case .relation, .inverse:
            break
        }
        column.defaultValue = field?.defaultValue.map { defaultLiteral($0, type: type) }
        return column
    }

    private func defaultLiteral(_ value: DefaultValue, type: FieldType) -> SQLLiteral {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .date(let iso): return .timestamp(iso)
        case .enumCase(let name):
            guard case .enumeration(let enumName) = type,
                  let item = schema.enumDefinition(named: enumName)?.cases.first(where: { $0.name == name })
            else { return .string(name) }
            return Self.literal(item.rawValue)
        }
    }

    static func literal(_ raw: EnumDefinition.RawValue) -> SQLLiteral {
        switch raw {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        }
    }

    // MARK: Join tables

    private func joinTable(_ relation: SQLClassSet.Relation) -> SQLTable {
        let (owner, field, target, definition) = (relation.owner, relation.field, relation.target, relation.definition)
        let name = NamingRules.parseJoinTableName(className: owner, field: field)
        let description = definition?.description ?? "Relation '\(field)' of \(owner): the \(target) objects each \(owner) links to."
        var table = SQLTable(name: name, description: description, location: definition?.location,
                             origin: .joinTable(field: field, className: owner))
        table.elements = [
            .column(SQLColumn(name: "owningId", type: .text, notNull: true)),
            .column(SQLColumn(name: "relatedId", type: .text, notNull: true)),
            .primaryKey(["owningId", "relatedId"]),
        ]
        table.foreignKeys = [
            SQLForeignKey(name: SQLSyntax.derivedName([name, "owningId", "fkey"]), column: "owningId", target: owner,
                          targetColumn: "objectId", onDelete: .cascade, location: definition?.location),
            SQLForeignKey(name: SQLSyntax.derivedName([name, "relatedId", "fkey"]), column: "relatedId", target: target,
                          targetColumn: "objectId", onDelete: .cascade, location: definition?.location),
        ]
        table.addIndex(SQLIndex(name: SQLSyntax.derivedName([name, "relatedId", "idx"]), keys: [.column("relatedId")],
                                location: definition?.location, origin: .relatedSideIndex(joinTable: name)))
        return table
    }

    // MARK: Indexes

    private func addIndexes(to table: inout SQLTable, entry: SQLClassSet.Entry) {
        let name = entry.name
        let spatial = table.spatialColumns
        // Parse Server keeps these unique; the relational layout does the same.
        let builtinUnique: [String] = switch entry.builtin {
        case .user: ["username", "email"]
        case .role: ["name"]
        default: []
        }
        for field in builtinUnique {
            table.addIndex(SQLIndex(name: NamingRules.parseUniqueIndexName(className: name, field: field), keys: [.column(field)],
                                    isUnique: true, location: entry.location, origin: .uniqueIndexOfBuiltinField(className: name, field: field)))
        }
        Self.addFieldIndexes(to: &table, of: entry, spatial: spatial)
        for index in entry.indexes {
            table.addIndex(SQLIndex(name: index.name ?? Self.declaredIndexName(table: name, index: index),
                                    keys: index.fields.map { .column($0) }, isUnique: index.isUnique,
                                    isSpatial: spatial.containsAny(of: index.fields),
                                    location: index.location, origin: .declaredIndex(fields: index.fields)))
        }
        for key in table.foreignKeys where !table.isLeadingColumn(key.column) {
            table.addIndex(SQLIndex(name: SQLSyntax.derivedName([name, key.column, "idx"]), keys: [.column(key.column)],
                                    location: key.location, origin: .foreignKeyIndex(column: key.column)))
        }
    }

    /// The indexes of the entry's fields marked `unique` (Parse's `<Class>_unique_<field>`), then
    /// of those marked `index` (`<Class>_<field>_idx`): the same in both layouts.
    static func addFieldIndexes(to table: inout SQLTable, of entry: SQLClassSet.Entry, spatial: SQLTable.SpatialColumns) {
        for field in entry.declaredFields where field.isUnique {
            table.addIndex(SQLIndex(name: NamingRules.parseUniqueIndexName(className: entry.name, field: field.name),
                                    keys: [.column(field.name)], isUnique: true, isSpatial: spatial.contains(field.name),
                                    location: field.location, origin: .uniqueIndexOfField(field.name)))
        }
        for field in entry.declaredFields where field.isIndexed {
            table.addIndex(SQLIndex(name: DerivedNames.fieldIndex(className: entry.name, field: field.name), keys: [.column(field.name)],
                                    isSpatial: spatial.contains(field.name),
                                    location: field.location, origin: .indexOfField(field.name)))
        }
    }

    /// The name of a declared index without `name` (``DerivedNames/declaredIndex(className:index:)``).
    static func declaredIndexName(table: String, index: IndexDefinition) -> String {
        DerivedNames.declaredIndex(className: table, index: index)
    }
}
