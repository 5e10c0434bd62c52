import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenFileSystem
import ModelgenGenerator

/// The one way `gen` writes the output tree: files arrive one at a time, so a run never holds
/// its whole output; each new or changed file is written at once to a hidden temporary file
/// beside its target and only its path is kept. What it refuses is what ``OutputPlan`` (what
/// `check` compares with) refuses: both ask ``OutputPlan/disposition(of:in:)``.
///
/// A folder that does not exist yet is made whole: under a hidden name beside where it goes
/// (`.NAME.modelgen-tmp-PID`), its new files written there under their own names, and the
/// folder renamed into place by `commit`. A first run into an empty output directory thus
/// renames one folder per emitter instead of each of a thousand files.
///
/// The guarantees are the writer's: nothing is renamed into place until every file is staged
/// and the plan has no problem (`commit`); otherwise `discard` removes every temporary file and
/// every folder made for them, so a failed run changes nothing. The caller holds the output
/// directory's exclusive lock from the first `add` to `commit` or `discard`.
public final class OutputStaging: @unchecked Sendable {
    private enum Entry {
        case create(path: String, temporary: String)
        case update(path: String, temporary: String)
        /// Written under its own name inside a new folder, which `commit` renames.
        case createInNewFolder(path: String, file: String)
        case unchanged(path: String)
    }

    /// The output directory; paths are relative to it.
    public let directory: String
    private let lock = NSLock()
    private var entries: [Entry] = []
    /// Lowercased paths staged so far: a second file at a path (or one differing only in case)
    /// is the generator's error to report, never a second temporary file.
    private var seen: Set<String> = []
    private var wanted: Set<String> = []
    private var problems: [Diagnostic] = []
    private var failure: OutputWriter.Failure?
    private var createdDirectories: [String] = []
    /// Folders (full paths) made or found to be directories, all the way down, for an earlier
    /// new file, each with where its new files are written (itself, or its place inside a new
    /// folder's hidden one): a new file in one needs no look at the folders on its way.
    private var knownFolders: [String: String] = [:]
    /// The folders made whole (full paths), each with the hidden folder it is made in.
    private var newFolders: [(target: String, hidden: String)] = []
    /// False when the output is something other than a directory (a problem already).
    private let isUsable: Bool

    /// Whether `directory` is a folder or missing: anything else is a plan's problem to report.
    public static func canStage(into directory: String) -> Bool {
        FileSystem.kind(directory) == .directory || FileSystem.kind(directory) == .missing
    }

    public init(directory: String) {
        self.directory = directory
        isUsable = Self.canStage(into: directory)
        if !isUsable {
            problems.append(.error("output '\(directory)' exists and is not a directory", at: nil))
        }
    }

    /// Compares `file` with what is on disk and stages it when it is new or changed. Safe to
    /// call from several threads: only taking the path and recording the outcome hold the
    /// lock, so one large file being compared and written never holds up the others. After a
    /// write failure, further files are ignored.
    public func add(_ file: GeneratedFile) {
        precondition(file.drawing == nil, "a drawn file is drawn (or kept) before it is staged")
        guard let place = lock.withLock({ claim(file) }) else { return }
        let outcome = Self.stage(file, at: place)
        lock.withLock {
            switch outcome {
            case .created(let temporary):
                if case .newInNewFolder = place {
                    entries.append(.createInNewFolder(path: file.path, file: temporary))
                } else {
                    entries.append(.create(path: file.path, temporary: temporary))
                }
            case .updated(let temporary): entries.append(.update(path: file.path, temporary: temporary))
            case .unchanged: entries.append(.unchanged(path: file.path))
            case .refused(let problem): problems.append(problem)
            case .failed(let error):
                if failure == nil { failure = OutputWriter.Failure(description: error.description + "; nothing was changed") }
            }
        }
    }

    /// Keeps the file at `path` as it is: wanted, so never removed as stale, but not written (a
    /// drawing that cannot be made on this machine).
    public func keep(_ path: String) {
        lock.withLock { _ = wanted.insert(path) }
    }

    /// Records a problem found before staging (a drawing that failed): nothing is committed.
    public func refuse(_ problem: Diagnostic) {
        lock.withLock { problems.append(problem) }
    }

    /// Takes `file`'s path (a second file at a path, or one differing only in case, is the
    /// generator's error to report) and finds what is there, making the folders of a new
    /// file. `nil` when there is nothing to stage.
    private func claim(_ file: GeneratedFile) -> StagingPlace? {
        guard isUsable, failure == nil, OutputPath.problem(with: file.path) == nil,
              seen.insert(file.path.lowercased()).inserted else { return nil }
        wanted.insert(file.path)
        let folder = FileSystem.parent(FileSystem.join(directory, file.path))
        let known = knownFolders[folder]
        func inNewFolder(_ full: String, writtenIn: String) -> StagingPlace {
            .newInNewFolder(full, at: FileSystem.join(writtenIn, String(full.utf8.dropFirst(folder.utf8.count + 1))!))
        }
        // A folder this run makes holds nothing yet: its files need no look on disk (for a new
        // output, that is every file).
        if let known, known != folder {
            return inNewFolder(FileSystem.join(directory, file.path), writtenIn: known)
        }
        switch OutputPlan.place(of: file.path, in: directory, inKnownFolder: known != nil) {
        case .missing(let full):
            let writtenIn: String
            if let known {
                writtenIn = known
            } else {
                do throws(FileSystem.Failure) {
                    writtenIn = try makeFolder(folder, of: file.path)
                } catch {
                    failure = OutputWriter.Failure(description: error.description + "; nothing was changed")
                    return nil
                }
                knownFolders[folder] = writtenIn
            }
            guard writtenIn != folder else { return .new(full) }
            return inNewFolder(full, writtenIn: writtenIn)
        case .file(let full):
            return .existing(full)
        case .refused(let problem):
            problems.append(problem)
            return nil
        }
    }

    /// Makes the folders of a new file at `path` (whose full folder is `folder`) and returns
    /// the folder its text is written in: `folder` itself when it exists, or its place inside
    /// the hidden folder of the new folder it is in (made now, for the first file in it).
    private func makeFolder(_ folder: String, of path: String) throws(FileSystem.Failure) -> String {
        for made in newFolders where folder == made.target || folder.hasPrefix(made.target + "/") {
            let inside = made.hidden + String(folder.utf8.dropFirst(made.target.utf8.count))!
            createdDirectories += try FileSystem.makeDirectories(inside)
            return inside
        }
        // The first folder on the way (inside the output directory) that is missing.
        var current = directory
        var missing: String?
        if FileSystem.kind(directory) == .directory {
            for component in FileSystem.parent(path).split(separator: "/") {
                current = FileSystem.join(current, String(component))
                if FileSystem.kind(current) == .missing {
                    missing = current
                    break
                }
            }
        }
        guard let missing, case let hidden = OutputWriter.temporaryPath(beside: missing),
              FileSystem.kind(hidden) == .missing else {
            // Nothing to make whole (or a leftover of an earlier run in the way, which `commit`
            // removes): new files get temporaries beside them.
            createdDirectories += try FileSystem.makeDirectories(folder)
            return folder
        }
        let inside = hidden + String(folder.utf8.dropFirst(missing.utf8.count))!
        createdDirectories += try FileSystem.makeDirectories(inside)
        newFolders.append((missing, hidden))
        return inside
    }

    private enum StagingPlace {
        case new(String)
        /// A new file of a new folder: its full path, and where it is written meanwhile.
        case newInNewFolder(String, at: String)
        case existing(String)
    }

    private enum Outcome {
        case created(temporary: String)
        case updated(temporary: String)
        case unchanged
        case refused(Diagnostic)
        case failed(FileSystem.Failure)
    }

    /// Reads `file` once, piece by piece, comparing it with the file already at its target;
    /// from the first piece that differs (or at once, for a new file) it writes to the
    /// temporary file beside the target, first copying the part that matched. An unchanged
    /// file is never written, and a changed one is never held whole.
    private static func stage(_ file: GeneratedFile, at place: StagingPlace) -> Outcome {
        var stager: Stager
        switch place {
        case .new(let full):
            stager = Stager(target: full, comparison: nil)
        case .newInNewFolder(let full, let file):
            stager = Stager(target: full, comparison: nil, writtenAt: file)
        case .existing(let full):
            do throws(FileSystem.Failure) {
                stager = Stager(target: full, comparison: try FileSystem.Comparison(full))
            } catch {
                return .refused(.error(error.description, at: nil))
            }
        }
        file.forEachPiece { stager.take($0) }
        return stager.finish()
    }

    /// The state of one file being staged.
    private struct Stager {
        let target: String
        /// What is on disk, compared with the text until it differs; `nil` for a new file.
        let comparison: FileSystem.Comparison?
        /// For a new file of a new folder, where it is written (under its own name, in the
        /// hidden folder); otherwise it gets a temporary beside its target.
        let writtenAt: String?
        /// Open from the first difference on.
        var temporary: FileSystem.NewFile?
        /// Set when the file is refused or a write failed: the rest of the text is ignored.
        var settled: Outcome?

        init(target: String, comparison: FileSystem.Comparison?, writtenAt: String? = nil) {
            self.target = target
            self.comparison = comparison
            self.writtenAt = writtenAt
        }

        mutating func take(_ piece: String) {
            guard settled == nil else { return }
            if temporary == nil {
                if let comparison {
                    do throws(FileSystem.Failure) {
                        if try comparison.compare(piece) { return }
                    } catch {
                        settled = .refused(.error(error.description, at: nil))
                        return
                    }
                }
                guard startWriting() else { return }
            }
            writing { temporary throws(FileSystem.Failure) in try temporary.write(piece) }
        }

        mutating func finish() -> Outcome {
            if settled == nil, temporary == nil {
                // Every piece matched: unchanged, unless the file on disk goes on past the text.
                if let comparison, comparison.isEqual { return .unchanged }
                _ = startWriting()
            }
            // Only a file that replaces one is flushed to disk before the rename, so that a
            // crash of the machine cannot leave an empty file where good content was; a new file
            // has nothing to lose, and flushing each of a thousand new files cost more than
            // generating them. (A killed run needs no flush: renames are atomic.)
            let replaces = comparison != nil
            writing { temporary throws(FileSystem.Failure) in try temporary.finish(flushed: replaces) }
            if let settled {
                temporary?.abandon()
                return settled
            }
            guard let temporary else { preconditionFailure("the temporary is open once the text differs") }
            return comparison == nil ? .created(temporary: temporary.path) : .updated(temporary: temporary.path)
        }

        /// Opens the temporary, once the text differs from a file modelgen wrote (another is
        /// refused), and copies into it what matched so far. `false` when the file is settled.
        private mutating func startWriting() -> Bool {
            if comparison != nil {
                do throws(FileSystem.Failure) {
                    if let problem = try OutputPlan.replacementProblem(target) { settled = .refused(problem) }
                } catch {
                    settled = .refused(.error(error.description, at: nil))
                }
                guard settled == nil else { return false }
            }
            do throws(FileSystem.Failure) {
                if let writtenAt {
                    do throws(FileSystem.Failure) {
                        temporary = try FileSystem.NewFile(replacingLeftover: writtenAt)
                    } catch {
                        throw OutputWriter.naming(target, in: error, for: writtenAt)
                    }
                } else {
                    temporary = try OutputWriter.openTemporary(for: target)
                }
            } catch {
                settled = .failed(error)
                return false
            }
            let matched = comparison?.matched ?? 0
            if matched > 0 {
                let target = target
                writing { temporary throws(FileSystem.Failure) in try temporary.copy(prefix: matched, of: target) }
            }
            return settled == nil
        }

        /// Runs `step` on the open temporary (if any, and nothing is settled); a failure
        /// settles the file, naming the target rather than its hidden temporary.
        private mutating func writing(_ step: (FileSystem.NewFile) throws(FileSystem.Failure) -> Void) {
            guard settled == nil, let temporary else { return }
            do throws(FileSystem.Failure) {
                try step(temporary)
            } catch {
                settled = .failed(OutputWriter.naming(target, in: error, for: temporary.path))
            }
        }
    }

    /// What staging found wrong, once every file is added: a write that failed (thrown), or
    /// the problems a plan would refuse for.
    public func check() throws(OutputWriter.Failure) -> [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        return problems
    }

    /// Removes every temporary file and every folder made for them: the tree is as it was.
    public func discard() {
        lock.withLock {
            for entry in entries {
                switch entry {
                case .create(_, let temporary), .update(_, let temporary), .createInNewFolder(_, let temporary): try? FileSystem.remove(temporary)
                case .unchanged: continue
                }
            }
            entries = []
            for directory in createdDirectories.reversed() { _ = FileSystem.removeIfEmpty(directory) }
            createdDirectories = []
            newFolders = []
        }
    }

    /// Renames every staged file into place and removes the generated files no longer wanted
    /// (only inside `folders`, when given). Call only when `check()` found nothing.
    public func commit(onlyUnder folders: [String]? = nil) throws(OutputWriter.Failure) -> OutputWriter.Summary {
        lock.lock()
        defer { lock.unlock() }
        do {
            precondition(failure == nil && problems.isEmpty, "a staging with problems must not be committed")
            var summary = OutputWriter.Summary()
            // Only a run that succeeds changes the tree, leftovers of killed runs included.
            summary.leftoversRemoved = OutputWriter.removeLeftovers(in: directory)
            // In path order, as a plan applies its actions.
            let sorted = entries.sorted { Self.path(of: $0) < Self.path(of: $1) }
            // The new folders first (each holds its files), then each file of a folder that was there.
            let staged = newFolders.map { (temporary: $0.hidden, target: $0.target) }
                + sorted.compactMap { entry -> (temporary: String, target: String)? in
                    switch entry {
                    case .create(let path, let temporary), .update(let path, let temporary):
                        return (temporary, FileSystem.join(directory, path))
                    case .createInNewFolder, .unchanged: return nil
                    }
                }
            let removals = OutputPlan.staleGeneratedFiles(in: directory, wanted: wanted, onlyUnder: folders)
            do throws(FileSystem.Failure) {
                try OutputWriter.renameIntoPlace(staged)
                entries = []
                newFolders = []
                for entry in sorted {
                    switch entry {
                    case .create(let path, _), .createInNewFolder(let path, _): summary.created.append(path)
                    case .update(let path, _): summary.updated.append(path)
                    case .unchanged(let path): summary.unchanged.append(path)
                    }
                }
                for path in removals {
                    try FileSystem.removeIfPresent(FileSystem.join(directory, path))
                    summary.removed.append(path)
                    OutputWriter.removeEmptyParents(of: path, in: directory)
                }
            } catch {
                throw OutputWriter.Failure(description: error.description)
            }
            return summary
        }
    }

    private static func path(of entry: Entry) -> String {
        switch entry {
        case .create(let path, _), .update(let path, _), .createInNewFolder(let path, _), .unchanged(let path): return path
        }
    }
}
