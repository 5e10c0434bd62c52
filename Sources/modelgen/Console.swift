import Foundation
import ModelgenDiagnostics
import ModelgenGenerator

/// Where the CLI prints: results to standard output, diagnostics to standard error.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        error(diagnostics.map(\.description).joined(separator: "\n"))
    }

    /// `path` relative to the working directory when it is inside it, for friendlier messages.
    static func relative(_ path: String) -> String {
        let cwd = RunSettings.currentDirectory()
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }
}
