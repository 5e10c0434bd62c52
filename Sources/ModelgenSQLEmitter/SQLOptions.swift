import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenYAML

/// The options of the `sql` emitter, as `modelgen.yml` spells them:
///
/// ```yaml
/// emitters:
///   sql:
///     layout: relational                 # relational (default) or parse-server
///     dialects: [postgresql, sqlite]     # which scripts to write (default both)
///     folder: SQL                        # where the scripts go inside the output directory
/// ```
public struct SQLOptions: Sendable, Hashable {
    /// The shape of the tables.
    public enum Layout: String, Sendable, CaseIterable {
        /// A table per class for teams that keep their data in SQL: typed columns, NOT NULL,
        /// DEFAULT, CHECK, foreign keys and join tables with foreign keys.
        case relational
        /// Exactly the tables Parse Server's PostgreSQL adapter creates, to pre-create or audit
        /// a Parse database.
        case parseServer = "parse-server"
    }

    /// A SQL dialect; each chosen one gets its own script.
    public enum Dialect: String, Sendable, CaseIterable {
        /// PostgreSQL 9.5 or later.
        case postgresql
        /// SQLite 3.38 or later (or an older one with the JSON1 extension).
        case sqlite

        /// The script's file name inside the emitter's folder.
        public var fileName: String { rawValue + ".sql" }
    }

    /// The shape of the tables; `relational` unless configured.
    public var layout: Layout = .relational
    /// The dialects in the order they were written; never empty, no duplicates.
    public var dialects: [Dialect] = Dialect.allCases
    /// Where the scripts go inside the output directory, `/`-separated.
    public var folder = "SQL"

    /// The option names `modelgen.yml` accepts under `sql`.
    public static let keys = ["layout", "dialects", "folder"]

    /// Options as written; `SQLOptions()` is the default configuration.
    public init(layout: Layout = .relational, dialects: [Dialect] = Dialect.allCases, folder: String = "SQL") {
        self.layout = layout
        self.dialects = dialects
        self.folder = folder
    }

    /// Reads the options from the emitter's config mapping; `nil` after reporting a bad value.
    public static func read(_ entries: [YAMLMappingEntry], diagnostics: inout DiagnosticCollector) -> SQLOptions? {
        let reader = EmitterOptions(emitter: SQLEmitter.name, entries: entries)
        var options = SQLOptions()
        var valid = reader.read("layout", into: &options.layout, diagnostics: &diagnostics)
        if let entry = entries.first(where: { $0.key == "dialects" }) {
            if let dialects = readDialects(entry.value, diagnostics: &diagnostics) {
                options.dialects = dialects
            } else {
                valid = false
            }
        }
        valid = reader.readFolder("folder", into: &options.folder, diagnostics: &diagnostics) && valid
        return valid ? options : nil
    }

    /// `dialects` is a list of dialect names (a single name is a list of one).
    private static func readDialects(_ node: YAMLNode, diagnostics: inout DiagnosticCollector) -> [Dialect]? {
        let allowed = Dialect.allCases.map(\.rawValue)
        let allowedNote = Diagnostic.Note("allowed values: \(allowed.joined(separator: ", "))")
        let items: [YAMLNode]
        if let list = node.sequence {
            items = list
        } else if let scalar = node.scalar, !scalar.isNull {
            items = [node]
        } else {
            diagnostics.error("option 'dialects' of emitter '\(SQLEmitter.name)' must be a list of dialects, found \(node.kindDescription)",
                              at: node.location, notes: [allowedNote])
            return nil
        }
        guard !items.isEmpty else {
            diagnostics.error("option 'dialects' of emitter '\(SQLEmitter.name)' must name at least one dialect", at: node.location,
                              notes: [allowedNote])
            return nil
        }
        var dialects: [Dialect] = []
        var valid = true
        for item in items {
            guard let text = item.scalar?.string else {
                diagnostics.error("a dialect must be a name, found \(item.kindDescription)", at: item.location, notes: [allowedNote])
                valid = false
                continue
            }
            guard let dialect = Dialect(rawValue: text) else {
                var notes: [Diagnostic.Note] = []
                if let near = Suggestions.note(for: text, among: allowed) { notes.append(near) }
                notes.append(allowedNote)
                diagnostics.error("unknown SQL dialect '\(text)'", at: item.location, notes: notes)
                valid = false
                continue
            }
            if dialects.contains(dialect) {
                diagnostics.error("dialect '\(text)' is listed twice", at: item.location)
                valid = false
                continue
            }
            dialects.append(dialect)
        }
        return valid ? dialects : nil
    }
}
