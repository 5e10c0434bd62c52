import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        let created = NSTemporaryDirectory() + "modelgen-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: created, withIntermediateDirectories: true)
        // The real path, as modelgen sees it through its working directory (on a Mac the
        // temporary folder under /var is /private/var).
        path = resolvedPath(created)
    }

    public func write(_ relative: String, _ text: String) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
    }

    public func writeBytes(_ relative: String, _ bytes: [UInt8]) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }

    /// Every file below the directory with its bytes, for before/after comparisons. Symbolic
    /// links and special files (named pipes) are recorded by what they are, not read.
    public func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            let full = path + "/" + relative
            let type = (try? FileManager.default.attributesOfItem(atPath: full)[.type]) as? FileAttributeType
            switch type {
            case .typeRegular?:
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: full))
            case .typeDirectory?:
                continue
            case .typeSymbolicLink?:
                result[relative] = Data(("symbolic link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")).utf8)
            default:
                result[relative] = Data("special file".utf8)
            }
        }
        return result
    }

    public func modificationDate(_ relative: String) throws -> Date {
        guard let date = try FileManager.default.attributesOfItem(atPath: path + "/" + relative)[.modificationDate] as? Date else {
            throw CocoaError(.fileReadUnknown)
        }
        return date
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
