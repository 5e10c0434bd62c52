#if LocalStore
import ParseRuntime

/// A ``LocalSchema`` looked up by name: each class's columns in table order, its relations, and
/// the pointers of other classes that name it (what a delete must follow).
struct StoreSchema: Sendable {
    /// One class as the store reads and writes it.
    struct Table: Sendable {
        let name: String
        /// The fields with a column, in the table's column order.
        let columns: [LocalSchema.Field]
        /// The relation fields: each a join table.
        let relations: [LocalSchema.Field]
        let fieldsByName: [String: LocalSchema.Field]
        /// The column list every read selects: the four built-in columns, then ``columns``.
        let selectList: String
        /// ``serverCopyUpsert(keeping:)`` with nothing kept, the statement of almost every
        /// object a pull stores, written once.
        private let serverCopyUpsertAll: String

        init(_ definition: LocalSchema.Class) {
            name = definition.name
            columns = definition.fields.filter { if case .relation = $0.kind { false } else { true } }
            relations = definition.fields.filter { if case .relation = $0.kind { true } else { false } }
            fieldsByName = Dictionary(definition.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            selectList = (Self.builtinColumns + columns.map(\.name)).map(SQL.identifier).joined(separator: ", ")
            serverCopyUpsertAll = Self.upsert(name, setting: Self.builtinColumns + columns.map(\.name))
        }

        /// The statement that stores the server's copy of an object: inserted when new,
        /// otherwise every column set but those in `keeping` (fields with local changes not yet
        /// pushed). Its arguments are the columns' values in ``selectList``'s order, less the
        /// kept ones.
        func serverCopyUpsert(keeping: Set<String>) -> String {
            guard !keeping.isEmpty else { return serverCopyUpsertAll }
            let settable = ["ACL"] + columns.map(\.name)
            return Self.upsert(name, setting: ["objectId", "createdAt", "updatedAt"] + settable.filter { !keeping.contains($0) })
        }

        private static func upsert(_ table: String, setting names: [String]) -> String {
            let columns = names.map(SQL.identifier)
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            return "INSERT INTO \(SQL.identifier(table)) (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) "
                + "ON CONFLICT(\"objectId\") DO UPDATE SET \(updates)"
        }

        /// The columns every class table has, first.
        static let builtinColumns = ["objectId", "createdAt", "updatedAt", "ACL"]

        /// The join table of the relation `field` of this class.
        func joinTable(_ field: String) -> String {
            "_Join:\(field):\(name)"
        }
    }

    /// A pointer of one class to another, with its delete rule.
    struct IncomingPointer: Sendable {
        let className: String
        let field: String
        let rule: LocalSchema.DeleteRule
    }

    /// A relation that can hold objects of a class, from its owner's side.
    struct IncomingRelation: Sendable {
        let ownerClass: String
        let field: String
    }

    let schema: LocalSchema
    let tables: [String: Table]
    /// By target class: the pointers that name it.
    let incomingPointers: [String: [IncomingPointer]]
    /// By target class: the relations that can hold it.
    let incomingRelations: [String: [IncomingRelation]]

    init(_ schema: LocalSchema) {
        self.schema = schema
        var tables: [String: Table] = [:]
        var pointers: [String: [IncomingPointer]] = [:]
        var relations: [String: [IncomingRelation]] = [:]
        for definition in schema.classes {
            tables[definition.name] = Table(definition)
            for field in definition.fields {
                switch field.kind {
                case .pointer(let target, let rule):
                    pointers[target, default: []].append(IncomingPointer(className: definition.name, field: field.name, rule: rule))
                case .relation(let target):
                    relations[target, default: []].append(IncomingRelation(ownerClass: definition.name, field: field.name))
                default:
                    break
                }
            }
        }
        self.tables = tables
        incomingPointers = pointers
        incomingRelations = relations
    }

    /// The table of `className`, or a typed error naming it.
    func table(_ className: String) throws(LocalStoreError) -> Table {
        guard let table = tables[className] else {
            throw LocalStoreError(.unknownField, className: className, field: nil,
                                  message: "the local schema '\(schema.name)' has no such class.")
        }
        return table
    }
}

/// SQL text: quoted identifiers.
enum SQL {
    /// `name` as a quoted SQLite identifier (`"` doubled).
    static func identifier(_ name: String) -> String {
        // Names rarely hold a quote; the common case skips `replacingOccurrences`, which goes
        // through NSString on Linux and was a tenth of a bulk save.
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
#endif
