import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target T ...]`:
/// runs `modelgen gen` on the package, for teams that commit generated code.
///
/// Without `--target`, it generates what the package's `modelgen.yml` configures, exactly as
/// `modelgen gen` run in the package directory would. With `--target T`, it generates T's
/// schemas: with T's own `modelgen.yml` when it has one, otherwise every `.yaml` file of T into
/// a `Generated` folder beside them. It refuses a target that holds `modelgen-plugin.yml`, the
/// build-tool plugin's options: that target's models are generated at build time, and written
/// into it as well they would be declared twice. Other arguments are passed on to `modelgen gen`
/// (for example `--emitter swift`).
///
/// In Xcode (`XcodeCommandPlugin`, below) it does the same for an app project: right-click the
/// project, choose "Generate models", and it runs in the project's folder.
@main
struct GenerateModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = try context.package.targets(named: targetNames).map { target in
            (name: target.name, files: (target as? SourceModuleTarget)?.sourceFiles.map(\.url))
        }
        try Self.generate(targets: targets, passedOn: extractor.remainingArguments,
                          tool: try context.tool(named: "modelgen").url, in: context.package.directoryURL)
    }

    /// Runs `modelgen gen` for the whole project (no targets named) or for each target.
    static func generate(targets: [(name: String, files: [URL]?)], passedOn: [String], tool: URL, in directory: URL) throws {
        guard !targets.isEmpty else {
            try run(tool, ["gen"] + passedOn, in: directory)
            return
        }
        for target in targets {
            guard let files = target.files else {
                Diagnostics.error("target '\(target.name)' has no sources to generate from")
                continue
            }
            if let options = files.first(where: { $0.lastPathComponent == "modelgen-plugin.yml" }) {
                Diagnostics.error("target '\(target.name)' generates its models at build time with ModelgenPlugin (\(filePath(options)) "
                                  + "holds its options): files written into it would declare every type a second time. Run "
                                  + "generate-models without --target to generate what the package's modelgen.yml configures, "
                                  + "or remove ModelgenPlugin and modelgen-plugin.yml from the target to commit its code instead.")
                throw GenerateModelsError.failed(1)
            }
            if let config = files.first(where: { $0.lastPathComponent == "modelgen.yml" }) {
                try run(tool, ["gen", "--config", filePath(config)] + passedOn, in: directory)
            } else {
                let schemas = files.filter { $0.pathExtension == "yaml" || $0.pathExtension == "yml" }
                    .sorted { filePath($0) < filePath($1) }
                guard let first = schemas.first else {
                    Diagnostics.error("target '\(target.name)' has no schema files (.yaml) and no modelgen.yml")
                    continue
                }
                // Beside the (first) schema: the target's folder when the schemas are at its top.
                let output = filePath(first.deletingLastPathComponent().appending(path: "Generated"))
                // Headers name the schemas relative to the package, as on every other machine.
                try run(tool, ["gen", "--output", output, "--source-root", filePath(directory)] + passedOn + schemas.map(filePath),
                        in: directory)
            }
        }
    }

    /// Runs modelgen, passing on its summary lines as they come and its diagnostics as the
    /// plugin's own (located, so Xcode links them to the schema line), then says whether it
    /// failed: after its messages, not before them.
    private static func run(_ tool: URL, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in text.split(separator: "\n") { ModelgenMessage(String(line), in: directory).emit() }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // SwiftPM prints it after the diagnostics above.
            throw GenerateModelsError.failed(process.terminationStatus)
        }
    }
}

/// One line of modelgen's standard error: `FILE:LINE:COLUMN: error: MESSAGE` (or `warning:`,
/// `note:`), or `modelgen: error: MESSAGE` for a problem of no file.
struct ModelgenMessage {
    var severity: String?
    var message: String
    var file: String?
    var line: Int?

    /// `text` as modelgen printed it; a relative file is taken from `directory`, where it ran.
    init(_ text: String, in directory: URL) {
        message = text
        // The first marker: a message may itself quote ": error: ".
        let found = ["error", "warning", "note"].compactMap { kind in text.range(of: ": \(kind): ").map { (kind, $0) } }
            .min { $0.1.lowerBound < $1.1.lowerBound }
        guard let (kind, range) = found else { return }
        severity = kind
        // The text keeps the location, which SwiftPM's terminal output does not show otherwise.
        let location = text[..<range.lowerBound]
        message = location == "modelgen" ? String(text[range.upperBound...]) : "\(location): \(text[range.upperBound...])"
        // FILE:LINE:COLUMN, where FILE may itself hold colons.
        let place = location.split(separator: ":", omittingEmptySubsequences: false)
        if place.count >= 3, let line = Int(place[place.count - 2]), Int(place[place.count - 1]) != nil {
            let path = place.dropLast(2).joined(separator: ":")
            self.line = line
            file = path.hasPrefix("/") ? path : filePath(directory.appending(path: path))
        }
    }

    func emit() {
        switch severity {
        case "error"?: Diagnostics.error(message, file: file, line: line)
        case "warning"?: Diagnostics.warning(message, file: file, line: line)
        case "note"?: Diagnostics.remark(message, file: file, line: line)
        default: Diagnostics.remark(message, file: nil, line: nil)
        }
    }
}

/// A file URL as the path the tool is given: as it is on disk, never percent-encoded (a
/// package in `~/Documents/My App` stays `My App`, not `My%20App`).
func filePath(_ url: URL) -> String {
    url.path(percentEncoded: false)
}

enum GenerateModelsError: Error, CustomStringConvertible {
    case failed(Int32)

    var description: String {
        switch self {
        case .failed(let status): "modelgen gen failed (exit \(status))"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GenerateModels: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let targets = context.xcodeProject.targets
            .filter { targetNames.contains($0.displayName) }
            .map { (name: $0.displayName, files: Optional($0.inputFiles.map(\.url))) }
        if targets.count < targetNames.count {
            let missing = targetNames.subtracting(targets.map(\.name)).sorted()
            Diagnostics.error("no target named \(missing.joined(separator: ", ")) in the Xcode project")
            throw GenerateModelsError.failed(1)
        }
        try Self.generate(targets: targets, passedOn: extractor.remainingArguments,
                          tool: try context.tool(named: "modelgen").url, in: context.xcodeProject.directoryURL)
    }
}
#endif
