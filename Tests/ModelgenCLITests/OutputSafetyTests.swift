import Foundation
import ModelgenTestSupport
import Testing

/// The user's tree is safe: whatever happens to a run (killed mid-write, a read-only or full
/// disk, a second run at the same time), every file in the output directory is either what
/// it was or what it should become, never a part of either, and hand-written files are never
/// touched.
enum OutputSafety {
    /// A schema of `classes` classes: enough files that killing `gen` lands while it writes.
    static func schema(classes: Int, version: Int) -> String {
        var text = "classes:\n"
        for index in 0..<classes {
            text += "  C\(index):\n    description: Version \(version) of class \(index).\n    fields:\n"
            text += "      title: string!\n      count: {type: int, default: \(version)}\n"
            if version % 2 == 0 { text += "      extra\(version): double\n" }
        }
        return text
    }

    /// Runs `gen` on `schema` into a fresh directory and returns the output by relative path.
    static func reference(_ schema: String) async throws -> [String: Data] {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("s.yaml", schema)
        let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(run.exitStatus == 0, "\(run)")
        return output(try sandbox.snapshot())
    }

    static func output(_ snapshot: [String: Data]) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: snapshot.filter { $0.key.hasPrefix("Out/") }.map { (String($0.key.dropFirst(4)), $0.value) })
    }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// What a test does when the machine cannot give it what it needs: skip with the reason on
    /// a developer's machine, fail under `CI=true` (CI runs as root on Debian, where it can).
    static func unavailable(_ why: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if isCI {
            Issue.record("required under CI: \(why)", sourceLocation: sourceLocation)
        } else {
            print("skipped: \(why)")
        }
    }

    /// Runs a command (mount, umount, chmod) and returns whether it succeeded.
    @discardableResult
    static func system(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

@Suite(.serialized) struct InterruptedRunTests {
    /// `gen` is killed with SIGKILL at random moments, switching between two versions of a
    /// schema; after every kill each output file must be whole (one version or the other,
    /// byte for byte), and the next complete run must leave exactly one version and no
    /// temporary files.
    @Test func killedWhileWritingLeavesEveryFileWholeAndTheNextRunCleansUp() async throws {
        let versions = [OutputSafety.schema(classes: 150, version: 1), OutputSafety.schema(classes: 150, version: 2)]
        let references = [try await OutputSafety.reference(versions[0]), try await OutputSafety.reference(versions[1])]
        #expect(references[0].count > 150 && Set(references[0].keys) == Set(references[1].keys))
        // Every content a path may hold: either version's, or nothing yet.
        var valid: [String: Set<Data>] = [:]
        for reference in references { for (path, bytes) in reference { valid[path, default: []].insert(bytes) } }

        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("Out/Notes.md", "Hand-written.\n")
        var generator = SystemRandomNumberGenerator()
        var killedMidRun = 0, leftovers = 0
        // How long a full run takes, to aim the kills inside it: the fastest of three (the first
        // run may be slowed by cold caches or a busy machine), then adjusted as the load changes.
        var window = Double.infinity
        for version in [0, 1, 0] {
            try sandbox.write("s.yaml", versions[version])
            let full = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
            #expect(full.exitStatus == 0, "\(full)")
            window = min(window, full.seconds)
        }
        let iterations = 40
        let swiftFiles = Set(references[0].keys.filter { $0.hasPrefix("Swift/") })
        for iteration in 0..<iterations {
            try sandbox.write("s.yaml", versions[(iteration + 1) % 2])
            // Every third run makes the Swift folder anew (in a hidden folder, renamed whole).
            let remakesFolder = iteration % 3 == 0
            if remakesFolder, sandbox.exists("Out/Swift") { try FileManager.default.removeItem(atPath: sandbox.path + "/Out/Swift") }
            let process = try ModelgenProcess(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...UInt64(window * 1e9), using: &generator))
            process.kill()
            let outcome = await process.finish(timeout: 60)
            if outcome.signal == SIGKILL {
                killedMidRun += 1
                window *= 1.05
            } else {
                #expect(outcome.exitStatus == 0, "\(outcome)")
                window *= 0.8  // the run beat the kill: aim earlier
            }

            let files = try sandbox.snapshot()
            #expect(files["Out/Notes.md"] == Data("Hand-written.\n".utf8), "the hand-written file is never touched")
            for (path, bytes) in OutputSafety.output(files) where path != "Notes.md" {
                // A temporary file, or a file in the hidden folder of a new folder.
                if path.split(separator: "/").contains(where: { $0.hasPrefix(".") && $0.contains(".modelgen-tmp-") }) {
                    leftovers += 1
                    continue
                }
                #expect(valid[path]?.contains(bytes) == true, "iteration \(iteration): \(path) is partial or foreign (\(bytes.count) bytes)")
            }
            if remakesFolder, sandbox.exists("Out/Swift") {
                let present = Set(OutputSafety.output(files).keys.filter { $0.hasPrefix("Swift/") })
                #expect(present == swiftFiles, "iteration \(iteration): a new folder appears whole or not at all")
            }
        }
        print("killed mid-run \(killedMidRun) of \(iterations) times; \(leftovers) leftover temporary files seen")
        #expect(killedMidRun >= iterations / 4, "the kills must land while modelgen runs, or this test proves nothing")

        // The next complete run finishes the job: one version exactly, no temporary file left.
        try sandbox.write("s.yaml", versions[0])
        let final = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(final.exitStatus == 0, "\(final)")
        var expected = references[0]
        expected["Notes.md"] = Data("Hand-written.\n".utf8)
        #expect(OutputSafety.output(try sandbox.snapshot()) == expected)
        let check = try await ModelgenProcess.run(["check", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(check.exitStatus == 0, "\(check)")
    }

    @Test func aLaterRunRemovesTemporaryFilesOfDeadRunsOnly() async throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 2, version: 1))
        // A process id that is certainly not running, and one that certainly is (this test's).
        let dead: Int32 = 4_194_303
        #expect(kill(dead, 0) != 0)
        try sandbox.write("Out/Swift/.C0.swift.modelgen-tmp-\(dead)", "half a fi")
        try sandbox.write("Out/Deep/Er/.X.sql.modelgen-tmp-\(dead)", "")
        try sandbox.write("Out/Swift/.C1.swift.modelgen-tmp-\(getpid())", "a run in progress")
        try sandbox.write("Out/Swift/.hidden-notes", "mine")
        // Hidden new folders: one of a dead run (removed with what is in it), one of a live run.
        try sandbox.write("Out/.SQL.modelgen-tmp-\(dead)/Sub/postgresql.sql", "half")
        try sandbox.write("Out/.Docs.modelgen-tmp-\(getpid())/a.md", "a run in progress")
        // Names that only look like temporaries: not hidden, no process id, more than digits.
        let lookalikes = ["Out/Swift/C2.swift.modelgen-tmp-\(dead)", "Out/Swift/.C3.swift.modelgen-tmp-",
                          "Out/Swift/.C4.swift.modelgen-tmp-\(dead)x", "Out/Swift/.C5.swift.modelgen-tmp+\(dead)",
                          "Out/Swift/.C6.swift.modelgen-tmp-99999999999"]
        for path in lookalikes { try sandbox.write(path, "mine") }
        let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Out: removed 3 temporary files left by an interrupted run\n"))
        #expect(!sandbox.exists("Out/.SQL.modelgen-tmp-\(dead)"))
        #expect(sandbox.exists("Out/.Docs.modelgen-tmp-\(getpid())/a.md"), "a live run's folder is not ours to remove")
        #expect(!sandbox.exists("Out/Swift/.C0.swift.modelgen-tmp-\(dead)"))
        #expect(!sandbox.exists("Out/Deep/Er/.X.sql.modelgen-tmp-\(dead)"))
        #expect(sandbox.exists("Out/Swift/.C1.swift.modelgen-tmp-\(getpid())"), "a live run's file is not ours to remove")
        #expect(sandbox.exists("Out/Swift/.hidden-notes"))
        for path in lookalikes { #expect(sandbox.exists(path), "\(path) is not a temporary") }
        let again = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(!again.stdout.contains("temporary"))
    }
}

@Suite(.serialized) struct ConcurrentRunTests {
    @Test func twoRunsAtOnceWithTheSameSchemaLeaveOneCorrectTree() async throws {
        let schema = OutputSafety.schema(classes: 120, version: 2)
        let reference = try await OutputSafety.reference(schema)
        for round in 0..<5 {
            let sandbox = try TemporaryDirectory()
            defer { sandbox.remove() }
            try sandbox.write("s.yaml", schema)
            // A stale generated file both runs will want to remove.
            try sandbox.write("Out/Swift/Gone.swift", "// Generated by modelgen from s.yaml. Do not edit.\n")
            let first = try ModelgenProcess(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
            let second = try ModelgenProcess(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
            let outcomes = [await first.finish(), await second.finish()]
            for outcome in outcomes { #expect(outcome.exitStatus == 0, "round \(round): \(outcome)") }
            #expect(OutputSafety.output(try sandbox.snapshot()) == reference, "round \(round)")
            // Whichever ran second found the work done.
            #expect(outcomes.contains { $0.stdout == "Out: 0 created, 0 updated, 0 removed, \(reference.count) unchanged\n" }, "\(outcomes)")
        }
    }

    @Test func twoRunsAtOnceWithDifferentSchemasLeaveOneWholeVersion() async throws {
        let versions = [OutputSafety.schema(classes: 120, version: 1), OutputSafety.schema(classes: 120, version: 2)]
        let references = [try await OutputSafety.reference(versions[0]), try await OutputSafety.reference(versions[1])]
        for round in 0..<5 {
            let sandbox = try TemporaryDirectory()
            defer { sandbox.remove() }
            try sandbox.write("a/s.yaml", versions[0])
            try sandbox.write("b/s.yaml", versions[1])
            let first = try ModelgenProcess(["gen", "s.yaml", "--output", "../Out"], in: sandbox.path + "/a")
            let second = try ModelgenProcess(["gen", "s.yaml", "--output", "../Out"], in: sandbox.path + "/b")
            for outcome in [await first.finish(), await second.finish()] { #expect(outcome.exitStatus == 0, "\(outcome)") }
            let output = OutputSafety.output(try sandbox.snapshot())
            #expect(output == references[0] || output == references[1], "round \(round): a mix of both versions")
        }
    }

    /// What makes runs wait for each other: `gen` takes an exclusive `flock` on the output
    /// directory. Held here, it must keep `gen` from writing anything until it is released.
    @Test func genWaitsWhileAnotherProcessHoldsTheOutputLock() async throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 5, version: 1))
        try FileManager.default.createDirectory(atPath: sandbox.path + "/Out", withIntermediateDirectories: true)
        let descriptor = open(sandbox.path + "/Out", O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let gen = try ModelgenProcess(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        try await Task.sleep(nanoseconds: 3_000_000_000)
        #expect(kill(gen.pid, 0) == 0, "gen must still be waiting")
        #expect(try sandbox.snapshot().keys.filter { $0.hasPrefix("Out/") }.isEmpty, "and must not have written")
        close(descriptor)
        let outcome = await gen.finish()
        #expect(outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.seconds >= 3)
        #expect(sandbox.exists("Out/Swift/C0.swift"))
    }

    @Test func checkWaitsForAGenInProgress() async throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 150, version: 1))
        _ = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 150, version: 2))
        for _ in 0..<3 {
            let gen = try ModelgenProcess(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
            let check = try ModelgenProcess(["check", "s.yaml", "--output", "Out"], in: sandbox.path)
            let (genOutcome, checkOutcome) = (await gen.finish(), await check.finish())
            #expect(genOutcome.exitStatus == 0)
            // Before the gen (stale, 2) or after it (fresh, 0), never a half-written tree's error.
            #expect(checkOutcome.exitStatus == 0 || checkOutcome.exitStatus == 2, "\(checkOutcome)")
        }
    }
}

@Suite(.serialized) struct UnwritableOutputTests {
    /// A directory with an earlier run's output and a hand-written file, and a schema whose
    /// output differs from it, so that a run that could write would change something.
    private func prepare() async throws -> TemporaryDirectory {
        let sandbox = try TemporaryDirectory()
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 20, version: 1))
        let first = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(first.exitStatus == 0, "\(first)")
        try sandbox.write("Out/Notes.md", "Hand-written.\n")
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 30, version: 2))
        return sandbox
    }

    @Test func aReadOnlyDirectoryForAnOrdinaryUserIsAClearErrorAndChangesNothing() async throws {
        let sandbox = try await prepare()
        defer { OutputSafety.system(["chmod", "-R", "u+w", sandbox.path]); sandbox.remove() }
        var prefix: [String] = []
        if getuid() == 0 {
            // Root ignores permissions: run modelgen as `nobody`, as an ordinary user would be.
            guard OutputSafety.system(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "true"]) else {
                OutputSafety.unavailable("running as root, and setpriv cannot switch to the user nobody")
                return
            }
            prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            // nobody may read the sandbox but not write it.
            OutputSafety.system(["chmod", "-R", "a+rX,go-w", sandbox.path])
        } else {
            OutputSafety.system(["chmod", "-R", "a-w", sandbox.path + "/Out"])
        }
        let before = try sandbox.snapshot()
        let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path, prefix: prefix)
        #expect(run.isCleanFailure, "\(run)")
        #expect(run.stderr.hasPrefix("modelgen: error: cannot "), "\(run.stderr)")
        #expect(run.stderr.contains("Permission denied"), "\(run.stderr)")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aReadOnlyFileSystemIsAClearErrorAndChangesNothing() async throws {
        try await withTinyFileSystem(size: "4m") { mount in
            try FileManager.default.createDirectory(atPath: mount + "/Out", withIntermediateDirectories: true)
            let sandbox = try await prepare()
            defer { sandbox.remove() }
            // The earlier output, copied onto the mount, which is then made read-only.
            guard OutputSafety.system(["cp", "-a", sandbox.path + "/Out/.", mount + "/Out/"]),
                  OutputSafety.system(["mount", "-o", "remount,ro", mount]) else {
                OutputSafety.unavailable("cannot remount \(mount) read-only")
                return
            }
            let before = try snapshot(mount)
            let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", mount + "/Out"], in: sandbox.path)
            #expect(run.isCleanFailure, "\(run)")
            #expect(run.stderr.hasPrefix("modelgen: error: cannot "), "\(run.stderr)")
            #expect(run.stderr.contains("Read-only file system"), "\(run.stderr)")
            #expect(try snapshot(mount) == before)
        }
    }

    @Test func aFullDiskIsAClearErrorAndChangesNothing() async throws {
        try await withTinyFileSystem(size: "2m") { mount in
            let sandbox = try await prepare()
            defer { sandbox.remove() }
            guard OutputSafety.system(["cp", "-a", sandbox.path + "/Out", mount + "/"]) else {
                OutputSafety.unavailable("cannot copy the earlier output onto \(mount)")
                return
            }
            // Fill what is left: dd stops at "No space left on device".
            OutputSafety.system(["dd", "if=/dev/zero", "of=\(mount)/filler", "bs=4096"])
            let before = try snapshot(mount)
            let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", mount + "/Out"], in: sandbox.path)
            #expect(run.isCleanFailure, "\(run)")
            #expect(run.stderr.hasPrefix("modelgen: error: cannot "), "\(run.stderr)")
            #expect(run.stderr.contains("No space left on device"), "\(run.stderr)")
            #expect(try snapshot(mount) == before, "the old output stays whole and no temporary file is left")
            #expect(run.stderr.hasSuffix(": No space left on device; nothing was changed\n"), "\(run.stderr)")
            #expect(!run.stderr.contains(".modelgen-tmp-"), "the message names the file, not its temporary")
            // Into a directory that does not exist yet: the folders made for it go again.
            let fresh = try await ModelgenProcess.run(["gen", "s.yaml", "--output", mount + "/Fresh/Out"], in: sandbox.path)
            #expect(fresh.isCleanFailure, "\(fresh)")
            #expect(try snapshot(mount) == before, "no empty folders are left behind")
        }
    }

    /// The same failure as a full disk, on any machine: a file-size limit (the shell's
    /// `ulimit -f`, in 512-byte blocks) makes every write past 8 KiB fail with EFBIG, partway
    /// through the output.
    @Test func aWriteThatFailsPartwayIsAClearErrorAndChangesNothing() async throws {
        let sandbox = try await prepare()
        defer { sandbox.remove() }
        // SIGXFSZ ignored, as a shell's `trap` passes it through exec, so the write returns EFBIG.
        let prefix = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 16; exec \"$@\"", "sh"]
        let before = try sandbox.snapshot()
        let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path, prefix: prefix)
        #expect(run.isCleanFailure, "\(run)")
        #expect(run.stderr.hasPrefix("modelgen: error: cannot "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix(": File too large; nothing was changed\n"), "\(run.stderr)")
        #expect(!run.stderr.contains(".modelgen-tmp-"), "the message names the file, not its temporary")
        #expect(try sandbox.snapshot() == before, "the old output stays whole and no temporary file is left")
    }

    private func snapshot(_ directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + relative))
            } else {
                result[relative + "/"] = Data()  // directories count too: a failed run must not leave new ones
            }
        }
        return result
    }

    /// Mounts a tmpfs of `size` for `body`, as root; says why and skips where it cannot (a
    /// container without CAP_SYS_ADMIN). The failure paths these tests reach are also reached
    /// on every machine, by the `nobody` and file-size-limit tests above.
    private func withTinyFileSystem(size: String, _ body: (String) async throws -> Void) async throws {
        let mount = NSTemporaryDirectory() + "modelgen-mount-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mount) }
        // A CI machine that cannot mount says so explicitly, instead of passing in silence.
        if ProcessInfo.processInfo.environment["MODELGEN_SKIP_MOUNT_TESTS"] == "1" {
            print("skipped: MODELGEN_SKIP_MOUNT_TESTS=1")
            return
        }
        guard getuid() == 0, OutputSafety.system(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", mount]) else {
            print("skipped: mounting a \(size) tmpfs needs root with CAP_SYS_ADMIN")
            return
        }
        defer { OutputSafety.system(["umount", "-l", mount]) }
        try await body(mount)
    }
}

@Suite struct HandWrittenFileTests {
    @Test func aHandWrittenFileWhereAGeneratedOneWouldGoIsNeverOverwritten() async throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("s.yaml", OutputSafety.schema(classes: 3, version: 1))
        try sandbox.write("Out/Swift/C1.swift", "// My own C1, written by hand.\nstruct C1 {}\n")
        // One that starts like a generated file but not on its first line is hand-written too.
        try sandbox.write("Out/Swift/C2.swift", "// Notes\n// Generated by modelgen from s.yaml. Do not edit.\n")
        let before = try sandbox.snapshot()
        let run = try await ModelgenProcess.run(["gen", "s.yaml", "--output", "Out"], in: sandbox.path)
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.stderr == """
            modelgen: error: refusing to overwrite '\(sandbox.path)/Out/Swift/C1.swift': it was not generated by modelgen
            modelgen: note: move or rename the hand-written file; modelgen only replaces files that start with its header
            modelgen: error: refusing to overwrite '\(sandbox.path)/Out/Swift/C2.swift': it was not generated by modelgen
            modelgen: note: move or rename the hand-written file; modelgen only replaces files that start with its header

            """)
        #expect(try sandbox.snapshot() == before, "nothing at all is written, not even the files that were free")
    }
}
