// docs/RESTClient.md, Swift block 5, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import GameModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock5(admin: ParseClient) async throws {
    struct Total: Decodable { var objectId: String?; var total: Int }
    // pipeline=[{"$match":{"score":{"$gt":15}}},{"$group":{"_id":"$playerName","total":{"$sum":"$score"}}}]
    let totals = try await admin.aggregate(GameScore.self, [
        .match(["score": ["$gt": 15]]),
        .group(["_id": "$playerName", "total": ["$sum": "$score"]]),
        .sort(["total": -1]), .limit(10),
    ], returning: Total.self)                                   // each group's key comes back as objectId
    // distinct=score&where={"playerName":"Sean Plott"}
    let scores = try await admin.distinct(GameScore.Field.score, in: GameScore.query(GameScore.Field.playerName == "Sean Plott"))

    _ = totals
    _ = scores
}
