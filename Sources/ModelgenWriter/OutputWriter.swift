import ModelgenFileSystem
import ModelgenEmitter
import ModelgenGenerator

/// What the output tree's writing shares: a run's summary and failure, and the steps every
/// write takes: each new or changed file written in full to a hidden temporary file beside its
/// target, renamed into place only when all of them are on disk (``OutputStaging`` does both),
/// so a failure before that point leaves the tree as it was and a reader never sees a
/// half-written file.
public enum OutputWriter {
    public struct Summary: Sendable, Hashable {
        public var created: [String] = []
        public var updated: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
        /// Temporary files of earlier runs that were killed while writing, now removed.
        public var leftoversRemoved: [String] = []
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    static let temporaryMarker = ".modelgen-tmp-"

    /// Creates the hidden temporary file beside `target` (`.NAME.modelgen-tmp-PID`), whose
    /// folder must exist, replacing one an earlier run of this process id left.
    static func openTemporary(for target: String) throws(FileSystem.Failure) -> FileSystem.NewFile {
        let temporary = temporaryPath(beside: target)
        do throws(FileSystem.Failure) {
            return try FileSystem.NewFile(replacingLeftover: temporary)
        } catch {
            throw naming(target, in: error, for: temporary)
        }
    }

    /// This process's hidden temporary name for `target` (`.NAME.modelgen-tmp-PID` beside it),
    /// for a file or a folder made whole.
    static func temporaryPath(beside target: String) -> String {
        FileSystem.join(FileSystem.parent(target), ".\(FileSystem.lastComponent(target))\(temporaryMarker)\(processID)")
    }

    /// The error naming the file the user knows, not its hidden temporary.
    static func naming(_ target: String, in error: FileSystem.Failure, for temporary: String) -> FileSystem.Failure {
        FileSystem.Failure(description: error.description.replacing(temporary, with: target))
    }

    /// Renames each temporary file (or hidden new folder) onto its target, in order; when one
    /// fails, the temporaries not yet renamed are removed before the error is passed on.
    static func renameIntoPlace(_ staged: [(temporary: String, target: String)]) throws(FileSystem.Failure) {
        for (index, item) in staged.enumerated() {
            do throws(FileSystem.Failure) {
                try FileSystem.rename(item.temporary, item.target)
            } catch {
                for rest in staged[index...] { removeTemporary(rest.temporary) }
                throw error
            }
        }
    }

    /// Removes a temporary file, or a hidden folder a run made whole (with everything in it:
    /// only that run wrote there).
    static func removeTemporary(_ path: String) {
        guard FileSystem.kind(path) == .directory else {
            try? FileSystem.remove(path)
            return
        }
        for (name, kind) in FileSystem.entries(path) {
            let inside = FileSystem.join(path, name)
            if kind == .directory { removeTemporary(inside) } else { try? FileSystem.remove(inside) }
        }
        _ = FileSystem.removeIfEmpty(path)
    }

    /// Removes the temporary files and hidden new folders (`.NAME.modelgen-tmp-PID`) that a run
    /// killed while writing left behind, anywhere under `directory`; returns their relative
    /// paths. One whose process is still running belongs to a run in progress and is left alone.
    @discardableResult
    public static func removeLeftovers(in directory: String) -> [String] {
        var removed: [String] = []
        func walk(_ relative: String) {
            let absolute = relative.isEmpty ? directory : FileSystem.join(directory, relative)
            for (name, kind) in FileSystem.entries(absolute) {
                let path = relative.isEmpty ? name : relative + "/" + name
                switch kind {
                case .directory:
                    if !name.hasPrefix(".") {
                        walk(path)
                    } else if let pid = temporaryOwner(name), pid != processID, !FileSystem.processExists(pid) {
                        removeTemporary(FileSystem.join(directory, path))
                        if FileSystem.kind(FileSystem.join(directory, path)) == .missing { removed.append(path) }
                    }
                case .file:
                    guard let pid = temporaryOwner(name), pid != processID, !FileSystem.processExists(pid) else { continue }
                    if (try? FileSystem.remove(FileSystem.join(directory, path))) != nil { removed.append(path) }
                default:
                    continue
                }
            }
        }
        if FileSystem.kind(directory) == .directory { walk("") }
        return removed.sorted()
    }

    /// This process's id, as temporary names carry it.
    static let processID = FileSystem.processID

    /// The process id in a temporary file's name (`.NAME.modelgen-tmp-PID`), or `nil` when
    /// `name` is not one.
    static func temporaryOwner(_ name: String) -> Int32? {
        let bytes = name.utf8
        guard bytes.first == UInt8(ascii: ".") else { return nil }
        let digits = bytes.reversed().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        guard digits > 0, digits <= 10, bytes.dropLast(digits).reversed().starts(with: temporaryMarker.utf8.reversed()) else {
            return nil
        }
        return Int32(exactly: bytes.suffix(digits).reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
    }

    /// After a stale file goes, its folders go too if nothing else is left in them (never the
    /// output directory itself).
    static func removeEmptyParents(of path: String, in directory: String) {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            let folder = FileSystem.join(directory, components.joined(separator: "/"))
            guard FileSystem.removeIfEmpty(folder) else { return }
            components = components.dropLast()
        }
    }
}

/// Serializes the runs that write one output directory: `gen` holds an exclusive lock on each
/// output directory from planning to the last rename, `check` a shared one while it compares,
/// so a second run waits, then sees exactly what the first one left. The locks are advisory
/// (`flock` on the directory itself, so no lock file ever appears in the tree) and go away with
/// the process, however it ends.
public enum OutputLock {
    /// Runs `body` holding locks on `directories` (taken in sorted order, so two runs never
    /// wait for each other). With `create`, missing directories are made first; without it,
    /// missing ones are skipped.
    public static func hold<T>(_ directories: [String], exclusive: Bool, create: Bool, _ body: () throws -> T) throws -> T {
        var descriptors: [Int32] = []
        var created: [String] = []
        defer { descriptors.forEach(FileSystem.unlock) }
        // A run that fails leaves no empty output directory behind.
        func removeCreated() { for directory in created.reversed() { _ = FileSystem.removeIfEmpty(directory) } }
        do throws(FileSystem.Failure) {
            for directory in Set(directories).sorted() {
                if create {
                    created += try FileSystem.makeDirectories(directory)
                } else if FileSystem.kind(directory, followingLinks: true) != .directory {
                    continue
                }
                descriptors.append(try FileSystem.lock(directory, exclusive: exclusive))
            }
        } catch {
            removeCreated()
            throw OutputWriter.Failure(description: error.description + "; nothing was changed")
        }
        do {
            return try body()
        } catch {
            removeCreated()
            throw error
        }
    }
}
