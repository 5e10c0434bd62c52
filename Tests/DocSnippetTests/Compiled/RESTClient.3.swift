// docs/RESTClient.md, Swift block 3, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import TodoListModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock3(client: ParseClient) async throws {
    // Users: sign up (POST /users) with the schema's own fields, log in (POST /login), current user.
    let ada = try await User.signUp(username: "ada", password: "correct horse battery staple",
                                    displayName: "Ada", on: client)  // the client keeps the session token
    let me = try await User.logIn(username: "ada", password: "correct horse battery staple", on: client)
    let current = try await User.current(on: client)                // GET /users/me
    let list = try await client.create(TodoList(title: "Groceries", owner: me))
    let milk = try await client.create(TodoListItem(title: "Milk", list: list, tags: ["dairy"]))
    _ = try await client.update(ParseUpdate(milk)
        .addUnique(TodoListItem.Field.tags, ["urgent"])
        .set(TodoListItem.Field.status, to: .inProgress))
    try await User.logOut(on: client)                 // POST /logout; the token is forgotten

    // Delete: DELETE /parse/classes/TodoListItem/<id> → {}
    try await client.delete(milk)

    _ = ada
    _ = me
    _ = current
    _ = list
    _ = milk
}
