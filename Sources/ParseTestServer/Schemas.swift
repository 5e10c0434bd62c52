// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// What the schema API keeps beyond the field types: per field `required` and `defaultValue`,
/// per class the class-level permissions and the indexes made through `/schemas`.
struct ClassSchemaExtras: Sendable {
    var fieldOptions: [String: [String: JSON]] = [:]
    var classLevelPermissions: [String: JSON]?
    var indexes: [String: JSON] = [:]
}

/// `/schemas` as Parse Server's SchemasRouter answers it, master key only.
extension Routes {
    static let defaultFields: [String: FieldType] = ["objectId": .string, "createdAt": .date, "updatedAt": .date, "ACL": .acl]
    static let publicPermissions: JSON = [
        "find": ["*": true], "count": ["*": true], "get": ["*": true], "create": ["*": true],
        "update": ["*": true], "delete": ["*": true], "addField": ["*": true], "protectedFields": ["*": []],
    ]

    func schemaRoute(_ request: IncomingRequest, caller: Caller, store: inout Store) throws(ParseFailure) -> ServerAnswer {
        guard caller.isMaster else {
            return .masterKeyRequired
        }
        let segments = request.segments
        if segments.count == 1 {
            guard request.method == "GET" else { return ServerAnswer(status: 404, text: "Cannot \(request.method) /schemas") }
            let names = Set(store.schema.keys).union(store.schemaExtras.keys).sorted()
            return ServerAnswer(status: 200, json: ["results": .array(names.map { Self.describe($0, store) })])
        }
        let className = segments[1]
        let exists = store.schema[className] != nil || store.schemaExtras[className] != nil
        switch request.method {
        case "GET":
            guard exists else { throw ParseFailure(103, "Class \(className) does not exist.") }
            return ServerAnswer(status: 200, json: Self.describe(className, store))
        case "POST":
            let body = try bodyObject(request.body)
            try Self.checkName(body, className)
            guard Store.isValidClassName(className) else { throw ParseFailure(103, "Invalid classname: \(className)") }
            guard !exists else { throw ParseFailure(103, "Class \(className) already exists.") }
            store.schema[className] = store.schema[className] ?? [:]
            store.schemaExtras[className] = ClassSchemaExtras()
            try Self.apply(body, to: className, store: &store)
            return ServerAnswer(status: 200, json: Self.describe(className, store))
        case "PUT":
            let body = try bodyObject(request.body)
            try Self.checkName(body, className)
            guard exists else { throw ParseFailure(103, "Class \(className) does not exist.") }
            try Self.apply(body, to: className, store: &store)
            return ServerAnswer(status: 200, json: Self.describe(className, store))
        case "DELETE":
            let count = store.classes[className]?.count ?? 0
            guard count == 0 else {
                throw ParseFailure(255, "Class \(className) is not empty, contains \(count) objects, cannot drop schema.")
            }
            store.schema.removeValue(forKey: className)
            store.schemaExtras.removeValue(forKey: className)
            store.relations = store.relations.filter { $0.key.ownerClass != className }
            return ServerAnswer(status: 200, json: [:])
        default:
            return ServerAnswer(status: 404, text: "Cannot \(request.method) /schemas/\(className)")
        }
    }

    private static func checkName(_ body: [String: JSON], _ className: String) throws(ParseFailure) {
        if let named = body["className"]?.stringValue, named != className {
            throw ParseFailure(103, "Class name mismatch between \(named) and \(className).")
        }
    }

    /// Applies the `fields`, `indexes` and `classLevelPermissions` of a POST or PUT body.
    private static func apply(_ body: [String: JSON], to className: String, store: inout Store) throws(ParseFailure) {
        var extras = store.schemaExtras[className] ?? ClassSchemaExtras()
        for (name, value) in (body["fields"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            let current = store.schema[className]?[name]
            if value["__op"]?.stringValue == "Delete" {
                if defaultFields[name] != nil { throw ParseFailure(136, "field \(name) cannot be changed") }
                guard current != nil else { throw ParseFailure(255, "Field \(name) does not exist, cannot delete.") }
                store.schema[className]?.removeValue(forKey: name)
                extras.fieldOptions.removeValue(forKey: name)
                for id in store.classes[className]?.keys.sorted() ?? [] {
                    store.classes[className]?[id]?.fields.removeValue(forKey: name)
                }
                store.relations = store.relations.filter { !($0.key.ownerClass == className && $0.key.key == name) }
                continue
            }
            guard let typeName = value["type"]?.stringValue else { throw ParseFailure(107, "invalid field type for \(name)") }
            let type = FieldType(name: typeName, targetClass: value["targetClass"]?.stringValue)
            if defaultFields[name] != nil { throw ParseFailure(136, "field \(name) cannot be changed") }
            if let current, current != type { throw ParseFailure(255, "Field \(name) exists, cannot update.") }
            store.schema[className, default: [:]][name] = type
            var options: [String: JSON] = [:]
            if let required = value["required"] { options["required"] = required }
            if let defaultValue = value["defaultValue"] { options["defaultValue"] = defaultValue }
            extras.fieldOptions[name] = options
        }
        for (name, value) in (body["indexes"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            if value["__op"]?.stringValue == "Delete" {
                guard extras.indexes.removeValue(forKey: name) != nil else {
                    throw ParseFailure(102, "Index \(name) does not exist, cannot delete.")
                }
                continue
            }
            guard extras.indexes[name] == nil else { throw ParseFailure(102, "Index \(name) exists, cannot update.") }
            for field in (value.objectValue ?? [:]).keys.sorted() where store.schema[className]?[field] == nil && defaultFields[field] == nil {
                throw ParseFailure(102, "Field \(field) does not exist, cannot add index.")
            }
            extras.indexes[name] = value
        }
        if let permissions = body["classLevelPermissions"]?.objectValue {
            extras.classLevelPermissions = permissions
        }
        store.schemaExtras[className] = extras
    }

    /// A class as `GET /schemas` shows it.
    static func describe(_ className: String, _ store: Store) -> JSON {
        let extras = store.schemaExtras[className] ?? ClassSchemaExtras()
        var fields: [String: JSON] = [:]
        for (name, type) in defaultFields.merging(store.schema[className] ?? [:], uniquingKeysWith: { first, _ in first }) {
            var field: [String: JSON] = ["type": .string(type.name)]
            if let target = type.targetClass { field["targetClass"] = .string(target) }
            field.merge(extras.fieldOptions[name] ?? [:]) { _, new in new }
            fields[name] = .object(field)
        }
        var answer: [String: JSON] = [
            "className": .string(className), "fields": .object(fields),
            "classLevelPermissions": extras.classLevelPermissions.map(JSON.object) ?? publicPermissions,
        ]
        if !extras.indexes.isEmpty {
            answer["indexes"] = .object(extras.indexes.merging(["_id_": ["_id": 1]]) { current, _ in current })
        }
        return .object(answer)
    }
}
#endif
