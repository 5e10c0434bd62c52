// The benchmark harness. One command from the repository root:
//
//     swift run -c release --package-path Benchmarks bench
//
// builds the tools in release (scratch path Benchmarks/.build/tools), writes the synthetic
// schemas into Benchmarks/.work, measures and writes docs/Performance.md.
import Foundation

/// Repeated measurements of one step.
struct Series: Codable {
    var samples: [Measurement] = []
    var parseMs: [Double] = []     // a floor's own in-process timing of its loop (parsing, or writing)
    var note: String? = nil

    var medianMs: Double? { median(samples.filter { !$0.timedOut }.map(\.wallMs)) }
    var medianCPUMs: Double? { median(samples.filter { !$0.timedOut }.compactMap(\.cpuMs)) }
    var peakMB: Double? { samples.isEmpty ? nil : Double(samples.map(\.peakRSSKB).max()!) / 1024 }
    var timedOut: Bool { samples.contains { $0.timedOut } }
    var longestMs: Double? { samples.map(\.wallMs).max() }
}

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

@main
struct Bench {
    static func main() {
        do {
            let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
            try Harness(options: options).start()
        } catch {
            FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
            exit(1)
        }
    }
}

final class Harness {
    /// Floor runs per round, just before the round's other steps.
    static let floorRepeats = 5
    let options: Options
    let root: String
    let bench: String
    let work: String
    let scratch: String
    var results: [String: Series] = [:]
    var schemaBytes: [Int: Int] = [:]
    var facts: [String: String] = [:]
    var lintWarnings: [Int: Int] = [:]
    var problems: [String] = []
    let started: Date

    init(options: Options, started: Date = Date()) {
        self.options = options
        self.started = started
        // Benchmarks/Sources/bench/Bench.swift -> the repository root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        root = url.path
        bench = root + "/Benchmarks"
        work = bench + "/.work" + (options.smoke ? "/smoke" : "")
        scratch = bench + "/.build/tools"
    }

    var modelgen: String { scratch + "/release/modelgen" }
    var floor: String { scratch + "/release/yaml-floor" }
    var writeFloor: String { scratch + "/release/write-floor" }
    /// The same two built with the Swift runtime and Foundation linked in
    /// (`--static-swift-stdlib`), as a binary to install is built (docs/CLI.md).
    var selfContainedScratch: String { scratch + "-static" }
    var selfContainedModelgen: String { selfContainedScratch + "/release/modelgen" }
    var selfContainedFloor: String { selfContainedScratch + "/release/yaml-floor" }
    /// The size the targets are judged at (N=1,000 when it is measured), and where the
    /// self-contained builds are measured.
    var middleSize: Int { options.sizes.contains(1_000) ? 1_000 : options.sizes.last! }
    var openAPIGenerator: String { scratch + "/release/swift-openapi-generator" }

    func say(_ text: String) {
        let seconds = Int(Date().timeIntervalSince(started))
        print(String(format: "[%3d:%02d] ", seconds / 60, seconds % 60) + text)
        fflush(nil)
    }

    /// What a run measured, saved beside its work files so that `--report-only` can rewrite the
    /// report (after a change to its layout) without measuring again.
    struct Saved: Codable {
        var options: Options
        var results: [String: Series]
        var schemaBytes: [Int: Int]
        var facts: [String: String]
        var lintWarnings: [Int: Int]
        var problems: [String]
        var started: Date
    }

    var savedPath: String { work + "/results.json" }

    func save() throws {
        let saved = Saved(options: options, results: results, schemaBytes: schemaBytes, facts: facts,
                          lintWarnings: lintWarnings, problems: problems, started: started)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(saved).write(to: URL(fileURLWithPath: savedPath))
    }

    func start() throws {
        if options.reportOnly || options.compileOnly {
            let saved = try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: savedPath)))
            var restored = saved.options
            restored.output = options.output ?? restored.output
            restored.reportOnly = options.reportOnly
            if options.compileOnly {
                // The compile settings are this command's: it is a new measurement.
                restored.compile = true
                restored.compileSize = options.compileSize
                restored.compileRuns = options.compileRuns
                restored.compileTimeoutSeconds = options.compileTimeoutSeconds
                restored.compileMemoryLimitMB = options.compileMemoryLimitMB
            }
            let harness = Harness(options: restored, started: saved.started)
            harness.results = saved.results
            harness.schemaBytes = saved.schemaBytes
            harness.facts = saved.facts
            harness.lintWarnings = saved.lintWarnings
            harness.problems = saved.problems
            if options.compileOnly {
                // The tools of that run are reused as they are (not rebuilt).
                runnerPath = scratch + "/release/bench-run"
                harness.problems.removeAll { $0.hasPrefix("compile") }
                harness.results = harness.results.filter { !$0.key.hasPrefix("compile ") }
                harness.facts["compile rerun"] = "compile times were measured separately at "
                    + ISO8601DateFormatter().string(from: Date()) + ", with the same tools (`bench "
                    + options.arguments.joined(separator: " ") + "`)"
                harness.section("compile") { try harness.measureCompile() }
            }
            try harness.writeReport()
            say("rewrote \(harness.outputPath) from \(savedPath)")
            return
        }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: setAsidePath)  // left by a stopped run
        removeStoppedRunsMemoryFolders()
        if !options.compile { carryCompileResults() }
        facts["load before"] = loadAverage()
        // What is measured, named now: a report rewritten later (`--report-only`) still names it.
        facts["modelgen source"] = modelgenSource()
        try buildTools()
        for n in options.sizes { try prepareSchemas(n) }
        // Each section that fails is reported as a problem and the others still run; the report is
        // rewritten after each section, so a stopped run leaves what it measured.
        for n in options.sizes { section("N=\(n)") { try measureCommands(n) } }
        section("check") { try measureCheck() }
        if options.plugin { section("plugin") { try measurePlugin() } }
        if options.compile { section("compile") { try measureCompile() } }
        facts["load after"] = loadAverage()
        try writeReport()
        say("wrote \(outputPath)")
        try? FileManager.default.removeItem(atPath: setAsidePath)
        if let memoryFolder { try? FileManager.default.removeItem(atPath: memoryFolder) }
        if !problems.isEmpty {
            for p in problems { say("problem: \(p)") }
            exit(1)
        }
    }

    /// With `--no-compile`, the compile rows of the previous run's `results.json` (when it
    /// has any) are kept, and the report says where they come from; without them the compile
    /// targets would drop out of the report.
    func carryCompileResults() {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: savedPath)),
              let saved = try? JSONDecoder().decode(Saved.self, from: data) else { return }
        let compiled = saved.results.filter { $0.key.hasPrefix("compile ") }
        guard !compiled.isEmpty else { return }
        results.merge(compiled) { current, _ in current }
        // Named once, by the run that measured them, however many runs carry them on.
        let measured = saved.facts["compile measured"]
            ?? (saved.facts["compile rerun"] == nil ? "the run started at \(ISO8601DateFormatter().string(from: saved.started))" : nil)
            ?? "an earlier run"
        facts["compile measured"] = measured
        facts["compile rerun"] = "compile times were not measured in this run (`--no-compile`): they are carried over from \(measured)"
    }

    /// Whether the report has compile times: measured in this run or carried over.
    var hasCompileResults: Bool {
        options.compile || results.keys.contains { $0.hasPrefix("compile ") }
    }

    var outputPath: String {
        options.output.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 }
            ?? (options.smoke ? work + "/Performance.md" : root + "/docs/Performance.md")
    }

    func writeReport() throws {
        if !options.reportOnly { try save() }
        try Report.write(Report(harness: self).markdown(), to: outputPath)
    }

    func section(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            problems.append("\(name): \(error)")
            say("problem in \(name): \(error)")
        }
        try? writeReport()
    }

    // MARK: Tools

    func buildTools() throws {
        var products = ["bench-run", "modelgen", "yaml-floor", "write-floor"]
        if options.openAPI { products.append("swift-openapi-generator") }
        for product in products {
            say("building \(product) (release)")
            let m = try execute(["swift", "build", "-c", "release", "--package-path", bench, "--scratch-path", scratch,
                             "--product", product], log: work + "/build-\(product).log")
            say(String(format: "  %.1f s", m.wallMs / 1e3))
            if product == "bench-run" { runnerPath = scratch + "/release/bench-run" }
        }
        guard options.selfContained else { return }
        for product in ["modelgen", "yaml-floor"] {
            say("building \(product) (release, self-contained)")
            let m = try execute(["swift", "build", "-c", "release", "--static-swift-stdlib", "--package-path", bench,
                                 "--scratch-path", selfContainedScratch, "--product", product],
                                log: work + "/build-\(product)-self-contained.log")
            say(String(format: "  %.1f s", m.wallMs / 1e3))
        }
    }

    // MARK: Schemas

    func directory(_ n: Int) -> String { work + "/n\(n)" }

    func prepareSchemas(_ n: Int) throws {
        let dir = directory(n)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let model = SyntheticModel(classes: n)
        let schema = model.contractYAML()
        try schema.write(toFile: dir + "/schema.yaml", atomically: true, encoding: .utf8)
        schemaBytes[n] = schema.utf8.count
        if options.openAPI {
            try model.openAPIYAML().write(toFile: dir + "/openapi.yaml", atomically: true, encoding: .utf8)
        }
        try """
        # The benchmark's configuration: every emitter, as this repository's own modelgen.yml sets them.
        inputs: [schema.yaml]
        output: out
        emitters:
          swift: {access: public}
          sql: {layout: relational}

        """.write(toFile: dir + "/modelgen.yml", atomically: true, encoding: .utf8)
        // The schema must be valid: lint it once, and count its warnings.
        let log = dir + "/lint.log"
        try? FileManager.default.removeItem(atPath: log)
        try execute([modelgen, "lint", "--config", "modelgen.yml"], in: dir, log: log)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        lintWarnings[n] = text.components(separatedBy: "\n").filter { $0.contains(": warning:") }.count
        say("N=\(n): schema.yaml \(schema.utf8.count) bytes, lint ok, \(lintWarnings[n]!) warnings")
    }

    // MARK: Command-line steps, interleaved run by run so that noise hits every step alike

    struct Step {
        var key: String
        var arguments: [String]
        var freshOutput: Bool   // its output folder is cleared before each run (`clearOutput`)
        var timeout: Double
        /// Relative to the size's folder, or absolute (the tmpfs step's).
        var outputFolder = "out"
        /// Runs per round: the floor takes milliseconds, and its median over more runs steadies
        /// every ratio taken against it.
        var repeats = 1
        /// Runs only in the rounds where this other step ran: it reads what that step wrote, and
        /// in a round without it the output folder holds another step's files (`gen --emitter
        /// sql` can be allowed more rounds than `gen` all emitters).
        var runsWith: String? = nil
    }

    /// Where earlier runs' output folders go. They are deleted only when the whole run is over:
    /// on a file system without a journal (this machine's ext4), the kernel checks every free inode
    /// for a recent deletion before reusing it, and after `rm -rf` of thousands of files that
    /// check took more than half of `gen`'s time (perf, N=1,000), which would measure the harness.
    var setAsidePath: String { work + "/set-aside" }
    var setAsideCount = 0

    /// A folder on tmpfs (Linux's `/dev/shm`), where one more `gen` step writes its output: on
    /// this machine's disk (ext4 without a journal), creating files is slow for minutes after
    /// any deletion near them, by anything on the machine, so `gen`'s time there depends on what
    /// else ran. `nil` where there is no tmpfs (the step is left out).
    lazy var memoryFolder: String? = {
        guard isTmpfs("/dev/shm") else { return nil }
        let path = "/dev/shm/modelgen-bench-\(getpid())"
        guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil else { return nil }
        return path
    }()

    /// The tmpfs folders that stopped runs left (they hold memory until deleted).
    func removeStoppedRunsMemoryFolders() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
        where name.hasPrefix("modelgen-bench-") && name != "modelgen-bench-\(getpid())" {
            try? FileManager.default.removeItem(atPath: "/dev/shm/" + name)
        }
    }

    /// Before a run of a step with a fresh output: the last run's output out of the way. On
    /// tmpfs it is deleted (tmpfs has no such check, and keeping it would take memory).
    func clearOutput(_ path: String) {
        if let memoryFolder, path.hasPrefix(memoryFolder + "/") {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            setAside(path)
        }
    }

    func setAside(_ path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        setAsideCount += 1
        try? FileManager.default.createDirectory(atPath: setAsidePath, withIntermediateDirectories: true)
        try? FileManager.default.moveItem(atPath: path, toPath: setAsidePath + "/\(setAsideCount)")
    }

    func steps(_ n: Int) -> [Step] {
        let dir = directory(n)
        let t = options.commandTimeoutSeconds
        var list = [
            Step(key: "floor", arguments: [floor, "schema.yaml"], freshOutput: false, timeout: t, repeats: Self.floorRepeats),
            Step(key: "lint", arguments: [modelgen, "lint", "--config", "modelgen.yml"], freshOutput: false, timeout: t),
            Step(key: "gen swift", arguments: [modelgen, "gen", "--quiet", "--config", "modelgen.yml", "--emitter", "swift"], freshOutput: true, timeout: t),
            Step(key: "gen sql", arguments: [modelgen, "gen", "--quiet", "--config", "modelgen.yml", "--emitter", "sql"], freshOutput: true, timeout: t),
            Step(key: "gen all", arguments: [modelgen, "gen", "--quiet", "--config", "modelgen.yml"], freshOutput: true, timeout: t),
            // Straight after `gen all`: the same run over its own output, which writes nothing.
            Step(key: "gen all, unchanged", arguments: [modelgen, "gen", "--quiet", "--config", "modelgen.yml"], freshOutput: false, timeout: t),
            // `gen all`'s files written again, with nothing but the system calls that create them.
            Step(key: "write floor", arguments: [writeFloor, "out", "write-out"], freshOutput: true, timeout: t, outputFolder: "write-out",
                 runsWith: "gen all"),
        ]
        if n == middleSize, let memoryFolder {
            // The same `gen` into tmpfs, in the same rounds.
            list.append(Step(key: "gen all, tmpfs", arguments: [modelgen, "gen", "--quiet", "--config", "modelgen.yml",
                                                                  "--output", memoryFolder + "/n\(n)/out"],
                             freshOutput: true, timeout: t, outputFolder: memoryFolder + "/n\(n)/out"))
        }
        if options.selfContained && n == middleSize {
            list.append(Step(key: "floor, self-contained", arguments: [selfContainedFloor, "schema.yaml"], freshOutput: false,
                             timeout: t, repeats: Self.floorRepeats))
            list.append(Step(key: "gen all, self-contained", arguments: [selfContainedModelgen, "gen", "--quiet", "--config", "modelgen.yml"],
                             freshOutput: true, timeout: t))
        }
        if options.openAPI {
            list.append(Step(key: "openapi", arguments: [openAPIGenerator, "generate", "--mode", "types", "--mode", "client",
                                                           "--output-directory", dir + "/openapi-out", dir + "/openapi.yaml"],
                             freshOutput: true, timeout: t, outputFolder: "openapi-out"))
        }
        return list
    }

    /// A step whose first run is slow is repeated less: over 1 s at most 5 runs, over 10 s at
    /// most 3, over 60 s once. A fast one runs `wanted` times: the `gen` steps of the targets
    /// take about 100 ms, and five runs of them spread over 15% on this machine.
    func allowedRuns(firstMs: Double, wanted: Int) -> Int {
        firstMs > 60_000 ? 1 : firstMs > 10_000 ? min(wanted, 3) : firstMs > 1_000 ? min(wanted, 5) : wanted
    }

    func measureCommands(_ n: Int) throws {
        let dir = directory(n)
        let list = steps(n)
        var limit: [String: Int] = [:]
        for r in 0..<options.runs {
            for step in list {
                if let l = limit[step.key], r >= l { continue }
                if let other = step.runsWith, let l = limit[other], r >= l { continue }
                if step.freshOutput {
                    clearOutput(step.outputFolder.hasPrefix("/") ? step.outputFolder : dir + "/" + step.outputFolder)
                    // swift-openapi-generator wants its output folder to exist.
                    if step.key == "openapi" { try FileManager.default.createDirectory(atPath: dir + "/" + step.outputFolder, withIntermediateDirectories: true) }
                }
                let log = dir + "/\(step.key.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "")).log"
                var last: Measurement?
                for _ in 0..<step.repeats {
                    try? FileManager.default.removeItem(atPath: log)
                    let m = try execute(step.arguments, in: dir, log: log, timeoutSeconds: step.timeout)
                    last = m
                    var series = results["\(step.key)@\(n)"] ?? Series()
                    series.samples.append(m)
                    if step.key == "floor", let ms = floorLoopMs(log, after: "events, ") { series.parseMs.append(ms) }
                    if step.key == "write floor", let ms = floorLoopMs(log, after: "bytes, ") { series.parseMs.append(ms) }
                    results["\(step.key)@\(n)"] = series
                }
                guard let m = last else { continue }
                if r == 0 { limit[step.key] = m.timedOut ? 1 : allowedRuns(firstMs: m.wallMs, wanted: options.runs) }
                // What `gen` wrote, for the report: read now, since `gen --emitter sql` may run in
                // more rounds than `gen all` and leave only its own files at the end.
                if r == 0 && step.key == "gen all" { facts["modelgen files@\(n)"] = describeSwiftFiles(dir + "/out/Swift") }
                say(String(format: "N=%d run %d %@: %.1f ms (cpu %.1f ms), %.1f MB%@", n, r + 1, step.key, m.wallMs, m.cpuMs ?? 0, Double(m.peakRSSKB) / 1024,
                           m.timedOut ? " (timed out)" : ""))
            }
        }
        // What the generators wrote, for the report.
        if options.openAPI {
            facts["openapi files@\(n)"] = results["openapi@\(n)"]?.medianMs == nil ? "output unfinished (stopped)" : describeSwiftFiles(dir + "/openapi-out")
        }
    }

    /// A floor's own timing of its loop: the number after `marker` in its one line of output.
    /// The libyaml floor writes "1100000 bytes, 90000 events, 30.12 ms per pass" (after
    /// "events, "); the write floor "1103 files, 14074079 bytes, 38.70 ms writing" (after "bytes, ").
    func floorLoopMs(_ log: String, after marker: String) -> Double? {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8),
              let range = text.range(of: marker) else { return nil }
        return Double(text[range.upperBound...].prefix { $0 == "." || $0.isNumber })
    }

    func describeSwiftFiles(_ dir: String) -> String {
        let files = ((try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".swift") }
        var lines = 0
        var bytes = 0
        for f in files {
            guard let data = FileManager.default.contents(atPath: dir + "/" + f) else { continue }
            bytes += data.count
            lines += data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
        return "\(files.count) files, \(lines) lines, \(bytes) bytes"
    }

    // MARK: modelgen check on the repository's samples

    func measureCheck() throws {
        let runs = max(options.runs, 10)
        var series = Series()
        for _ in 0..<runs {
            let log = work + "/check.log"
            try? FileManager.default.removeItem(atPath: log)
            let m = try execute([modelgen, "check"], in: root, log: log, allowed: [0, 2], timeoutSeconds: options.commandTimeoutSeconds)
            if m.status != 0 { series.note = "exit \(m.status): the samples' Generated/ is stale in this checkout" }
            series.samples.append(m)
        }
        results["check"] = series
        say(String(format: "modelgen check (samples): median %.1f ms", series.medianMs ?? 0))
    }

    // MARK: The build-tool plugin: a no-change rebuild of Examples/Consumer (a copy)

    func measurePlugin() throws {
        let copy = work + "/consumer"
        let fm = FileManager.default
        if !fm.fileExists(atPath: copy + "/Package.swift") {
            try fm.createDirectory(atPath: copy, withIntermediateDirectories: true)
            for item in try fm.contentsOfDirectory(atPath: root + "/Examples/Consumer") where item != ".build" && item != ".swiftpm" {
                try fm.copyItem(atPath: root + "/Examples/Consumer/" + item, toPath: copy + "/" + item)
            }
        }
        // The copy depends on this repository by absolute path instead of "../..".
        let manifest = try String(contentsOfFile: root + "/Examples/Consumer/Package.swift", encoding: .utf8)
            .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(root)\"")
        try manifest.write(toFile: copy + "/Package.swift", atomically: true, encoding: .utf8)
        try? fm.removeItem(atPath: copy + "/.build")
        func build(_ name: String) throws -> (Measurement, Int) {
            let log = work + "/consumer-\(name).log"
            try? fm.removeItem(atPath: log)
            let m = try execute(["swift", "build"], in: copy, log: log, timeoutSeconds: options.compileTimeoutSeconds)
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return (m, text.components(separatedBy: "\n").filter { $0.contains("modelgen: generating") }.count)
        }
        say("consumer: clean build (debug; the plugin's modelgen is a debug host build)")
        let (clean, cleanRuns) = try build("clean")
        facts["consumer clean build"] = String(format: "%.1f s, modelgen ran %d time(s)", clean.wallMs / 1e3, cleanRuns)
        // SwiftPM reruns a build command once on the first no-change build after a clean build
        // (docs/Plugins.md): that build is not counted; every later one is.
        let (_, firstRuns) = try build("first-no-change")
        facts["consumer first no-change build"] = "modelgen ran \(firstRuns) time(s) (SwiftPM's known rerun; not counted)"
        var series = Series()
        var total = 0
        for r in 0..<max(options.runs, 3) {
            let (m, count) = try build("no-change-\(r)")
            series.samples.append(m)
            total += count
        }
        series.note = "\(total)"
        results["plugin no-change"] = series
        try execute(["touch", copy + "/Sources/ShopModels/Shop.yaml"], log: work + "/touch.log")
        let (touched, touchedRuns) = try build("touched")
        var t = Series()
        t.samples = [touched]
        t.note = "\(touchedRuns)"
        results["plugin touched"] = t
        say(String(format: "consumer: no-change rebuild median %.1f ms, modelgen ran %d times in %d builds",
                   series.medianMs ?? 0, total, series.samples.count))
    }

    // MARK: Compile time of the generated Swift

    func measureCompile() throws {
        let n = options.compileSize
        let dir = directory(n)
        let fm = FileManager.default
        if !options.sizes.contains(n) { try prepareSchemas(n) }
        // Fresh output of both generators for this N.
        try? fm.removeItem(atPath: dir + "/out")
        try execute([modelgen, "gen", "--quiet", "--config", "modelgen.yml"], in: dir, log: dir + "/compile-gen.log")
        facts["modelgen files@\(n)"] = describeSwiftFiles(dir + "/out/Swift")

        var packages: [(key: String, path: String, target: String, dependencies: [String])] = []
        let modelsPackage = work + "/compile-modelgen"
        try makePackage(at: modelsPackage, manifest: """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "CompileModelgen",
                platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
                dependencies: [.package(name: "modelgen", path: "\(root)")],
                targets: [.target(name: "Models", dependencies: [.product(name: "ParseRuntime", package: "modelgen")])],
                swiftLanguageModes: [.v6]
            )
            """, sources: dir + "/out/Swift", target: "Models")
        packages.append(("modelgen", modelsPackage, "Models", ["ParseRuntime"]))

        if options.openAPI {
            try? fm.removeItem(atPath: dir + "/openapi-out")
            try fm.createDirectory(atPath: dir + "/openapi-out", withIntermediateDirectories: true)
            try execute([openAPIGenerator, "generate", "--mode", "types", "--mode", "client", "--output-directory", dir + "/openapi-out",
                     dir + "/openapi.yaml"], in: dir, log: dir + "/compile-openapi-gen.log", timeoutSeconds: options.commandTimeoutSeconds)
            facts["openapi files@\(n)"] = describeSwiftFiles(dir + "/openapi-out")
            let clientPackage = work + "/compile-openapi"
            try makePackage(at: clientPackage, manifest: """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(
                    name: "CompileOpenAPI",
                    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
                        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
                    ],
                    targets: [.target(name: "Client", dependencies: [
                        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                        .product(name: "HTTPTypes", package: "swift-http-types"),
                    ])],
                    swiftLanguageModes: [.v5]
                )
                """, sources: dir + "/openapi-out", target: "Client")
            packages.append(("openapi", clientPackage, "Client", ["OpenAPIRuntime", "HTTPTypes"]))
        }

        for configuration in ["debug", "release"] {
            // Dependencies first (ParseRuntime, OpenAPIRuntime), untimed.
            for p in packages {
                say("compile: \(p.key) \(configuration): building dependencies")
                for dependency in p.dependencies {
                    try execute(["swift", "build", "-c", configuration, "--target", dependency],
                            in: p.path, log: work + "/compile-\(p.key)-\(configuration)-deps.log")
                }
            }
            var limit: [String: Int] = [:]
            for r in 0..<options.compileRuns {
                for p in packages {
                    if let l = limit[p.key], r >= l { continue }
                    try touchSources(package: p.path, target: p.target)
                    removeObjects(package: p.path, target: p.target, configuration: configuration)
                    let log = work + "/compile-\(p.key)-\(configuration)-\(r).log"
                    try? fm.removeItem(atPath: log)
                    say("compile: \(p.key) \(configuration) run \(r + 1)")
                    let m = try execute(["swift", "build", "-c", configuration, "--target", p.target], in: p.path, log: log,
                                        timeoutSeconds: options.compileTimeoutSeconds, memoryLimitMB: options.compileMemoryLimitMB)
                    var series = results["compile \(p.key) \(configuration)@\(n)"] ?? Series()
                    series.samples.append(m)
                    results["compile \(p.key) \(configuration)@\(n)"] = series
                    if r == 0 { limit[p.key] = m.timedOut ? 1 : allowedRuns(firstMs: m.wallMs, wanted: options.compileRuns) }
                    say(String(format: "  %.1f s (cpu %.1f s), peak %.0f MB%@", m.wallMs / 1e3, (m.cpuMs ?? 0) / 1e3, Double(m.peakRSSKB) / 1024, m.overMemory ? " (stopped: memory limit)" : m.timedOut ? " (stopped: timeout)" : ""))
                }
            }
        }
    }

    func makePackage(at path: String, manifest: String, sources: String, target: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        try manifest.write(toFile: path + "/Package.swift", atomically: true, encoding: .utf8)
        let dest = path + "/Sources/" + target
        try? fm.removeItem(atPath: dest)
        try fm.createDirectory(atPath: path + "/Sources", withIntermediateDirectories: true)
        try fm.copyItem(atPath: sources, toPath: dest)
    }

    /// Gives every source file of `target` a new modification time, so the next build compiles
    /// all of it again while its dependencies stay built. (Removing the target's build folder
    /// instead breaks SwiftPM's next build: "unable to load output file map".)
    func touchSources(package: String, target: String) throws {
        let dir = package + "/Sources/" + target
        let now = Date()
        for file in try FileManager.default.contentsOfDirectory(atPath: dir) {
            try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: dir + "/" + file)
        }
    }

    /// Removes the target's object files. With them in place, the compiler skips LLVM for
    /// every file whose IR is unchanged (it compares hashes), so a rebuild of the same
    /// sources measured about 17 s of a 27 s release build (N=100), and a compile time would
    /// depend on what an earlier run left behind.
    func removeObjects(package: String, target: String, configuration: String) {
        let fm = FileManager.default
        let build = package + "/.build"
        for triple in (try? fm.contentsOfDirectory(atPath: build)) ?? [] {
            let folder = build + "/" + triple + "/" + configuration + "/" + target + ".build"
            for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".o") {
                try? fm.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    // MARK: Machine

    func loadAverage() -> String {
        systemLoadAverage() ?? "?"
    }
}
