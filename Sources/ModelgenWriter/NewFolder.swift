import ModelgenFileSystem

/// A folder that must appear whole or not at all (a migration's): its files are written into a
/// hidden folder beside where it goes, which is renamed into place once every file is written.
package enum NewFolder {
    /// Writes `files` (paths relative to the folder, with their bytes) as the new folder
    /// `path`. Refuses a folder that exists, and a hidden folder left by an interrupted run.
    package static func write(_ path: String, files: [(path: String, bytes: [UInt8])]) throws(FileSystem.Failure) {
        guard FileSystem.kind(path) == .missing else {
            throw FileSystem.Failure(description: "'\(path)' exists already")
        }
        let parent = FileSystem.parent(path)
        _ = try FileSystem.makeDirectories(parent)
        let temporary = FileSystem.join(parent, ".\(FileSystem.lastComponent(path)).modelgen-tmp")
        guard FileSystem.kind(temporary) == .missing else {
            throw FileSystem.Failure(description: "'\(temporary)' is left from an interrupted run; remove it and try again")
        }
        _ = try FileSystem.makeDirectories(temporary)
        for file in files {
            let target = FileSystem.join(temporary, file.path)
            _ = try FileSystem.makeDirectories(FileSystem.parent(target))
            try FileSystem.createExclusive(target, bytes: file.bytes)
        }
        try FileSystem.rename(temporary, path)
    }
}
