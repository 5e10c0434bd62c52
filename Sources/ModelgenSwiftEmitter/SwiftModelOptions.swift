import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenYAML

/// The options of the `swift` emitter, as `modelgen.yml` spells them:
///
/// ```yaml
/// emitters:
///   swift:
///     access: public          # internal (default), package or public
///     runtime: ParseSwift     # ParseRuntime (default) or ParseSwift
///     unknownEnumCase: true   # enums decode values they do not know into `.unknown(raw)`
///     folder: Models          # where the files go inside the output directory (default Swift)
///     shards: 4               # write <schema>.1.swift ... <schema>.4.swift instead of a file per type
///     localStore: true        # also <Model>+LocalSchema.swift, the on-device store's tables (ParseRuntime only)
/// ```
public struct SwiftModelOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    public enum Access: String, Sendable, CaseIterable {
        case `internal`, `package`, `public`

        /// The modifier with its trailing space; internal is written as nothing.
        var modifier: String { self == .internal ? "" : rawValue + " " }
    }

    /// The module the models are written against.
    public enum Runtime: String, Sendable, CaseIterable {
        /// modelgen's runtime library: works on Linux and everywhere, and is what the generated
        /// REST clients use.
        case parseRuntime = "ParseRuntime"
        /// The Parse-Swift SDK, for apps that use it (iOS, macOS, ...).
        case parseSwift = "ParseSwift"
    }

    public var access: Access = .internal
    public var runtime: Runtime = .parseRuntime
    public var unknownEnumCase = false
    public var folder = "Swift"
    /// `nil`: one file per type. Otherwise each schema file's types go into this many files
    /// (by a stable hash of the type name) plus `ModelgenSupport.swift`, so the file names depend
    /// only on the schema file names, as SwiftPM's build-tool plugins need.
    public var shards: Int?
    /// Whether to write the model's `LocalSchema` (`<Model>+LocalSchema.swift`, or into
    /// `ModelgenSupport.swift` with shards): the tables of the on-device store, which opens
    /// ParseRuntime's models only.
    public var localStore = false

    public static let keys = ["access", "runtime", "unknownEnumCase", "folder", "shards", "localStore"]
    static let maximumShards = 64

    public init(access: Access = .internal, runtime: Runtime = .parseRuntime, unknownEnumCase: Bool = false,
                folder: String = "Swift", shards: Int? = nil, localStore: Bool = false) {
        self.access = access
        self.runtime = runtime
        self.unknownEnumCase = unknownEnumCase
        self.folder = folder
        self.shards = shards
        self.localStore = localStore
    }

    /// Reads the options from the emitter's config mapping; `nil` after reporting a bad value.
    public static func read(_ entries: [YAMLMappingEntry], diagnostics: inout DiagnosticCollector) -> SwiftModelOptions? {
        let reader = EmitterOptions(emitter: SwiftModelEmitter.name, entries: entries)
        var options = SwiftModelOptions()
        var valid = reader.read("access", into: &options.access, diagnostics: &diagnostics)
        valid = reader.read("runtime", into: &options.runtime, diagnostics: &diagnostics) && valid
        valid = reader.read("unknownEnumCase", into: &options.unknownEnumCase, diagnostics: &diagnostics) && valid
        valid = reader.readFolder("folder", into: &options.folder, diagnostics: &diagnostics) && valid
        if let entry = entries.first(where: { $0.key == "shards" }) {
            if let count = entry.value.scalar?.int, (1...maximumShards).contains(count) {
                options.shards = count
            } else {
                diagnostics.error("option 'shards' of emitter 'swift' must be a whole number from 1 to \(maximumShards)",
                                  at: entry.value.location)
                valid = false
            }
        }
        valid = reader.read("localStore", into: &options.localStore, diagnostics: &diagnostics) && valid
        if valid, options.localStore, options.runtime == .parseSwift, let entry = entries.first(where: { $0.key == "localStore" }) {
            var notes: [Diagnostic.Note] = []
            if let runtime = entries.first(where: { $0.key == "runtime" }) {
                notes.append(.init("the runtime is chosen here", at: runtime.value.location))
            }
            notes.append(.init("ParseSwift apps get no on-device store: remove 'localStore', or generate for 'runtime: ParseRuntime'"))
            diagnostics.error("option 'localStore' of emitter 'swift' needs 'runtime: ParseRuntime': the on-device store works with ParseRuntime's models only",
                              at: entry.value.location, notes: notes)
            valid = false
        }
        return valid ? options : nil
    }
}
