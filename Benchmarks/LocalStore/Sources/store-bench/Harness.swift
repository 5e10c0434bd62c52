// The run: tools, files, the benchmarks in turn (those `--only` names), and the report.
import Foundation
import GRDB

struct Harness {
    let options: Options
    let arguments: [String]
    /// Benchmarks/LocalStore, and the repository root.
    let package: String
    let repository: String
    let work: String
    let executable: String

    init(options: Options, arguments: [String]) {
        self.options = options
        self.arguments = arguments
        let source = URL(fileURLWithPath: #filePath)   // Sources/store-bench/Harness.swift
        package = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        repository = URL(fileURLWithPath: package).deletingLastPathComponent().deletingLastPathComponent().path
        work = package + "/.work"
        executable = currentExecutable()
    }

    func say(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    struct Row {
        var name: String
        var store: String
        var baseline: String
        var ratio: String
        var target: String
        var met: String
    }

    func run() async throws {
        let started = Date()
        let loadBefore = procLine("loadavg", prefix: "") ?? "?"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let runner = work + "/bench-run"
        say("building bench-run (Benchmarks/runner/runner.c)")
        try execute(["clang", "-O2", "-o", runner, repository + "/Benchmarks/runner/runner.c"], log: work + "/build.log")

        var rows: [Row] = []
        var notes: [String] = []

        // 1. Bulk save.
        if options.parts.contains(.save) {
            say("save: \(options.saveCount) products, \(options.saveRuns) runs per side")
            let save = try await benchSave(count: options.saveCount, runs: options.saveRuns, work: work, say: say)
            let saveRatio = median(save.store) / median(save.grdb)
            rows.append(Row(name: "bulk `save` of \(options.saveCount.formatted()) new products: one call, one transaction (fresh file every run)",
                            store: format(ms: median(save.store)), baseline: format(ms: median(save.grdb)), ratio: format(ratio: saveRatio),
                            target: "within 2× of GRDB", met: saveRatio <= 2 ? "met" : "not met"))
            let recordingRatio = median(save.store) / median(save.grdbRecording)
            rows.append(Row(name: "the same save against a GRDB loop that also records each create for sync, as the store does (a change row: the record as JSON, a request id)",
                            store: format(ms: median(save.store)), baseline: format(ms: median(save.grdbRecording)), ratio: format(ratio: recordingRatio),
                            target: "within 2× of GRDB", met: recordingRatio <= 2 ? "met" : "not met"))
            let localRatio = median(save.storeNotRecording) / median(save.grdb)
            rows.append(Row(name: "the same save into a store opened with `changes: .notRecorded` (not synced), against the bare GRDB loop",
                            store: format(ms: median(save.storeNotRecording)), baseline: format(ms: median(save.grdb)), ratio: format(ratio: localRatio),
                            target: "within 2× of GRDB", met: localRatio <= 2 ? "met" : "not met"))
            notes.append("Save: \(save.notes.joined(separator: "; ")). The median of each run's own ratio: \(format(ratio: median(zip(save.store, save.grdb).map { $0 / $1 }))). Runs: store \(save.store.map { format(ms: $0) }.joined(separator: ", ")); GRDB \(save.grdb.map { format(ms: $0) }.joined(separator: ", ")); GRDB recording changes \(save.grdbRecording.map { format(ms: $0) }.joined(separator: ", ")).")
        }

        // 2. Files for the find and the memory benchmark, made by this process (not the measured ones).
        var sizes = Set<Int>()
        if options.parts.contains(.memory) { sizes.formUnion(options.memorySizes) }
        if options.parts.contains(.find) { sizes.insert(options.findRows) }
        var fileNotes: [String] = []
        for n in sizes.sorted() {
            let path = storeFile(n)
            say("making a store of \(n) products: \(path)")
            let start = monotonicMs()
            try await makeStoreFile(path, rows: n, say: say)
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
            fileNotes.append("\(n.formatted()) rows: \(String(format: "%.0f MB", Double(bytes) / 1_048_576)), saved by the store in \(format(ms: monotonicMs() - start))")
        }
        if !sizes.isEmpty {
            notes.append("Store files (made beforehand by the harness with `save` in calls of 10,000): \(fileNotes.joined(separator: "; ")).")
        }

        // 3. Indexed find.
        if options.parts.contains(.find) {
            say("find: \(options.findRows) rows, \(options.findQueries) queries a run, \(options.findRuns) runs per side")
            let find = try await benchFind(path: storeFile(options.findRows), queries: options.findQueries, runs: options.findRuns,
                                           price: QueryProcess.price, say: say)
            let findRatio = median(find.store) / median(find.grdb)
            rows.append(Row(name: "indexed `find` over \(options.findRows.formatted()) rows: `category == c`, `price < 500`, ascending price, limit 100 (per query)",
                            store: format(ms: median(find.store)), baseline: format(ms: median(find.grdb)), ratio: format(ratio: findRatio),
                            target: "within 2× of GRDB's `fetchAll`", met: findRatio <= 2 ? "met" : "not met"))
            notes.append("Find: \(find.notes.joined(separator: "; ")); the median of each run's own ratio: \(format(ratio: median(zip(find.store, find.grdb).map { $0 / $1 }))).")
        }

        // 4. Memory of a process that opens the store and runs the limited find.
        if options.parts.contains(.memory) {
            say("memory: sizes \(options.memorySizes), \(options.memoryRuns) processes per side and size")
            var peaks: [String: [Int]] = [:]
            var idle: [Int] = []
            for run in 0..<options.memoryRuns {
                idle.append(try measure([executable, "idle"], runner: runner, log: work + "/memory.log").peakRSSKB)
                for n in options.memorySizes {
                    for side in (run % 2 == 0 ? ["store", "grdb"] : ["grdb", "store"]) {
                        let m = try measure([executable, "query-\(side)", storeFile(n)], runner: runner, log: work + "/memory.log")
                        peaks["\(side) \(n)", default: []].append(m.peakRSSKB)
                        say("  memory run \(run + 1), \(side), N=\(n): \(format(kb: m.peakRSSKB)), \(format(ms: m.wallMs))")
                    }
                }
            }
            func peak(_ side: String, _ n: Int) -> Int {
                Int(median((peaks["\(side) \(n)"] ?? []).map(Double.init)))
            }
            let smallest = options.memorySizes.min() ?? 0, largest = options.memorySizes.max() ?? 0
            for n in options.memorySizes.sorted() {
                let store = peak("store", n), grdb = peak("grdb", n)
                let last = n == largest && largest != smallest
                let growth = Double(peak("store", largest)) / Double(peak("store", smallest))
                rows.append(Row(name: "peak memory of a process that opens a store of \(n.formatted()) rows and runs the find with limit 100",
                                store: format(kb: store), baseline: format(kb: grdb), ratio: format(ratio: Double(store) / Double(grdb)),
                                target: last ? "flat in N: within 10% of N=\(smallest.formatted())" : "flat in N",
                                met: last ? (growth <= 1.10 ? "met (\(format(ratio: growth)))" : "not met (\(format(ratio: growth)))") : ""))
            }
            notes.append("Memory: peak resident memory (`ru_maxrss` from `wait4`, under `bench-run`) of a new process that opens the file "
                + "(the store: `LocalStore(path:schema:)`; GRDB: a `DatabasePool`), runs the find once and exits; median of \(options.memoryRuns). "
                + "The same executable doing nothing (`store-bench idle`): \(format(kb: Int(median(idle.map(Double.init))))); "
                + "above it at N=\(largest.formatted()): the store \(format(kb: peak("store", largest) - Int(median(idle.map(Double.init))))), "
                + "GRDB \(format(kb: peak("grdb", largest) - Int(median(idle.map(Double.init))))).")
        }

        // 5. Sync with ParseTestServer: pull, its memory, push.
        if options.parts.contains(.sync) {
            try await benchSync(runner: runner, rows: &rows, notes: &notes)
        }

        // 6. LiveQuery: event latency and a burst of creates.
        if options.parts.contains(.livequery) {
            let live = try await benchLiveQuery(latencyCreates: options.liveQueryCreates, burst: options.liveQueryBurst,
                                                batchSize: options.pushBatchSize, say: say)
            func percentile(_ values: [Double], _ fraction: Double) -> Double {
                let sorted = values.sorted()
                return sorted.isEmpty ? 0 : sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
            }
            rows.append(Row(name: "LiveQuery: a create's event, from sending the create (REST) to the subscriber hearing it, median · p95 of \(options.liveQueryCreates) one at a time · the REST answer alone",
                            store: "\(format(ms: median(live.latencies))) · \(format(ms: percentile(live.latencies, 0.95)))",
                            baseline: "\(format(ms: median(live.answers))) · \(format(ms: percentile(live.answers, 0.95)))",
                            ratio: format(ratio: median(live.latencies) / median(live.answers)), target: "reported", met: ""))
            let rate = Double(live.burst) / (live.burstMs / 1000)
            rows.append(Row(name: "LiveQuery: \(live.burst.formatted()) creates sent back to back (`POST /batch` of \(options.pushBatchSize)), until the subscriber heard the last: events a second",
                            store: "\(Int(rate).formatted())/s (\(format(ms: live.burstMs)))", baseline: "", ratio: "",
                            target: "1,000 events a second", met: rate >= 1000 ? "met" : "not met"))
            notes.append("LiveQuery: both clients and ParseTestServer in this process, over loopback; \(live.notes.joined(separator: "; ")).")
        }

        // 7. Compile time of the generated additions.
        if options.parts.contains(.compile) {
            say("compile: building modelgen in release")
            let tools = package + "/.build/tools"
            try execute(["swift", "build", "-c", "release", "--package-path", repository, "--scratch-path", tools, "--product", "modelgen"],
                        log: work + "/build.log")
            let modelgen = tools + "/release/modelgen"
            let modules = URL(fileURLWithPath: executable).deletingLastPathComponent().path + "/Modules"
            for optimize in options.debugCompile ? [true, false] : [true] {
                let compile = try benchCompile(classes: options.compileClasses, runs: options.compileRuns, optimize: optimize,
                                               modelgen: modelgen, modules: modules, runner: runner, work: work, say: say)
                let ratio = median(compile.withStore) / median(compile.without)
                let extra = median(compile.withStore) - median(compile.without)
                let cpuExtra = median(compile.withStoreCPU) - median(compile.withoutCPU)
                rows.append(Row(name: "compile \(options.compileClasses) classes' generated Swift (`swiftc \(optimize ? "-O" : "-Onone") -wmo`, wall (CPU; compiler's peak memory)): with `localStore: true` · without",
                                store: "\(format(ms: median(compile.withStore))) (CPU \(format(ms: median(compile.withStoreCPU))); \(format(kb: Int(median(compile.withStorePeakKB)))))",
                                baseline: "\(format(ms: median(compile.without))) (CPU \(format(ms: median(compile.withoutCPU))); \(format(kb: Int(median(compile.withoutPeakKB)))))",
                                ratio: format(ratio: ratio),
                                target: "reported", met: "\(signed(ms: extra)) (CPU \(signed(ms: cpuExtra)))"))
                if optimize { notes.append("Compile: \(compile.notes.joined(separator: "; ")).") }
            }
        }

        // The report.
        let sqliteVersion = try await DatabaseQueue().read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") } ?? "?"
        var commit = capture(["git", "-C", repository, "log", "-1", "--format=%h %s"])
        if commit.count > 100 { commit = String(commit.prefix(99)) + "…" }
        if !capture(["git", "-C", repository, "status", "--porcelain", "--untracked-files=no"]).isEmpty { commit += " (with uncommitted changes)" }
        let cpu = procLine("cpuinfo", prefix: "model name")?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "?"
        let memory = procLine("meminfo", prefix: "MemTotal")?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        let machine = "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + (memory.map { "\($0 / 1_048_576) GB RAM, " } ?? "") + capture(["uname", "-sr"])
        let dateText = ISO8601DateFormatter().string(from: started)
        var report = """
            | | |
            | --- | --- |
            | command | `swift run -c release --package-path Benchmarks/LocalStore store-bench\(arguments.isEmpty ? "" : " " + arguments.joined(separator: " "))` |
            | date | \(dateText) (\(format(ms: Date().timeIntervalSince(started) * 1000)) in all) |
            | machine | \(machine) |
            | commit | \(commit) |
            | toolchain | \(capture(["swift", "--version"]).split(separator: "\n").first.map(String.init) ?? "?"); GRDB 7.10.0; SQLite \(sqliteVersion) |
            | load average (1, 5, 15 min) | before \(loadBefore.split(separator: " ").prefix(3).joined(separator: " ")), after \((procLine("loadavg", prefix: "") ?? "?").split(separator: " ").prefix(3).joined(separator: " ")) |

            | benchmark | store | GRDB (compile: without; sync: ParseClient) | ratio | target | met |
            | --- | ---: | ---: | ---: | --- | --- |

            """
        for row in rows {
            report += "| \(row.name) | \(row.store) | \(row.baseline) | \(row.ratio) | \(row.target) | \(row.met) |\n"
        }
        report += "\n" + notes.map { "- " + $0 }.joined(separator: "\n") + "\n"
        try report.write(toFile: work + "/report.md", atomically: true, encoding: .utf8)
        print(report)
        for n in sizes { removeDatabase(storeFile(n)) }
    }

    func storeFile(_ rows: Int) -> String {
        work + "/rows-\(rows).sqlite"
    }
}
