// swift-tools-version: 6.1
// Benchmarks of the on-device store (ParseLocalStore) side by side with hand-written GRDB, and of
// its sync with ParseTestServer side by side with ParseClient's own paging: a package of its own,
// so GRDB, SwiftNIO and the store stay out of the main benchmarks' package graph.
// Run everything with one command from the repository root:
//
//     swift run -c release --package-path Benchmarks/LocalStore store-bench
//
// (`store-bench --help` lists the options). See docs/Performance.md, "The on-device store".
import PackageDescription

let package = Package(
    name: "LocalStoreBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The store under test (and `modelgen` itself, for the compile-time step), by path; the
        // trait TestServer for ParseTestServer, the server the sync benchmark pulls from.
        .package(name: "modelgen", path: "../..", traits: ["LocalStore", "TestServer"]),
        // The comparison: the same GRDB the store is built on.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The committed Inventory models with `LocalSchema.inventory`: Sources/InventoryModels is a
        // relative symlink to ../../../Generated/Inventory/Swift, as in IntegrationTests.
        .target(name: "InventoryModels", dependencies: [.product(name: "ParseRuntime", package: "modelgen")]),
        // The harness: the store and hand-written GRDB (and, for sync, ParseClient's paging),
        // interleaved run by run; the report.
        .executableTarget(name: "store-bench", dependencies: [
            "InventoryModels",
            .product(name: "ParseLocalStore", package: "modelgen"),
            .product(name: "ParseTestServer", package: "modelgen"),
            .product(name: "ParseRuntime", package: "modelgen"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
