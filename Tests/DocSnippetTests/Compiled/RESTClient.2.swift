// docs/RESTClient.md, Swift block 2, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import BookstoreModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock2(client: ParseClient) async throws {
    // Create: POST /parse/classes/Genre → 201 {"objectId","createdAt"}, merged into the object.
    let sciFi = try await client.create(Genre(name: "Science Fiction"))
    let herbert = try await client.create(Author(name: "Frank Herbert"))
    // Nested objects are sent as pointers; unsaved ones are created first (see below).
    var dune = try await client.create(Book(title: "Dune", publishingYear: 1965, genre: sciFi))

    // Get, with the genre returned whole: GET /parse/classes/Book/<id>?include=genre
    dune = try await client.get(Book.self, id: dune.objectId!, include: [Book.Field.genre])
    print(dune.genre?.name ?? "")                                   // "Science Fiction"

    // Only some fields: GET /parse/classes/Book/<id>?keys=title,publishingYear (or excludeKeys:).
    // The others are nil in the result; fetch(_:keys:excludeKeys:) does the same for a saved object.
    let titleAndYear = try await client.get(Book.self, id: dune.objectId!, keys: [Book.Field.title, Book.Field.publishingYear])

    // Update only what changed: PUT /parse/classes/Book/<id> {"title":"Dune (1965)"}
    dune = try await client.update(dune.set(\.title, to: "Dune (1965)"))

    // Typed operations: {"publishingYear":{"__op":"Increment","amount":1}, "isbn":{"__op":"Delete"}}
    dune = try await client.update(ParseUpdate(dune)
        .increment(Book.Field.publishingYear, by: 1)
        .unset(Book.Field.isbn))

    // Relations: add and remove authors (AddRelation / RemoveRelation on the owner).
    _ = try await client.update(ParseUpdate(dune).addRelation(Book.Field.authors, [herbert]))
    // … or with the generated accessor: try dune.authorsRelation().add([herbert])
    _ = try await client.update(try dune.authorsRelation().add([herbert]))

    // The children of a relation: GET /parse/classes/Author?where={"$relatedTo":{…}}
    let authors = try await client.find(dune.authorsQuery())
    // The owners, through the inverse (Author.books in the schema): {"authors": <herbert>}.
    let herbertsBooks = try await client.find(herbert.booksQuery().order(.ascending(Book.Field.title)))

    // Queries with typed constraints.
    let recentSciFi = try await client.find(
        Book.query(Book.Field.genre == sciFi, Book.Field.publishingYear >= 1960,
                   .startsWith(Book.Field.title, "Du"))
            .order(.descending(Book.Field.publishingYear), .ascending(Book.Field.title))
            .include(Book.Field.genre)
            .limit(20))
    let howMany = try await client.count(Book.query(.exists(Book.Field.isbn)))
    let first = try await client.first(Book.query(Book.Field.title == "Dune (1965)"))  // nil if none

    // A batch of creates, updates and deletes: POST /parse/batch, one typed result per item.
    var batch = ParseBatch()
    let leGuin = batch.create(Author(name: "Ursula K. Le Guin"))
    let renamed = batch.update(ParseUpdate(sciFi).set(Genre.Field.name, to: "SF"))
    let removed = batch.delete(dune)
    let results = try await client.send(batch)
    let ursula: Author = try results[leGuin].get()                   // objectId and createdAt set
    if case .failure(let error) = results[removed] { print("delete failed:", error) }

    _ = sciFi
    _ = herbert
    _ = dune
    _ = titleAndYear
    _ = authors
    _ = herbertsBooks
    _ = recentSciFi
    _ = howMany
    _ = first
    _ = batch
    _ = leGuin
    _ = renamed
    _ = removed
    _ = results
    _ = ursula
}
