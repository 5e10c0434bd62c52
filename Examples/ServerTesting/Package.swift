// swift-tools-version: 6.1
// An app package whose tests run its Parse code against ParseTestServer (docs/TestingParseCode.md).
// It depends on modelgen by path here; an app names it by URL, with the same trait.
import PackageDescription

let package = Package(
    name: "ServerTesting",
    // ParseRuntime's minimums (docs/Platforms.md); ParseTestServer runs where the tests run.
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // The trait TestServer builds ParseTestServer; apps that do not test against it leave it out.
        .package(name: "modelgen", path: "../..", traits: ["TestServer"]),
    ],
    targets: [
        // The app's models, generated at build time from Todo.yaml by modelgen's plugin.
        .target(
            name: "TodoModels",
            dependencies: [.product(name: "ParseRuntime", package: "modelgen")],
            plugins: [.plugin(name: "ModelgenPlugin", package: "modelgen")]),
        .testTarget(name: "TodoTests", dependencies: [
            "TodoModels",
            .product(name: "ParseRuntime", package: "modelgen"),
            .product(name: "ParseTestServer", package: "modelgen"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
