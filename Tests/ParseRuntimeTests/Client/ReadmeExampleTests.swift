import Foundation
import LibraryModels
import Testing
@testable import ParseRuntime

/// The README's three-line example, with the Library sample models it is written against, over
/// the scripted transport instead of a server.
@Suite struct ReadmeExampleTests {
    @Test func theThreeLinesCreateABookAndFindItsAuthors() async throws {
        let transport = RecordingTransport(
            json(201, #"{"objectId":"b1","createdAt":"\#(Fixture.createdAt)"}"#),
            json(200, #"{"results":[{"objectId":"a1","name":"Frank Herbert"}]}"#))
        let client = Fixture.client(transport)

        let dune = try await client.create(LibraryModels.Book(title: "Dune", price: 9.99))
        let authors = try await client.find(dune.authorsQuery().order(.ascending(LibraryModels.Author.Field.name)))

        #expect(dune.objectId == "b1")
        #expect(authors.map(\.name) == ["Frank Herbert"])
        try expectRequest(transport.requests[0], .post, "/parse/classes/Book", headers: Fixture.restHeaders(json: true),
                          body: #"{"title":"Dune","price":9.99,"isAvailable":true}"#)
        try expectRequest(transport.requests[1], .get, "/parse/classes/Author", query: ["order": "name"], jsonQuery: ["where": """
            {"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"key":"authors"}}
            """], headers: Fixture.restHeaders())
    }
}
