#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the input patterns of `modelgen.yml`: `*`, `?` and `[...]` within one path
/// component, `**` for any number of directories. Results are sorted, so runs are
/// deterministic whatever order the file system lists them in. Hidden entries (`.build`,
/// `.git`) are skipped unless the pattern names them.
public enum Glob {
    /// Paths (relative to `base` when `pattern` is relative) of the regular files matching `pattern`.
    public static func expand(_ pattern: String, in base: String) -> [String] {
        let isAbsolute = pattern.hasPrefix("/")
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var results: [String] = []
        walk(components[...], directory: isAbsolute ? "/" : base, relative: isAbsolute ? "/" : "", into: &results)
        return Array(Set(results)).sorted()
    }

    public static func hasWildcards(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    private static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }

    private static func walk(_ pattern: ArraySlice<String>, directory: String, relative: String, into results: inout [String]) {
        guard let head = pattern.first else { return }
        let rest = pattern.dropFirst()
        if head == "**" {
            // Zero directories...
            walk(rest, directory: directory, relative: relative, into: &results)
            // ...or one more, keeping `**` in front.
            for entry in entries(of: directory) where entry.isDirectory && !entry.name.hasPrefix(".") {
                walk(pattern, directory: join(directory, entry.name), relative: join(relative, entry.name), into: &results)
            }
            return
        }
        if !hasWildcards(head) {
            let path = join(directory, head)
            let kind = fileKind(path)
            if rest.isEmpty {
                if kind == .file { results.append(join(relative, head)) }
            } else if kind == .directory {
                walk(rest, directory: path, relative: join(relative, head), into: &results)
            }
            return
        }
        for entry in entries(of: directory) {
            if entry.name.hasPrefix("."), !head.hasPrefix(".") { continue }
            guard fnmatch(head, entry.name, FNM_PERIOD) == 0 else { continue }
            if rest.isEmpty {
                if !entry.isDirectory { results.append(join(relative, entry.name)) }
            } else if entry.isDirectory {
                walk(rest, directory: join(directory, entry.name), relative: join(relative, entry.name), into: &results)
            }
        }
    }

    enum Kind { case file, directory, other }

    static func fileKind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    private static func entries(of directory: String) -> [(name: String, isDirectory: Bool)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var result: [(String, Bool)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let kind = fileKind(join(directory, name))
            if kind == .other { continue }
            result.append((name, kind == .directory))
        }
        return result.sorted { $0.0 < $1.0 }
    }
}
