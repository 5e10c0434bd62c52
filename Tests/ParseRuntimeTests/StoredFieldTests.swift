import Foundation
import ParseRuntime
import Testing

/// A class as modelgen generates it with ParseRuntime: `Codable`, `merge` and `==` over a
/// `storedFields` table. `isbn` is stored under another Parse name.
private struct Volume: ParseObject, Sendable {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var title: String?
    var isbn: String?
    var pages: Int?
    @Indirect var genre: Genre?
    var shelfMark: String?
    var token: String

    init() {
        token = ""
    }

    static let storedFields: [ParseStoredField<Volume>] = [
        .field("title", \.title),
        .field("isbn_13", \.isbn),
        .field("pages", \.pages),
        .pointer("genre", \.genre),
        .predefined("shelfMark", \.shelfMark),
        .predefinedRequired("token", \.token),
    ]

    init(from decoder: any Decoder) throws {
        try self.init(from: decoder, fields: Self.storedFields)
    }

    func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, fields: Self.storedFields)
    }

    func merge(with object: Self) throws -> Self {
        try merge(with: object, fields: Self.storedFields)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        isEqual(lhs, rhs, fields: storedFields)
    }
}

/// The same class with the compiler's synthesized `Codable` and `==`: what the table must match.
private struct SynthesizedVolume: ParseObject, Sendable {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var title: String?
    var isbn: String?
    var pages: Int?
    @Indirect var genre: Genre?
    var shelfMark: String?
    var token: String = ""

    init() {}

    enum CodingKeys: String, CodingKey {
        case originalData, objectId, createdAt, updatedAt, ACL, title
        case isbn = "isbn_13"
        case pages, genre, shelfMark, token
    }
}

@Suite struct StoredFieldTests {
    static let full = #"""
        {"objectId": "v1", "createdAt": {"__type": "Date", "iso": "2023-11-14T22:13:20.123Z"},
         "updatedAt": {"__type": "Date", "iso": "2024-02-03T04:05:06.007Z"},
         "ACL": {"*": {"read": true}}, "originalData": "e30=",
         "title": "Odes", "isbn_13": "978-0", "pages": 120,
         "genre": {"__type": "Object", "className": "Genre", "objectId": "g1", "name": "Poetry"},
         "shelfMark": "P-12", "token": "t"}
        """#

    @Test func decodesEveryFieldByItsParseName() throws {
        let volume = try ParseDecoder().decode(Volume.self, from: Data(Self.full.utf8))
        #expect(volume.objectId == "v1" && volume.createdAt == sampleDate && volume.ACL?.publicRead == true)
        #expect(volume.originalData == Data("{}".utf8))
        #expect(volume.title == "Odes" && volume.isbn == "978-0" && volume.pages == 120)
        #expect(volume.genre?.objectId == "g1" && volume.genre?.name == "Poetry")
        #expect(volume.shelfMark == "P-12" && volume.token == "t")
    }

    @Test func missingAndNullOptionalFieldsDecodeAsNil() throws {
        let volume = try ParseDecoder().decode(Volume.self, from: Data(#"{"title": null, "genre": null, "token": "t"}"#.utf8))
        #expect(volume.title == nil && volume.isbn == nil && volume.genre == nil && volume.objectId == nil)
    }

    @Test func writesAndReadsWhatSynthesizedCodableDoes() throws {
        let synthesized = try ParseDecoder().decode(SynthesizedVolume.self, from: Data(Self.full.utf8))
        let tabled = try ParseDecoder().decode(Volume.self, from: Data(Self.full.utf8))
        // A save body, a full encoding, and the JSONEncoder form (which keeps originalData).
        #expect(try ParseEncoder().encode(tabled) == ParseEncoder().encode(synthesized))
        #expect(try ParseEncoder().encode(tabled, skipKeys: .none) == ParseEncoder().encode(synthesized, skipKeys: .none))
        let json = try Volume.getJSONEncoder().encode(tabled)
        #expect(json == (try SynthesizedVolume.getJSONEncoder().encode(synthesized)))
        try expectJSON(try ParseEncoder().encode(tabled), equals: #"""
            {"title": "Odes", "isbn_13": "978-0", "pages": 120, "shelfMark": "P-12", "token": "t",
             "ACL": {"*": {"read": true}},
             "genre": {"__type": "Pointer", "className": "Genre", "objectId": "g1"}}
            """#)
        // And back: the JSONEncoder form decodes to an equal object.
        #expect(try Volume.getDecoder().decode(Volume.self, from: json) == tabled)
    }

    @Test func leavesOutNilButAlwaysWritesARequiredField() throws {
        try expectJSON(try ParseEncoder().encode(Volume(), skipKeys: .none), equals: #"{"token": ""}"#)
    }

    @Test func aRequiredFieldMustBePresent() {
        #expect {
            try ParseDecoder().decode(Volume.self, from: Data(#"{"title": "Odes"}"#.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "token"
        }
    }

    @Test func aWrongTypeIsADecodingErrorNamingTheField() {
        #expect {
            try ParseDecoder().decode(Volume.self, from: Data(#"{"pages": "many", "token": "t"}"#.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["pages"]
        }
    }

    @Test func aPointerTakesOnlyAPointerOrAnObject() {
        let date = Data(#"{"genre": {"__type": "Date", "iso": "2024-01-02T03:04:05.006Z"}, "token": "t"}"#.utf8)
        #expect {
            try ParseDecoder().decode(Volume.self, from: date)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.debugDescription.contains(#"found "Date""#)
        }
    }

    @Test func mergeKeepsTheOriginalsSchemaFieldsWhereTheUpdateHasNone() throws {
        var original = try ParseDecoder().decode(Volume.self, from: Data(Self.full.utf8))
        original.originalData = nil
        var update = original.mergeable
        update.pages = 121
        let merged = try update.merge(with: original)
        #expect(merged.pages == 121)
        #expect(merged.title == "Odes" && merged.isbn == "978-0" && merged.genre?.name == "Poetry")
        #expect(merged.ACL == original.ACL)
        // A predefined field is mergeParse's to merge (for a user, its username, email and
        // authData); the table does not restore it.
        #expect(merged.shelfMark == nil)
        var stranger = Volume()
        stranger.objectId = "other"
        #expect(throws: ParseError.self) { try update.merge(with: stranger) }
    }

    @Test func equalityComparesEveryProperty() throws {
        let volume = try ParseDecoder().decode(Volume.self, from: Data(Self.full.utf8))
        #expect(volume == volume)
        let changes: [(inout Volume) -> Void] = [
            { $0.originalData = nil }, { $0.objectId = "v2" }, { $0.createdAt = nil }, { $0.updatedAt = nil },
            { $0.ACL = nil }, { $0.title = "Epodes" }, { $0.isbn = nil }, { $0.pages = 0 },
            { $0.genre?.name = "Prose" }, { $0.shelfMark = nil }, { $0.token = "u" },
        ]
        for change in changes {
            var other = volume
            change(&other)
            #expect(other != volume)
            #expect(Set([other, volume]).count <= 2)
        }
    }

    @Test func theTableNamesEachFieldOnce() {
        #expect(Volume.storedFields.map(\.name) == ["title", "isbn_13", "pages", "genre", "shelfMark", "token"])
    }
}
