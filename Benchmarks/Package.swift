// swift-tools-version: 6.0
// modelgen's benchmarks: a package of their own, so swift-openapi-generator (the comparison)
// never enters the main package graph. Run everything with one command from the repository root:
//
//     swift run -c release --package-path Benchmarks bench
//
// (`bench --smoke` is the fast check; `bench --help` lists the options). See docs/Performance.md.
import PackageDescription

let package = Package(
    name: "ModelgenBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The code under test, built in release by the harness: `--product modelgen`.
        .package(name: "modelgen", path: ".."),
        // The comparison, built in release by the harness: `--product swift-openapi-generator`.
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        // The harness: synthetic schemas, timed runs of each tool, docs/Performance.md.
        .executableTarget(name: "bench"),
        // The floor: libyaml's own event loop over a file, doing nothing with the events.
        .executableTarget(name: "yaml-floor", path: "floor", linkerSettings: [.linkedLibrary("yaml")]),
        // The floor for writing: `gen`'s output files written again with one open, write and
        // close each, nothing else.
        .executableTarget(name: "write-floor", path: "writefloor"),
        // Runs one command and reports its wall time and peak memory (see runner.c for why in C).
        .executableTarget(name: "bench-run", path: "runner"),
    ],
    swiftLanguageModes: [.v6]
)
