import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target T ...]`:
/// runs `modelgen gen` on the package, for teams that commit generated code.
///
/// Without `--target`, it generates what the package's `modelgen.yml` configures, exactly as
/// `modelgen gen` run in the package directory would. With `--target T`, it generates T's
/// schemas: with T's own `modelgen.yml` when it has one, otherwise every `.yaml` file of T into
/// a `Generated` folder beside them. Other arguments are passed on to `modelgen gen` (for example `--emitter swift`).
@main
struct GenerateModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passedOn = extractor.remainingArguments
        let tool = try context.tool(named: "modelgen").url
        let packageDirectory = context.package.directoryURL

        guard !targetNames.isEmpty else {
            try run(tool, ["gen"] + passedOn, in: packageDirectory)
            return
        }
        for target in try context.package.targets(named: targetNames) {
            guard let module = target as? SourceModuleTarget else {
                Diagnostics.error("target '\(target.name)' has no sources to generate from")
                continue
            }
            let files = module.sourceFiles.map(\.url)
            if let config = files.first(where: { $0.lastPathComponent == "modelgen.yml" }) {
                try run(tool, ["gen", "--config", config.path()] + passedOn, in: packageDirectory)
            } else {
                let schemas = files.filter { $0.pathExtension == "yaml" || $0.pathExtension == "yml" }.sorted { $0.path < $1.path }
                guard let first = schemas.first else {
                    Diagnostics.error("target '\(target.name)' has no schema files (.yaml) and no modelgen.yml")
                    continue
                }
                // Beside the (first) schema: the target's folder when the schemas are at its top.
                let output = first.deletingLastPathComponent().appending(path: "Generated").path()
                try run(tool, ["gen", "--output", output] + passedOn + schemas.map { $0.path() }, in: packageDirectory)
            }
        }
    }

    private func run(_ tool: URL, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("modelgen gen failed (exit \(process.terminationStatus)); its messages are above")
            throw GenerateModelsError.failed(process.terminationStatus)
        }
    }
}

enum GenerateModelsError: Error {
    case failed(Int32)
}
