import Foundation
import PackagePlugin

/// Generates a target's Swift models from the schema YAML files in it, at build time.
///
/// Every `.yaml` file of the target except `modelgen.yml` is a schema; together they form one
/// model. An optional `modelgen.yml` in the target configures the `swift` emitter (`access`,
/// `runtime`, `unknownEnumCase`) and `templates`. Output goes to the plugin's work directory as
/// `<schema>.1.swift` ... `<schema>.4.swift` and `ModelgenSupport.swift`: names derived from the
/// schema file names alone, so the build system knows them before modelgen runs and reruns
/// modelgen only when a schema, the config or a template changes.
///
/// It works for a target of a Swift package and, in Xcode, for a target of an app project
/// (`XcodeBuildToolPlugin`, below); both give the same command.
@main
struct ModelgenPlugin: BuildToolPlugin {
    /// How many files each schema's types are spread over: several smaller files compile faster
    /// than one big one.
    static let shards = 4

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(targetName: target.name, files: target.sourceFiles.map(\.url),
                                 root: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
                                 tool: try context.tool(named: "modelgen").url)
    }

    /// The one build command for a target made of `files`, or none when it has no schema.
    /// Generated headers name the schemas relative to `root` (the package's or project's
    /// folder), so the output does not depend on where the checkout is.
    static func commands(targetName: String, files: [URL], root: URL, workDirectory: URL, tool: URL) throws -> [Command] {
        let config = files.first { $0.lastPathComponent == "modelgen.yml" }
        let schemas = files.filter { ($0.pathExtension == "yaml" || $0.pathExtension == "yml") && $0 != config }
            .sorted { filePath($0) < filePath($1) }
        guard !schemas.isEmpty else { return [] }
        let templates = files.filter { $0.pathExtension == "mustache" }
        let output = workDirectory.appending(path: "Generated")
        let swiftFolder = output.appending(path: "Swift")
        var outputs = schemas.flatMap { schema in
            let stem = schema.deletingPathExtension().lastPathComponent
            return (1...Self.shards).map { swiftFolder.appending(path: "\(stem).\($0).swift") }
        }
        outputs.append(swiftFolder.appending(path: "ModelgenSupport.swift"))

        var arguments = ["gen", "--quiet", "--output", filePath(output), "--emitter", "swift",
                         "--option", "swift.shards=\(Self.shards)", "--option", "swift.folder=Swift",
                         "--source-root", filePath(root)]
        if let config { arguments += ["--config", filePath(config)] }
        arguments += schemas.map(filePath)
        return [
            .buildCommand(
                displayName: "modelgen: generating models of \(targetName) from \(schemas.map(\.lastPathComponent).joined(separator: ", "))",
                executable: tool,
                arguments: arguments,
                inputFiles: schemas + (config.map { [$0] } ?? []) + templates,
                outputFiles: outputs),
        ]
    }
}

/// A file URL as the path the tool is given: as it is on disk, never percent-encoded (a
/// package in `~/Documents/My App` stays `My App`, not `My%20App`).
func filePath(_ url: URL) -> String {
    url.path(percentEncoded: false)
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for a target of an Xcode app project: its schema files are the `.yaml` files that
/// are members of the target.
extension ModelgenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(targetName: target.displayName, files: target.inputFiles.map(\.url),
                          root: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
                          tool: try context.tool(named: "modelgen").url)
    }
}
#endif
