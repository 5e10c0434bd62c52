import ModelgenSchema

/// The picture of a schema before a notation spells it: a box per class (with its fields), a
/// line per link between classes, each end of a line with its crow's-foot cardinality.
struct DiagramModel {
    struct Attribute {
        var name: String
        /// As the schema writes it: `pointer<Publisher>`.
        var type: String
        var isPrimaryKey = false
        var isForeignKey = false
        var isUnique = false
        var isRequired = false
        /// What the type alone does not say: an enum's cases, an embedded type's fields, the
        /// other end of an inverse.
        var note: String?
    }

    struct Entity {
        var name: String
        var attributes: [Attribute]
    }

    /// How many objects one end of a line stands for, per object at the other end.
    enum Cardinality {
        case zeroOrOne, exactlyOne, zeroOrMore
    }

    /// A link from a field of `from` to the class `to`.
    struct Relationship {
        var from: String
        var field: String
        var to: String
        /// How many `from` objects link to one `to` object.
        var fromEnd: Cardinality
        /// How many `to` objects one `from` object links to.
        var toEnd: Cardinality
    }

    var entities: [Entity] = []
    var relationships: [Relationship] = []

    /// The most enum cases a note lists before it says how many there are.
    static let listedCases = 8

    init(schema: Schema) {
        var referenced: [String] = []
        for definition in schema.classes {
            var attributes = [Attribute(name: "objectId", type: "string", isPrimaryKey: true)]
            for field in definition.fields {
                attributes.append(Self.attribute(field, schema: schema))
                guard let line = Self.relationship(field, of: definition.name) else { continue }
                relationships.append(line)
                if !referenced.contains(line.to) { referenced.append(line.to) }
            }
            entities.append(Entity(name: definition.name, attributes: attributes))
        }
        // A built-in class that is linked to but not declared (`pointer<_User>`) still gets its box.
        for name in referenced.sorted() where schema.classDefinition(named: name) == nil {
            entities.append(Entity(name: name, attributes: [Attribute(name: "objectId", type: "string", isPrimaryKey: true)]))
        }
    }

    private static func attribute(_ field: FieldDefinition, schema: Schema) -> Attribute {
        var attribute = Attribute(name: field.name, type: field.type.description, isUnique: field.isUnique, isRequired: field.isRequired)
        switch field.type {
        case .pointer: attribute.isForeignKey = true
        case .enumeration(let name):
            if let cases = schema.enumDefinition(named: name)?.cases.map(\.name) {
                attribute.note = "one of " + cases.prefix(listedCases).joined(separator: ", ")
                    + (cases.count > listedCases ? ", … (\(cases.count))" : "")
            }
        case .embedded(let name):
            if let fields = schema.embeddedDefinition(named: name)?.fields.map(\.name) {
                attribute.note = "{" + fields.joined(separator: ", ") + "}"
            }
        case .inverse(let className, let field):
            attribute.note = "the other end of \(className).\(field)"
        default:
            break
        }
        return attribute
    }

    /// A pointer is many to one (one to one when unique), a relation many to many, an array of
    /// pointers one to many, in order; an inverse draws nothing, being the other end of one.
    private static func relationship(_ field: FieldDefinition, of owner: String) -> Relationship? {
        switch field.type {
        case .pointer(let target):
            return Relationship(from: owner, field: field.name, to: target, fromEnd: field.isUnique ? .zeroOrOne : .zeroOrMore,
                                toEnd: field.isRequired ? .exactlyOne : .zeroOrOne)
        case .relation(let target):
            return Relationship(from: owner, field: field.name, to: target, fromEnd: .zeroOrMore, toEnd: .zeroOrMore)
        case .array(.pointer(let target)):
            return Relationship(from: owner, field: field.name, to: target, fromEnd: .exactlyOne, toEnd: .zeroOrMore)
        default:
            return nil
        }
    }
}
