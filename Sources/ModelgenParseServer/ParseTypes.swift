import ModelgenSchema

/// A field type as Parse Server names it in its schema (`_SCHEMA`, `GET /schemas`, defined
/// schemas).
public enum ParseType: String, Sendable, Hashable, CaseIterable {
    case string = "String"
    case number = "Number"
    case boolean = "Boolean"
    case date = "Date"
    case file = "File"
    case geoPoint = "GeoPoint"
    case polygon = "Polygon"
    case bytes = "Bytes"
    case object = "Object"
    case array = "Array"
    case pointer = "Pointer"
    case relation = "Relation"
    case acl = "ACL"
}

/// The one table between the schema's field types and Parse's: the `parse` emitter reads it
/// one way, `modelgen import` the other, so a round trip holds by construction.
public enum ParseTypeMapping {
    /// What Parse stores a field of `type` as, with the class it links to; `nil` for an
    /// inverse, which is never stored. An enum is stored as its raw values, an embedded type
    /// and a map as an object, every array as an array.
    public static func parseType(of type: FieldType, in schema: Schema) -> (type: ParseType, targetClass: String?)? {
        switch type {
        case .scalar(let scalar): return (parseType(of: scalar), nil)
        case .enumeration(let name):
            return (schema.enumDefinition(named: name)?.rawType == .int ? .number : .string, nil)
        case .embedded, .map: return (.object, nil)
        case .array: return (.array, nil)
        case .pointer(let target): return (.pointer, target)
        case .relation(let target): return (.relation, target)
        case .inverse: return nil
        }
    }

    static func parseType(of scalar: ScalarType) -> ParseType {
        switch scalar {
        case .string: .string
        case .int, .double, .float: .number
        case .bool: .boolean
        case .date: .date
        case .bytes: .bytes
        case .file: .file
        case .geopoint: .geoPoint
        case .polygon: .polygon
        case .object: .object
        }
    }

    /// How `import` writes a Parse type in a schema, and what it had to guess: `Number` is an
    /// int or a double (`numbers` says which), an array's elements (written as strings) and an
    /// object's shape are unknown. `nil` for `ACL`, which every class has and no field declares.
    public static func schemaType(of type: ParseType, targetClass: String?, numbers: ScalarType)
        -> (text: String, guess: String?)? {
        switch type {
        case .string: ("string", nil)
        case .number: (numbers.rawValue, "Parse's Number: int or double; imported as \(numbers.rawValue)")
        case .boolean: ("bool", nil)
        case .date: ("date", nil)
        case .file: ("file", nil)
        case .geoPoint: ("geopoint", nil)
        case .polygon: ("polygon", nil)
        case .bytes: ("bytes", nil)
        case .object: ("object", "Parse's Object: a map<T> or an embedded type may say more")
        case .array: ("array<string>", "Parse's Array: the element type is unknown; imported as array<string>")
        case .pointer: targetClass.map { ("pointer<\($0)>", nil) }
        case .relation: targetClass.map { ("relation<\($0)>", nil) }
        case .acl: nil
        }
    }
}
