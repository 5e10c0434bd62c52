// Synthetic schemas: N classes × 20 fields with a realistic mix (scalars, bounded numbers,
// enums, embedded values, pointers, relations, indexes), written both in modelgen's contract
// format and as an equivalent OpenAPI 3 document (one schema per class, one path per class).
// Everything is drawn from a fixed-seed generator: the same N gives the same bytes everywhere.
//
// Pointers go only from ordinary classes to "leaf" classes (the first tenth, which hold no
// pointers themselves) and to `_User`. That shape dates from when the Swift emitter stored a
// pointer as the whole target struct (each level of pointers inside pointers added a struct to
// its holder); pointers are now `@Indirect` (one reference), but the shape is kept so results
// stay comparable with the earlier runs. Relations (no stored property) link any two classes.

/// SplitMix64: small, fast, and the same sequence on every platform and Swift version
/// (the standard library's `random(in:using:)` algorithms are not promised to stay fixed).
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// 0 ..< n
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

enum OnDelete: String { case cascade, setNull, restrict }

indirect enum FieldKind {
    case string(minLength: Int?, maxLength: Int?, unique: Bool)
    case int(min: Int?, max: Int?, defaultValue: Int?, index: Bool)
    case double(min: Int?, max: Int?)
    case float
    case bool(defaultValue: Bool?)
    case date
    case bytes
    case file
    case geopoint
    case object
    case enumeration(Int, defaultCase: String?)
    case embedded(Int)
    case embeddedArray(Int, maxCount: Int?)
    case stringArray(maxCount: Int?)
    case stringMap
    case pointer(target: Int?, onDelete: OnDelete?, index: Bool)  // target nil: _User
    case relation(target: Int)

    /// Can stand in an `indexes` entry.
    var indexable: Bool {
        switch self {
        case .string, .int, .double, .date, .pointer, .enumeration: return true
        default: return false
        }
    }
}

struct Field {
    var name: String
    var kind: FieldKind
    var required: Bool
    var description: String?
}

struct Entity {
    var name: String
    var description: String
    var fields: [Field]
    var indexes: [(fields: [String], unique: Bool)]
}

struct EnumDefinition {
    var name: String
    var intBacked: Bool
    var cases: [String]
}

struct EmbeddedDefinition {
    var name: String
    var fields: [Field]  // scalars only
}

struct SyntheticModel {
    var classCount: Int
    var enums: [EnumDefinition] = []
    var embedded: [EmbeddedDefinition] = []
    var classes: [Entity] = []

    static let seed: UInt64 = 0x6D6F_6465_6C67_656E  // "modelgen"
    static let fieldsPerClass = 20

    init(classes n: Int) {
        classCount = n
        var rng = SplitMix64(state: Self.seed)
        let caseWords = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        for e in 0..<max(2, n / 20) {
            let count = 3 + rng.below(5)
            enums.append(EnumDefinition(name: "Kind\(e)", intBacked: rng.chance(30), cases: Array(caseWords.prefix(count))))
        }
        for e in 0..<max(2, n / 20) {
            var fields = [Field(name: "label", kind: .string(minLength: nil, maxLength: 80, unique: false), required: true)]
            fields.append(Field(name: "amount", kind: .double(min: 0, max: nil), required: false))
            if rng.chance(50) { fields.append(Field(name: "unit", kind: .string(minLength: nil, maxLength: nil, unique: false), required: false)) }
            if rng.chance(50) { fields.append(Field(name: "position", kind: .int(min: 0, max: nil, defaultValue: nil, index: false), required: false)) }
            embedded.append(EmbeddedDefinition(name: "Part\(e)", fields: fields))
        }
        for c in 0..<n { classes.append(Self.makeEntity(c, n: n, leaves: Self.leafCount(n), enums: enums, embeddedCount: embedded.count, rng: &rng)) }
    }

    // Weighted field kinds for the 19 fields after `name`.
    private enum Draw: CaseIterable {
        case string, boundedString, uniqueString, int, boundedInt, indexedInt, double, float, bool, date, bytes,
             file, geopoint, object, enumeration, embedded, embeddedArray, stringArray, stringMap,
             pointer, ownerPointer, relation
        var weight: Int {
            switch self {
            case .string: return 8
            case .boundedString: return 4
            case .uniqueString: return 1
            case .int: return 3
            case .boundedInt: return 4
            case .indexedInt: return 1
            case .double: return 4
            case .float: return 1
            case .bool: return 4
            case .date: return 4
            case .bytes: return 1
            case .file: return 2
            case .geopoint: return 1
            case .object: return 1
            case .enumeration: return 5
            case .embedded: return 2
            case .embeddedArray: return 2
            case .stringArray: return 2
            case .stringMap: return 1
            case .pointer: return 5
            case .ownerPointer: return 1
            case .relation: return 2
            }
        }
        var stem: String {
            switch self {
            case .string: return "note"
            case .boundedString: return "title"
            case .uniqueString: return "code"
            case .int: return "count"
            case .boundedInt: return "level"
            case .indexedInt: return "rank"
            case .double: return "amount"
            case .float: return "ratio"
            case .bool: return "isEnabled"
            case .date: return "happenedAt"
            case .bytes: return "digest"
            case .file: return "attachment"
            case .geopoint: return "location"
            case .object: return "payload"
            case .enumeration: return "kind"
            case .embedded: return "part"
            case .embeddedArray: return "parts"
            case .stringArray: return "tags"
            case .stringMap: return "attributes"
            case .pointer: return "link"
            case .ownerPointer: return "owner"
            case .relation: return "members"
            }
        }
    }

    private static let descriptions = [
        "Shown to people who browse the catalogue.",
        "Set by the server when the object is saved.",
        "Used to sort lists; lower comes first.",
        "Free text written by the owner.",
        "Kept for reports; never shown in the app.",
    ]

    /// Classes `Entity0` ..< `Entity<leafCount>` hold no pointers; every other pointer targets one of them.
    static func leafCount(_ n: Int) -> Int { max(1, n / 10) }

    private static func makeEntity(_ c: Int, n: Int, leaves: Int, enums: [EnumDefinition], embeddedCount: Int, rng: inout SplitMix64) -> Entity {
        let totalWeight = Draw.allCases.reduce(0) { $0 + $1.weight }
        var fields = [Field(name: "name", kind: .string(minLength: 1, maxLength: 120, unique: false), required: true,
                            description: "The display name of entity \(c).")]
        var hasGeopoint = false
        var hasOwner = false
        while fields.count < fieldsPerClass {
            var roll = rng.below(totalWeight)
            var draw = Draw.string
            for candidate in Draw.allCases {
                if roll < candidate.weight { draw = candidate; break }
                roll -= candidate.weight
            }
            if draw == .geopoint && hasGeopoint { draw = .date }  // Parse allows one geopoint per class
            if draw == .ownerPointer && hasOwner { draw = .pointer }
            if c < leaves && (draw == .pointer || draw == .ownerPointer) { draw = .relation }  // a leaf holds no pointers
            let name = "\(draw.stem)\(fields.count)"
            var required = false
            let kind: FieldKind
            switch draw {
            case .string: kind = .string(minLength: nil, maxLength: nil, unique: false); required = rng.chance(15)
            case .boundedString: kind = .string(minLength: rng.chance(50) ? 1 : nil, maxLength: rng.pick([40, 80, 200, 500]), unique: false); required = rng.chance(30)
            case .uniqueString: kind = .string(minLength: 2, maxLength: 32, unique: true)
            case .int: kind = .int(min: nil, max: nil, defaultValue: rng.chance(30) ? 0 : nil, index: false)
            case .boundedInt: kind = .int(min: 0, max: rng.pick([10, 100, 1_000, 1_000_000]), defaultValue: rng.chance(40) ? 0 : nil, index: false)
            case .indexedInt: kind = .int(min: nil, max: nil, defaultValue: nil, index: true)
            case .double: kind = .double(min: rng.chance(60) ? 0 : nil, max: rng.chance(30) ? 1 : nil)
            case .float: kind = .float
            case .bool: kind = .bool(defaultValue: rng.chance(60) ? rng.chance(50) : nil)
            case .date: kind = .date; required = rng.chance(10)
            case .bytes: kind = .bytes
            case .file: kind = .file
            case .geopoint: kind = .geopoint; hasGeopoint = true
            case .object: kind = .object
            case .enumeration:
                let e = rng.below(enums.count)
                kind = .enumeration(e, defaultCase: rng.chance(50) ? enums[e].cases[0] : nil)
            case .embedded: kind = .embedded(rng.below(embeddedCount))
            case .embeddedArray: kind = .embeddedArray(rng.below(embeddedCount), maxCount: rng.chance(50) ? 50 : nil)
            case .stringArray: kind = .stringArray(maxCount: rng.chance(50) ? 10 : nil)
            case .stringMap: kind = .stringMap
            case .pointer:
                required = rng.chance(20)
                let onDelete: OnDelete? = required ? rng.pick([.cascade, .restrict]) : (rng.chance(30) ? .cascade : nil)
                kind = .pointer(target: rng.below(leaves), onDelete: onDelete, index: rng.chance(25))
            case .ownerPointer:
                required = true; hasOwner = true
                kind = .pointer(target: nil, onDelete: .cascade, index: false)
            case .relation: kind = .relation(target: rng.below(n))
            }
            fields.append(Field(name: name, kind: kind, required: required,
                                description: rng.chance(25) ? rng.pick(descriptions) : nil))
        }
        var indexes: [(fields: [String], unique: Bool)] = []
        let indexable = fields.dropFirst().filter { $0.kind.indexable }.map(\.name)
        if let first = indexable.first { indexes.append((["name", first], false)) }
        if indexable.count > 2, rng.chance(50) { indexes.append(([indexable[1], indexable[2]], rng.chance(30))) }
        return Entity(name: "Entity\(c)", description: "Entity number \(c) of the synthetic schema.", fields: fields, indexes: indexes)
    }
}

// MARK: - The contract format

extension SyntheticModel {
    func contractYAML() -> String {
        var out = "version: 1\ndescription: Synthetic schema with \(classCount) classes of \(Self.fieldsPerClass) fields.\n\nenums:\n"
        for e in enums {
            out += "  \(e.name):\n"
            if e.intBacked {
                out += "    type: int\n    values: {" + e.cases.enumerated().map { "\($1): \($0)" }.joined(separator: ", ") + "}\n"
            } else {
                out += "    values: [" + e.cases.joined(separator: ", ") + "]\n"
            }
        }
        out += "\nembedded:\n"
        for e in embedded {
            out += "  \(e.name):\n    fields:\n"
            for f in e.fields { out += "      \(f.name): \(contractType(f))\n" }
        }
        out += "\nclasses:\n"
        for c in classes {
            out += "  \(c.name):\n    description: \(c.description)\n    fields:\n"
            for f in c.fields { out += "      \(f.name): \(contractType(f))\n" }
            if !c.indexes.isEmpty {
                out += "    indexes:\n"
                for i in c.indexes {
                    let list = "[" + i.fields.joined(separator: ", ") + "]"
                    out += i.unique ? "      - {fields: \(list), unique: true}\n" : "      - \(list)\n"
                }
            }
        }
        return out
    }

    private func typeName(_ kind: FieldKind) -> String {
        switch kind {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .float: return "float"
        case .bool: return "bool"
        case .date: return "date"
        case .bytes: return "bytes"
        case .file: return "file"
        case .geopoint: return "geopoint"
        case .object: return "object"
        case .enumeration(let e, _): return enums[e].name
        case .embedded(let e): return embedded[e].name
        case .embeddedArray(let e, _): return "array<\(embedded[e].name)>"
        case .stringArray: return "array<string>"
        case .stringMap: return "map<string>"
        case .pointer(let target, _, _): return "pointer<\(target.map { classes[$0].name } ?? "_User")>"
        case .relation(let target): return "relation<Entity\(target)>"
        }
    }

    /// Short form (`string`, `date!`) when nothing else is said, else the flow-map long form.
    private func contractType(_ f: Field) -> String {
        var keys: [String] = []
        switch f.kind {
        case .string(let minLength, let maxLength, let unique):
            if unique { keys.append("unique: true") }
            if let minLength { keys.append("minLength: \(minLength)") }
            if let maxLength { keys.append("maxLength: \(maxLength)") }
        case .int(let min, let max, let defaultValue, let index):
            if let min { keys.append("min: \(min)") }
            if let max { keys.append("max: \(max)") }
            if let defaultValue { keys.append("default: \(defaultValue)") }
            if index { keys.append("index: true") }
        case .double(let min, let max):
            if let min { keys.append("min: \(min)") }
            if let max { keys.append("max: \(max)") }
        case .bool(let defaultValue):
            if let defaultValue { keys.append("default: \(defaultValue)") }
        case .enumeration(_, let defaultCase):
            if let defaultCase { keys.append("default: \(defaultCase)") }
        case .embeddedArray(_, let maxCount), .stringArray(let maxCount):
            if let maxCount { keys.append("maxCount: \(maxCount)") }
        case .pointer(_, let onDelete, let index):
            if let onDelete { keys.append("onDelete: \(onDelete.rawValue)") }
            if index { keys.append("index: true") }
        default: break
        }
        if let d = f.description { keys.append("description: \(d)") }
        let type = typeName(f.kind)
        if keys.isEmpty { return f.required ? type + "!" : type }
        if f.required { keys.insert("required: true", at: 0) }
        return "{type: \(type), " + keys.joined(separator: ", ") + "}"
    }
}

// MARK: - The equivalent OpenAPI 3 document

extension SyntheticModel {
    /// One component schema per class, enum and embedded type (plus Parse's wire types), and one
    /// path per class, `/classes/<Name>`, with a query (`get`) and a create (`post`).
    func openAPIYAML() -> String {
        var out = """
        openapi: 3.0.3
        info:
          title: Synthetic API
          description: The synthetic schema with \(classCount) classes, as Parse's REST API serves it.
          version: 1.0.0
        servers:
          - url: https://example.com/parse
        paths:

        """
        for c in classes {
            out += """
              /classes/\(c.name):
                get:
                  operationId: query\(c.name)
                  parameters:
                    - {name: where, in: query, required: false, schema: {type: string}}
                    - {name: limit, in: query, required: false, schema: {type: integer}}
                    - {name: skip, in: query, required: false, schema: {type: integer}}
                  responses:
                    '200':
                      description: The matching objects.
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [results]
                            properties:
                              results:
                                type: array
                                items: {$ref: '#/components/schemas/\(c.name)'}
                post:
                  operationId: create\(c.name)
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/\(c.name)'}
                  responses:
                    '201':
                      description: Created.
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Created'}

            """
        }
        out += """
        components:
          schemas:
            Created:
              type: object
              required: [objectId, createdAt]
              properties:
                objectId: {type: string}
                createdAt: {type: string, format: date-time}
            Pointer:
              type: object
              required: [__type, className, objectId]
              properties:
                __type: {type: string}
                className: {type: string}
                objectId: {type: string}
            Relation:
              type: object
              required: [__type, className]
              properties:
                __type: {type: string}
                className: {type: string}
            File:
              type: object
              required: [__type, name]
              properties:
                __type: {type: string}
                name: {type: string}
                url: {type: string}
            GeoPoint:
              type: object
              required: [__type, latitude, longitude]
              properties:
                __type: {type: string}
                latitude: {type: number, format: double}
                longitude: {type: number, format: double}
            Bytes:
              type: object
              required: [__type, base64]
              properties:
                __type: {type: string}
                base64: {type: string}
            ACL:
              type: object
              additionalProperties:
                type: object
                properties:
                  read: {type: boolean}
                  write: {type: boolean}

        """
        for e in enums {
            out += "    \(e.name):\n"
            if e.intBacked {
                out += "      type: integer\n      enum: [" + e.cases.indices.map(String.init).joined(separator: ", ") + "]\n"
            } else {
                out += "      type: string\n      enum: [" + e.cases.joined(separator: ", ") + "]\n"
            }
        }
        for e in embedded { out += objectSchema(name: e.name, description: nil, fields: e.fields, parseFields: false) }
        for c in classes { out += objectSchema(name: c.name, description: c.description, fields: c.fields, parseFields: true) }
        return out
    }

    private func objectSchema(name: String, description: String?, fields: [Field], parseFields: Bool) -> String {
        var out = "    \(name):\n      type: object\n"
        if let description { out += "      description: \(description)\n" }
        let required = fields.filter { $0.required }.map(\.name)
        if !required.isEmpty { out += "      required: [" + required.joined(separator: ", ") + "]\n" }
        out += "      properties:\n"
        if parseFields {
            out += "        objectId: {type: string}\n"
            out += "        createdAt: {type: string, format: date-time}\n"
            out += "        updatedAt: {type: string, format: date-time}\n"
            out += "        ACL: {$ref: '#/components/schemas/ACL'}\n"
        }
        for f in fields {
            var keys = openAPIKeys(f.kind)
            // A description beside `$ref` is ignored by OpenAPI 3.0 (and warned about): only on inline schemas.
            if let d = f.description, !keys[0].hasPrefix("$ref") { keys.append("description: \(d)") }
            out += "        \(f.name): {" + keys.joined(separator: ", ") + "}\n"
        }
        return out
    }

    private func openAPIKeys(_ kind: FieldKind) -> [String] {
        func ref(_ name: String) -> String { "$ref: '#/components/schemas/\(name)'" }
        switch kind {
        case .string(let minLength, let maxLength, _):
            return ["type: string"] + (minLength.map { ["minLength: \($0)"] } ?? []) + (maxLength.map { ["maxLength: \($0)"] } ?? [])
        case .int(let min, let max, let defaultValue, _):
            return ["type: integer"] + (min.map { ["minimum: \($0)"] } ?? []) + (max.map { ["maximum: \($0)"] } ?? [])
                + (defaultValue.map { ["default: \($0)"] } ?? [])
        case .double(let min, let max):
            return ["type: number", "format: double"] + (min.map { ["minimum: \($0)"] } ?? []) + (max.map { ["maximum: \($0)"] } ?? [])
        case .float: return ["type: number", "format: float"]
        case .bool(let defaultValue): return ["type: boolean"] + (defaultValue.map { ["default: \($0)"] } ?? [])
        case .date: return ["type: string", "format: date-time"]
        case .bytes: return [ref("Bytes")]
        case .file: return [ref("File")]
        case .geopoint: return [ref("GeoPoint")]
        case .object: return ["type: object", "additionalProperties: true"]
        case .enumeration(let e, _): return [ref(enums[e].name)]
        case .embedded(let e): return [ref(embedded[e].name)]
        case .embeddedArray(let e, let maxCount):
            return ["type: array", "items: {\(ref(embedded[e].name))}"] + (maxCount.map { ["maxItems: \($0)"] } ?? [])
        case .stringArray(let maxCount):
            return ["type: array", "items: {type: string}"] + (maxCount.map { ["maxItems: \($0)"] } ?? [])
        case .stringMap: return ["type: object", "additionalProperties: {type: string}"]
        case .pointer: return [ref("Pointer")]
        case .relation: return [ref("Relation")]
        }
    }
}
