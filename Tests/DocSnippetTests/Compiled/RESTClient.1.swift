// docs/RESTClient.md, Swift block 1, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock1() async throws {
    let configuration = ParseClientConfiguration(
        serverURL: URL(string: "https://parse.example.com/parse")!,  // with the mount path
        applicationId: "bookstore",
        restAPIKey: ProcessInfo.processInfo.environment["PARSE_REST_KEY"],
        masterKey: nil,                      // only in trusted server code, never in an app
        timeout: .seconds(15),               // per request; default 30 s
        retryPolicy: .default,               // 3 attempts; see Retries
        maxResponseSize: 8 << 20             // larger bodies fail with .responseTooLarge; default 16 MiB
    )
    let client = ParseClient(configuration: configuration)

    _ = configuration
    _ = client
}
