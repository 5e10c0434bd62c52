import ModelgenDiagnostics
import ModelgenSchema
import ModelgenYAML

/// What an emitter gets besides the schema.
public struct EmitterContext: Sendable {
    /// A directory of user templates that override the defaults by file name, if configured.
    public var templatesDirectory: String?
    /// Renders even the default templates with the Mustache interpreter rather than their
    /// compiled form (the same bytes, slower); tests use it to prove the two agree.
    public var interpretsTemplates: Bool
    /// The migrations the model keeps (folder names, oldest first), for the SQL emitter: its
    /// create scripts record them in a database they make, which so joins the history.
    public var keptMigrations: [String]
    /// The same migrations' SQLite scripts, for the on-device store's tables (the Swift
    /// emitter's `localStore`), which carry them as the store runs them.
    public var keptSQLiteScripts: KeptSQLiteScripts

    public init(templatesDirectory: String? = nil, interpretsTemplates: Bool = false, keptMigrations: [String] = [],
                keptSQLiteScripts: KeptSQLiteScripts = KeptSQLiteScripts()) {
        self.templatesDirectory = templatesDirectory
        self.interpretsTemplates = interpretsTemplates
        self.keptMigrations = keptMigrations
        self.keptSQLiteScripts = keptSQLiteScripts
    }
}

/// Turns a validated schema into files. An emitter does not touch the disk except to read
/// user templates; it reports problems as diagnostics, never by crashing.
public protocol Emitter: Sendable {
    /// Hands the files to `sink` one at a time as each is made, so a caller that writes them
    /// out need not hold them all. A file may be streamed (rendered when it is read).
    func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector,
              into sink: (GeneratedFile) -> Void)
    /// The folder of the output directory all its files go to (`Swift`, `SQL`), if it has one.
    /// A run of only some emitters (`--emitter sql`) removes stale files only in their folders.
    var outputFolder: String? { get }
}

extension Emitter {
    public var outputFolder: String? { nil }

    /// The same files in the same order, collected, each with its text held.
    public func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        emit(schema, context: context, diagnostics: &diagnostics) { files.append($0.held()) }
        return files
    }
}

/// How to find and configure an emitter by the name used in `modelgen.yml`.
public struct EmitterDescriptor: Sendable {
    public var name: String
    /// One line for `--help` and the docs.
    public var summary: String
    /// The option keys the emitter accepts under its name in the config.
    public var optionKeys: [String]
    /// Whether it runs when the config names no emitters (and `--emitter` is not given).
    public var runsByDefault: Bool
    /// Builds the emitter from its options (entries of the config mapping, already checked
    /// against `optionKeys`); reports bad values as located diagnostics and returns `nil`.
    public var make: @Sendable (_ options: [YAMLMappingEntry], _ diagnostics: inout DiagnosticCollector) -> (any Emitter)?

    public init(name: String, summary: String, optionKeys: [String], runsByDefault: Bool = true,
                make: @escaping @Sendable (_ options: [YAMLMappingEntry], _ diagnostics: inout DiagnosticCollector) -> (any Emitter)?) {
        self.name = name
        self.summary = summary
        self.optionKeys = optionKeys
        self.runsByDefault = runsByDefault
        self.make = make
    }
}
