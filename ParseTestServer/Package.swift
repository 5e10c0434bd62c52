// swift-tools-version: 6.0
import PackageDescription

// A Parse-compatible server for testing an app's Parse code without a Parse Server: the REST
// subset ParseRuntime's client sends, with Parse's semantics, kept in memory, on Hummingbird.
// A package of its own, so that Hummingbird stays out of modelgen's package graph; a test
// target depends on it by path (docs/Testing.md).
let package = Package(
    name: "ParseTestServer",
    platforms: [.macOS(.v14)],
    products: [
        // For test targets: start a server per test (or suite), call it, inspect what it stored.
        .library(name: "ParseTestServer", targets: ["ParseTestServer"]),
        // `swift run parse-test-server --port 1337`: a server an app in the iOS Simulator can reach.
        .executable(name: "parse-test-server", targets: ["ParseTestServerCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Already in Hummingbird's graph; named for the server's logger, port, headers and shutdown.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "ParseTestServer", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "ParseTestServerCommand", dependencies: [
            "ParseTestServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
