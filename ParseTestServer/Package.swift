// swift-tools-version: 6.0
import PackageDescription

// A Parse-compatible server for testing an app's Parse code without a Parse Server: the REST
// subset ParseRuntime's client sends, with Parse's semantics, kept in memory, over HTTP/1.1 on
// SwiftNIO. A test target depends on it (docs/Testing.md).
let package = Package(
    name: "ParseTestServer",
    platforms: [.macOS(.v13)],
    products: [
        // For test targets: start a server per test (or suite), call it, inspect what it stored.
        .library(name: "ParseTestServer", targets: ["ParseTestServer"]),
        // `swift run parse-test-server --port 1337`: a server an app in the iOS Simulator can reach.
        .executable(name: "parse-test-server", targets: ["ParseTestServerCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "ParseTestServer", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .executableTarget(name: "ParseTestServerCommand", dependencies: [
            "ParseTestServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
