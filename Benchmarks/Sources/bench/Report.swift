// docs/Performance.md: the machine, the command, medians, peak memory, ratios and where each
// target stands. Anything below `Report.keepMarker` in an existing
// file (hand-written analysis such as a profile) is kept when the file is rewritten.
import Foundation

struct Report {
    let harness: Harness
    static let keepMarker = "<!-- Hand-written notes below this line are kept when bench rewrites the file. -->"

    static func write(_ text: String, to path: String) throws {
        var tail = "\n" + keepMarker + "\n"
        if let old = try? String(contentsOfFile: path, encoding: .utf8), let range = old.range(of: keepMarker) {
            tail = "\n" + String(old[range.lowerBound...])
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (text + tail).write(toFile: path, atomically: true, encoding: .utf8)
    }

    var options: Options { harness.options }
    var sizes: [Int] { options.sizes }
    func series(_ key: String) -> Series? { harness.results[key] }

    func ms(_ value: Double?) -> String {
        guard let v = value else { return "–" }
        if v >= 10_000 { return String(format: "%.1f s", v / 1e3) }
        if v >= 1_000 { return String(format: "%.2f s", v / 1e3) }
        if v >= 100 { return String(format: "%.0f ms", v) }
        if v >= 10 { return String(format: "%.1f ms", v) }
        return String(format: "%.2f ms", v)
    }

    func mb(_ value: Double?) -> String {
        guard let v = value else { return "–" }
        return v >= 100 ? String(format: "%.0f MB", v) : String(format: "%.1f MB", v)
    }

    /// The median over rounds of each round's ratio: a `gen` run against the floor runs of the
    /// same round, taken just before it. On a shared machine whose speed drifts from one round to
    /// the next, this follows the drift where a ratio of two medians cannot.
    func pairedRatio(_ step: Series, _ floor: Series) -> Double? {
        let perRound = Harness.floorRepeats
        let runs = step.samples.filter { !$0.timedOut }
        guard !runs.isEmpty, floor.samples.count >= runs.count * perRound, runs.count == step.samples.count else { return nil }
        return median(runs.indices.compactMap { round in
            ratio(runs[round].wallMs, median(floor.samples[round * perRound ..< (round + 1) * perRound].map(\.wallMs)))
        })
    }

    func ratio(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b, b > 0 else { return nil }
        return a / b
    }

    func x(_ value: Double?) -> String {
        guard let v = value else { return "–" }
        return v >= 10 ? String(format: "%.0f×", v) : String(format: "%.2f×", v)
    }

    func cell(_ s: Series?) -> String {
        guard let s else { return "–" }
        if s.timedOut, s.medianMs == nil {
            return "> " + ms(s.longestMs) + (s.samples.contains { $0.overMemory }
                ? " (stopped: over \(options.compileMemoryLimitMB / 1024) GB)" : " (stopped: time limit)")
        }
        return "\(ms(s.medianMs)) · cpu \(ms(s.medianCPUMs)) · \(mb(s.peakMB))"
    }

    /// A target judged on wall time and on CPU time: the machine is shared, and a loaded machine
    /// stretches wall time far more than CPU time.
    func status(wall: Double?, cpu: Double?, meets: (Double) -> Bool, miss: (Double) -> String) -> String {
        switch (wall.map(meets), cpu.map(meets)) {
        case (true?, true?), (true?, nil): return "met"
        case (false?, false?), (false?, nil): return "missed: " + miss(wall!) + (cpu.map { " (CPU time: \(miss($0)))" } ?? "")
        case (false?, true?): return "met by CPU time; wall time " + miss(wall!) + " (a loaded machine)"
        case (true?, false?): return "met by wall time; CPU time " + miss(cpu!)
        default: return "–"
        }
    }

    func both(_ wall: Double?, _ cpu: Double?) -> String { "\(x(wall)) (CPU \(x(cpu)))" }

    func n(_ value: Int) -> String {
        let f = NumberFormatter()
        f.numberStyle = .decimal
        f.groupingSeparator = ","
        f.usesGroupingSeparator = true
        return f.string(from: NSNumber(value: value)) ?? "\(value)"
    }

    /// Whether the run measured the write floor (runs before it did not).
    var hasWriteFloor: Bool { sizes.contains { series("write floor@\($0)") != nil } }

    func runsText(_ s: Series?) -> String { s.map { "\($0.samples.count)" } ?? "0" }

    // MARK: -

    func markdown() -> String {
        var out: [String] = []
        let command = "swift run -c release --package-path Benchmarks bench" + (options.arguments.isEmpty ? "" : " " + options.arguments.joined(separator: " "))
        out.append("# Performance")
        out.append("")
        out.append("Written by the benchmark harness in [`Benchmarks/`](../Benchmarks) (its own package, so")
        out.append("swift-openapi-generator stays out of modelgen's package graph). Rerun it from the repository root:")
        out.append("")
        out.append("```")
        out.append("swift run -c release --package-path Benchmarks bench          # everything: about 70 minutes on 2 cores, most of it compiling generated Swift (--no-compile skips it)")
        out.append("swift run -c release --package-path Benchmarks bench --smoke  # N=10, one run: a CI-sized check")
        out.append("```")
        out.append("")
        out.append("The machine is shared and noisy: read the **ratios**, which come from one run with every step")
        out.append("interleaved run by run, rather than the absolute times.")
        out.append("")
        out.append("## Machine and run")
        out.append("")
        out.append("| | |")
        out.append("| --- | --- |")
        out.append("| command | `\(command)` |")
        out.append("| date | \(ISO8601DateFormatter().string(from: harness.started)) |")
        out.append("| machine | \(machine()) |")
        out.append("| modelgen source | \(harness.facts["modelgen source"] ?? harness.modelgenSource()) |")
        out.append("| toolchain | \(capture(["swift", "--version"]).components(separatedBy: "\n").first ?? "?") |")
        out.append("| load average (1, 5, 15 min) | before \(harness.facts["load before"] ?? "?"), after \(harness.facts["load after"] ?? "?") |")
        out.append("| runs | median of \(options.runs) run\(options.runs == 1 ? "" : "s") per step (a step whose first run took over 1 s: at most 5; over 10 s: at most 3; over 60 s: 1), the libyaml floor \(Harness.floorRepeats) times per round (\(options.runs * Harness.floorRepeats) runs); peak memory is the largest of the runs |")
        out.append("| tools | release builds: `modelgen` of this checkout, `yaml-floor` (`Benchmarks/floor`), swift-openapi-generator 1.14.3; at N=1,000 also `modelgen` and `yaml-floor` built self-contained (`--static-swift-stdlib`) |")
        out.append("")

        out.append(contentsOf: targets())
        out.append(contentsOf: scaling())
        out.append(contentsOf: checkAndPlugin())
        if harness.hasCompileResults { out.append(contentsOf: compile()) }
        if !harness.problems.isEmpty {
            out.append("## Problems in this run")
            out.append("")
            out += harness.problems.map { "- " + $0.components(separatedBy: "\n").prefix(3).joined(separator: " ") }
            out.append("")
        }
        out.append(contentsOf: method())
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Targets

    /// How many times the libyaml floor process `gen` may take at the middle size.
    static let floorLimit = 8.0

    /// A row of the floor target: `gen`'s median against the floor process's (and against
    /// its parse loop alone), and the median of each round's own ratio.
    func floorRow(_ label: String, _ gen: Series, _ floor: Series, parseLoop: Bool = false) -> (String, String, String) {
        let r = ratio(gen.medianMs, floor.medianMs), rc = ratio(gen.medianCPUMs, floor.medianCPUMs)
        var measured = "\(both(r, rc)) the floor process (\(ms(gen.medianMs)) vs \(ms(floor.medianMs)))"
        if parseLoop { measured += "; \(x(ratio(gen.medianMs, median(floor.parseMs)))) its parse loop alone" }
        if let paired = pairedRatio(gen, floor) { measured += "; \(x(paired)) as the median of each round's own ratio" }
        return (label, measured, status(wall: r, cpu: rc, meets: { $0 <= Self.floorLimit },
                                            miss: { "\(self.x($0)), \(self.x($0 / Self.floorLimit)) over" }))
    }

    func targets() -> [String] {
        var rows: [(String, String, String)] = []
        let big = harness.middleSize
        let huge = sizes.max()!
        let gen = series("gen all@\(big)")
        let floor = series("floor@\(big)")
        if let gen, let floor {
            rows.append(floorRow("`gen`, all emitters, N=\(n(big)): within \(String(format: "%.0f", Self.floorLimit))× the libyaml floor", gen, floor, parseLoop: true))
        }
        if let memory = series("gen all, tmpfs@\(big)"), let floor {
            rows.append(floorRow("The same, its output written to tmpfs instead of this disk (see How it is measured)", memory, floor))
        }
        if let gen = series("gen all, self-contained@\(big)"), let floor = series("floor, self-contained@\(big)") {
            rows.append(floorRow("The same, both built self-contained (`--static-swift-stdlib`, as a binary to install is built)", gen, floor))
        }
        if let sog = series("openapi@\(big)"), let gen {
            let r = ratio(sog.medianMs ?? sog.longestMs, gen.medianMs), rc = ratio(sog.medianCPUMs, gen.medianCPUMs)
            let bound = sog.medianMs == nil ? "more than " : ""
            rows.append(("`gen`, all emitters, N=\(n(big)): at least 10× faster than swift-openapi-generator",
                         "\(bound)\(both(r, rc)) faster (\(bound.isEmpty ? "" : "> ")\(ms(sog.medianMs ?? sog.longestMs)) vs \(ms(gen.medianMs)))",
                         status(wall: r, cpu: rc, meets: { $0 >= 10 }, miss: { "\(self.x($0)) of 10×" })))
        }
        if huge > big, let large = series("gen all@\(huge)"), let gen {
            let limit = 11.0 * Double(huge) / Double(big) / 10
            let r = ratio(large.medianMs, gen.medianMs), rc = ratio(large.medianCPUMs, gen.medianCPUMs)
            rows.append(("Linear scaling: N=\(n(huge)) within \(String(format: "%.0f", limit))× N=\(n(big))",
                         "\(both(r, rc)) (`gen` all emitters: \(ms(large.medianMs)) vs \(ms(gen.medianMs)))",
                         status(wall: r, cpu: rc, meets: { $0 <= limit }, miss: { "\(self.x($0)), \(self.x($0 / limit)) over" })))
        }
        let peaks = ["lint", "gen swift", "gen sql", "gen all", "gen all, unchanged"].compactMap { series("\($0)@\(huge)")?.peakMB }
        if let peak = peaks.max() {
            rows.append(("Peak memory under 150 MB at N=\(n(huge))", "\(mb(peak)) (largest of `lint` and every `gen`)",
                         peak < 150 ? "met" : "missed by \(mb(peak - 150))"))
        }
        if let check = series("check") {
            rows.append(("`modelgen check` on the samples under 100 ms",
                         "\(ms(check.medianMs)) (CPU \(ms(check.medianCPUMs)))" + (check.note.map { "; \($0)" } ?? ""),
                         status(wall: check.medianMs, cpu: check.medianCPUMs, meets: { $0 < 100 }, miss: { "\(self.ms($0))" })))
        }
        if let plugin = series("plugin no-change") {
            let count = Int(plugin.note ?? "0") ?? 0
            rows.append(("No-change build-plugin rebuild runs modelgen zero times",
                         "\(count) runs in \(plugin.samples.count) no-change builds", count == 0 ? "met" : "missed"))
        }
        for configuration in ["debug", "release"] {
            let c = options.compileSize
            guard let ours = series("compile modelgen \(configuration)@\(c)"), let theirs = series("compile openapi \(configuration)@\(c)") else { continue }
            let label = "Generated Swift, N=\(n(c)), \(configuration): compiles at least 2× faster than swift-openapi-generator's"
            switch (ours.medianMs, theirs.medianMs) {
            case (let o?, let t?):
                let r = t / o
                rows.append((label, "\(both(r, ratio(theirs.medianCPUMs, ours.medianCPUMs))) faster (\(ms(o)) vs \(ms(t)))",
                             r >= 2 ? "met" : "missed: \(x(r)) of 2×"))
            case (let o?, nil):
                let r = (theirs.longestMs ?? 0) / o
                rows.append((label, "more than \(x(r)) faster (\(ms(o)) vs > \(ms(theirs.longestMs)), stopped)",
                             r >= 2 ? "met" : "not known: both limits too close"))
            case (nil, let t?):
                let r = t / (ours.longestMs ?? 1)
                rows.append((label, "at most \(x(r)): modelgen's output did not finish within \(ms(ours.longestMs)); swift-openapi-generator's took \(ms(t))",
                             "missed: slower than swift-openapi-generator's"))
            case (nil, nil):
                rows.append((label, "neither finished within the limit (\(ms(ours.longestMs)))", "not known"))
            }
        }
        var out = ["## Targets", "", "| target | measured | status |", "| --- | --- | --- |"]
        out += rows.map { "| \($0.0) | \($0.1) | \($0.2) |" }
        out.append("")
        return out
    }

    // MARK: Scaling table

    func scaling() -> [String] {
        var out = ["## By schema size: median wall time · median CPU time · peak memory", ""]
        out.append("| step | " + sizes.map { "N=\(n($0))" }.joined(separator: " | ") + " |")
        out.append("| --- |" + sizes.map { _ in " ---: |" }.joined())
        out.append("| `schema.yaml` (\(SyntheticModel.fieldsPerClass) fields a class) | " + sizes.map { harness.schemaBytes[$0].map { $0 < 1_048_576 ? String(format: "%.0f KB", Double($0) / 1024) : mb(Double($0) / 1_048_576) } ?? "–" }.joined(separator: " | ") + " |")
        out.append("| libyaml floor: its parse loop alone (in-process) | " + sizes.map { ms(median(series("floor@\($0)")?.parseMs ?? [])) }.joined(separator: " | ") + " |")
        if hasWriteFloor {
            out.append("| write floor: `gen`'s output files written again, its write loop alone (in-process) | " + sizes.map { ms(median(series("write floor@\($0)")?.parseMs ?? [])) }.joined(separator: " | ") + " |")
        }
        let labels: [(String, String)] = [
            ("floor", "libyaml floor: the whole process"),
            ("lint", "`modelgen lint`"),
            ("gen swift", "`modelgen gen --emitter swift`"),
            ("gen sql", "`modelgen gen --emitter sql`"),
            ("gen all", "`modelgen gen` (all emitters)"),
            ("gen all, unchanged", "`modelgen gen`, output already fresh"),
            ("gen all, tmpfs", "`modelgen gen` (all emitters), output on tmpfs"),
            ("write floor", "write floor: the whole process (its files read first)"),
            ("floor, self-contained", "libyaml floor, built self-contained"),
            ("gen all, self-contained", "`modelgen gen` (all emitters), built self-contained"),
            ("openapi", "swift-openapi-generator, types + client"),
        ]
        for (key, label) in labels where sizes.contains(where: { series("\(key)@\($0)") != nil }) {
            out.append("| \(label) | " + sizes.map { cell(series("\(key)@\($0)")) }.joined(separator: " | ") + " |")
        }
        out.append("| runs (`gen`) | " + sizes.map { runsText(series("gen all@\($0)")) }.joined(separator: " | ") + " |")
        if options.openAPI {
            out.append("| runs (swift-openapi-generator) | " + sizes.map { runsText(series("openapi@\($0)")) }.joined(separator: " | ") + " |")
        }
        out.append("")
        out.append("Ratios (same run):")
        out.append("")
        out.append("| ratio | " + sizes.map { "N=\(n($0))" }.joined(separator: " | ") + " |")
        out.append("| --- |" + sizes.map { _ in " ---: |" }.joined())
        func row(_ label: String, _ f: (Int) -> Double?, _ g: ((Int) -> Double?)? = nil) {
            out.append("| \(label) | " + sizes.map { size in g.map { both(f(size), $0(size)) } ?? x(f(size)) }.joined(separator: " | ") + " |")
        }
        let m = { (key: String, size: Int) in series("\(key)@\(size)")?.medianMs }
        let c = { (key: String, size: Int) in series("\(key)@\(size)")?.medianCPUMs }
        row("`gen` all ÷ floor process", { ratio(m("gen all", $0), m("floor", $0)) }, { ratio(c("gen all", $0), c("floor", $0)) })
        row("`gen` all ÷ floor parse loop (wall)", { ratio(m("gen all", $0), median(series("floor@\($0)")?.parseMs ?? [])) })
        if hasWriteFloor {
            // What any generator does for this output at least: read the schema with libyaml and
            // create the files `gen` creates.
            row("`gen` all ÷ (floor process + write floor's write loop)", { size in
                let write = median(series("write floor@\(size)")?.parseMs ?? [])
                return ratio(m("gen all", size), m("floor", size).flatMap { floor in write.map { floor + $0 } })
            })
        }
        row("`lint` ÷ floor process", { ratio(m("lint", $0), m("floor", $0)) }, { ratio(c("lint", $0), c("floor", $0)) })
        row("`gen --emitter swift` ÷ `lint`", { ratio(m("gen swift", $0), m("lint", $0)) }, { ratio(c("gen swift", $0), c("lint", $0)) })
        row("`gen --emitter sql` ÷ `lint`", { ratio(m("gen sql", $0), m("lint", $0)) }, { ratio(c("gen sql", $0), c("lint", $0)) })
        if options.openAPI {
            out.append("| swift-openapi-generator ÷ `gen` all | " + sizes.map { size -> String in
                guard let sog = series("openapi@\(size)") else { return "–" }
                if sog.medianMs == nil { return "> " + x(ratio(sog.longestMs, m("gen all", size))) + " (stopped)" }
                return both(ratio(sog.medianMs, m("gen all", size)), ratio(sog.medianCPUMs, c("gen all", size)))
            }.joined(separator: " | ") + " |")
        }
        out.append("")
        let steps = sizes.sorted()
        let pairs = Array(zip(steps, steps.dropFirst()))
        if !pairs.isEmpty {
            out.append("Scaling (time at the larger N ÷ time at the smaller; linear is the ratio of the N):")
            out.append("")
            out.append("| step | " + pairs.map { "N=\(n($0.1)) ÷ N=\(n($0.0)) (linear: \(x(Double($0.1) / Double($0.0))))" }.joined(separator: " | ") + " |")
            out.append("| --- |" + pairs.map { _ in " ---: |" }.joined())
            for (key, label) in [("floor", "libyaml floor"), ("lint", "`modelgen lint`"), ("gen swift", "`gen --emitter swift`"),
                                 ("gen sql", "`gen --emitter sql`"), ("gen all", "`modelgen gen` (all emitters)")] {
                out.append("| \(label) | " + pairs.map { both(ratio(m(key, $0.1), m(key, $0.0)), ratio(c(key, $0.1), c(key, $0.0))) }.joined(separator: " | ") + " |")
            }
            out.append("")
        }
        var outputs: [String] = []
        for size in sizes {
            if let f = harness.facts["modelgen files@\(size)"] { outputs.append("N=\(n(size)): modelgen's Swift \(f)" + (harness.facts["openapi files@\(size)"].map { "; swift-openapi-generator's \($0)" } ?? "")) }
        }
        if !outputs.isEmpty {
            out.append("Generated Swift: " + outputs.joined(separator: ". ") + ".")
            out.append("")
        }
        let warnings = sizes.map { "N=\(n($0)): \(harness.lintWarnings[$0] ?? 0)" }.joined(separator: ", ")
        out.append("Every synthetic schema passes `modelgen lint` (warnings: \(warnings)).")
        out.append("")
        return out
    }

    // MARK: check and plugin

    func checkAndPlugin() -> [String] {
        var out = ["## `modelgen check` and the build plugin", "", "| step | median wall time | median CPU time | peak memory | runs | notes |", "| --- | ---: | ---: | ---: | ---: | --- |"]
        if let s = series("check") {
            out.append("| `modelgen check` on the samples (this repository's `modelgen.yml`, 6 models) | \(ms(s.medianMs)) | \(ms(s.medianCPUMs)) | \(mb(s.peakMB)) | \(s.samples.count) | \(s.note ?? "exit 0: fresh") |")
        }
        if let s = series("plugin no-change") {
            out.append("| `swift build` of a copy of `Examples/Consumer`, nothing changed | \(ms(s.medianMs)) | \(ms(s.medianCPUMs)) | \(mb(s.peakMB)) | \(s.samples.count) | modelgen ran \(s.note ?? "?") times in these builds. Before them, the first no-change build after the clean one: \(harness.facts["consumer first no-change build"] ?? "") |")
        }
        if let s = series("plugin touched") {
            out.append("| the same after `touch Shop.yaml` | \(ms(s.medianMs)) | \(ms(s.medianCPUMs)) | \(mb(s.peakMB)) | 1 | modelgen ran \(s.note ?? "?") time(s) |")
        }
        if let clean = harness.facts["consumer clean build"] {
            out.append("| its clean build (plugin tool built in debug) | \(clean.components(separatedBy: ",").first ?? "") | | | 1 | \(clean.components(separatedBy: ", ").dropFirst().joined(separator: ", ")) |")
        }
        out.append("")
        return out
    }

    // MARK: compile

    func compile() -> [String] {
        let c = options.compileSize
        var out = ["## Compile time of the generated Swift, N=\(n(c))", ""]
        out.append("Each output is compiled as the one target of a small package (`Benchmarks/.work/compile-*`), its")
        out.append("dependencies (ParseRuntime; OpenAPIRuntime and HTTPTypes) built beforehand and not timed; the target's")
        out.append("sources are touched and its object files removed before each run, so every file compiles again, LLVM")
        out.append("included (with the old objects there, the compiler skips LLVM for each file whose IR is unchanged, and")
        out.append("a run measured in part what the last one left). Peak memory is the largest compiler")
        out.append("process; CPU time adds up all of them." + (harness.facts["compile rerun"].map { " The " + $0 + "." } ?? ""))
        out.append("")
        out.append("| build | modelgen's output | swift-openapi-generator's output | ratio (theirs ÷ ours) |")
        out.append("| --- | ---: | ---: | ---: |")
        out.append("| what is compiled | \(harness.facts["modelgen files@\(c)"] ?? "–") | \(harness.facts["openapi files@\(c)"] ?? "–") | |")
        for configuration in ["debug", "release"] {
            let ours = series("compile modelgen \(configuration)@\(c)")
            let theirs = series("compile openapi \(configuration)@\(c)")
            let ratioText: String
            switch (ours?.medianMs, theirs?.medianMs) {
            case (let o?, let t?): ratioText = both(t / o, ratio(theirs?.medianCPUMs, ours?.medianCPUMs))
            case (let o?, nil): ratioText = "> " + x(ratio(theirs?.longestMs, o))
            case (nil, let t?): ratioText = "< " + x(ratio(t, ours?.longestMs))
            default: ratioText = "–"
            }
            out.append("| `swift build -c \(configuration)` | \(cell(ours)) | \(cell(theirs)) | \(ratioText) |")
        }
        out.append("")
        return out
    }

    // MARK: method

    func method() -> [String] {
        [
            "## How it is measured",
            "",
            "- Schemas: `SyntheticModel` (`Benchmarks/Sources/bench/Synthetic.swift`) draws N classes of 20 fields from a",
            "  fixed-seed generator: plain and bounded strings, ints and doubles, bools with defaults, dates, bytes, files,",
            "  geopoints, JSON objects, enums (string and int) with defaults, embedded values and arrays of them, string",
            "  arrays and maps, pointers (some required, with `onDelete`, some indexed), `_User` owners, relations, and one",
            "  or two indexes a class; N/20 enums and N/20 embedded types. Pointers target only the first tenth of the",
            "  classes, which hold no pointers themselves. The same model is written as the OpenAPI 3",
            "  document: one component schema per class, enum and embedded type, and one path `/classes/<Name>` per class",
            "  with a query (`get`) and a create (`post`).",
            "- Every command runs under `bench-run` (`Benchmarks/runner/runner.c`): wall time on a monotonic clock around",
            "  `fork` … `wait4`, CPU time (user + system) and peak memory (`ru_maxrss`) from `wait4` (for `swift build`:",
            "  CPU time of all its compiler processes, peak memory of the largest). Targets are judged on wall time and",
            "  on CPU time: other work on the machine stretches wall time much more than CPU time.",
            "- `gen` writes into an empty output folder each run (`gen, output already fresh` reruns over it and writes nothing).",
            "  Earlier runs' folders are moved aside and deleted only when the whole run is over: on a file system without",
            "  a journal (this machine's ext4), the kernel checks free inodes for a recent deletion before reusing them, and",
            "  creating a thousand files straight after deleting a thousand spent more time in that check than in `gen`.",
            "- That check runs only on an ext4 without a journal (ext4's default has one), and it slows file creation for",
            "  up to six minutes after a deletion by anything on the machine (a build's temporary files, a test suite's",
            "  folders), depending on where the new files land: the same `gen` took 123 and 347 ms into two folders of",
            "  this disk (medians of 15 alternating runs). At N=1,000, each round therefore also runs `gen`",
            "  with its output on tmpfs (`/dev/shm`, deleted after each run; left out where there is none), against the",
            "  same floor: what modelgen itself takes, with the file system's part at its least. The other rows write to",
            "  the disk.",
            "- The floor is `Benchmarks/floor/yaml_event_loop.c`: libyaml's event loop over the same file, doing nothing",
            "  with the events. \"Floor process\" is its whole run (start, read, parse); \"parse loop\" its own timing of the loop.",
            "  Each round runs the floor five times, then every other step once; the floor target also gives the median",
            "  over rounds of each round's `gen` run divided by the median of that round's floor runs, which follows a",
            "  machine whose speed drifts between rounds.",
            "- The write floor is `Benchmarks/writefloor/write_floor.c`: the files of that round's `gen` (all emitters)",
            "  output read into memory, then written again into a new folder with one `open`, `write` and `close` each",
            "  (one `mkdir` a folder), on one thread; its own timing of that loop is \"write loop\". The floor and the",
            "  write loop together are the least any generator does for this output: read the schema with libyaml and",
            "  create these files on this file system. It is for scale only; the targets stay against the libyaml floor.",
            "- At N=1,000, `modelgen` and the floor are also built self-contained (`swift build -c release",
            "  --static-swift-stdlib`, scratch path `Benchmarks/.build/tools-static`): the Swift runtime and Foundation",
            "  linked into the binary, as docs/CLI.md builds a binary to install. The build plugin's `modelgen` is linked",
            "  against the shared libraries, as the other rows measure it.",
            "- `modelgen check` runs from the repository root on its `modelgen.yml` (every sample schema).",
            "- The plugin rebuild copies `Examples/Consumer` into `Benchmarks/.work/consumer` (depending on this checkout by",
            "  path), builds it clean, builds once more (SwiftPM reruns a build command once on the first no-change build",
            "  after a clean one; not counted), then counts `modelgen: generating` lines in further no-change builds.",
            "",
        ]
    }

    func machine() -> String {
        let cpu = processorName() ?? "?"
        let memory = memoryKilobytes().map { String(format: "%.0f GB RAM", Double($0) / 1_048_576) } ?? "?"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory), \(capture(["uname", "-sr"]))"
    }
}

extension Harness {
    /// The commit of the checkout being measured, and whether its sources differ from it.
    func modelgenSource() -> String {
        let commit = capture(["git", "-C", root, "log", "-1", "--format=%h %s"])
        let dirty = capture(["git", "-C", root, "status", "--porcelain", "--", "Sources", "Templates", "Package.swift"])
            .components(separatedBy: "\n").filter { !$0.isEmpty }.count
        return "commit \(commit.prefix(90))\(commit.count > 90 ? "…" : "")" + (dirty > 0 ? " (plus uncommitted changes in \(dirty) files)" : "")
    }
}
