// docs/RESTClient.md, Swift block 12, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import BookstoreModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock12(client: ParseClient, id: String) async throws {
    do {
        let book = try await client.get(Book.self, id: id)
        print(book.title ?? "")
    } catch .server(let error) where error.code == .objectNotFound {
        // 404 / 101
    } catch .server(let error) where error.code == .invalidSessionToken {
        client.setSessionToken(nil)                    // 209: log in again
    } catch {
        print(error)                                   // a ParseClientError; never contains a key
    }
}
