// docs/LiveQuery.md, Swift block 2, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import InventoryModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func liveQueryBlock2() async throws {
    var configuration = ParseClientConfiguration(
        serverURL: URL(string: "https://api.example.com/parse")!,
        applicationId: "shop", clientKey: "…")
    configuration.liveQueryServerURL = URL(string: "wss://live.example.com/parse")   // optional
    let client = ParseClient(configuration: configuration)

    _ = configuration
    _ = client
}
