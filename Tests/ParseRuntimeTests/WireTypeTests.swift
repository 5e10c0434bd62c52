import Foundation
import Testing
import ParseRuntime

@Suite struct PointerTests {
    @Test func encodesAndDecodesThePointerShape() throws {
        let pointer = Pointer<Genre>(objectId: "g1")
        let data = try ParseEncoder().encode(pointer)
        #expect(String(decoding: data, as: UTF8.self) == #"{"__type":"Pointer","className":"Genre","objectId":"g1"}"#)
        let back = try ParseDecoder().decode(Pointer<Genre>.self, from: data)
        #expect(back == pointer)
    }

    @Test func usesTheOverriddenClassName() throws {
        var book = Book()
        book.objectId = "b1"
        let pointer = try book.toPointer()
        #expect(pointer.className == "Books")
        try expectJSON(try ParseEncoder().encode(pointer), equals: #"{"__type":"Pointer","className":"Books","objectId":"b1"}"#)
        #expect(pointer.toObject().objectId == "b1")
        #expect(pointer.hasSameObjectId(as: book))
        #expect(!pointer.hasSameObjectId(as: Pointer<Book>(objectId: "other")))
    }

    @Test func cannotPointToAnUnsavedObject() {
        let error = #expect(throws: ParseError.self) { try Pointer(Genre()) }
        #expect(error?.code == .missingObjectId)
    }

    @Test func decodesFromAnIncludedObjectButNotFromOtherTypes() throws {
        let included = Data(#"{"__type":"Object","className":"Genre","objectId":"g1","name":"SF"}"#.utf8)
        #expect(try ParseDecoder().decode(Pointer<Genre>.self, from: included).objectId == "g1")
        let file = Data(#"{"__type":"File","className":"Genre","objectId":"g1"}"#.utf8)
        #expect(throws: DecodingError.self) { try ParseDecoder().decode(Pointer<Genre>.self, from: file) }
    }
}

@Suite struct RelationWireTests {
    @Test func encodesAndDecodesTheRelationShape() throws {
        var book = Book()
        book.objectId = "b1"
        let relation = try book.authorsRelation()
        try expectJSON(try ParseEncoder().encode(relation), equals: #"{"__type":"Relation","className":"Author"}"#)
        let decoded = try ParseDecoder().decode(ParseRelation<Book>.self, from: Data(#"{"__type":"Relation","className":"Author"}"#.utf8))
        #expect(decoded.className == "Author")
        #expect(decoded.parent == nil)
        #expect(decoded.key == nil)
    }

    @Test func rejectsAnotherType() {
        #expect(throws: DecodingError.self) {
            try ParseDecoder().decode(ParseRelation<Book>.self, from: Data(#"{"__type":"Pointer","className":"Author"}"#.utf8))
        }
    }
}

@Suite struct FileTests {
    @Test func encodesAndDecodesTheFileShape() throws {
        let url = try #require(URL(string: "https://files.example.com/abc_cover.png"))
        let file = ParseFile(name: "abc_cover.png", url: url)
        let data = try ParseEncoder().encode(file)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"__type":"File","name":"abc_cover.png","url":"https://files.example.com/abc_cover.png"}"#)
        let back = try ParseDecoder().decode(ParseFile.self, from: data)
        #expect(back.name == "abc_cover.png")
        #expect(back.url == url)
        #expect(back == file) // saved files compare by URL, whatever their local id
        #expect(back.hashValue == file.hashValue)
    }

    @Test func unsavedFileEncodesWithoutURLAndComparesByIdentity() throws {
        let file = ParseFile(name: "notes.txt", data: Data("hi".utf8), mimeType: "text/plain")
        try expectJSON(try ParseEncoder().encode(file), equals: #"{"__type":"File","name":"notes.txt"}"#)
        #expect(!file.isSaved)
        #expect(file == file)
        #expect(file != ParseFile(name: "notes.txt", data: Data("hi".utf8)))
    }

    @Test func rejectsAnotherType() {
        #expect(throws: DecodingError.self) {
            try ParseDecoder().decode(ParseFile.self, from: Data(#"{"__type":"Bytes","name":"x","url":"https://x"}"#.utf8))
        }
    }

    @Test func isOneReferenceWideAndACopyIsIndependent() {
        // A model holding files stays small: the properties live in one shared box.
        #expect(MemoryLayout<ParseFile>.size == MemoryLayout<AnyObject>.size)
        let original = ParseFile(name: "a.txt", data: Data("a".utf8), metadata: ["k": "v"])
        var copy = original
        copy.name = "b.txt"
        copy.data = nil
        copy.tags = ["t": "1"]
        copy.url = URL(string: "https://files.example.com/b.txt")
        #expect(original.name == "a.txt" && original.data == Data("a".utf8) && original.tags == nil && original.url == nil)
        #expect(copy.name == "b.txt" && copy.data == nil && copy.tags == ["t": "1"] && copy.metadata == ["k": "v"])
        #expect(copy.id == original.id && copy.isSaved && !original.isSaved)
    }
}

@Suite struct GeoPointTests {
    @Test func encodesAndDecodesTheGeoPointShape() throws {
        let point = try ParseGeoPoint(latitude: 40, longitude: -30)
        let data = try ParseEncoder().encode(point)
        #expect(String(decoding: data, as: UTF8.self) == #"{"__type":"GeoPoint","latitude":40.0,"longitude":-30.0}"#)
        #expect(try ParseDecoder().decode(ParseGeoPoint.self, from: data) == point)
    }

    @Test(arguments: [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.1), (0.0, -181.0), (Double.nan, 0.0)])
    func rejectsOutOfRangeCoordinates(latitude: Double, longitude: Double) {
        #expect(throws: ParseError.self) { try ParseGeoPoint(latitude: latitude, longitude: longitude) }
    }

    @Test func acceptsTheRangeLimits() throws {
        _ = try ParseGeoPoint(latitude: 90, longitude: 180)
        _ = try ParseGeoPoint(latitude: -90, longitude: -180)
    }

    @Test func rejectsOutOfRangeOrMistypedJSON() {
        let decoder = ParseDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParseGeoPoint.self, from: Data(#"{"__type":"GeoPoint","latitude":95,"longitude":0}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParseGeoPoint.self, from: Data(#"{"__type":"Polygon","latitude":1,"longitude":2}"#.utf8))
        }
    }

    @Test func refusesToEncodeAnOutOfRangePointSetAfterCreation() {
        var point = ParseGeoPoint()
        point.latitude = 100
        #expect(throws: ParseError.self) { try ParseEncoder().encode(point) }
    }

    @Test func measuresGreatCircleDistances() throws {
        let paris = try ParseGeoPoint(latitude: 48.8566, longitude: 2.3522)
        let london = try ParseGeoPoint(latitude: 51.5074, longitude: -0.1278)
        #expect(abs(paris.distanceInKilometers(london) - 343.5) < 1)
        #expect(abs(paris.distanceInMiles(london) - 213.5) < 1)
        #expect(paris.distanceInRadians(paris) == 0)
    }
}

@Suite struct PolygonTests {
    private func square() throws -> ParsePolygon {
        try ParsePolygon(
            ParseGeoPoint(latitude: 0, longitude: 0), ParseGeoPoint(latitude: 0, longitude: 10),
            ParseGeoPoint(latitude: 5, longitude: 10), ParseGeoPoint(latitude: 5, longitude: 0)
        )
    }

    @Test func encodesLatitudeFirst() throws {
        let polygon = try ParsePolygon(
            ParseGeoPoint(latitude: 10, longitude: 20), ParseGeoPoint(latitude: 11, longitude: 21),
            ParseGeoPoint(latitude: 12, longitude: 20)
        )
        let data = try ParseEncoder().encode(polygon)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"__type":"Polygon","coordinates":[[10.0,20.0],[11.0,21.0],[12.0,20.0]]}"#)
        let back = try ParseDecoder().decode(ParsePolygon.self, from: data)
        #expect(back == polygon)
        #expect(back.coordinates.first?.latitude == 10)
    }

    @Test func decodesServerJSONAsLatitudeLongitudePairs() throws {
        let json = Data(#"{"__type":"Polygon","coordinates":[[25.1,121.4],[24.3,121.1],[22.1,101.3]]}"#.utf8)
        let polygon = try ParseDecoder().decode(ParsePolygon.self, from: json)
        #expect(polygon.coordinates.map(\.latitude) == [25.1, 24.3, 22.1])
        #expect(polygon.coordinates.map(\.longitude) == [121.4, 121.1, 101.3])
    }

    @Test func needsThreeValidPoints() {
        #expect(throws: ParseError.self) { try ParsePolygon(ParseGeoPoint(), ParseGeoPoint()) }
        let decoder = ParseDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParsePolygon.self, from: Data(#"{"__type":"Polygon","coordinates":[[0,0],[1,1]]}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParsePolygon.self, from: Data(#"{"__type":"Polygon","coordinates":[[0,0],[1,1],[2]]}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParsePolygon.self, from: Data(#"{"__type":"Polygon","coordinates":[[0,0],[1,1],[2,200]]}"#.utf8))
        }
    }

    @Test func containsPointsInsideOnly() throws {
        let polygon = try square()
        #expect(polygon.containsPoint(try ParseGeoPoint(latitude: 2, longitude: 5)))
        #expect(!polygon.containsPoint(try ParseGeoPoint(latitude: 6, longitude: 5)))
        #expect(!polygon.containsPoint(try ParseGeoPoint(latitude: 2, longitude: 11)))
        let triangle = try ParsePolygon(
            ParseGeoPoint(latitude: 0, longitude: 0), ParseGeoPoint(latitude: 10, longitude: 0),
            ParseGeoPoint(latitude: 0, longitude: 10)
        )
        #expect(triangle.containsPoint(try ParseGeoPoint(latitude: 2, longitude: 2)))
        #expect(!triangle.containsPoint(try ParseGeoPoint(latitude: 8, longitude: 8))) // inside the box, outside the triangle
    }
}

@Suite struct BytesTests {
    @Test func encodesAndDecodesTheBytesShape() throws {
        let bytes = ParseBytes(data: Data([0, 1, 2, 250]))
        let data = try ParseEncoder().encode(bytes)
        #expect(String(decoding: data, as: UTF8.self) == #"{"__type":"Bytes","base64":"AAEC+g=="}"#)
        let back = try ParseDecoder().decode(ParseBytes.self, from: data)
        #expect(back.data == Data([0, 1, 2, 250]))
        #expect(ParseBytes(base64: "%%%").data == nil)
    }

    @Test func rejectsAnotherType() {
        #expect(throws: DecodingError.self) {
            try ParseDecoder().decode(ParseBytes.self, from: Data(#"{"__type":"File","base64":"AA=="}"#.utf8))
        }
    }
}

@Suite struct ParseErrorTests {
    @Test func decodesServerErrors() throws {
        let known = try ParseDecoder().decode(ParseError.self, from: Data(#"{"code":101,"error":"Object not found."}"#.utf8))
        #expect(known.code == .objectNotFound)
        #expect(known.message == "Object not found.")
        let other = try ParseDecoder().decode(ParseError.self, from: Data(#"{"code":9999,"message":"custom"}"#.utf8))
        #expect(other.code == .other)
        #expect(other.otherCode == 9999)
        #expect(other.message == "custom")
    }

    @Test func encodesLikeTheServer() throws {
        try expectJSON(try ParseEncoder().encode(ParseError(code: .invalidSessionToken, message: "bad")),
                       equals: #"{"code":209,"error":"bad"}"#)
        try expectJSON(try ParseEncoder().encode(ParseError(otherCode: 4000, message: "x")),
                       equals: #"{"code":4000,"error":"x"}"#)
    }

    @Test func hasParseCodes() {
        let codes: [(ParseError.Code, Int)] = [
            (.unknownError, -1), (.internalServer, 1), (.objectNotFound, 101), (.invalidQuery, 102),
            (.invalidClassName, 103), (.invalidKeyName, 105), (.invalidJSON, 107), (.incorrectType, 111),
            (.operationForbidden, 119), (.duplicateValue, 137), (.validationFailed, 142), (.invalidSessionToken, 209),
        ]
        for (code, raw) in codes { #expect(code.rawValue == raw) }
    }

    @Test func matchesCodesOnAnyError() {
        let error: any Error = ParseError(code: .objectNotFound, message: "gone")
        #expect(error.equalsTo(.objectNotFound))
        #expect(!error.equalsTo(.invalidQuery))
        #expect(error.containedIn(.invalidQuery, .objectNotFound))
        #expect((error.containedIn([.invalidJSON]) as ParseError?) == nil)
        #expect(ParseError(code: .objectNotFound, message: "gone").description == "ParseError code=101 error=gone")
    }
}
