import Foundation
import Testing

/// The typed builders reject wrong values at compile time: each snippet below is type-checked
/// against the built ParseRuntime module with `swiftc -typecheck`, the good ones must compile
/// and every bad one must fail on its own line.
///
/// Runs when the test executable sits next to the build's `Modules` folder and `swiftc` is on
/// the `PATH` (a `swift test` build); otherwise it is skipped.
@Suite struct CompileTimeCheckTests {
    /// The models the snippets use, shaped like generated ones.
    private static let models = """
        import Foundation
        import ParseRuntime
        public struct Genre: ParseObject, Sendable {
            public var originalData: Data?
            public var objectId: String?
            public var createdAt: Date?
            public var updatedAt: Date?
            public var ACL: ParseACL?
            public var name: String?
            public init() {}
            public enum Field { public static let name = ParseField<Genre, String>("name") }
        }
        public struct Author: ParseObject, Sendable {
            public var originalData: Data?
            public var objectId: String?
            public var createdAt: Date?
            public var updatedAt: Date?
            public var ACL: ParseACL?
            public init() {}
        }
        public enum Priority: Int, Codable, Sendable { case low, high }
        public struct Book: ParseObject, Sendable {
            public var originalData: Data?
            public var objectId: String?
            public var createdAt: Date?
            public var updatedAt: Date?
            public var ACL: ParseACL?
            public var title: String?
            public var year: Int?
            public var genre: Genre?
            public var tags: [String]?
            public var done: Bool?
            public var priority: Priority?
            public init() {}
            public enum Field {
                public static let title = ParseField<Book, String>("title")
                public static let year = ParseField<Book, Int>("year")
                public static let createdAt = ParseField<Book, Date>("createdAt")
                public static let genre = ParseField<Book, Genre>("genre")
                public static let tags = ParseField<Book, [String]>("tags")
                public static let done = ParseField<Book, Bool>("done")
                public static let priority = ParseField<Book, Priority>("priority")
                public static let authors = ParseRelationField<Book, Author>("authors")
            }
        }
        """

    /// Snippets that must compile.
    private static let accepted = [
        #"Book.query(Book.Field.title > "a", Book.Field.year >= 1, Book.Field.createdAt < Date())"#,
        "Book.query(Book.Field.genre == Genre(), Book.Field.authors == Author(), Book.Field.done == true)",
        "Book.query(Book.Field.priority > .low, .containedIn(Book.Field.priority, [.high]))",
        #"Book.query(.matchesRegex(Book.Field.title, "x"), .containsAll(Book.Field.tags, ["a"]))"#,
        "Book.query(.matchesQuery(Book.Field.genre, Genre.query()))",
        "Book.query(.matchesKeyInQuery(Book.Field.title, key: Genre.Field.name, in: Genre.query()))",
        "Author.query(.relatedTo(Book(), through: Book.Field.authors))",
        #"ParseUpdate(Book()).increment(Book.Field.year, by: 1).add(Book.Field.tags, ["x"])"#,
        "ParseUpdate(Book()).addRelation(Book.Field.authors, [Author()]).set(Book.Field.genre, to: Genre())",
        "Book.query().order(.ascending(Book.Field.title)).include(Book.Field.genre).keys(Book.Field.title, Book.Field.year)",
        "Book.query(.matchesQuery(Book.Field.authors, Author.query()), .doesNotMatchQuery(Book.Field.authors, Author.query()))",
        "ParseUpdate(Book()).removeRelation(Book.Field.authors, [Author()])",
    ]

    /// Snippets that must not compile, with why.
    private static let rejected = [
        "Book.query(Book.Field.title > 5)",                                   // a String field compares with a String
        #"Book.query(Book.Field.year == "1965")"#,                            // an Int field equals an Int
        #"Book.query(Book.Field.genre == "g1")"#,                             // a pointer field equals its target
        "Book.query(Book.Field.genre == Author())",                           // ... of its own class
        #"Book.query(Book.Field.createdAt > "2020")"#,                        // a Date field compares with a Date
        "Book.query(Book.Field.genre < Genre())",                             // pointers are not ordered
        "Book.query(Book.Field.done > true)",                                 // booleans are not ordered
        #"Book.query(.matchesRegex(Book.Field.year, "x"))"#,                  // $regex needs a String field
        "Book.query(.containsAll(Book.Field.tags, [1]))",                     // $all takes the element type
        #"Book.query(.containsAll(Book.Field.title, ["x"]))"#,                // $all needs an array field
        "Book.query(.matchesQuery(Book.Field.genre, Author.query()))",        // $inQuery over the target class
        "Author.query(.relatedTo(Book(), through: Book.Field.genre))",        // the relation must target Author
        "Book.query(.matchesKeyInQuery(Book.Field.year, key: Genre.Field.name, in: Genre.query()))", // same value type
        #"ParseUpdate(Book()).increment(Book.Field.title, by: "x")"#,        // only numbers increment
        "ParseUpdate(Book()).increment(Book.Field.year, by: 1.5)",            // ... by their own type
        #"ParseUpdate(Book()).add(Book.Field.title, ["x"])"#,                 // Add needs an array field
        "ParseUpdate(Book()).add(Book.Field.tags, [1])",                      // ... and its element type
        "ParseUpdate(Book()).addRelation(Book.Field.authors, [Genre()])",     // relations take their target class
        #"ParseUpdate(Book()).set(Book.Field.year, to: "x")"#,                // set takes the field's type
        "Book.query().order(.ascending(Genre.Field.name))",                   // fields of the queried class only
        "Book.query().include(Genre.Field.name)",
        "ParseUpdate(Book()).set(Book.Field.authors, to: Author())",          // a relation is not set, only added to
        "ParseUpdate(Book()).addRelation(Book.Field.genre, [Genre()])",       // a pointer field is not a relation
        "Genre.query(.relatedTo(Book(), through: Book.Field.genre))",         // $relatedTo needs a relation field
        "Book.query().include(Book.Field.authors)",                           // relations are not included
        "Book.query().order(.ascending(Book.Field.authors))",                 // ... nor ordered
        "Book.query(Book.Field.authors != Author())",                         // Parse has no $ne on a relation
        "Book.query(Book.Field.authors == Genre())",                          // owners of the target class only
    ]

    /// The folder holding `ParseRuntime.swiftmodule`, next to the test executable.
    private static var modulesFolder: URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        let folder = executable.deletingLastPathComponent()
        for candidate in [folder.appendingPathComponent("Modules"), folder]
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("ParseRuntime.swiftmodule").path) {
            return candidate
        }
        return nil
    }

    /// `swiftc` on the `PATH`.
    private static var swiftc: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static var isAvailable: Bool {
        modulesFolder != nil && swiftc != nil
    }

    @Test(.enabled(if: isAvailable, "needs swiftc and the built ParseRuntime module"), .timeLimit(.minutes(2)))
    func wrongValuesDoNotCompile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models.swift")
        try Self.models.write(to: models, atomically: true, encoding: .utf8)

        // One function per snippet, one snippet per line: line n + 4 holds snippet n.
        var lines = ["import Foundation", "import ParseRuntime", "@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)", "enum Snippets {"]
        let snippets = Self.accepted + Self.rejected
        for (index, snippet) in snippets.enumerated() {
            lines.append("    static func snippet\(index)() { _ = \(snippet) }")
        }
        lines.append("}")
        let use = folder.appendingPathComponent("Use.swift")
        try lines.joined(separator: "\n").write(to: use, atomically: true, encoding: .utf8)

        // Output goes to a file and the exit is awaited, so no thread of the shared pool blocks.
        let log = folder.appendingPathComponent("swiftc.log")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = Self.swiftc
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", try #require(Self.modulesFolder).path, models.path, use.path]
        process.standardOutput = output
        process.standardError = output
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume()
            }
        }
        try output.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(!text.isEmpty, "swiftc reported nothing; did it run?")

        let errorLines = Set(text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(use.path + ":"), line.contains(": error:") else { return nil }
            return Int(line.dropFirst(use.path.count + 1).prefix { $0.isNumber })
        })
        #expect(!text.contains("Models.swift:"), "the models must compile: \(text)")
        for (index, snippet) in snippets.enumerated() {
            let line = index + 5
            if index < Self.accepted.count {
                #expect(!errorLines.contains(line), "should compile: \(snippet)\n\(text)")
            } else {
                #expect(errorLines.contains(line), "should not compile: \(snippet)")
            }
        }
    }
}
