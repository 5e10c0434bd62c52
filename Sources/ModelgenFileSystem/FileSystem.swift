#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls modelgen needs, with errors as messages rather than crashes. Input
/// discovery (globs, config lookup) reads through it; the writer writes the output tree through
/// it, and the commands that make files of their own (`init`, `import`, `templates dump`,
/// `migrate --create`) write those through it too.
package enum FileSystem {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    package enum Kind { case missing, file, directory, symlink, other }

    /// What is at `path`; a symbolic link is reported as such unless `followingLinks`.
    package static func kind(_ path: String, followingLinks: Bool = false) -> Kind {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    package static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// The whole file, or its first `limit` bytes. Only regular files are read: a named pipe
    /// or a device in their place is an error, never a wait for a writer or an endless read.
    package static func read(_ path: String, limit: Int? = nil) throws(Failure) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        var result: [UInt8] = []
        result.reserveCapacity(min(size, limit ?? Int.max))  // not doubled as it grows
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while limit.map({ result.count < $0 }) ?? true {
            let wanted = min(chunk.count, (limit ?? Int.max) - result.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read '\(path)': \(errorText())")
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// Why ``readWhole(_:sizeLimit:)`` failed.
    package enum ReadFailure: Error {
        /// The system's reason (or "not a regular file"), without the path.
        case cannotRead(String)
        /// The file is larger than the limit; nothing was read.
        case tooLarge(size: Int)
    }

    /// The whole regular file, read into one array of exactly its size, when it is no larger
    /// than `sizeLimit`. A named pipe or a device in its place is refused without waiting.
    package static func readWhole(_ path: String, sizeLimit: Int) throws(ReadFailure) -> [UInt8] {
        // O_NONBLOCK: opening a named pipe must not wait for a writer; it is refused below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotRead(errorText()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(errorText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotRead("not a regular file") }
        let size = Int(info.st_size)
        guard size <= sizeLimit else { throw .tooLarge(size: size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + filled, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(errorText())
            }
            if count == 0 { bytes.removeLast(size - filled); break }  // it shrank meanwhile
            filled += count
        }
        return bytes
    }

    /// Whether the regular file at `path` holds exactly the UTF-8 bytes of `pieces`, one after
    /// another. The file is read in blocks and compared as it is read, never held whole.
    package static func hasContents(_ path: String, pieces: [String]) throws(Failure) -> Bool {
        let comparison = try Comparison(path)
        for piece in pieces {
            guard try comparison.compare(piece) else { return false }
        }
        return comparison.isEqual
    }

    /// Opens `path` for reading, only when it is a regular file, and returns the descriptor
    /// (the caller closes it) and the file's size.
    fileprivate static func openRegularFile(_ path: String) throws(Failure) -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(description: "cannot read '\(path)': \(errorText())") }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let message = errorText()
            close(descriptor)
            throw Failure(description: "cannot read '\(path)': \(message)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Failure(description: "cannot read '\(path)': not a regular file")
        }
        return (descriptor, Int(info.st_size))
    }

    /// Writes `bytes` to a new file `path` that must not exist yet (O_EXCL), and with `flushed`
    /// waits until they are on disk (`flushToStorage`).
    package static func createExclusive(_ path: String, bytes: [UInt8], flushed: Bool = true) throws(Failure) {
        let file = try NewFile(creating: path)
        try file.write(bytes)
        try file.finish(flushed: flushed)
    }

    /// Writes `bytes` to `path` whole or not at all: into a hidden file beside it
    /// (`.NAME.modelgen-tmp`, replacing one an interrupted run left), then renamed over it.
    /// For the commands that write a few files of their own (`init`, `templates dump`); the
    /// output tree has its own writer.
    package static func replaceWhole(_ path: String, bytes: [UInt8]) throws(Failure) {
        let temporary = join(parent(path), ".\(lastComponent(path)).modelgen-tmp")
        if kind(temporary) == .file { try remove(temporary) }
        try createExclusive(temporary, bytes: bytes)
        try rename(temporary, path)
    }

    /// The same for text in pieces, written one after another as their UTF-8 bytes, without
    /// copying them first.
    package static func createExclusive(_ path: String, pieces: [String], flushed: Bool = true) throws(Failure) {
        let file = try NewFile(creating: path)
        for piece in pieces { try file.write(piece) }
        try file.finish(flushed: flushed)
    }

    /// Creates `path` for writing; it must not exist yet (O_EXCL).
    fileprivate static func openExclusive(_ path: String) throws(Failure) -> Int32 {
        let descriptor = createNew(path)
        guard descriptor >= 0 else { throw Failure(description: "cannot create '\(path)': \(errorText())") }
        return descriptor
    }

    /// The `open` that creates a new file: its descriptor, or -1 with `errno` set.
    fileprivate static func createNew(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }

    /// Writes all of `bytes`; on failure closes and removes the file.
    fileprivate static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let message = errorText()
                close(descriptor)
                unlink(path)
                throw Failure(description: "cannot write '\(path)': \(message)")
            }
            written += count
        }
    }

    /// Flushes (when asked) and closes; on failure removes the file.
    fileprivate static func finish(_ descriptor: Int32, path: String, flushed: Bool) throws(Failure) {
        if flushed, flushToStorage(descriptor) != 0 {
            let message = errorText()
            close(descriptor)
            unlink(path)
            throw Failure(description: "cannot write '\(path)': \(message)")
        }
        close(descriptor)
    }

    package static func rename(_ from: String, _ to: String) throws(Failure) {
        guard systemRename(from, to) == 0 else {
            throw Failure(description: "cannot move '\(from)' to '\(to)': \(errorText())")
        }
    }

    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw Failure(description: "cannot remove '\(path)': \(errorText())") }
    }

    /// Removes `path`; a file that is already gone (another run removed it) is not an error.
    package static func removeIfPresent(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else { throw Failure(description: "cannot remove '\(path)': \(errorText())") }
    }

    /// Opens `directory` and takes an advisory lock on it (`flock`), waiting while another
    /// process holds it. The lock goes with the returned descriptor: `unlock` it, or let the
    /// process end (a killed process never leaves a stale lock).
    package static func lock(_ directory: String, exclusive: Bool) throws(Failure) -> Int32 {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot lock '\(directory)': \(errorText())") }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else {
                let message = errorText()
                close(descriptor)
                throw Failure(description: "cannot lock '\(directory)': \(message)")
            }
        }
        return descriptor
    }

    package static func unlock(_ descriptor: Int32) {
        close(descriptor)
    }

    /// Whether a process with this id is running (or exists but belongs to someone else).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Creates `path` and its missing parents; returns the directories it created, outermost first.
    @discardableResult
    package static func makeDirectories(_ path: String) throws(Failure) -> [String] {
        var current = path.hasPrefix("/") ? "/" : ""
        var created: [String] = []
        for component in path.split(separator: "/") {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + component
            switch kind(current) {
            case .directory: continue
            case .missing:
                if mkdir(current, 0o755) != 0 {
                    guard errno == EEXIST else {
                        let message = errorText()
                        for directory in created.reversed() { rmdir(directory) }
                        throw Failure(description: "cannot create directory '\(current)': \(message)")
                    }
                } else {
                    created.append(current)
                }
            default:
                for directory in created.reversed() { rmdir(directory) }
                throw Failure(description: "cannot create directory '\(current)': a file is in the way")
            }
        }
        return created
    }

    /// Names in a directory, sorted; hidden ones included.
    package static func list(_ directory: String) -> [String] {
        entries(directory).map(\.name)
    }

    /// The entries of a directory with what each is (as `kind` says, links not followed),
    /// sorted by name; hidden ones included. The kind comes with the listing where the file
    /// system gives it, so a walk does not `lstat` every entry.
    package static func entries(_ directory: String) -> [(name: String, kind: Kind)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var result: [(name: String, kind: Kind)] = []
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name != "." && name != ".." else { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = Self.kind(prefix + name)
            default: kind = .other
            }
            result.append((name, kind))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// Removes `directory` if it is empty; returns whether it did.
    @discardableResult
    package static func removeIfEmpty(_ directory: String) -> Bool {
        rmdir(directory) == 0
    }

    /// The process's working directory, or "." when it cannot be named.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `name` (one path component) matches the shell pattern `pattern` (`*`, `?`,
    /// `[...]`); a leading `.` must be matched by a `.` in the pattern, as in a shell.
    package static func nameMatches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, FNM_PERIOD) == 0
    }

    /// This process's id.
    package static let processID: Int32 = getpid()

    package static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }

    /// Everything before the last `/`, found among the bytes: a path is split at its slashes
    /// whatever the characters around them (a `/` after a prepended mark is not a `Character`
    /// of its own).
    package static func parent(_ path: String) -> String {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == bytes.startIndex ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// Everything after the last `/` (the whole path when it has none), found the same way.
    package static func lastComponent(_ path: String) -> String {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
    }
}

extension FileSystem {
    /// A regular file compared with text that arrives in pieces, read in blocks as they come,
    /// never held whole.
    package final class Comparison {
        private let path: String
        private let descriptor: Int32
        /// The file's size when it was opened.
        package let size: Int
        /// How many bytes at the start of the file the pieces so far matched, all of them.
        package private(set) var matched = 0
        /// Whether a piece differed (or ran past the end); nothing is compared after that.
        package private(set) var differs = false
        private var block = [UInt8](repeating: 0, count: 64 * 1024)

        package init(_ path: String) throws(Failure) {
            self.path = path
            (descriptor, size) = try FileSystem.openRegularFile(path)
        }

        deinit { close(descriptor) }

        /// Whether the file continues with `piece`; once one differs, always `false`.
        package func compare(_ piece: String) throws(Failure) -> Bool {
            guard !differs else { return false }
            var piece = piece
            let result = piece.withUTF8 { expected -> Result<Bool, Failure> in
                guard matched + expected.count <= size else { return .success(false) }
                var offset = 0
                while offset < expected.count {
                    let wanted = min(block.count, expected.count - offset)
                    let count = block.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
                    if count < 0 {
                        if errno == EINTR { continue }
                        return .failure(Failure(description: "cannot read '\(path)': \(errorText())"))
                    }
                    // A file that shrank while it was read holds other contents.
                    if count == 0 { return .success(false) }
                    let same = block.withUnsafeBytes { memcmp($0.baseAddress!, expected.baseAddress! + offset, count) == 0 }
                    if !same { return .success(false) }
                    offset += count
                }
                return .success(true)
            }
            if try result.get() {
                matched += piece.utf8.count
                return true
            }
            differs = true
            return false
        }

        /// Whether the pieces compared so far are the whole file.
        package var isEqual: Bool { !differs && matched == size }
    }

    /// A new file (it must not exist yet: O_EXCL) written a piece at a time. Any failure
    /// removes it, and so does dropping it unfinished; `finish` closes it for good.
    package final class NewFile {
        package let path: String
        private var descriptor: Int32

        package init(creating path: String) throws(Failure) {
            self.path = path
            descriptor = try FileSystem.openExclusive(path)
        }

        /// Creates `path` as `init(creating:)` does, first removing a regular file already
        /// there (one a stopped run left); anything else in the way is an error. The common
        /// case, nothing there, costs no more than the create itself.
        package init(replacingLeftover path: String) throws(Failure) {
            self.path = path
            let first = FileSystem.createNew(path)
            if first >= 0 {
                descriptor = first
                return
            }
            let code = errno
            guard code == EEXIST, FileSystem.kind(path) == .file else {
                throw Failure(description: "cannot create '\(path)': \(errorText(code))")
            }
            try FileSystem.remove(path)
            descriptor = try FileSystem.openExclusive(path)
        }

        deinit { abandon() }

        /// Appends the UTF-8 bytes of `text`, without copying them first.
        package func write(_ text: String) throws(Failure) {
            var text = text
            let result = text.withUTF8 { buffer -> Result<Void, Failure> in
                do throws(Failure) {
                    return .success(try write(UnsafeRawBufferPointer(buffer)))
                } catch {
                    return .failure(error)
                }
            }
            try result.get()
        }

        /// Appends `bytes`.
        package func write(_ bytes: [UInt8]) throws(Failure) {
            let result = bytes.withUnsafeBytes { buffer -> Result<Void, Failure> in
                do throws(Failure) {
                    return .success(try write(buffer))
                } catch {
                    return .failure(error)
                }
            }
            try result.get()
        }

        /// Appends the first `count` bytes of the regular file `source`.
        package func copy(prefix count: Int, of source: String) throws(Failure) {
            let (input, _) = try FileSystem.openRegularFile(source)
            defer { close(input) }
            var block = [UInt8](repeating: 0, count: 64 * 1024)
            var copied = 0
            while copied < count {
                let wanted = min(block.count, count - copied)
                let read = block.withUnsafeMutableBytes { systemRead(input, $0.baseAddress!, wanted) }
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    let message = read == 0 ? "it is shorter than it was" : errorText()
                    abandon()
                    throw Failure(description: "cannot read '\(source)': \(message)")
                }
                let result = block.withUnsafeBytes { bytes -> Result<Void, Failure> in
                    do throws(Failure) {
                        return .success(try write(UnsafeRawBufferPointer(rebasing: bytes[0..<read])))
                    } catch {
                        return .failure(error)
                    }
                }
                try result.get()
                copied += read
            }
        }

        /// With `flushed`, waits until the bytes are on disk (`flushToStorage`); then closes the file.
        package func finish(flushed: Bool) throws(Failure) {
            precondition(descriptor >= 0, "\(path) is finished or abandoned already")
            let open = descriptor
            descriptor = -1
            try FileSystem.finish(open, path: path, flushed: flushed)
        }

        /// Closes and removes the file, unless it is finished.
        package func abandon() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            unlink(path)
            descriptor = -1
        }

        private func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            precondition(descriptor >= 0, "\(path) is finished or abandoned already")
            do throws(Failure) {
                try FileSystem.write(bytes, to: descriptor, path: path)
            } catch {
                descriptor = -1  // closed and removed already
                throw error
            }
        }
    }
}
