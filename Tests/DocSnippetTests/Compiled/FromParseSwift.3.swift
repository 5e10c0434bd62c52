// docs/FromParseSwift.md, Swift block 3, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func fromParseSwiftBlock3() async throws {
    // ParseSwift: try await ParseSwift.initialize(applicationId: "app", clientKey: nil, serverURL: url)
    let client = ParseClient(configuration: ParseClientConfiguration(
        serverURL: URL(string: "https://parse.example.com/parse")!, applicationId: "app"))

    _ = client
}
