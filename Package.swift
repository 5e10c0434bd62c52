// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "modelgen",
    // The oldest systems ParseRuntime and generated models support (docs/Platforms.md says why).
    // The REST client (`ParseClient` and what it uses) needs iOS 16, macOS 13, tvOS 16 and
    // watchOS 9 (`Duration`, and `any` of a protocol with a primary associated type), and is
    // marked `@available` for them. macOS 13 is also what the command-line tool and the tests
    // need, and one package has one set of minimums.
    platforms: [.macOS(.v13), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .executable(name: "modelgen", targets: ["modelgen"]),
        .library(name: "ModelgenGenerator", targets: ["ModelgenGenerator"]),
        // What apps and servers link so the generated models work without the Parse-Swift SDK.
        .library(name: "ParseRuntime", targets: ["ParseRuntime"]),
        .plugin(name: "ModelgenPlugin", targets: ["ModelgenPlugin"]),
        .plugin(name: "GenerateModels", targets: ["GenerateModels"]),
        // A Parse-compatible server for an app's tests (docs/TestingParseCode.md), with the trait
        // TestServer: `.package(url: …, traits: ["TestServer"])`. Without it, empty.
        .library(name: "ParseTestServer", targets: ["ParseTestServer"]),
        // `swift run --traits TestServer parse-test-server --port 1337`, for the iOS Simulator.
        .executable(name: "parse-test-server", targets: ["ParseTestServerCommand"]),
        // The on-device store of generated models, on SQLite through GRDB (docs/LocalStore.md),
        // with the trait LocalStore: `.package(url: …, traits: ["LocalStore"])`. Without it, empty.
        .library(name: "ParseLocalStore", targets: ["ParseLocalStore"]),
    ],
    traits: [
        // ParseTestServer and parse-test-server, on SwiftNIO: apps that do not test against it
        // build none of it.
        .trait(name: "TestServer", description: "ParseTestServer, a Parse-compatible server for tests, on SwiftNIO."),
        // ParseLocalStore, on GRDB: apps without an on-device store build none of it.
        .trait(name: "LocalStore", description: "ParseLocalStore, the on-device store of the generated models, on SQLite through GRDB."),
        // ParseClient's LiveQuery subscriptions on Linux, whose Foundation has no WebSocket: over
        // SwiftNIO, with NIOSSL for wss:// (docs/LiveQuery.md). Apple's systems use
        // URLSessionWebSocketTask and need no trait; TestServer, which builds SwiftNIO anyway,
        // turns it on as well.
        .trait(name: "LiveQuery", description: "LiveQuery on Linux, over SwiftNIO."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Only for its copy of libyaml's C source (the target CYaml), built on Apple's systems.
        .package(url: "https://github.com/jpsim/Yams", "5.0.1"..<"7.0.0"),
        // ParseTestServer's HTTP, with the trait TestServer only; and LiveQuery's WebSocket on
        // Linux, with the trait LiveQuery or TestServer.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // TLS for LiveQuery's wss:// on Linux, with the trait LiveQuery or TestServer only.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // ParseLocalStore's SQLite, with the trait LocalStore only.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Stage 0: Debian's libyaml, through a shim header.
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Locations, diagnostics and the invisible characters they escape, shared by every stage.
        .target(name: "ModelgenDiagnostics"),
        // Stage 1: bytes -> located YAML node tree (libyaml event API).
        //
        // libyaml comes from the system on Linux (Debian's libyaml-dev, through CLibYAML) and,
        // on Apple's systems, from Yams's copy of its C source (the module CYaml), so a Mac, Xcode
        // and an iOS build need nothing installed. Both are libyaml 0.2.5, with the same API.
        .target(name: "ModelgenYAML", dependencies: [
            .target(name: "CLibYAML", condition: .when(platforms: [.linux, .android, .openbsd, .windows, .wasi])),
            .product(name: "Yams", package: "Yams", condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
            "ModelgenDiagnostics", "ModelgenFileSystem",
        ]),
        // Stage 2: node tree -> validated schema model.
        .target(name: "ModelgenSchema", dependencies: [
            "ModelgenYAML", "ModelgenDiagnostics",
            // Parse's date arithmetic and text, for the defaults of date fields.
            "ParseWire",
        ]),
        // The operating system, for every stage that reads or writes files: POSIX calls, with what
        // differs between Linux and Apple's systems kept in its Platform.swift (package access only).
        .target(name: "ModelgenFileSystem"),
        // Stage 3a: what every emitter shares: the protocol, generated files and their header.
        .target(name: "ModelgenEmitter", dependencies: ["ModelgenSchema", "ModelgenYAML", "ModelgenDiagnostics"]),
        // Stage 3b: Mustache templates: the defaults compiled in, user overrides from a directory.
        .target(name: "ModelgenTemplates", dependencies: [
            "ModelgenDiagnostics", "ModelgenFileSystem",
            .product(name: "Mustache", package: "swift-mustache"),
        ]),
        // Stage 3c: one module per output kind.
        .target(name: "ModelgenSwiftEmitter", dependencies: ["ModelgenEmitter", "ModelgenTemplates", "ModelgenSchema", "ModelgenDiagnostics"]),
        // The SQL DDL emitter: PostgreSQL and SQLite scripts.
        .target(name: "ModelgenSQLEmitter", dependencies: [
            "ModelgenEmitter", "ModelgenTemplates", "ModelgenSchema", "ModelgenDiagnostics",
            // Parse's field types, for Parse Server's record of its classes (`_SCHEMA`).
            "ModelgenParseServer",
        ]),
        // The defined schema of Parse Server, and Parse's schema JSON read back (`import`): both
        // directions of one mapping, so a round trip holds by construction.
        .target(name: "ModelgenParseServer", dependencies: [
            "ModelgenEmitter", "ModelgenTemplates", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenYAML",
            // Parse's JSON text, written as the runtime writes it.
            "ParseWire",
        ]),
        // The ER diagram: Mermaid, Graphviz DOT, and the SVG Graphviz draws.
        .target(name: "ModelgenDiagramEmitter", dependencies: [
            "ModelgenEmitter", "ModelgenTemplates", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenYAML", "ModelgenFileSystem",
        ]),
        // Stage 3d: configuration, the emitter registry and the `Generator` entry point, which writes
        // nothing (the writer does).
        .target(name: "ModelgenGenerator", dependencies: [
            "ModelgenSchema", "ModelgenYAML", "ModelgenDiagnostics", "ModelgenFileSystem",
            "ModelgenEmitter", "ModelgenSwiftEmitter", "ModelgenSQLEmitter", "ModelgenParseServer", "ModelgenDiagramEmitter",
        ]),
        // Stage 4: the only stage that writes: the output tree, and a new migration's folder.
        .target(name: "ModelgenWriter", dependencies: ["ModelgenGenerator", "ModelgenEmitter", "ModelgenFileSystem", "ModelgenDiagnostics"]),
        // The migrations a model keeps beside its SQL scripts: reading the history, the next one.
        .target(name: "ModelgenMigrations", dependencies: [
            "ModelgenGenerator", "ModelgenSQLEmitter", "ModelgenEmitter", "ModelgenSchema", "ModelgenTemplates", "ModelgenWriter",
            "ModelgenFileSystem", "ModelgenDiagnostics",
        ]),
        // gen, check and lint end to end (models, load, generate, draw, stage, commit; check
        // plans only): what the command line and, through it, both plugins run.
        .target(name: "ModelgenPipeline", dependencies: [
            "ModelgenGenerator", "ModelgenMigrations", "ModelgenWriter", "ModelgenEmitter", "ModelgenSchema", "ModelgenFileSystem",
            "ModelgenDiagnostics",
        ]),
        // The command line: a thin shell over the pipeline.
        .executableTarget(
            name: "modelgen",
            dependencies: [
                "ModelgenPipeline",
                "ModelgenMigrations",
                "ModelgenGenerator",
                "ModelgenSchema",
                "ModelgenWriter",
                "ModelgenTemplates",
                "ModelgenParseServer",
                "ModelgenSQLEmitter",
                "ModelgenYAML",
                "ModelgenFileSystem",
                // `import` reads a live app's schema through the REST client.
                "ParseRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // For maintainers, not a product: the default templates compiled to Swift over typed views
        // (the `*TemplateViews.swift` files), their embedded copies and docs/TemplateContexts.md,
        // all derived from Templates/ and the view specs; `swift run template-compiler` writes them.
        .target(name: "ModelgenTemplateCompiler", dependencies: ["ModelgenTemplates", "ModelgenFileSystem"]),
        .executableTarget(name: "template-compiler", dependencies: ["ModelgenTemplateCompiler", "ModelgenFileSystem"],
                          path: "Sources/TemplateCompilerCommand"),

        // The build-tool plugin: a target's schemas become its Swift models at build time.
        .plugin(name: "ModelgenPlugin", capability: .buildTool(), dependencies: ["modelgen"]),
        // The command plugin: `swift package generate-models` writes generated code into the package.
        .plugin(
            name: "GenerateModels",
            capability: .command(
                intent: .custom(verb: "generate-models", description: "Generate models, clients and SQL with modelgen"),
                permissions: [.writeToPackageDirectory(reason: "modelgen writes the generated files into the package")]),
            dependencies: ["modelgen"]),

        // The library generated models use on Linux and everywhere: ParseSwift's protocol shape
        // and Parse's wire types, with no dependencies outside this package.
        //
        // On Linux its LiveQuery client speaks WebSocket over SwiftNIO (TLS: NIOSSL), built only
        // with the trait LiveQuery or TestServer (either one: SwiftPM applies a dependency when
        // any of the traits it names is enabled); on Apple's systems URLSessionWebSocketTask
        // does, and neither is ever built for ParseRuntime there.
        .target(name: "ParseRuntime", dependencies: [
            "ParseWire",
            .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux], traits: ["LiveQuery", "TestServer"])),
            .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux], traits: ["LiveQuery", "TestServer"])),
            .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux], traits: ["LiveQuery", "TestServer"])),
            .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(platforms: [.linux], traits: ["LiveQuery", "TestServer"])),
            .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux], traits: ["LiveQuery", "TestServer"])),
        ]),
        // The on-device store: the generated models in SQLite, answering the client's calls.
        // Its sources build only with the trait LocalStore, and so does GRDB.
        .target(name: "ParseLocalStore", dependencies: [
            "ParseRuntime", "ParseWire",
            .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["LocalStore"])),
        ]),
        // Parse's wire texts (dates with milliseconds, JSON strings), one way for the runtime and
        // the generator alike: no dependencies, so the schema stage needs no runtime.
        .target(name: "ParseWire"),

        .testTarget(name: "ParseRuntimeTests", dependencies: ["ParseRuntime", "ParseWire", "LibraryModels", "BookstoreModels", "TodoListModels", "GameModels", "ModelgenTestSupport"]),

        // ParseTestServer: Parse's REST API with its semantics, in memory, over HTTP/1.1 on
        // SwiftNIO, and Parse's LiveQuery over WebSocket on the same port. Its sources build only with the trait TestServer, and so does SwiftNIO; the
        // end-to-end tests in IntegrationTests/ enable it.
        .target(name: "ParseTestServer", dependencies: [
            // Parse's date text, written as the runtime writes it.
            "ParseWire",
            .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["TestServer"])),
            .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["TestServer"])),
            .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["TestServer"])),
            // LiveQuery's WebSocket, upgraded from the same HTTP server.
            .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["TestServer"])),
        ]),
        .executableTarget(name: "ParseTestServerCommand", dependencies: [
            "ParseTestServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["TestServer"])),
        ]),

        // Sample targets: the committed output of every sample schema, compiled against
        // ParseRuntime and exercised against Parse's wire format.
        .target(name: "LibraryModels", dependencies: ["ParseRuntime"], path: "Generated/Library/Swift"),
        .target(name: "BookstoreModels", dependencies: ["ParseRuntime"], path: "Generated/Bookstore/Swift"),
        .target(name: "TodoListModels", dependencies: ["ParseRuntime"], path: "Generated/TodoList/Swift"),
        .target(name: "RecipesModels", dependencies: ["ParseRuntime"], path: "Generated/Recipes/Swift"),
        .target(name: "PeopleModels", dependencies: ["ParseRuntime"], path: "Generated/People/Swift"),
        .target(name: "GroceryModels", dependencies: ["ParseRuntime"], path: "Generated/Grocery/Swift"),
        .target(name: "GameModels", dependencies: ["ParseRuntime"], path: "Generated/Game/Swift"),
        .target(name: "TutorialModels", dependencies: ["ParseRuntime"], path: "Generated/Tutorial/Swift"),
        .target(name: "InventoryModels", dependencies: ["ParseRuntime"], path: "Generated/Inventory/Swift"),
        .testTarget(name: "SampleModelTests", dependencies: [
            "ParseRuntime", "LibraryModels", "BookstoreModels", "TodoListModels", "RecipesModels", "PeopleModels", "GroceryModels", "GameModels",
            "TutorialModels", "InventoryModels",
        ]),
        // The output of Tests/InjectionModels/Injection.yaml (text that tries to break out of
        // string literals and comments, keywords as names), compiled here and run by its tests.
        .target(name: "InjectionModels", dependencies: ["ParseRuntime"], path: "Tests/InjectionModels/Generated/Swift"),
        .testTarget(name: "InjectionModelTests", dependencies: ["InjectionModels", "ParseRuntime"]),
        .testTarget(name: "ModelgenTemplatesTests", dependencies: [
            "ModelgenTemplates", "ModelgenTemplateCompiler", "ModelgenDiagnostics", "ModelgenTestSupport",
        ]),
        .testTarget(name: "ModelgenYAMLTests", dependencies: ["ModelgenYAML"]),
        .testTarget(name: "ModelgenSchemaTests", dependencies: ["ModelgenSchema"], exclude: ["InvalidSchemas"]),
        // Temporary directories for the tests that work on real files.
        .target(name: "ModelgenTestSupport", path: "Tests/ModelgenTestSupport"),
        .testTarget(name: "ModelgenGeneratorTests", dependencies: [
            "ModelgenGenerator", "ModelgenEmitter", "ModelgenWriter", "ModelgenTemplates", "ModelgenSwiftEmitter", "ModelgenTestSupport",
            "ModelgenFileSystem",
        ]),
        .testTarget(name: "ModelgenSwiftEmitterTests", dependencies: [
            "ModelgenSwiftEmitter", "ModelgenEmitter", "ModelgenGenerator", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenTestSupport",
            // The local store's tables, which the registry hands the Swift emitter.
            "ModelgenSQLEmitter",
        ], exclude: ["Goldens"]),
        .testTarget(name: "ModelgenSQLEmitterTests", dependencies: [
            "ModelgenSQLEmitter", "ModelgenEmitter", "ModelgenGenerator", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenYAML",
            "ModelgenTestSupport", "modelgen",
        ], exclude: ["Goldens"]),
        // Every Swift and YAML block of README.md and docs/, checked; Compiled/ holds the Swift
        // blocks as this target compiles them (written from the pages by the tests themselves).
        .testTarget(name: "DocSnippetTests", dependencies: [
            "ParseRuntime", "LibraryModels", "BookstoreModels", "TodoListModels", "RecipesModels", "PeopleModels", "GroceryModels",
            "GameModels", "TutorialModels", "InventoryModels", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenTestSupport", "modelgen",
        ]),
        .testTarget(name: "ModelgenParseServerTests", dependencies: [
            "ModelgenParseServer", "ModelgenEmitter", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenYAML", "ModelgenTestSupport",
        ], exclude: ["Goldens", "Responses"]),
        .testTarget(name: "ModelgenDiagramEmitterTests", dependencies: [
            "ModelgenDiagramEmitter", "ModelgenEmitter", "ModelgenSchema", "ModelgenDiagnostics", "ModelgenTestSupport",
        ], exclude: ["Goldens"]),
        // Hostile/: the hostile-input corpus (schema files and their expected diagnostics).
        .testTarget(name: "ModelgenCLITests", dependencies: ["modelgen", "ModelgenTestSupport"], exclude: ["Hostile"]),
    ],
    swiftLanguageModes: [.v6]
)
