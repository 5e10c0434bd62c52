// The compile-time cost of `localStore: true`: a synthetic model of N classes generated with and
// without the option by this checkout's `modelgen gen` (release), each output compiled with
// swiftc against ParseRuntime's module as this package built it, turn about.
import Foundation

enum SyntheticSchema {
    /// N classes with a few fields of each kind the store keeps, N/20 enums and embedded types.
    static func yaml(classes n: Int) -> String {
        let groups = max(1, n / 20)
        var out = "version: 1\ndescription: Synthetic model for the on-device store's compile-time benchmark.\n\nenums:\n"
        for e in 0..<groups { out += "  Mode\(e):\n    values: [first, second, third, fourth]\n" }
        out += "\nembedded:\n"
        for e in 0..<groups { out += "  Size\(e):\n    fields:\n      width: double!\n      height: double!\n      label: string\n" }
        out += "\nclasses:\n"
        for c in 0..<n {
            let group = c % groups
            out += """
              Item\(c):
                description: Synthetic class \(c).
                fields:
                  title: string!
                  note: {type: string, maxLength: 200}
                  count: {type: int, min: 0, default: 0}
                  rank: int
                  amount: {type: double, min: 0}
                  ratio: double
                  enabled: {type: bool, default: true}
                  startsAt: date
                  endsAt: date
                  mode: {type: Mode\(group), default: first}
                  size: Size\(group)
                  labels: array<string>
                  extras: map<string>
                  payload: object
                  image: file
                  place: geopoint
                  digest: bytes
                  parent: {type: pointer<Item\(c == 0 ? 0 : c - 1)>, onDelete: setNull}
                  owner: {type: pointer<Item\(c / 2)>, onDelete: cascade}
                  links: relation<Item\((c + 1) % n)>
                indexes:
                  - [title]
                  - [parent, rank]

            """
        }
        return out
    }
}

struct CompileResult {
    var withStore: [Double] = []      // wall ms
    var without: [Double] = []
    var withStoreCPU: [Double] = []
    var withoutCPU: [Double] = []
    var withStorePeakKB: [Double] = []
    var withoutPeakKB: [Double] = []
    var notes: [String] = []
}

/// Generates the model both ways and compiles each `runs` times, turn about.
func benchCompile(classes n: Int, runs: Int, optimize: Bool, modelgen: String, modules: String, runner: String,
                  work: String, say: (String) -> Void) throws -> CompileResult {
    let dir = work + "/compile"
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try SyntheticSchema.yaml(classes: n).write(toFile: dir + "/Synthetic.yaml", atomically: true, encoding: .utf8)
    var sources: [Bool: [String]] = [:]
    for withStore in [true, false] {
        let name = withStore ? "local" : "plain"
        let config = """
            inputs: [Synthetic.yaml]
            output: \(name)
            emitters:
              swift: {access: public\(withStore ? ", localStore: true" : "")}

            """
        try config.write(toFile: dir + "/\(name).yml", atomically: true, encoding: .utf8)
        try execute([modelgen, "gen", "--quiet", "--config", "\(name).yml"], log: dir + "/gen-\(name).log", in: dir)
        let swiftDir = dir + "/\(name)/Swift"
        let files = try FileManager.default.contentsOfDirectory(atPath: swiftDir).filter { $0.hasSuffix(".swift") }.sorted()
        sources[withStore] = files.map { swiftDir + "/" + $0 }
    }
    let local = sources[true] ?? [], plain = sources[false] ?? []
    let extra = Set(local.map { ($0 as NSString).lastPathComponent }).subtracting(plain.map { ($0 as NSString).lastPathComponent })
    func lines(_ files: [String]) -> Int {
        files.reduce(0) { $0 + ((try? String(contentsOfFile: $1, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false).count ?? 0) }
    }
    let extraFiles = local.filter { extra.contains(($0 as NSString).lastPathComponent) }
    var result = CompileResult()
    result.notes.append("\(n) classes of 20 fields (every kind the store keeps), \(max(1, n / 20)) enums and embedded types: "
        + "\(plain.count) files, \(lines(plain)) lines without the option; with it \(local.count) files, \(lines(local)) lines "
        + "(the extra: \(extra.sorted().joined(separator: ", ")), \(lines(extraFiles)) lines)")
    let flags = optimize ? ["-O", "-wmo"] : ["-Onone", "-wmo"]
    for run in 0..<runs {
        for withStore in (run % 2 == 0 ? [true, false] : [false, true]) {
            let out = dir + "/obj-\(withStore ? "local" : "plain")"
            try? FileManager.default.removeItem(atPath: out)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let arguments = ["swiftc", "-c"] + flags + ["-parse-as-library", "-swift-version", "6", "-module-name", "SyntheticModels",
                             "-I", modules, "-o", out + "/SyntheticModels.o"] + (sources[withStore] ?? [])
            let m = try measure(arguments, runner: runner, log: dir + "/compile.log", in: out)
            if withStore {
                result.withStore.append(m.wallMs)
                result.withStoreCPU.append(m.cpuMs)
                result.withStorePeakKB.append(Double(m.peakRSSKB))
            } else {
                result.without.append(m.wallMs)
                result.withoutCPU.append(m.cpuMs)
                result.withoutPeakKB.append(Double(m.peakRSSKB))
            }
            say("  compile \(optimize ? "-O" : "-Onone") run \(run + 1)/\(runs), \(withStore ? "with" : "without") localStore: \(format(ms: m.wallMs)) (CPU \(format(ms: m.cpuMs)), peak \(format(kb: m.peakRSSKB)))")
        }
    }
    return result
}
