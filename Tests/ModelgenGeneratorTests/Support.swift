import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenGenerator
import ModelgenSchema
import ModelgenYAML

/// A test emitter: one `.txt` file per schema file listing its classes and their fields, so
/// the writer and `check` can be exercised before real emitters exist. Option `suffix` is
/// appended to every line, to make output change on demand.
struct ListingEmitter: Emitter {
    var suffix = ""

    func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector,
              into sink: (GeneratedFile) -> Void) {
        for file in schema.files {
            let stem = file.path.split(separator: "/").last!.split(separator: ".").first!
            var body = ""
            for definition in schema.classes where definition.file == file.path {
                body += "\(definition.name): \(definition.fields.map { "\($0.name) \($0.type)" }.joined(separator: ", "))\(suffix)\n"
            }
            sink(GeneratedFile(path: "Listing/\(stem).txt", sources: [file.path], commentPrefix: "#", body: body))
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
