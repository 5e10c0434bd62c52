import Foundation

/// A class's schema as Parse Server describes it at `/schemas`: its fields with their types,
/// its class-level permissions and its indexes.
public struct ParseSchema: Codable, Sendable, Hashable {
    /// The class name (`Book`, `_User`).
    public var className: String
    /// The fields by name, built-in ones (`objectId`, `createdAt`, `updatedAt`, `ACL`) included
    /// in what the server answers.
    public var fields: [String: ParseSchemaField]
    /// The class-level permissions, as Parse writes them (`{"find":{"*":true},…}`); `nil` to
    /// leave them as they are.
    public var classLevelPermissions: [String: JSONValue]?
    /// The indexes by name, each a map from field to `1`, `-1` or `"text"`; `nil` when none.
    ///
    /// - Important: a JSON object's key order is lost when it is read, so the fields of a
    ///   compound index read from the server come without their order. Give a compound
    ///   index to ``ParseClient/createSchema(_:indexes:options:)`` as a ``ParseSchemaIndex``,
    ///   or add it with ``ParseSchemaUpdate/addIndex(_:on:)``: both send its fields in order.
    public var indexes: [String: [String: JSONValue]]?

    /// A schema.
    /// - Parameters:
    ///   - className: The class name.
    ///   - fields: The fields by name.
    ///   - classLevelPermissions: The class-level permissions.
    ///   - indexes: The indexes by name.
    public init(className: String, fields: [String: ParseSchemaField] = [:],
                classLevelPermissions: [String: JSONValue]? = nil, indexes: [String: [String: JSONValue]]? = nil) {
        self.className = className
        self.fields = fields
        self.classLevelPermissions = classLevelPermissions
        self.indexes = indexes
    }
}

/// One field of a ``ParseSchema``: `{"type":"Pointer","targetClass":"Genre","required":true}`.
public struct ParseSchemaField: Codable, Sendable, Hashable {
    /// A Parse field type.
    public enum FieldType: Sendable, Hashable {
        case string, number, boolean, date, object, array, file, geoPoint, polygon, bytes, acl
        /// A pointer to objects of a class.
        case pointer(to: String)
        /// A relation to objects of a class.
        case relation(to: String)
        /// A type this library does not know, by its Parse name.
        case other(String)

        /// Parse's name of the type (`String`, `GeoPoint`, `Pointer`...).
        public var name: String {
            switch self {
            case .string: "String"
            case .number: "Number"
            case .boolean: "Boolean"
            case .date: "Date"
            case .object: "Object"
            case .array: "Array"
            case .file: "File"
            case .geoPoint: "GeoPoint"
            case .polygon: "Polygon"
            case .bytes: "Bytes"
            case .acl: "ACL"
            case .pointer: "Pointer"
            case .relation: "Relation"
            case .other(let name): name
            }
        }

        /// The class a pointer or relation leads to.
        public var targetClass: String? {
            switch self {
            case .pointer(let target), .relation(let target): target
            default: nil
            }
        }

        static func named(_ name: String, targetClass: String?) -> FieldType {
            let simple: [FieldType] = [.string, .number, .boolean, .date, .object, .array, .file, .geoPoint, .polygon, .bytes, .acl]
            if let known = simple.first(where: { $0.name == name }) { return known }
            switch (name, targetClass) {
            case ("Pointer", let target?): return .pointer(to: target)
            case ("Relation", let target?): return .relation(to: target)
            default: return .other(name)
            }
        }
    }

    /// The type.
    public var type: FieldType
    /// Whether a value is required; `nil` when the server does not say.
    public var required: Bool?
    /// The default value, in Parse JSON; `nil` for none.
    public var defaultValue: JSONValue?

    /// A field.
    /// - Parameters:
    ///   - type: The type.
    ///   - required: Whether a value is required.
    ///   - defaultValue: The default value, in Parse JSON.
    public init(_ type: FieldType, required: Bool? = nil, defaultValue: JSONValue? = nil) {
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
    }

    private enum CodingKeys: String, CodingKey {
        case type, targetClass, required, defaultValue
    }

    /// Reads `{"type":…,"targetClass":…,"required":…,"defaultValue":…}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .type)
        type = FieldType.named(name, targetClass: try container.decodeIfPresent(String.self, forKey: .targetClass))
        required = try container.decodeIfPresent(Bool.self, forKey: .required)
        defaultValue = try container.decodeIfPresent(JSONValue.self, forKey: .defaultValue)
    }

    /// Writes the field as Parse Server reads it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type.name, forKey: .type)
        try container.encodeIfPresent(type.targetClass, forKey: .targetClass)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(defaultValue, forKey: .defaultValue)
    }
}

/// Changes to one class's schema, sent as one `PUT /schemas/<class>`: fields and indexes to
/// add or delete, and class-level permissions to replace.
///
/// ```swift
/// let change = ParseSchemaUpdate()
///     .addField("population", .number)
///     .deleteField("nickname")
///     .addIndex("name_population", on: ["name", "population"])
/// ```
public struct ParseSchemaUpdate: Sendable, Hashable {
    /// One field of an index and its order: `1` (ascending), `-1` (descending) or `"text"`.
    public struct IndexKey: Sendable, Hashable {
        public var field: String
        public var order: JSONValue

        /// A key of an index.
        public init(_ field: String, _ order: JSONValue = 1) {
            self.field = field
            self.order = order
        }
    }

    /// The fields to add (a field) or delete (`nil`), by name.
    public private(set) var fields: [String: ParseSchemaField?] = [:]
    /// The indexes to add (their keys, in order) or delete (`nil`), by name.
    public private(set) var indexes: [String: [IndexKey]?] = [:]
    /// The class-level permissions that replace the stored ones, if any.
    public private(set) var classLevelPermissions: [String: JSONValue]?

    /// No change yet.
    public init() {}

    /// Adds a field. A field of that name with another type is an error (255); delete it first.
    public func addField(_ name: String, _ type: ParseSchemaField.FieldType, required: Bool? = nil,
                         defaultValue: JSONValue? = nil) -> Self {
        var update = self
        update.fields[name] = .some(ParseSchemaField(type, required: required, defaultValue: defaultValue))
        return update
    }

    /// Deletes a field with all its values (and a relation's links): `{"__op":"Delete"}`.
    public func deleteField(_ name: String) -> Self {
        var update = self
        update.fields[name] = .some(nil)
        return update
    }

    /// Adds an index over `fields`, each ascending, in the order given.
    public func addIndex(_ name: String, on fields: [String]) -> Self {
        addIndex(name, keys: fields.map { IndexKey($0) })
    }

    /// Adds an index with the given keys, in order.
    public func addIndex(_ name: String, keys: [IndexKey]) -> Self {
        var update = self
        update.indexes[name] = .some(keys)
        return update
    }

    /// Deletes an index: `{"__op":"Delete"}`.
    public func deleteIndex(_ name: String) -> Self {
        var update = self
        update.indexes[name] = .some(nil)
        return update
    }

    /// Replaces the class-level permissions.
    public func setClassLevelPermissions(_ permissions: [String: JSONValue]) -> Self {
        var update = self
        update.classLevelPermissions = permissions
        return update
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { fields.isEmpty && indexes.isEmpty && classLevelPermissions == nil }

    /// The JSON body for `className`, with each index's keys in their order (a ``JSONValue``
    /// object would sort them).
    func body(className: String) throws -> Data {
        func text(_ json: JSONValue) throws -> String { String(decoding: try json.serialized(), as: UTF8.self) }
        let delete: JSONValue = ["__op": "Delete"]
        var members = ["\"className\":" + (try text(.string(className)))]
        if !fields.isEmpty {
            var encoded: [String: JSONValue] = [:]
            for (name, field) in fields {
                encoded[name] = try field.map { try ParseEncoder().encodeJSONValue($0, skipKeys: .none) } ?? delete
            }
            members.append("\"fields\":" + (try text(.object(encoded))))
        }
        if !indexes.isEmpty {
            members.append("\"indexes\":" + (try Self.indexesJSON(indexes.keys.sorted().map { ($0, indexes[$0] ?? nil) })))
        }
        if let classLevelPermissions {
            members.append("\"classLevelPermissions\":" + (try text(.object(classLevelPermissions))))
        }
        return Data(("{" + members.joined(separator: ",") + "}").utf8)
    }

    /// `{"name":{"field":1,…},…}` with each index's keys in their order (a ``JSONValue``
    /// object would sort them); `nil` keys are `{"__op":"Delete"}`.
    static func indexesJSON(_ indexes: [(name: String, keys: [IndexKey]?)]) throws -> String {
        func text(_ json: JSONValue) throws -> String { String(decoding: try json.serialized(), as: UTF8.self) }
        var entries: [String] = []
        for (name, keys) in indexes {
            let value: String
            if let keys {
                value = "{" + (try keys.map { try text(.string($0.field)) + ":" + (try text($0.order)) }).joined(separator: ",") + "}"
            } else {
                value = try text(["__op": "Delete"])
            }
            entries.append((try text(.string(name))) + ":" + value)
        }
        return "{" + entries.joined(separator: ",") + "}"
    }
}

/// An index of a class to create with it (``ParseClient/createSchema(_:indexes:options:)``):
/// its name and its keys, in order, as a compound index needs them.
public struct ParseSchemaIndex: Sendable, Hashable {
    public var name: String
    public var keys: [ParseSchemaUpdate.IndexKey]

    /// An index over `fields`, each ascending, in the order given.
    public init(_ name: String, on fields: [String]) {
        self.init(name, keys: fields.map { ParseSchemaUpdate.IndexKey($0) })
    }

    /// An index with the given keys, in order.
    public init(_ name: String, keys: [ParseSchemaUpdate.IndexKey]) {
        self.name = name
        self.keys = keys
    }
}
