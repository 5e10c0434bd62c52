import BookstoreModels
import Foundation
import LibraryModels
import ParseRuntime
import ParseTestServer
import Testing

/// 400 / 111 over HTTP. Two sample schemas both have a Parse class `Book` whose `genre` field
/// differs: a pointer to `Genre` in Bookstore, a string enum in Library. The server infers the
/// class's schema from the first write, as Parse does, so the second schema's write is refused.
@Suite("Schema mismatch over HTTP")
struct SchemaMismatchTests {
    @Test("400 / 111 when a write's type differs from the field's type; nothing is stored")
    func incorrectType() async throws {
        try await withServer { server, client in
            let sciFi = try await client.create(BookstoreModels.Genre(name: "Science Fiction"))
            let dune = try await client.create(BookstoreModels.Book(title: "Dune", genre: sciFi))
            #expect(try await server.fieldType("Book", "genre") == "Pointer<Genre>")

            let create = await failure { try await client.create(LibraryModels.Book(title: "Poems", genre: .poetry)) }
            guard case .server(let error)? = create else {
                Issue.record("expected .server, got \(String(describing: create))")
                return
            }
            #expect(error.code == .incorrectType)
            #expect(error.httpStatus == 400)
            #expect(error.message.contains("expected Pointer<Genre> but got String"))
            #expect(try await server.storedObjects("Book").count == 1)
            #expect(server.requests(method: "POST", path: "/parse/classes/Book").last?.status == 400)

            // The same through an update: the object is left as it was.
            let update = await failure {
                try await client.update(ParseUpdate<LibraryModels.Book>(objectId: dune.objectId ?? "")
                    .set(LibraryModels.Book.Field.genre, to: .fiction))
            }
            #expect(update?.parseError?.code == .incorrectType)
            #expect(update?.httpStatus == 400)
            #expect(try await server.storedObject("Book", dune.objectId ?? "")?["genre"] == pointer("Genre", sciFi.objectId))

            // Fields both schemas agree on still work across them.
            let poems = try await client.create(LibraryModels.Book(title: "Poems", publishingYear: 1820))
            #expect(isParseObjectId(poems.objectId))
            #expect(try await client.count(BookstoreModels.Book.query(BookstoreModels.Book.Field.publishingYear == 1820)) == 1)

            // In a batch, the failing item fails alone.
            var batch = ParseBatch()
            let good = batch.create(LibraryModels.Book(title: "Odes", publishingYear: 1819))
            let bad = batch.update(ParseUpdate<LibraryModels.Book>(objectId: dune.objectId ?? "")
                .set(LibraryModels.Book.Field.publishingYear, to: 1965)
                .set(LibraryModels.Book.Field.genre, to: .fiction))
            let results = try await client.send(batch)
            #expect(isParseObjectId(try results[good].get().objectId))
            #expect(results[bad].parseErrorCode == .incorrectType)
            // The failed item changed nothing, not even its valid field.
            #expect(try await server.storedObject("Book", dune.objectId ?? "")?["publishingYear"] == nil)
        }
    }
}
