// swift-tools-version: 6.0
import PackageDescription

// The end-to-end tests of ParseRuntime's REST client: the generated models of every sample
// schema, through the real ParseClient and URLSession, against a Parse-compatible in-memory
// server on Hummingbird, over loopback HTTP. A separate package so that Hummingbird stays out
// of the root package's dependency graph.
let package = Package(
    name: "IntegrationTests",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "modelgen", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Already in Hummingbird's graph; named for the server's logger, port, headers and shutdown.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // A Parse Server stand-in: the REST subset the client uses, kept in memory, with fault
        // injection (failing or stalling the next requests) and a record of every request.
        .target(name: "ParseTestServer", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),

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

        .testTarget(name: "ParseClientEndToEndTests", dependencies: [
            "ParseTestServer",
            .product(name: "ParseRuntime", package: "modelgen"),
            "LibraryModels", "BookstoreModels", "TodoListModels", "RecipesModels", "PeopleModels", "GroceryModels", "GameModels",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
