// docs/RESTClient.md, Swift block 14, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock14() async throws {
    struct Scripted: HTTPTransport {
        let body: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            // request.method, request.url, request.headers, request.body, request.timeout
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    struct NoWait: ParseSleeper {
        func sleep(for duration: Duration) async throws {}   // retries without waiting
    }

    let client = ParseClient(
        configuration: ParseClientConfiguration(serverURL: URL(string: "http://test/parse")!, applicationId: "app"),
        transport: Scripted(body: #"{"results":[{"objectId":"b1","title":"Dune"}]}"#),
        sleeper: NoWait(),
        random: { 0.5 })              // no jitter: backoffs are exact

    _ = client
}
