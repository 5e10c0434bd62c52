// docs/LiveQuery.md, Swift block 1, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import InventoryModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func liveQueryBlock1(client: ParseClient) async throws {
    let subscription = try await client.subscribe(Product.query(Product.Field.unit == .litre))
    for try await event in subscription {
        switch event {
        case .create(let product), .enter(let product), .update(let product):
            print("show", product.name ?? "")
        case .leave(let product), .delete(let product):
            print("hide", product.objectId ?? "")
        }
    }

    _ = subscription
}
