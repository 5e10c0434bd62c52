import ModelgenSchema

/// What the JSON a field's column holds must look like (an array of ints, an object with these
/// keys), for the fields a database keeps as JSON: arrays, maps and embedded types. A change of
/// it changes no column, and a migration does not rewrite JSON values: it takes the change only
/// where every value that may be stored fits the new shape (an array of ints is an array of
/// doubles; an embedded type may gain optional fields), and otherwise stops on rows that hold
/// a value (``SQLMigrationGuard/jsonValues(_:column:change:dialect:)``).
indirect enum SQLJSONShape: Equatable {
    case scalar(String)
    case array(SQLJSONShape)
    case map(SQLJSONShape)
    /// An embedded type's fields: name, whether required, shape.
    case object([Field])

    struct Field: Equatable {
        var name: String
        var isRequired: Bool
        var shape: SQLJSONShape
    }

    /// The shape of a field of `type`, `nil` for a type the database does not keep as JSON.
    static func of(_ type: FieldType, in schema: Schema) -> SQLJSONShape? {
        switch type {
        case .array, .map, .embedded, .scalar(.object): shape(type, in: schema, depth: 0)
        default: nil
        }
    }

    private static func shape(_ type: FieldType, in schema: Schema, depth: Int) -> SQLJSONShape {
        switch type {
        case .array(let element): return .array(shape(element, in: schema, depth: depth + 1))
        case .map(let value): return .map(shape(value, in: schema, depth: depth + 1))
        case .embedded(let name):
            guard depth < 16, let definition = schema.embeddedDefinition(named: name) else { return .scalar("embedded \(name)") }
            return .object(definition.fields.map { Field(name: $0.name, isRequired: $0.isRequired, shape: shape($0.type, in: schema, depth: depth + 1)) })
        case .enumeration(let name):
            // An enum's values are its cases: any change of them is a change of shape.
            let cases = schema.enumDefinition(named: name)?.cases.map { "\($0.rawValue)" } ?? []
            return .scalar("enum \(name) [\(cases.joined(separator: ", "))]")
        default:
            return .scalar(type.description)
        }
    }

    /// The value that holds nothing, which fits any shape of its kind: `[]` for an array, `{}`
    /// for a map. An embedded type's `{}` lacks its required fields; a NULL always fits.
    var empty: String? {
        switch self {
        case .array: "[]"
        case .map: "{}"
        default: nil
        }
    }

    /// Whether every value of `self` is a value of `new`.
    func fits(_ new: SQLJSONShape) -> Bool {
        switch (self, new) {
        case _ where self == new: return true
        case (.scalar("int"), .scalar("double")), (.scalar("int"), .scalar("float")), (.scalar("float"), .scalar("double")): return true
        // Any object is an `object`.
        case (.map, .scalar("object")), (.object, .scalar("object")): return true
        case (.array(let old), .array(let new)), (.map(let old), .map(let new)): return old.fits(new)
        case (.object(let old), .object(let new)):
            return new.allSatisfy { field in
                guard let before = old.first(where: { $0.name == field.name }) else { return !field.isRequired }
                return (before.isRequired || !field.isRequired) && before.shape.fits(field.shape)
            }
        default: return false
        }
    }
}
