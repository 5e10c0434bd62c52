import Foundation
import Testing
import ParseRuntime
import BookstoreModels
import GameModels
import LibraryModels
import TodoListModels

/// The generated sample models and the hand-written test models decoded from random Parse JSON
/// through the old path and the tree decoder: the same models, or the same errors.
///
/// The JSON is made from each class's ``LocalSchema``: every field with a value of its kind most
/// of the time (a pointer or an included object for a pointer, a Parse Date or an ISO text for a
/// date…), now and then a value of another kind, a key left out, a number that does not fit, an
/// unknown key; included objects have fields of their own class.
@Suite struct ModelDecodingTests {
    /// A class of a sample schema and its model type.
    private struct Model: Sendable {
        let schema: LocalSchema
        let className: String
        /// Expects the same outcome for `json` both ways; whether it decoded.
        let check: @Sendable (JSONValue) -> Bool

        init<T: ParseObject>(_ type: T.Type, _ schema: LocalSchema, _ className: String) {
            self.schema = schema
            self.className = className
            check = { json in expectSameDecoding(T.self, from: json, comparing: fields).isValue }
        }
    }

    private static let models: [Model] = [
        Model(LibraryModels.Book.self, .library, "Book"),
        Model(LibraryModels.Author.self, .library, "Author"),
        Model(LibraryModels.ISBN.self, .library, "ISBN"),
        Model(LibraryModels.Publisher.self, .library, "Publisher"),
        Model(LibraryModels.User.self, .library, "_User"),
        Model(LibraryModels.Note.self, .library, "Note"),
        Model(BookstoreModels.Book.self, .bookstore, "Book"),
        Model(BookstoreModels.Author.self, .bookstore, "Author"),
        Model(BookstoreModels.Genre.self, .bookstore, "Genre"),
        Model(BookstoreModels.ISBN.self, .bookstore, "ISBN"),
        Model(BookstoreModels.Publisher.self, .bookstore, "Publisher"),
        Model(TodoListModels.TodoList.self, .todoList, "TodoList"),
        Model(TodoListModels.TodoListItem.self, .todoList, "TodoListItem"),
        Model(TodoListModels.User.self, .todoList, "_User"),
        Model(TodoListModels.Role.self, .todoList, "_Role"),
        Model(GameModels.GameScore.self, .game, "GameScore"),
        Model(GameModels.Player.self, .game, "Player"),
        Model(GameModels.Place.self, .game, "PlaceObject"),
    ]

    @Test func sampleModelsFromRandomParseJSON() throws {
        var generator = ParseJSON(seed: 11)
        for model in Self.models {
            let definition = try #require(model.schema.class(named: model.className))
            var decoded = 0
            for _ in 0 ..< 150 {
                let json = JSONValue.object(generator.object(of: definition, in: model.schema, depth: 2))
                if model.check(json) { decoded += 1 }
            }
            #expect(decoded > 10, "\(model.className) of \(model.schema.name): too few decoded to test much: \(decoded)")
        }
    }

    @Test func sampleModelsFromRightParseJSON() throws {
        // No wrong kinds and no numbers that do not fit: nearly all decode.
        var generator = ParseJSON(seed: 12, mistakes: false)
        for model in Self.models {
            let definition = try #require(model.schema.class(named: model.className))
            var decoded = 0
            for _ in 0 ..< 60 {
                if model.check(.object(generator.object(of: definition, in: model.schema, depth: 2))) { decoded += 1 }
            }
            #expect(decoded > 30, "\(model.className) of \(model.schema.name): too few decoded: \(decoded)")
        }
    }

    @Test func testModelsFromAFetchedObjectAndItsVariations() throws {
        // The Book of TestModels.swift (custom CodingKeys, nested Parse types, [String: JSONValue])
        // from the object DecoderTests decodes, with members replaced one at a time.
        let text = #"""
            {"objectId":"b1","createdAt":"2023-11-14T22:13:20.123Z","updatedAt":"2023-11-14T22:13:21Z",
             "ACL":{"*":{"read":true}},"title":"Dune","pages":412,
             "genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"SF","createdAt":"2023-01-01T00:00:00.000Z"},
             "co_authors":[{"__type":"Pointer","className":"Author","objectId":"a1"}],
             "cover":{"__type":"File","name":"c.png","url":"https://f.example/c.png"},
             "location":{"__type":"GeoPoint","latitude":40.0,"longitude":-30.0},
             "area":{"__type":"Polygon","coordinates":[[1,2],[3,4],[5,6]]},
             "blob":{"__type":"Bytes","base64":"AQID"},
             "published":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"},
             "metadata":{"n":1,"nested":{"list":[1,"two",null,2.0]}},
             "ingredients":[{"name":"spice","bestBefore":{"__type":"Date","iso":"2024-02-29T12:00:00.000Z"}}],
             "status":"LIVE","authors":{"__type":"Relation","className":"Author"},
             "unknownServerField":{"__type":"Pointer","className":"X","objectId":"x"}}
            """#
        let book = try JSONValue(parsing: Data(text.utf8))
        #expect(expectSameDecoding(Book.self, from: book, comparing: fields).isValue)
        var random = RandomJSON(seed: 13)
        guard case .object(let members) = book else { return }
        // (Not ACL: an ACL with two bad scopes reports either, by chance; see TreeDecoderTests.)
        for key in members.keys.sorted() where key != "ACL" {
            for _ in 0 ..< 40 {
                var changed = members
                changed[key] = random.chance(0.2) ? nil : random.chance(0.5) ? random.parseObject() : random.value()
                expectSameDecoding(Book.self, from: .object(changed), comparing: fields)
            }
        }
        for _ in 0 ..< 300 {
            expectSameDecoding(Note.self, from: random.value(), comparing: fields)
            expectSameDecoding(Author.self, from: ["objectId": random.scalar(), "name": random.scalar()], comparing: fields)
        }
    }
}

/// Random Parse JSON for the classes of a ``LocalSchema``.
struct ParseJSON {
    var random: RandomJSON
    /// Whether to put in values of another kind and numbers that do not fit.
    let mistakes: Bool

    init(seed: UInt64, mistakes: Bool = true) {
        random = RandomJSON(seed: seed)
        self.mistakes = mistakes
    }

    private static let strings = ["title", "Dune", "", "é", "push"]

    private static let isoDates = [
        "2023-11-14T22:13:20.123Z", "2023-11-14T22:13:20Z", "2024-02-29T12:00:00.5+01:00", "1970-01-01T00:00:00.000Z",
    ]

    private mutating func mistake(_ p: Double = 0.08) -> Bool {
        mistakes && random.chance(p)
    }

    /// An object of `definition`: the fields every object has, the class's own, now and then
    /// an unknown key.
    mutating func object(of definition: LocalSchema.Class, in schema: LocalSchema, depth: Int) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if random.chance(0.9) {
            members["objectId"] = mistake() ? random.scalar() : .string(random.pick(["b1", "x9Yz", "g1"]))
        }
        for key in ["createdAt", "updatedAt"] where random.chance(0.7) {
            members[key] = mistake() ? random.value() : date()
        }
        if random.chance(0.3) {
            members["ACL"] = acl()
        }
        if random.chance(0.05) {
            members["originalData"] = .string(mistake(0.5) ? "not base64" : random.pick(["e30=", "AQID"]))
        }
        for field in definition.fields where random.chance(0.75) {
            // (A JSON field may be a map, which must not get two bad members: its value makes
            // its own mistakes.)
            if field.kind != .json, mistake() {
                members[field.name] = random.chance(0.5) ? random.scalar() : random.parseObject()
            } else {
                members[field.name] = value(of: field.kind, named: field.name, in: schema, depth: depth)
            }
        }
        if random.chance(0.2) {
            members["unknownServerField"] = random.value()
        }
        return members
    }

    private mutating func date() -> JSONValue {
        let iso = JSONValue.string(random.pick(Self.isoDates))
        return random.chance(0.6) ? iso : ["__type": "Date", "iso": iso]
    }

    /// An ACL with at most one bad scope (see ``TreeDecoderTests``: which of two bad scopes is
    /// reported is chance).
    private mutating func acl() -> JSONValue {
        var scopes: [String: JSONValue] = ["*": ["read": true]]
        if random.chance(0.5) { scopes["u1"] = ["read": true, "write": .bool(random.chance(0.5))] }
        if mistake(0.2) { scopes["role:x"] = random.scalar() }
        return .object(scopes)
    }

    private mutating func whole() -> JSONValue {
        if mistake() { return random.number() }
        let number = random.int(in: -3 ... 3000)
        return random.chance(0.8) ? .int(number) : .double(Double(number))
    }

    private mutating func fraction() -> JSONValue {
        if mistake() { return random.number() }
        return random.chance(0.3) ? .int(random.int(in: -10 ... 10)) : .double(Double(random.int(in: -100_000 ... 100_000)) / 100)
    }

    /// An angle up to `limit` degrees either way, or (a mistake) up to twice that.
    private mutating func degrees(_ limit: Int) -> JSONValue {
        let bound = mistake() ? 2 * limit : limit
        return random.chance(0.3) ? .int(random.int(in: -bound ... bound)) : .double(Double(random.int(in: -bound * 100 ... bound * 100)) / 100)
    }

    private mutating func value(
        of kind: LocalSchema.Kind, named name: String = "", in schema: LocalSchema, depth: Int
    ) -> JSONValue {
        switch kind {
        case .string:
            // The sample models' string enums, by field name.
            switch name {
            case "genre": return .string(random.pick(LibraryModels.Genre.allCases.map(\.rawValue) + (mistakes ? ["open"] : [])))
            case "status": return .string(random.pick(TodoListModels.Status.allCases.map(\.rawValue) + (mistakes ? ["fiction"] : [])))
            default: return .string(random.pick(Self.strings))
            }
        case .int:
            return name == "priority" ? .int(random.int(in: mistakes ? -1 ... 3 : 0 ... 2)) : whole()
        case .double:
            return fraction()
        case .bool:
            return .bool(random.chance(0.5))
        case .date:
            return date()
        case .bytes:
            return ["__type": "Bytes", "base64": .string(random.pick(["AQID", "", "QUJD"]))]
        case .file:
            var file: [String: JSONValue] = ["__type": "File", "name": .string(random.pick(["c.png", "a b.txt"]))]
            if random.chance(0.8) { file["url"] = "https://f.example/c.png" }
            return .object(file)
        case .geoPoint:
            return ["__type": "GeoPoint", "latitude": degrees(90), "longitude": degrees(180)]
        case .polygon:
            return ["__type": "Polygon", "coordinates": .array((0 ..< random.int(in: 3 ... 4)).map { _ in [degrees(90), degrees(180)] })]
        case .json:
            return json(name)
        case .pointer(let target, _):
            guard depth > 0, random.chance(0.4), let definition = schema.class(named: target) else {
                return ["__type": "Pointer", "className": .string(target), "objectId": .string(random.pick(["p1", "p2"]))]
            }
            var included = object(of: definition, in: schema, depth: depth - 1)
            included["__type"] = "Object"
            included["className"] = .string(target)
            return .object(included)
        case .relation(let target):
            return ["__type": "Relation", "className": .string(target)]
        }
    }

    /// A value of the shape the sample models keep in the JSON field `name` (the schema says
    /// only "JSON"): lists of strings, files or embedded objects, string maps, an embedded
    /// object; with mistakes, now and then a scalar or a list instead. A map has at most one bad
    /// member.
    private mutating func json(_ name: String) -> JSONValue {
        func list(_ element: (inout ParseJSON) -> JSONValue) -> JSONValue {
            .array((0 ..< random.int(in: 0 ... 3)).map { _ in element(&self) })
        }
        if mistake() {
            return random.chance(0.5) ? random.scalar() : list { $0.random.scalar() }
        }
        switch name {
        case "ingredients":
            return list { ["quantity": $0.fraction(), "description": .string($0.random.pick(Self.strings))] }
        case "attachments":
            return list { $0.value(of: .file, in: .library, depth: 0) }
        case "nutritionalInfo":
            var map: [String: JSONValue] = ["fat": "1 g", "salt": "low"]
            if mistake(0.2) { map["sugar"] = random.scalar() }
            return .object(map)
        case "authData":
            var map: [String: JSONValue] = ["facebook": ["id": "1", "token": "t"], "anonymous": nil]
            if mistake(0.2) { map["twitter"] = random.chance(0.5) ? random.scalar() : ["id": random.scalar()] }
            return .object(map)
        case "reminder":
            return ["at": date(), "repeatDays": list { $0.whole() }, "channel": "push"]
        case "metadata":
            return ["n": whole(), "nested": ["list": list { $0.random.scalar() }]]
        default:
            return list { .string($0.random.pick(Self.strings)) }
        }
    }
}

extension RandomJSON {
    mutating func int(in range: ClosedRange<Int>) -> Int { random.int(in: range) }
}
