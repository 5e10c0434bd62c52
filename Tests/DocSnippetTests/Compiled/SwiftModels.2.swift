// docs/SwiftModels.md, Swift block 2, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import BookstoreModels
import TodoListModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func swiftModelsBlock2() async throws {
    let title = Book.Field.title        // ParseField<Book, String>, name "title"
    let genre = Book.Field.genre        // ParseField<Book, Genre>
    let authors = Book.Field.authors    // ParseRelationField<Book, Author>: a relation has a key type of its own
    let name = TodoListItem.Field.isDefault.name   // "default": the Parse name, whatever the Swift name

    _ = title
    _ = genre
    _ = authors
    _ = name
}
