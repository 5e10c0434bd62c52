import Foundation

/// The programs modelgen runs (Graphviz's `dot`): found on `PATH`, run directly (never through
/// a shell) with their input and output in files of a private temporary folder, so that no
/// pipe can fill and stall either side. Foundation's `Process` runs them on Linux and macOS.
package enum ExternalProgram {
    /// The full path of the program `name`: the environment variable `override` when it is set
    /// (an empty value or a missing file means "not installed"), else the first executable
    /// `name` on `PATH`. `nil` when there is none.
    package static func find(_ name: String, override: String? = nil) -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let override, let chosen = environment[override] {
            return !chosen.isEmpty && FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":") {
            let candidate = FileSystem.join(String(folder), name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program` with `arguments` and `input` on its standard input, and returns what it
    /// wrote to its standard output; throws with what it wrote to its standard error when it
    /// fails (an exit other than 0, or a signal).
    package static func run(_ program: String, _ arguments: [String], input: String) throws(FileSystem.Failure) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = FileSystem.lastComponent(program)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let inputFile = folder.appendingPathComponent("input")
            let outputFile = folder.appendingPathComponent("output")
            let errorFile = folder.appendingPathComponent("error")
            try Data(input.utf8).write(to: inputFile)
            _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            process.standardOutput = try FileHandle(forWritingTo: outputFile)
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
            process.waitUntilExit()
            let output = try Data(contentsOf: outputFile)
            let errors = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                let how = process.terminationReason == .exit ? "exited with \(process.terminationStatus)" : "was killed"
                throw FileSystem.Failure(description: "\(name) \(how)\(errors.isEmpty ? "" : ": \(errors)")")
            }
            return String(decoding: output, as: UTF8.self)
        } catch let failure as FileSystem.Failure {
            throw failure
        } catch {
            throw FileSystem.Failure(description: "cannot run \(name): \(error.localizedDescription)")
        }
    }
}
