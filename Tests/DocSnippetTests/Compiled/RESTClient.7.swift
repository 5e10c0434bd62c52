// docs/RESTClient.md, Swift block 7, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import BookstoreModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock7(client: ParseClient) async throws {
    // POST /parse/batch creates the genre and the ISBN; POST /parse/classes/Book points to them.
    let dune = try await client.create(Book(title: "Dune", genre: Genre(name: "Science Fiction"),
                                            isbn: ISBN(value: "9780441172719")))
    print(dune.genre?.objectId ?? "", dune.genre?.name ?? "")   // its new id, "Science Fiction"

    do throws(ParseClientError) {
        _ = try await client.create(Book(title: "Children of Dune", genre: Genre(name: "SF")))
    } catch .incompleteSave(let failure) {
        // The genre was created and the book was not: delete the genre, or point to it next time.
        for object in failure.saved {
            print("left on the server:", object.className, object.objectId)
        }
        print("because:", failure.error)
    } catch {
        print(error)                                       // nothing was created
    }

    // The old behaviour for one call (or `savesUnsavedChildren: false` in the configuration):
    // an unsaved genre is an .encoding error naming the field, and nothing is sent.
    let strict = ParseRequestOptions(savesUnsavedChildren: false)
    _ = try? await client.create(Book(title: "Dune Messiah", genre: Genre(name: "SF")), options: strict)

    _ = dune
    _ = strict
}
