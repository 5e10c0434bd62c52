import Foundation
import Testing
import ParseRuntime

@Suite struct EncoderTests {
    private func genre(_ id: String?) -> Genre {
        var genre = Genre()
        genre.objectId = id
        genre.name = "Science Fiction"
        return genre
    }

    private func fullBook() throws -> Book {
        var book = Book()
        book.objectId = "b1"
        book.createdAt = sampleDate
        book.updatedAt = sampleDate.addingTimeInterval(1)
        book.originalData = Data("stale".utf8)
        book.title = "Dune"
        book.pageCount = 412
        book.genre = genre("g1")
        book.cover = ParseFile(name: "c.png", url: try #require(URL(string: "https://f.example/c.png")))
        book.location = try ParseGeoPoint(latitude: 40, longitude: -30)
        book.area = try ParsePolygon(
            ParseGeoPoint(latitude: 1, longitude: 2), ParseGeoPoint(latitude: 3, longitude: 4),
            ParseGeoPoint(latitude: 5, longitude: 6)
        )
        book.blob = ParseBytes(data: Data([1, 2, 3]))
        book.published = sampleDate
        book.metadata = ["isbn": "x"]
        book.ingredients = [Ingredient(objectId: "local-1", name: "spice", bestBefore: sampleDate)]
        book.status = .live
        return book
    }

    @Test func saveBodyEncodesEveryWireTypeAndSkipsServerFields() throws {
        let data = try ParseEncoder().encode(try fullBook())
        try expectJSON(data, equals: """
            {"title":"Dune","pages":412,
             "genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},
             "cover":{"__type":"File","name":"c.png","url":"https://f.example/c.png"},
             "location":{"__type":"GeoPoint","latitude":40,"longitude":-30},
             "area":{"__type":"Polygon","coordinates":[[1,2],[3,4],[5,6]]},
             "blob":{"__type":"Bytes","base64":"AQID"},
             "published":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"},
             "metadata":{"isbn":"x"},
             "ingredients":[{"objectId":"local-1","name":"spice",
                             "bestBefore":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}}],
             "status":"LIVE"}
            """)
    }

    @Test func fullModeKeepsServerFieldsButNeverOriginalData() throws {
        let data = try ParseEncoder().encode(try fullBook(), skipKeys: .full)
        let keys = try jsonKeys(data)
        #expect(keys.isSuperset(of: ["objectId", "createdAt", "updatedAt", "title", "genre"]))
        #expect(!keys.contains("originalData"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["objectId"] as? String == "b1")
        #expect((object["createdAt"] as? [String: Any])?["iso"] as? String == "2023-11-14T22:13:20.123Z")
        #expect((object["updatedAt"] as? [String: Any])?["iso"] as? String == "2023-11-14T22:13:21.123Z")
    }

    @Test func outputIsDeterministicCompactAndSorted() throws {
        var book = Book()
        book.title = "Dune"
        book.pageCount = 412
        book.genre = genre("g1")
        book.published = sampleDate
        let first = try ParseEncoder().encode(book)
        #expect(String(decoding: first, as: UTF8.self) == """
            {"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},"pages":412,\
            "published":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"},"title":"Dune"}
            """)
        for _ in 0..<5 { #expect(try ParseEncoder().encode(book) == first) }
    }

    @Test func nilOptionalsAreLeftOut() throws {
        #expect(String(decoding: try ParseEncoder().encode(Book()), as: UTF8.self) == "{}")
    }

    @Test func unsavedNestedObjectIsAClearError() {
        var book = Book()
        book.genre = genre(nil)
        let error = #expect(throws: EncodingError.self) { try ParseEncoder().encode(book) }
        guard case .invalidValue(_, let context)? = error else {
            Issue.record("expected EncodingError.invalidValue, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["genre"])
        #expect(context.debugDescription.contains("Genre"))
        #expect(context.debugDescription.contains("objectId"))
    }

    @Test func unsavedObjectInAnArrayIsAnErrorToo() {
        var book = Book()
        var saved = Author()
        saved.objectId = "a1"
        book.coAuthors = [saved, Author()]
        let error = #expect(throws: EncodingError.self) { try ParseEncoder().encode(book) }
        guard case .invalidValue(_, let context)? = error else { return }
        #expect(context.codingPath.map(\.stringValue) == ["co_authors", "Index 1"])
    }

    @Test func arraysOfObjectsBecomeArraysOfPointers() throws {
        var book = Book()
        book.coAuthors = [Author(objectId: "a1"), Author(objectId: "a2")]
        try expectJSON(try ParseEncoder().encode(book), equals: """
            {"co_authors":[{"__type":"Pointer","className":"Author","objectId":"a1"},
                           {"__type":"Pointer","className":"Author","objectId":"a2"}]}
            """)
    }

    @Test func userSaveBodySkipsEmailVerifiedAndKeepsScore() throws {
        var user = User()
        user.objectId = "u1"
        user.username = "ada"
        user.email = "ada@example.com"
        user.emailVerified = true
        user.password = "secret"
        user.score = 0.5
        user.authData = ["anonymous": ["id": "123"], "apple": nil]
        // `emailVerified` is the server's; `score` is the app's field (ParseSwift drops it).
        try expectJSON(try ParseEncoder().encode(user), equals: """
            {"username":"ada","email":"ada@example.com","password":"secret","score":0.5,
             "authData":{"anonymous":{"id":"123"},"apple":null}}
            """)
        let full = try jsonKeys(try ParseEncoder().encode(user, skipKeys: .none))
        #expect(full.isSuperset(of: ["objectId", "emailVerified", "score"]))
    }

    @Test func otherSkipKeyModes() throws {
        var genre = genre("g1")
        genre.createdAt = sampleDate
        #expect(try jsonKeys(try ParseEncoder().encode(genre, skipKeys: .customObjectId)) == ["objectId", "name"])
        #expect(try jsonKeys(try ParseEncoder().encode(genre, skipKeys: .custom(["name"]))) == ["objectId", "createdAt"])
        #expect(ParseEncoder.SkipKeys.cloud.keys() == ["functionJobName"])
        #expect(ParseEncoder.SkipKeys.object.keys() == ["objectId", "createdAt", "updatedAt", "className", "originalData"])
    }

    @Test func skipKeysApplyToTheTopLevelOnly() throws {
        // Embedded structs keep keys named like server fields; dictionaries and pointers are never trimmed.
        var book = Book()
        book.ingredients = [Ingredient(objectId: "i1", name: "salt")]
        try expectJSON(try ParseEncoder().encode(book), equals: #"{"ingredients":[{"objectId":"i1","name":"salt"}]}"#)
        try expectJSON(try ParseEncoder().encode(["objectId": "x", "createdAt": "y"]),
                       equals: #"{"objectId":"x","createdAt":"y"}"#)
        try expectJSON(try ParseEncoder().encode(Pointer<Genre>(objectId: "g1")),
                       equals: #"{"__type":"Pointer","className":"Genre","objectId":"g1"}"#)
    }

    @Test func includedObjectModeWritesNestedObjectsWhole() throws {
        var book = Book()
        book.objectId = "b1"
        var nested = genre("g1")
        nested.createdAt = sampleDate
        nested.originalData = Data("x".utf8)
        book.genre = nested
        let data = try ParseEncoder(nestedObjects: .includedObject).encode(book, skipKeys: .none)
        try expectJSON(data, equals: """
            {"objectId":"b1","genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"Science Fiction",
             "createdAt":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}}}
            """)
        let back = try ParseDecoder().decode(Book.self, from: data)
        #expect(back.genre?.name == "Science Fiction")
        #expect(back.genre?.createdAt == nested.createdAt)
        // an unsaved nested object is allowed in this mode
        book.genre = genre(nil)
        #expect(try ParseEncoder(nestedObjects: .includedObject).encode(book).isEmpty == false)
    }

    @Test func foundationValuesEncodeLikeJSONEncoder() throws {
        struct Misc: Encodable {
            var data = Data([0xFF, 0x00])
            var url = URL(string: "https://example.com/a?b=c")
            var float: Float = 0.1
            var small: Int8 = -5
            var unsigned: UInt32 = 4_000_000_000
            var decimal = Decimal(string: "12.5")
            var whole = Decimal(42)
            var flag = false
            var missing: String?
            var explicitNull: String??  = .some(nil)
        }
        try expectJSON(try ParseEncoder().encode(Misc()), equals: """
            {"data":"/wA=","url":"https://example.com/a?b=c","float":0.1,"small":-5,"unsigned":4000000000,
             "decimal":12.5,"whole":42,"flag":false,"explicitNull":null}
            """)
    }

    @Test func rejectsValuesJSONCannotHold() {
        #expect(throws: EncodingError.self) { try ParseEncoder().encode(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try ParseEncoder().encode(["x": Float.infinity]) }
        #expect(throws: EncodingError.self) { try ParseEncoder().encode(["x": UInt64.max]) }
    }

    @Test func topLevelValueMustEncodeSomething() {
        struct Empty: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(throws: EncodingError.self) { try ParseEncoder().encode(Empty()) }
    }

    @Test func encodeJSONValueGivesTheTree() throws {
        var book = Book()
        book.title = "Dune"
        book.genre = genre("g1")
        let tree = try ParseEncoder().encodeJSONValue(book)
        #expect(tree["title"] == "Dune")
        #expect(tree["genre"]?["__type"] == "Pointer")
        #expect(tree["genre"]?["objectId"] == "g1")
    }

    @Test func descriptionIsTheFullJSON() throws {
        var genre = genre("g1")
        genre.createdAt = sampleDate
        #expect(genre.description
            == #"{"createdAt":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"},"name":"Science Fiction","objectId":"g1"}"#)
        #expect(try ParseGeoPoint(latitude: 1, longitude: 2).debugDescription
            == #"{"__type":"GeoPoint","latitude":1.0,"longitude":2.0}"#)
    }
}

@Suite struct EncoderContainerTests {
    /// A type that uses every kind of container, to compare with JSONEncoder as an oracle.
    private struct Handmade: Encodable {
        enum Keys: String, CodingKey { case meta, list, extra, numbers }
        enum MetaKeys: String, CodingKey { case a, b }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            try meta.encode(1, forKey: .a)
            var metaAgain = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            try metaAgain.encode("two", forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(true)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: MetaKeys.self)
            try inner.encode(Int8(-3), forKey: .a)
            var innerList = list.nestedUnkeyedContainer()
            try innerList.encode(UInt16(7))
            try innerList.encode("s")
            try ["x", "y"].encode(to: container.superEncoder(forKey: .extra))
            var numbers = container.nestedUnkeyedContainer(forKey: .numbers)
            try numbers.encode(Int64(-9_007_199_254_740_993))
            try numbers.encode(UInt64(9_007_199_254_740_993))
            try numbers.encode(2.5)
            try numbers.encode(Float(1.25))
        }
    }

    @Test func nestedContainersMatchJSONEncoder() throws {
        let ours = try ParseEncoder().encode(Handmade())
        let oracle = try JSONEncoder().encode(Handmade())
        #expect(try canonicalJSON(ours) == canonicalJSON(oracle))
        try expectJSON(ours, equals: """
            {"meta":{"a":1,"b":"two"},"list":[true,null,{"a":-3},[7,"s"]],"extra":["x","y"],
             "numbers":[-9007199254740993,9007199254740993,2.5,1.25]}
            """)
    }

    @Test func plainCodableValuesMatchJSONEncoder() throws {
        struct Plain: Codable {
            var name = "n"
            var values: [String: [Int]] = ["a": [1, 2], "b": []]
            var nested: [[Double?]] = [[1.5, nil], []]
            var ingredient = Ingredient(name: "salt")
        }
        let ours = try ParseEncoder().encode(Plain(), skipKeys: .none)
        let oracle = try JSONEncoder().encode(Plain())
        #expect(try canonicalJSON(ours) == canonicalJSON(oracle))
    }
}
