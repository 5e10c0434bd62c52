// docs/LiveQuery.md, Swift block 4, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import InventoryModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func liveQueryBlock4(client: ParseClient) async throws {
    let prices = try await client.subscribe(
        Product.query(Product.Field.active == true).keys(Product.Field.name, Product.Field.price),
        fields: [Product.Field.price])
    for try await event in prices {
        print(event.name, event.object.name ?? "", event.object.price ?? 0)
    }

    _ = prices
}
