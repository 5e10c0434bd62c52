// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "modelgen",
    products: [
        .executable(name: "modelgen", targets: ["modelgen"]),
        .library(name: "ModelgenGenerator", targets: ["ModelgenGenerator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Stage 0: Debian's libyaml, through a shim header.
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Locations and diagnostics shared by every stage.
        .target(name: "ModelgenDiagnostics"),
        // Stage 1: bytes -> located YAML node tree (libyaml event API).
        .target(name: "ModelgenYAML", dependencies: ["CLibYAML", "ModelgenDiagnostics"]),
        // Stage 2: node tree -> validated schema model.
        .target(name: "ModelgenSchema", dependencies: ["ModelgenYAML", "ModelgenDiagnostics"]),
        // Stage 3: configuration, emitters and the pure `Generator` entry point (no disk writes).
        .target(name: "ModelgenGenerator", dependencies: ["ModelgenSchema", "ModelgenYAML", "ModelgenDiagnostics"]),
        // Stage 4: the only stage that touches the output tree.
        .target(name: "ModelgenWriter", dependencies: ["ModelgenGenerator", "ModelgenDiagnostics"]),
        // The command line: a thin shell over Generator and Writer.
        .executableTarget(
            name: "modelgen",
            dependencies: [
                "ModelgenGenerator",
                "ModelgenWriter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "ModelgenYAMLTests", dependencies: ["ModelgenYAML"]),
        .testTarget(name: "ModelgenSchemaTests", dependencies: ["ModelgenSchema"], exclude: ["InvalidSchemas"]),
        // Temporary directories for the tests that work on real files.
        .target(name: "ModelgenTestSupport", path: "Tests/ModelgenTestSupport"),
        .testTarget(name: "ModelgenGeneratorTests", dependencies: ["ModelgenGenerator", "ModelgenWriter", "ModelgenTestSupport"]),
        .testTarget(name: "ModelgenCLITests", dependencies: ["modelgen", "ModelgenTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
