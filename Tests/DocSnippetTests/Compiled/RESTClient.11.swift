// docs/RESTClient.md, Swift block 11, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock11(client: ParseClient, admin: ParseClient) async throws {
    struct AppConfig: Codable { var welcomeMessage: String?; var winningNumber: Int? }
    let config = try await client.config(AppConfig.self)   // GET /parse/config → {"params":{…}}
    try await admin.updateConfig(["winningNumber": 43])     // PUT /parse/config, master key
    let status = try await client.health()                 // GET /parse/health → "ok"

    _ = config
    _ = status
}
