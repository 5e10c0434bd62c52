import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenDiagramEmitter
import ModelgenParseServer
import ModelgenSQLEmitter
import ModelgenSwiftEmitter

/// The emitters a generator knows, in the order they run.
public struct EmitterRegistry: Sendable {
    public var descriptors: [EmitterDescriptor]

    public init(_ descriptors: [EmitterDescriptor]) {
        self.descriptors = descriptors
    }

    /// The emitters a model runs when its config names none.
    public var defaultSelections: [EmitterSelection] {
        descriptors.filter(\.runsByDefault).map { EmitterSelection(name: $0.name) }
    }

    public func descriptor(named name: String) -> EmitterDescriptor? {
        descriptors.first { $0.name == name }
    }

    /// The emitter that writes `folder` of an output with its default options (`diagram` for
    /// `Diagram`), to say which one a run that removes the folder's files did not run.
    public func emitter(writingByDefault folder: String) -> String? {
        descriptors.first { descriptor in
            var ignored = DiagnosticCollector()
            return descriptor.make([], &ignored)?.outputFolder == folder
        }?.name
    }

    /// The notes for an emitter name that is not registered: the nearest name, and the list.
    func notesForUnknownEmitter(_ name: String) -> [Diagnostic.Note] {
        let known = descriptors.map(\.name)
        var notes: [Diagnostic.Note] = []
        if let near = Suggestions.note(for: name, among: known) { notes.append(near) }
        notes.append(.init(known.isEmpty ? "this modelgen has no emitters yet" : "available emitters: \(known.joined(separator: ", "))"))
        return notes
    }

    /// The emitters that ship with modelgen. Each output kind (Swift models, REST clients,
    /// SQL) registers here as it is built.
    public static let builtin = EmitterRegistry([
        // The local store's tables are the SQL emitter's relational SQLite script.
        SwiftModelEmitter.descriptor(localStoreTables: SQLEmitter.localStoreTables),
        SQLEmitter.descriptor,
        ParseEmitter.descriptor,
        DiagramEmitter.descriptor,
    ])
}

extension EmitterDescriptor {
    /// The notes for an option key the emitter does not take: the nearest key, and the list.
    func notesForUnknownOption(_ key: String) -> [Diagnostic.Note] {
        var notes: [Diagnostic.Note] = []
        if let near = Suggestions.note(for: key, among: optionKeys) { notes.append(near) }
        notes.append(.init(optionKeys.isEmpty ? "emitter '\(name)' takes no options" : "options of '\(name)': \(optionKeys.joined(separator: ", "))"))
        return notes
    }
}
