import ModelgenFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ModelgenEmitter
import ModelgenGenerator

/// Applies an `OutputPlan`. Every new or changed file is first written in full to a hidden
/// temporary file beside its target; only when all of them are on disk are they renamed into
/// place. A failure before that point removes the temporaries and leaves the tree as it was;
/// a reader never sees a half-written file.
public enum OutputWriter {
    public struct Summary: Sendable, Hashable {
        public var created: [String] = []
        public var updated: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    static let temporaryMarker = ".modelgen-tmp-"

    public static func apply(_ plan: OutputPlan) throws(Failure) -> Summary {
        precondition(plan.problems.isEmpty, "a plan with problems must not be applied")
        var summary = Summary()
        var staged: [(temporary: String, target: String)] = []
        func discardStaged() {
            for item in staged { unlink(item.temporary) }
        }
        do throws(FileSystem.Failure) {
            for action in plan.actions {
                let contents: [UInt8]
                switch action {
                case .create(_, let new), .update(_, _, let new): contents = new
                case .unchanged(let path): summary.unchanged.append(path); continue
                case .remove: continue
                }
                let target = FileSystem.join(plan.directory, action.path)
                let folder = FileSystem.parent(target)
                try FileSystem.makeDirectories(folder)
                let name = String(target[target.index(after: target.lastIndex(of: "/") ?? target.startIndex)...])
                let temporary = FileSystem.join(folder, ".\(name)\(temporaryMarker)\(getpid())")
                if FileSystem.kind(temporary) == .file { try FileSystem.remove(temporary) }
                try FileSystem.createExclusive(temporary, bytes: contents)
                staged.append((temporary, target))
            }
        } catch {
            discardStaged()
            throw Failure(description: error.description)
        }
        do throws(FileSystem.Failure) {
            for (index, item) in staged.enumerated() {
                do throws(FileSystem.Failure) {
                    try FileSystem.rename(item.temporary, item.target)
                } catch {
                    for rest in staged[index...] { unlink(rest.temporary) }
                    throw error
                }
            }
            for action in plan.actions {
                switch action {
                case .create(let path, _): summary.created.append(path)
                case .update(let path, _, _): summary.updated.append(path)
                case .remove(let path):
                    let target = FileSystem.join(plan.directory, path)
                    try FileSystem.remove(target)
                    summary.removed.append(path)
                    removeEmptyParents(of: path, in: plan.directory)
                case .unchanged: break
                }
            }
        } catch {
            throw Failure(description: error.description)
        }
        return summary
    }

    /// After a stale file goes, its folders go too if nothing else is left in them (never the
    /// output directory itself).
    private static func removeEmptyParents(of path: String, in directory: String) {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            let folder = FileSystem.join(directory, components.joined(separator: "/"))
            guard FileSystem.removeIfEmpty(folder) else { return }
            components = components.dropLast()
        }
    }
}
