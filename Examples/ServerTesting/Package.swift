// swift-tools-version: 6.0
// An app package whose tests run its Parse code against ParseTestServer (docs/Testing.md).
// It depends on modelgen and ParseTestServer by path here; a real app names its own paths.
import PackageDescription

let package = Package(
    name: "ServerTesting",
    // ParseTestServer (Hummingbird) needs macOS 14 where the tests run; the models need iOS 15.
    platforms: [.macOS(.v14), .iOS(.v16)],
    dependencies: [
        .package(name: "modelgen", path: "../.."),
        .package(name: "ParseTestServer", path: "../../ParseTestServer"),
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
            .product(name: "ParseTestServer", package: "ParseTestServer"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
