// README.md, Swift block 2, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import LibraryModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func readmeBlock2(key: String) async throws {
    let client = ParseClient(configuration: .init(serverURL: URL(string: "https://parse.example.com/parse")!, applicationId: "library", restAPIKey: key))
    let dune = try await client.create(Book(title: "Dune", price: 9.99))
    let authors = try await client.find(dune.authorsQuery().order(.ascending(Author.Field.name)))

    _ = client
    _ = dune
    _ = authors
}
