import Foundation
import Testing
@testable import ParseRuntime

/// The schema API of the REST guide: every call with the master key, the exact bodies (a
/// compound index keeps its fields' order), typed fields, and Parse's errors.
@Suite struct SchemaTests {
    private let masterHeaders: HTTPHeaders = ["X-Parse-Application-Id": Fixture.applicationId, "X-Parse-Master-Key": Fixture.masterKey]
    private var masterJSONHeaders: HTTPHeaders {
        var headers = masterHeaders
        headers["Content-Type"] = "application/json"
        return headers
    }

    private let bookSchema = """
        {"className":"Book",
         "fields":{"objectId":{"type":"String"},"createdAt":{"type":"Date"},"updatedAt":{"type":"Date"},"ACL":{"type":"ACL"},
                   "price":{"type":"Number","defaultValue":0},
                   "publisher":{"type":"Pointer","targetClass":"Publisher","required":true},
                   "authors":{"type":"Relation","targetClass":"Author"},"cover":{"type":"File"},"spot":{"type":"GeoPoint"},
                   "released":{"type":"Date","defaultValue":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}},
                   "future":{"type":"Hologram"}},
         "classLevelPermissions":{"find":{"*":true},"addField":{"*":true},"protectedFields":{"*":[]}},
         "indexes":{"_id_":{"_id":1},"year_title":{"publishingYear":1,"title":1}}}
        """

    @Test func listingAndReadingDecodeTypedFields() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[\#(bookSchema)]}"#), json(200, bookSchema))
        let client = Fixture.client(transport)
        let all = try await client.schemas()
        let book = try await client.schema(of: "Book")
        #expect(all == [book])
        try expectRequest(transport.requests[0], .get, "/parse/schemas", headers: masterHeaders)
        try expectRequest(transport.requests[1], .get, "/parse/schemas/Book", headers: masterHeaders)
        #expect(book.fields["publisher"] == ParseSchemaField(.pointer(to: "Publisher"), required: true))
        #expect(book.fields["authors"]?.type == .relation(to: "Author"))
        #expect(book.fields["price"] == ParseSchemaField(.number, defaultValue: 0))
        #expect(book.fields["released"]?.defaultValue == ["__type": "Date", "iso": "2023-11-14T22:13:20.123Z"])
        #expect(book.fields["cover"]?.type == .file)
        #expect(book.fields["spot"]?.type == .geoPoint)
        #expect(book.fields["future"]?.type == .other("Hologram"), "a type this library does not know is kept by name")
        #expect(book.classLevelPermissions?["find"] == ["*": true])
        #expect(book.indexes?["year_title"] == ["publishingYear": 1, "title": 1])
    }

    @Test func creatingAClassSendsItsFields() async throws {
        let transport = RecordingTransport(json(200, #"{"className":"City","fields":{"name":{"type":"String"}}}"#))
        let schema = ParseSchema(className: "City", fields: ["name": ParseSchemaField(.string, required: true),
                                                             "country": ParseSchemaField(.pointer(to: "Country"))],
                                 classLevelPermissions: ["find": ["*": true]])
        let created = try await Fixture.client(transport).createSchema(schema)
        #expect(created.className == "City")
        try expectRequest(try transport.onlyRequest(), .post, "/parse/schemas/City", headers: masterJSONHeaders, body: """
            {"className":"City","fields":{"name":{"type":"String","required":true},
                                          "country":{"type":"Pointer","targetClass":"Country"}},
             "classLevelPermissions":{"find":{"*":true}}}
            """)
    }

    /// The REST guide's `POST /schemas/City` with indexes: one request, each index's fields in
    /// the order given, single-field indexes from `ParseSchema.indexes` too.
    @Test func creatingAClassSendsItsIndexesInOrder() async throws {
        let transport = RecordingTransport(json(200, #"{"className":"City","fields":{}}"#))
        let schema = ParseSchema(className: "City", fields: ["name": ParseSchemaField(.string), "population": ParseSchemaField(.number)],
                                 indexes: ["name_1": ["name": 1]])
        _ = try await Fixture.client(transport).createSchema(schema, indexes: [
            ParseSchemaIndex("population_name", on: ["population", "name"]),
            ParseSchemaIndex("zeta", keys: [.init("population", -1)]),
        ])
        let request = try transport.onlyRequest()
        try expectRequest(request, .post, "/parse/schemas/City", headers: masterJSONHeaders, body: """
            {"className":"City","fields":{"name":{"type":"String"},"population":{"type":"Number"}},
             "indexes":{"name_1":{"name":1},"population_name":{"population":1,"name":1},"zeta":{"population":-1}}}
            """)
        let text = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(text.hasSuffix(#""indexes":{"name_1":{"name":1},"population_name":{"population":1,"name":1},"zeta":{"population":-1}}}"#),
                "the fields of an index keep their order: \(text)")
    }

    @Test func anUpdateAddsAndDeletesFieldsAndIndexesInOrder() async throws {
        let transport = RecordingTransport(json(200, #"{"className":"City","fields":{}}"#))
        let update = ParseSchemaUpdate()
            .addField("population", .number, defaultValue: 0)
            .deleteField("nickname")
            .addIndex("name_population", on: ["name", "population"])
            .addIndex("zeta_alpha", keys: [.init("zeta", -1), .init("alpha")])
            .deleteIndex("old")
            .setClassLevelPermissions(["get": ["*": true]])
        _ = try await Fixture.client(transport).updateSchema("City", update)
        let request = try transport.onlyRequest()
        try expectRequest(request, .put, "/parse/schemas/City", headers: masterJSONHeaders, body: """
            {"className":"City","fields":{"population":{"type":"Number","defaultValue":0},"nickname":{"__op":"Delete"}},
             "indexes":{"name_population":{"name":1,"population":1},"zeta_alpha":{"zeta":-1,"alpha":1},"old":{"__op":"Delete"}},
             "classLevelPermissions":{"get":{"*":true}}}
            """)
        let text = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(text.contains(#""name_population":{"name":1,"population":1}"#))
        #expect(text.contains(#""zeta_alpha":{"zeta":-1,"alpha":1}"#), "the fields of an index keep their order: \(text)")
    }

    @Test func deletingAClassAndParsesErrors() async throws {
        let transport = RecordingTransport(
            json(200, "{}"),
            parseError(400, code: 255, "Class City is not empty, contains 3 objects, cannot drop schema."),
            parseError(400, code: 103, "Class Nope does not exist."),
            parseError(400, code: 136, "field objectId cannot be changed"))
        let client = Fixture.client(transport)
        try await client.deleteSchema("City")
        try expectRequest(transport.requests[0], .delete, "/parse/schemas/City", headers: masterHeaders)
        #expect(await expectClientError { try await client.deleteSchema("City") }?.parseError?.code == .invalidSchemaOperation)
        #expect(await expectClientError { _ = try await client.schema(of: "Nope") }?.parseError?.code == .invalidClassName)
        #expect(await expectClientError { _ = try await client.updateSchema("City", ParseSchemaUpdate().deleteField("objectId")) }?
            .parseError?.code == .changedImmutableField)
    }

    @Test func refusalsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let client = Fixture.client(transport)
        let badName = await expectClientError { _ = try await client.schema(of: "Bad Name") }
        #expect(badName?.parseError?.code == .invalidClassName)
        // A compound index in the dictionary has lost its order; an index named twice.
        let compound = await expectClientError {
            _ = try await client.createSchema(ParseSchema(className: "City", indexes: ["name_population": ["name": 1, "population": 1]]))
        }
        #expect(compound?.parseError?.code == .invalidSchemaOperation)
        #expect(compound?.parseError?.message.contains("give it in createSchema's indexes") == true, "\(String(describing: compound))")
        let twice = await expectClientError {
            _ = try await client.createSchema(ParseSchema(className: "City", indexes: ["name_1": ["name": 1]]),
                                              indexes: [ParseSchemaIndex("name_1", on: ["name"])])
        }
        #expect(twice?.parseError?.code == .invalidSchemaOperation)
        let withoutKey = Fixture.client(transport, configuration: Fixture.configuration(masterKey: nil))
        #expect(await expectClientError { _ = try await withoutKey.schemas() }?.parseError?.code == .operationForbidden)
        #expect(transport.requests.isEmpty)
    }
}
