// docs/RESTClient.md, Swift block 4, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import PeopleModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock4(client: ParseClient) async throws {
    try await client.requestPasswordReset(email: "ada@example.com")      // POST /requestPasswordReset
    try await client.requestVerificationEmail(email: "ada@example.com")  // POST /verificationEmailRequest
    let session = try await client.currentSession(Session.self)         // GET /sessions/me

    _ = session
}
