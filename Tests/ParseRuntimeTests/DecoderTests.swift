import Foundation
import Testing
import ParseRuntime

@Suite struct DecoderTests {
    /// A fetched Book as Parse Server returns it with `include=genre`.
    private let fetchedWithInclude = """
        {"objectId":"b1","createdAt":"2023-11-14T22:13:20.123Z","updatedAt":"2023-11-14T22:13:21Z",
         "ACL":{"*":{"read":true}},
         "title":"Dune","pages":412,
         "genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"SF",
                  "createdAt":"2023-01-01T00:00:00.000Z","updatedAt":"2023-01-02T00:00:00.000Z"},
         "co_authors":[{"__type":"Pointer","className":"Author","objectId":"a1"}],
         "cover":{"__type":"File","name":"c.png","url":"https://f.example/c.png"},
         "location":{"__type":"GeoPoint","latitude":40.0,"longitude":-30.0},
         "area":{"__type":"Polygon","coordinates":[[1,2],[3,4],[5,6]]},
         "blob":{"__type":"Bytes","base64":"AQID"},
         "published":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"},
         "metadata":{"n":1,"nested":{"list":[1,"two",null]}},
         "ingredients":[{"name":"spice","bestBefore":{"__type":"Date","iso":"2024-02-29T12:00:00.000Z"},
                         "photo":{"__type":"File","name":"p.jpg","url":"https://f.example/p.jpg"}}],
         "status":"LIVE",
         "authors":{"__type":"Relation","className":"Author"},
         "unknownServerField":{"__type":"Pointer","className":"X","objectId":"x"}}
        """

    @Test func decodesAFetchedObjectWithAnIncludedPointer() throws {
        let book = try ParseDecoder().decode(Book.self, from: Data(fetchedWithInclude.utf8))
        #expect(book.objectId == "b1")
        #expect(ParseDate.isoString(from: try #require(book.createdAt)) == "2023-11-14T22:13:20.123Z")
        #expect(ParseDate.isoString(from: try #require(book.updatedAt)) == "2023-11-14T22:13:21.000Z")
        #expect(book.ACL?.publicRead == true)
        #expect(book.title == "Dune")
        #expect(book.pageCount == 412)
        #expect(book.genre?.objectId == "g1")
        #expect(book.genre?.name == "SF")
        #expect(ParseDate.isoString(from: try #require(book.genre?.createdAt)) == "2023-01-01T00:00:00.000Z")
        #expect(book.coAuthors?.map(\.objectId) == ["a1"])
        #expect(book.cover?.url?.absoluteString == "https://f.example/c.png")
        #expect(book.location == (try ParseGeoPoint(latitude: 40, longitude: -30)))
        #expect(book.area?.coordinates.count == 3)
        #expect(book.blob?.data == Data([1, 2, 3]))
        #expect(book.published == book.createdAt)
        #expect(book.metadata?["nested"]?["list"] == [1, "two", nil])
        #expect(ParseDate.isoString(from: try #require(book.ingredients?.first?.bestBefore)) == "2024-02-29T12:00:00.000Z")
        #expect(book.ingredients?.first?.photo?.name == "p.jpg")
        #expect(book.status == .live)
        #expect(book.authors?.className == "Author")
    }

    @Test func decodesAPlainPointerIntoAnEmptyObject() throws {
        let json = #"{"objectId":"b1","genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}"#
        let book = try ParseDecoder().decode(Book.self, from: Data(json.utf8))
        var expected = Genre()
        expected.objectId = "g1"
        #expect(book.genre == expected)
        #expect(book.genre?.name == nil)
    }

    @Test func fullEncodingRoundTrips() throws {
        let book = try ParseDecoder().decode(Book.self, from: Data(fetchedWithInclude.utf8))
        let encoder = ParseEncoder(nestedObjects: .includedObject)
        let data = try encoder.encode(book, skipKeys: .full)
        let back = try ParseDecoder().decode(Book.self, from: data)
        #expect(back == book)
        #expect(try encoder.encode(back, skipKeys: .full) == data)
    }

    @Test func decodesFromAJSONValueTree() throws {
        let tree: JSONValue = ["objectId": "g1", "name": "SF", "createdAt": "2023-11-14T22:13:20.123Z"]
        let genre = try ParseDecoder().decode(Genre.self, from: tree)
        #expect(genre.name == "SF")
        #expect(genre.createdAt == (try ParseDecoder().decode(Genre.self, from: tree)).createdAt)
    }

    @Test func wrongTypedFieldsFailTheWholeObject() {
        let decoder = ParseDecoder()
        let badPoint = #"{"location":{"__type":"GeoPoint","latitude":123,"longitude":0}}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Book.self, from: Data(badPoint.utf8)) }
        let wrongType = #"{"cover":{"__type":"GeoPoint","name":"c.png","url":"https://f.example/c.png"}}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Book.self, from: Data(wrongType.utf8)) }
        let badDate = #"{"published":{"__type":"Date","iso":"2023-11-14"}}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Book.self, from: Data(badDate.utf8)) }
        let badCreatedAt = #"{"createdAt":"14/11/2023"}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Book.self, from: Data(badCreatedAt.utf8)) }
    }

    @Test func decodesBuiltInClasses() throws {
        let json = """
            {"objectId":"s1","sessionToken":"r:abc","restricted":false,
             "user":{"__type":"Pointer","className":"_User","objectId":"u1"},
             "createdWith":{"action":"login","authProvider":"password"},
             "installationId":"i1","expiresAt":{"__type":"Date","iso":"2024-11-14T22:13:20.123Z"}}
            """
        let session = try ParseDecoder().decode(Session.self, from: Data(json.utf8))
        #expect(session.sessionToken == "r:abc")
        #expect(session.user.objectId == "u1")
        #expect(session.createdWith["action"] == "login")
        #expect(ParseDate.isoString(from: session.expiresAt) == "2024-11-14T22:13:20.123Z")
        let user = try ParseDecoder().decode(User.self, from: Data(#"{"objectId":"u1","username":"ada","emailVerified":true}"#.utf8))
        #expect(user.emailVerified == true)
    }
}
