import Foundation
import PackagePlugin

/// Generates a target's Swift models from the schema YAML files in it, at build time.
///
/// Every `.yaml` file of the target except `modelgen.yml` is a schema; together they form one
/// model. An optional `modelgen.yml` in the target configures the `swift` emitter (`access`,
/// `runtime`, `unknownEnumCase`) and `templates`. Output goes to the plugin's work directory as
/// `<schema>.1.swift` ... `<schema>.4.swift` and `ModelgenSupport.swift`: names derived from the
/// schema file names alone, so SwiftPM knows them before modelgen runs and reruns modelgen only
/// when a schema, the config or a template changes.
@main
struct ModelgenPlugin: BuildToolPlugin {
    /// How many files each schema's types are spread over: several smaller files compile faster
    /// than one big one.
    static let shards = 4

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let config = files.first { $0.lastPathComponent == "modelgen.yml" }
        let schemas = files.filter { ($0.pathExtension == "yaml" || $0.pathExtension == "yml") && $0 != config }
            .sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        let templates = files.filter { $0.pathExtension == "mustache" }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let swiftFolder = output.appending(path: "Swift")
        var outputs = schemas.flatMap { schema in
            let stem = schema.deletingPathExtension().lastPathComponent
            return (1...Self.shards).map { swiftFolder.appending(path: "\(stem).\($0).swift") }
        }
        outputs.append(swiftFolder.appending(path: "ModelgenSupport.swift"))

        var arguments = ["gen", "--quiet", "--output", output.path(), "--emitter", "swift",
                         "--option", "swift.shards=\(Self.shards)", "--option", "swift.folder=Swift"]
        if let config { arguments += ["--config", config.path()] }
        arguments += schemas.map { $0.path() }
        return [
            .buildCommand(
                displayName: "modelgen: generating models of \(target.name) from \(schemas.map(\.lastPathComponent).joined(separator: ", "))",
                executable: try context.tool(named: "modelgen").url,
                arguments: arguments,
                inputFiles: schemas + (config.map { [$0] } ?? []) + templates,
                outputFiles: outputs),
        ]
    }
}
