import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenYAML

/// The options of the `diagram` emitter, as `modelgen.yml` spells them:
///
/// ```yaml
/// emitters:
///   diagram:
///     name: Library          # the files' name (default: the first schema file's, without .yaml)
///     show: fields           # fields (default) or names: each class with its fields, or its name only
///     direction: TB          # TB (default), BT, LR or RL: where the lines run
///     folder: Diagram        # where the files go inside the output directory
/// ```
public struct DiagramOptions: Sendable, Hashable {
    /// What each class's box holds.
    public enum Show: String, Sendable, CaseIterable {
        /// Its fields, with their types, keys and notes.
        case fields
        /// Its name only.
        case names
    }

    /// Which way the diagram reads: top to bottom, bottom to top, left to right, right to left.
    public enum Direction: String, Sendable, CaseIterable {
        case TB, BT, LR, RL
    }

    /// The files' name, `nil` for the first schema file's.
    public var name: String?
    public var show: Show = .fields
    public var direction: Direction = .TB
    public var folder = "Diagram"

    public static let keys = ["name", "show", "direction", "folder"]

    public init(name: String? = nil, show: Show = .fields, direction: Direction = .TB, folder: String = "Diagram") {
        self.name = name
        self.show = show
        self.direction = direction
        self.folder = folder
    }

    /// Reads the options from the emitter's config mapping; `nil` after reporting a bad value.
    public static func read(_ entries: [YAMLMappingEntry], diagnostics: inout DiagnosticCollector) -> DiagramOptions? {
        let reader = EmitterOptions(emitter: DiagramEmitter.name, entries: entries)
        var options = DiagramOptions()
        var valid = reader.read("show", into: &options.show, diagnostics: &diagnostics)
        valid = reader.read("direction", into: &options.direction, diagnostics: &diagnostics) && valid
        valid = reader.readFolder("folder", into: &options.folder, diagnostics: &diagnostics) && valid
        if let entry = entries.first(where: { $0.key == "name" }) {
            if let text = entry.value.scalar?.string, ModelName.isFileName(text) {
                options.name = text
            } else {
                diagnostics.error("option 'name' of emitter 'diagram' must be a file name of letters, digits, '-', '_' and '.', such as 'Library'",
                                  at: entry.value.location)
                valid = false
            }
        }
        return valid ? options : nil
    }
}
