import Foundation

/// Files of this repository, for tests that compare output with committed expectations.
public enum RepositoryFiles {
    /// The repository root, found from this source file's location.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Whether the run should rewrite expectations instead of comparing with them.
    public static var updating: Bool {
        ProcessInfo.processInfo.environment["MODELGEN_UPDATE_EXPECTATIONS"] == "1"
    }

    public static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    public static func write(_ relative: String, _ text: String) throws {
        let full = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// The sample schemas, `Schemas/<name>.yaml`, by name, sorted: each is its own model.
    public static var sampleNames: [String] {
        ((try? list("Schemas")) ?? []).filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }
    }

    /// Names of the files in a repository folder, sorted.
    public static func list(_ relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/" + relative).sorted()
    }
}
