import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import Testing

/// A folder of its own for each test's store files, removed when the test ends.
final class StoreFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("LocalStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a store file in the folder.
    func path(_ name: String = "store.sqlite") -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Opens a fresh Inventory store, runs `body` with it, and closes it.
func withStore<Result>(_ body: (LocalStore, StoreFolder) async throws -> Result) async throws -> Result {
    let folder = try StoreFolder()
    let store = try await LocalStore(path: folder.path(), schema: .inventory)
    let result = try await body(store, folder)
    try store.close()
    return result
}

/// The ``LocalStoreError`` a call threw, or a test failure.
func storeError(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> LocalStoreError? {
    do {
        try await body()
        Issue.record("expected the store to refuse", sourceLocation: sourceLocation)
        return nil
    } catch ParseClientError.localStore(let error) {
        return error
    } catch {
        Issue.record("expected a LocalStoreError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A product with the given SKU and price, in `category` when given.
func product(_ sku: String, price: Double? = nil, category: InventoryModels.Category? = nil, tags: [String]? = nil) -> Product {
    Product(sku: sku, name: "Product \(sku)", price: price, category: category, tags: tags)
}

/// An executable of this package (a child process of a test), found beside the test bundle.
func childExecutable(_ name: String) throws -> URL {
    let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
    for candidate in [beside, Bundle.main.bundleURL.appendingPathComponent(name)]
    where FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: beside.path])
}
