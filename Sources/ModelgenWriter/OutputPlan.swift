import ModelgenFileSystem
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenGenerator

/// What a run would do to the output directory, decided before anything is touched, so that
/// a refusal (a hand-written file in the way) means nothing at all is written.
public struct OutputPlan: Sendable {
    public enum Action: Sendable, Hashable {
        /// A file that does not exist yet. The text is the generated file's own pieces (shared,
        /// not copied): a plan holds every new file, so a copy would double a run's memory.
        case create(path: String, pieces: [String])
        /// A generated file whose bytes change, and its new text in pieces. What it replaces is
        /// not kept (a run that changes every file would hold the whole output twice): a diff
        /// reads it again with `contentsOnDisk(of:)`.
        case update(path: String, new: [String])
        case unchanged(path: String)
        /// A file with modelgen's header that this run no longer generates.
        case remove(path: String)

        public var path: String {
            switch self {
            case .create(let path, _), .update(let path, _), .unchanged(let path), .remove(let path): return path
            }
        }
    }

    /// The output directory; action paths are relative to it.
    public var directory: String
    /// Sorted by path.
    public var actions: [Action]
    /// Refusals; when there is any, the plan must not be applied.
    public var problems: [Diagnostic]
    /// The paths of drawn files (``Drawing``), whose differences are not worth showing as text.
    public var drawnPaths: Set<String> = []

    public var isFresh: Bool { problems.isEmpty && actions.allSatisfy { if case .unchanged = $0 { true } else { false } } }

    /// Compares `files` with the output directory. Reads, never writes. With `onlyUnder`, a
    /// generated file no longer wanted is removed only inside those folders (a run of some of
    /// the emitters leaves the others' files alone).
    ///
    /// Drawn files come drawn (or kept) already: `kept` are paths wanted but left as they are
    /// (never removed), `refusals` problems found while drawing, `drawnPaths` the paths of
    /// drawn files, whose differences are not shown as text.
    public static func make(files: [GeneratedFile], directory: String, onlyUnder folders: [String]? = nil,
                            kept: [String] = [], refusals: [Diagnostic] = [], drawnPaths: Set<String> = []) -> OutputPlan {
        var actions: [Action] = []
        var problems = refusals
        let wanted = Set(files.map(\.path) + kept)
        if FileSystem.kind(directory) != .directory, FileSystem.kind(directory) != .missing {
            problems.append(.error("output '\(directory)' exists and is not a directory", at: nil))
            return OutputPlan(directory: directory, actions: [], problems: problems)
        }
        for file in files {
            precondition(file.drawing == nil, "a drawn file is drawn (or kept) before it is planned")
            switch disposition(of: file, in: directory) {
            case .create: actions.append(.create(path: file.path, pieces: file.pieces))
            case .unchanged: actions.append(.unchanged(path: file.path))
            case .update: actions.append(.update(path: file.path, new: file.pieces))
            case .refused(let problem): problems.append(problem)
            }
        }
        for path in staleGeneratedFiles(in: directory, wanted: wanted, onlyUnder: folders) {
            actions.append(.remove(path: path))
        }
        actions.sort { $0.path < $1.path }
        return OutputPlan(directory: directory, actions: actions, problems: problems, drawnPaths: drawnPaths)
    }

    /// What writing one generated file means, given what is on disk where it goes.
    enum Disposition {
        /// Nothing is there: a new file.
        case create
        /// The same bytes are there already.
        case unchanged
        /// A generated file (one with modelgen's header) is there, with other bytes.
        case update
        /// Something modelgen must not replace, or cannot read, is there.
        case refused(Diagnostic)
    }

    /// Compares `file` with what is at its path in `directory`. Shared by the plan and by
    /// `OutputStaging`, so both refuse exactly the same things: a hand-written file, a
    /// symbolic link, a folder or device, a file where a folder of the path must be.
    static func disposition(of file: GeneratedFile, in directory: String) -> Disposition {
        switch place(of: file.path, in: directory) {
        case .missing: return .create
        case .refused(let problem): return .refused(problem)
        case .file(let full):
            do throws(FileSystem.Failure) {
                if try FileSystem.hasContents(full, pieces: file.pieces) { return .unchanged }
                if let problem = try replacementProblem(full) { return .refused(problem) }
                return .update
            } catch {
                return .refused(.error(error.description, at: nil))
            }
        }
    }

    /// What is at a generated file's path, before any contents are compared.
    enum Place {
        /// Nothing at this full path: the file is new (its folders may be missing too).
        case missing(String)
        /// A regular file, at this full path.
        case file(String)
        /// Something modelgen must not write through or in place of.
        case refused(Diagnostic)
    }

    /// With `inKnownFolder`, the caller knows the file's folder is a directory (it made or
    /// found it for an earlier file), so no folder on the way needs looking at.
    static func place(of path: String, in directory: String, inKnownFolder: Bool = false) -> Place {
        let full = FileSystem.join(directory, path)
        switch FileSystem.kind(full) {
        case .missing:
            if !inKnownFolder, let blocker = blockingAncestor(of: path, in: directory) {
                return .refused(.error("cannot write '\(full)': '\(blocker)' is a file, not a directory", at: nil))
            }
            return .missing(full)
        case .file:
            return .file(full)
        case .symlink:
            return .refused(.error("refusing to write through the symbolic link '\(full)'", at: nil))
        case .directory, .other:
            return .refused(.error("cannot write '\(full)': something other than a file is in the way", at: nil))
        }
    }

    /// Why the file at `full`, whose contents differ, must not be replaced: it lacks
    /// modelgen's header, so someone wrote it by hand. `nil` when it is modelgen's.
    static func replacementProblem(_ full: String) throws(FileSystem.Failure) -> Diagnostic? {
        if GeneratedHeader.isGenerated(try FileSystem.read(full, limit: 1024)) || isVouchedJSON(full) { return nil }
        return .error("refusing to overwrite '\(full)': it was not generated by modelgen", at: nil,
                      notes: [.init("move or rename the hand-written file; modelgen only replaces files that start with its header")])
    }

    /// Whether `full` is a JSON file (which cannot carry the header) whose companion `.js`
    /// file beside it carries it: the parse emitter writes the two together.
    static func isVouchedJSON(_ full: String) -> Bool {
        guard let companion = GeneratedHeader.companion(ofJSON: full),
              let head = try? FileSystem.read(companion, limit: 1024) else { return false }
        return GeneratedHeader.isGenerated(head)
    }

    /// The bytes now at `path` (relative to the directory): for an update, what it replaces.
    public func contentsOnDisk(of path: String) throws(OutputWriter.Failure) -> [UInt8] {
        do throws(FileSystem.Failure) {
            return try FileSystem.read(FileSystem.join(directory, path))
        } catch {
            throw OutputWriter.Failure(description: error.description)
        }
    }

    static func blockingAncestor(of path: String, in directory: String) -> String? {
        var current = directory
        for component in path.split(separator: "/").dropLast() {
            current = FileSystem.join(current, String(component))
            switch FileSystem.kind(current) {
            case .directory, .missing: continue
            default: return current
            }
        }
        return nil
    }

    /// The generated files under `directory` that a run no longer wants (only inside
    /// `folders`, when given), sorted: what it removes. A wanted file is not read.
    static func staleGeneratedFiles(in directory: String, wanted: Set<String>, onlyUnder folders: [String]?) -> [String] {
        existingGeneratedFiles(in: directory) { path in
            !wanted.contains(path) && (folders?.contains { path.hasPrefix($0 + "/") } ?? true)
        }.sorted()
    }

    /// Relative paths of the files under `directory` that carry modelgen's header, of those
    /// `include` accepts (the others are not read). Symbolic links are not followed; hidden
    /// entries are skipped.
    static func existingGeneratedFiles(in directory: String, where include: (String) -> Bool) -> [String] {
        var result: [String] = []
        func walk(_ relative: String) {
            let absolute = relative.isEmpty ? directory : FileSystem.join(directory, relative)
            for (name, kind) in FileSystem.entries(absolute) where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                switch kind {
                case .directory: walk(path)
                case .file:
                    guard include(path) else { continue }
                    let full = FileSystem.join(directory, path)
                    if let head = try? FileSystem.read(full, limit: 1024), GeneratedHeader.isGenerated(head) || isVouchedJSON(full) {
                        result.append(path)
                    }
                default: continue
                }
            }
        }
        if FileSystem.kind(directory) == .directory { walk("") }
        return result
    }
}
