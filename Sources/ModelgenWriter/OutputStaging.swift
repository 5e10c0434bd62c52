import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenFileSystem
import ModelgenGenerator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `OutputPlan` and `OutputWriter` for files that arrive one at a time, so a run never holds
/// its whole output: each new or changed file is written at once to a hidden temporary file
/// beside its target (as `OutputWriter.apply` does) and only its path is kept.
///
/// The guarantees are the writer's: nothing is renamed into place until every file is staged
/// and the plan has no problem (`commit`); otherwise `discard` removes every temporary file and
/// every folder made for them, so a failed run changes nothing. The caller holds the output
/// directory's exclusive lock from the first `add` to `commit` or `discard`.
public final class OutputStaging: @unchecked Sendable {
    private enum Entry {
        case create(path: String, temporary: String)
        case update(path: String, temporary: String)
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
    /// call from several threads. After a write failure, further files are ignored.
    public func add(_ file: GeneratedFile) {
        lock.withLock {
            guard isUsable, failure == nil, OutputPath.problem(with: file.path) == nil, seen.insert(file.path.lowercased()).inserted else { return }
            wanted.insert(file.path)
            let full = FileSystem.join(directory, file.path)
            switch OutputPlan.disposition(of: file, in: directory) {
            case .create:
                if let temporary = stage(file, at: full, replacesAFile: false) {
                    entries.append(.create(path: file.path, temporary: temporary))
                }
            case .unchanged:
                entries.append(.unchanged(path: file.path))
            case .update:
                if let temporary = stage(file, at: full, replacesAFile: true) {
                    entries.append(.update(path: file.path, temporary: temporary))
                }
            case .refused(let problem):
                problems.append(problem)
            }
        }
    }

    /// Writes the file to its temporary; on failure records it (for `check`) and returns `nil`.
    private func stage(_ file: GeneratedFile, at target: String, replacesAFile: Bool) -> String? {
        do throws(FileSystem.Failure) {
            return try OutputWriter.writeTemporary(file.pieces, for: target, replacesAFile: replacesAFile,
                                                   createdDirectories: &createdDirectories)
        } catch {
            failure = OutputWriter.Failure(description: error.description + "; nothing was changed")
            return nil
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
                case .create(_, let temporary), .update(_, let temporary): unlink(temporary)
                case .unchanged: continue
                }
            }
            entries = []
            for directory in createdDirectories.reversed() { _ = FileSystem.removeIfEmpty(directory) }
            createdDirectories = []
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
            // As `OutputWriter.apply` does first: only a run that succeeds changes the tree.
            summary.leftoversRemoved = OutputWriter.removeLeftovers(in: directory)
            // In path order, as a plan applies its actions.
            let sorted = entries.sorted { Self.path(of: $0) < Self.path(of: $1) }
            let staged = sorted.compactMap { entry -> (temporary: String, target: String)? in
                switch entry {
                case .create(let path, let temporary), .update(let path, let temporary):
                    return (temporary, FileSystem.join(directory, path))
                case .unchanged: return nil
                }
            }
            let removable = { (path: String) in folders?.contains { path.hasPrefix($0 + "/") } ?? true }
            let removals = OutputPlan.existingGeneratedFiles(in: directory).filter { !wanted.contains($0) && removable($0) }.sorted()
            do throws(FileSystem.Failure) {
                try OutputWriter.renameIntoPlace(staged)
                entries = []
                for entry in sorted {
                    switch entry {
                    case .create(let path, _): summary.created.append(path)
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
        case .create(let path, _), .update(let path, _), .unchanged(let path): return path
        }
    }
}
