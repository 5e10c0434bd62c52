import ModelgenFileSystem

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

    /// The schema files (`.yaml` and `.yml`) anywhere under `folder`, an absolute path, sorted.
    public static func schemaFiles(under folder: String) -> [String] {
        (expand(FileSystem.join(folder, "**/*.yaml"), in: "/") + expand(FileSystem.join(folder, "**/*.yml"), in: "/")).sorted()
    }

    public static func hasWildcards(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    private static func join(_ a: String, _ b: String) -> String { FileSystem.join(a, b) }

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
            guard FileSystem.nameMatches(head, entry.name) else { continue }
            if rest.isEmpty {
                if !entry.isDirectory { results.append(join(relative, entry.name)) }
            } else if entry.isDirectory {
                walk(rest, directory: join(directory, entry.name), relative: join(relative, entry.name), into: &results)
            }
        }
    }

    /// What is at `path`, following symbolic links (an input may be a link to a schema).
    static func fileKind(_ path: String) -> FileSystem.Kind {
        FileSystem.kind(path, followingLinks: true)
    }

    private static func entries(of directory: String) -> [(name: String, isDirectory: Bool)] {
        FileSystem.list(directory).compactMap { name in
            switch fileKind(join(directory, name)) {
            case .file: return (name, false)
            case .directory: return (name, true)
            default: return nil
            }
        }
    }
}
