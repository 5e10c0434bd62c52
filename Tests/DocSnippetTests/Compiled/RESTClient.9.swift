// docs/RESTClient.md, Swift block 9, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock9(client: ParseClient, admin: ParseClient, start: Date) async throws {
    struct ScoreQuery: Encodable { var playerName: String; var since: Date }
    struct Summary: Decodable { var best: Int; var games: Int }

    // POST /parse/functions/summary {"playerName":"Sean Plott","since":{"__type":"Date",…}}
    // → {"result":{"best":1337,"games":3}}
    let summary = try await client.callFunction("summary", parameters: ScoreQuery(playerName: "Sean Plott", since: start),
                                                returning: Summary.self)
    let greeting: String = try await client.callFunction("hello")   // no parameters: {}
    // POST /parse/jobs/resetScores with the master key; returns the X-Parse-Job-Status-Id.
    let statusId = try await admin.startJob("resetScores", parameters: ["below": 10])

    _ = summary
    _ = greeting
    _ = statusId
}
