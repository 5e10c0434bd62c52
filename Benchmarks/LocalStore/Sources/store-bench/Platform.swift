import Foundation

// What the harness reads from the system, and where Linux and Apple's systems differ (as in
// Benchmarks/Sources/bench/Platform.swift). A Linux lab tool: on a Mac it builds and runs, and
// what only Linux tells reads as unknown.

/// One line of a /proc file that starts with `prefix`, on Linux; `nil` elsewhere.
func procLine(_ file: String, prefix: String) -> String? {
    #if os(Linux)
    let text = (try? String(contentsOfFile: "/proc/" + file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
    #else
    return nil
    #endif
}

/// This executable's path, for the child processes of the memory benchmark.
func currentExecutable() -> String {
    #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    #endif
    return URL(fileURLWithPath: CommandLine.arguments[0]).standardized.path
}
