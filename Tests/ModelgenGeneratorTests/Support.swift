import Foundation
import ModelgenDiagnostics
import ModelgenGenerator
import ModelgenSchema
import ModelgenYAML

/// A test emitter: one `.txt` file per schema file listing its classes and their fields, so
/// the writer and `check` can be exercised before real emitters exist. Option `suffix` is
/// appended to every line, to make output change on demand.
struct ListingEmitter: Emitter {
    var suffix = ""

    func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector) -> [GeneratedFile] {
        schema.files.map { file in
            let stem = file.path.split(separator: "/").last!.split(separator: ".").first!
            var body = ""
            for definition in schema.classes where definition.file == file.path {
                body += "\(definition.name): \(definition.fields.map { "\($0.name) \($0.type)" }.joined(separator: ", "))\(suffix)\n"
            }
            return GeneratedFile(path: "Listing/\(stem).txt", sources: [file.path], commentPrefix: "#", body: body)
        }
    }

    static let descriptor = EmitterDescriptor(name: "listing", summary: "Lists classes (tests only).", optionKeys: ["suffix"]) { options, diagnostics in
        var emitter = ListingEmitter()
        for option in options where option.key == "suffix" {
            guard let text = option.value.scalar?.string else {
                diagnostics.error("'suffix' must be text", at: option.value.location)
                return nil
            }
            emitter.suffix = text
        }
        return emitter
    }

    static let registry = EmitterRegistry([descriptor])
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "modelgen-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }

    /// Every file below the directory with its bytes, for before/after comparisons.
    func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + relative))
            }
        }
        return result
    }

    func modificationDate(_ relative: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path + "/" + relative)[.modificationDate] as? Date)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

import Testing
