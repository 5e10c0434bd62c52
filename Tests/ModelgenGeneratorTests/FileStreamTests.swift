import Foundation
import ModelgenFileSystem
import ModelgenTestSupport
import Testing

/// The two halves of staging a streamed file: comparing text that arrives in pieces with a file
/// on disk, and writing a new file a piece at a time.
@Suite struct FileStreamTests {
    @Test func aComparisonFollowsThePiecesAndStopsAtTheFirstDifference() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("f.txt", "abcdef")
        let path = directory.path + "/f.txt"

        let same = try FileSystem.Comparison(path)
        #expect(try same.compare("abc"))
        #expect(try same.compare("def"))
        #expect(same.isEqual && same.matched == 6)

        let shorter = try FileSystem.Comparison(path)
        #expect(try shorter.compare("abcde"))
        #expect(!shorter.isEqual, "a text that stops early is not the file")

        let longer = try FileSystem.Comparison(path)
        #expect(try longer.compare("abcdefg") == false)
        #expect(longer.differs && longer.matched == 0)

        let differing = try FileSystem.Comparison(path)
        #expect(try differing.compare("abc"))
        #expect(try differing.compare("dXf") == false)
        #expect(try differing.compare("") == false, "nothing is compared after a difference")
        #expect(differing.matched == 3 && !differing.isEqual)

        #expect(throws: FileSystem.Failure.self) { try FileSystem.Comparison(directory.path + "/missing.txt") }
        #expect(throws: FileSystem.Failure.self) { try FileSystem.Comparison(directory.path) }
    }

    @Test func aNewFileIsWrittenInPiecesWithACopiedPrefix() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old.txt", "abcdef")
        let file = try FileSystem.NewFile(creating: directory.path + "/new.txt")
        try file.copy(prefix: 3, of: directory.path + "/old.txt")
        try file.write("XY")
        try file.write("")
        try file.write("é")
        try file.finish(flushed: true)
        #expect(try directory.read("new.txt") == "abcXYé")
        // It must not exist yet.
        #expect(throws: FileSystem.Failure.self) { try FileSystem.NewFile(creating: directory.path + "/new.txt") }
    }

    @Test func aNewFileDroppedUnfinishedOrWhoseCopyFailsIsRemoved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old.txt", "abcdef")
        do {
            let file = try FileSystem.NewFile(creating: directory.path + "/dropped.txt")
            try file.write("half")
        }
        #expect(!directory.exists("dropped.txt"))

        let abandoned = try FileSystem.NewFile(creating: directory.path + "/abandoned.txt")
        try abandoned.write("half")
        abandoned.abandon()
        #expect(!directory.exists("abandoned.txt"))

        // The file compared earlier has since shrunk: the copy fails and the new file goes.
        let file = try FileSystem.NewFile(creating: directory.path + "/short.txt")
        let failure = #expect(throws: FileSystem.Failure.self) {
            try file.copy(prefix: 100, of: directory.path + "/old.txt")
        }
        #expect(failure?.description == "cannot read '\(directory.path)/old.txt': it is shorter than it was")
        #expect(!directory.exists("short.txt"))
    }

    @Test func aNewFileReplacesALeftoverFileButNothingElse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("left.tmp", "an earlier run's half")
        let file = try FileSystem.NewFile(replacingLeftover: directory.path + "/left.tmp")
        try file.write("new")
        try file.finish(flushed: false)
        #expect(try directory.read("left.tmp") == "new")

        let fresh = try FileSystem.NewFile(replacingLeftover: directory.path + "/fresh.tmp")
        try fresh.finish(flushed: false)
        #expect(try directory.read("fresh.tmp") == "")

        try directory.write("folder.tmp/inside", "kept")
        let failure = #expect(throws: FileSystem.Failure.self) {
            try FileSystem.NewFile(replacingLeftover: directory.path + "/folder.tmp")
        }
        #expect(failure?.description == "cannot create '\(directory.path)/folder.tmp': File exists")
        #expect(try directory.read("folder.tmp/inside") == "kept")
        #expect(symlink("left.tmp", directory.path + "/link.tmp") == 0)
        #expect(throws: FileSystem.Failure.self) { try FileSystem.NewFile(replacingLeftover: directory.path + "/link.tmp") }
        #expect(try directory.read("left.tmp") == "new", "a link is never written through")
    }

    @Test func aListingGivesEachEntrysKindWithoutFollowingLinks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("b.txt", "")
        try directory.write("a/inside.txt", "")
        try directory.write(".hidden", "")
        #expect(symlink("b.txt", directory.path + "/c-link") == 0)
        #expect(mkfifo(directory.path + "/d-pipe", 0o600) == 0)
        let entries = FileSystem.entries(directory.path)
        #expect(entries.map(\.name) == [".hidden", "a", "b.txt", "c-link", "d-pipe"])
        #expect(entries.map(\.kind) == [.file, .directory, .file, .symlink, .other])
        #expect(FileSystem.list(directory.path) == entries.map(\.name))
        #expect(FileSystem.entries(directory.path + "/missing").isEmpty)
    }
}

@Suite struct PathTests {
    /// A path is split at its last `/` byte, whatever characters are around it.
    @Test func theParentIsEverythingBeforeTheLastSlash() {
        #expect(FileSystem.parent("out/Swift/Book.swift") == "out/Swift")
        #expect(FileSystem.parent("/Book.swift") == "/")
        #expect(FileSystem.parent("Book.swift") == "")
        #expect(FileSystem.parent("out/") == "out")
        #expect(FileSystem.parent("a//b") == "a/")
        #expect(FileSystem.parent("café/naïve/日本.swift") == "café/naïve")
        // U+0600 is a prepended mark: with the slash after it, one Character.
        #expect(FileSystem.parent("a\u{0600}/b") == "a\u{0600}")
        #expect(FileSystem.join(FileSystem.parent("out/Swift/A.swift"), "B.swift") == "out/Swift/B.swift")
        #expect(FileSystem.lastComponent("out/Swift/Book.swift") == "Book.swift")
        #expect(FileSystem.lastComponent("Book.swift") == "Book.swift")
        #expect(FileSystem.lastComponent("out/") == "")
        #expect(FileSystem.lastComponent("a\u{0600}/b") == "b")
    }
}
