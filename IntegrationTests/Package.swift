// swift-tools-version: 6.1
import PackageDescription

// The end-to-end tests of ParseRuntime's REST client: the generated models of every sample
// schema, through the real ParseClient and URLSession, against ParseTestServer (the root
// package's, with its trait TestServer) over loopback HTTP. And the on-device store
// (ParseLocalStore, trait LocalStore) on real SQLite files. A separate package so that the root
// package's own tests build no server and no GRDB.
let package = Package(
    name: "IntegrationTests",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "modelgen", path: "..", traits: ["TestServer", "LocalStore"]),
        // A raw WebSocket client for the LiveQuery tests: the swift-nio ParseTestServer is built on.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // A TLS server with an untrusted certificate, for the LiveQuery client's wss:// on Linux.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // The committed generated models of the sample schemas. Each folder under Sources/ is a
        // relative symlink to ../../Generated/<Sample>/Swift, so the tests always compile what
        // `modelgen gen` wrote, without making the samples products of the root package.
        .target(name: "LibraryModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "BookstoreModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "TodoListModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "RecipesModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "PeopleModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "GroceryModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "GameModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        .target(name: "TutorialModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        // Generated with `localStore: true`: the models and their `LocalSchema.inventory`.
        .target(name: "InventoryModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        // One model at two versions as an app ships them (`localStore: true`, with their kept
        // migrations), for the store's migration tests: each folder is what `modelgen gen` writes
        // for the model in the repository's modelgen.yml, plus a hand-written `ShopV1.swift` /
        // `ShopV2.swift` that names its `LocalSchema.shop` (ambiguous where both are imported).
        .target(name: "ShopV1Models", dependencies: [.product(name: "ParseRuntime", package: "modelgen")],
                path: "Fixtures/ShopV1/Generated/Swift"),
        .target(name: "ShopV2Models", dependencies: [.product(name: "ParseRuntime", package: "modelgen")],
                path: "Fixtures/ShopV2/Generated/Swift"),

        // What the tests of asynchronous events share: an inbox of values waited for with a
        // timeout, and `eventually`.
        .target(name: "AsyncTestSupport"),

        .testTarget(name: "ParseClientEndToEndTests", dependencies: [
            .product(name: "ParseTestServer", package: "modelgen"),
            .product(name: "ParseRuntime", package: "modelgen"),
            "LibraryModels", "BookstoreModels", "TodoListModels", "RecipesModels", "PeopleModels", "GroceryModels", "GameModels",
            "TutorialModels",
        ]),
        // ParseTestServer's LiveQuery over a raw WebSocket (NIOWebSocket's client upgrade): the
        // exact messages it sends for REST writes.
        .testTarget(name: "LiveQueryServerTests", dependencies: [
            "AsyncTestSupport",
            .product(name: "ParseTestServer", package: "modelgen"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
        ]),
        // ParseRuntime's LiveQuery client (`ParseClient.subscribe`, on SwiftNIO here: the trait
        // TestServer turns it on) against ParseTestServer's LiveQuery over loopback.
        .testTarget(name: "LiveQueryClientTests", dependencies: [
            "AsyncTestSupport",
            .product(name: "ParseTestServer", package: "modelgen"),
            .product(name: "ParseRuntime", package: "modelgen"),
            "InventoryModels", "PeopleModels",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        // The child process of the store's crash test: saves batches until it is killed.
        .executableTarget(name: "store-writer", dependencies: [
            .product(name: "ParseLocalStore", package: "modelgen"), "InventoryModels",
        ], path: "Sources/StoreWriter"),
        // The child process of the sync kill test: writes and syncs until it is killed.
        .executableTarget(name: "store-syncer", dependencies: [
            .product(name: "ParseLocalStore", package: "modelgen"), "InventoryModels",
            .product(name: "ParseRuntime", package: "modelgen"),
        ], path: "Sources/StoreSyncer"),
        // The on-device store (ParseLocalStore) on real SQLite files, and the same queries
        // against ParseTestServer and the store, compared.
        .testTarget(name: "LocalStoreTests", dependencies: [
            "AsyncTestSupport",
            .product(name: "ParseLocalStore", package: "modelgen"),
            // The Shop model's two versions, for the migration tests.
            "ShopV1Models", "ShopV2Models",
            .product(name: "ParseTestServer", package: "modelgen"),
            .product(name: "ParseRuntime", package: "modelgen"),
            "InventoryModels", "LibraryModels", "PeopleModels", "TodoListModels", "store-writer", "store-syncer",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
