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
}
