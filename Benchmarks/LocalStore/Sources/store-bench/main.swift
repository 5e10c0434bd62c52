// store-bench: the on-device store (ParseLocalStore) side by side with hand-written GRDB.
//
//     swift run -c release --package-path Benchmarks/LocalStore store-bench [options]
//
// Prints a Markdown table (and writes it to Benchmarks/LocalStore/.work/report.md). The child
// commands `query-store PATH`, `query-grdb PATH` and `idle` are what the memory benchmark runs;
// `profile save|find|save-grdb|find-grdb SECONDS` loops one side, for `perf record`, and
// `phases` times the store's phases one by one.
import Foundation

/// The benchmarks, each of which `--only` can pick.
enum Part: String, CaseIterable {
    case save, find, memory, compile
}

struct Options {
    var parts = Set(Part.allCases)
    var saveCount = 10_000
    var saveRuns = 7
    var findRows = 100_000
    var findQueries = 50
    var findRuns = 11
    var memorySizes = [10_000, 100_000, 1_000_000]
    var memoryRuns = 3
    var compileClasses = 100
    var compileRuns = 3
    var debugCompile = true

    static let usage = """
    usage: swift run -c release --package-path Benchmarks/LocalStore store-bench [options]

    Runs the four benchmarks of the on-device store against hand-written GRDB and prints a
    Markdown table (also written to Benchmarks/LocalStore/.work/report.md).

      --only save,find,memory,compile
                                  run only these benchmarks (all by default)
      --save-count 10000          products saved in one call (one transaction) per run
      --save-runs 7               save runs per side (fresh files every run; the median is reported)
      --find-rows 100000          rows in the file the indexed find runs over
      --find-queries 50           finds per run (distinct categories); a run's time is divided by it
      --find-runs 11              find runs per side
      --memory-sizes 10000,100000,1000000
                                  store sizes for the memory benchmark
      --memory-runs 3             child processes per side and size
      --no-compile                skip the compile-time benchmark
      --compile-classes 100       classes of the synthetic model
      --compile-runs 3            compiles per variant and optimization
      --no-debug-compile          compile with -O only (not also -Onone)
      --quick                     a fast check: 2,000 saved, 20,000 rows, sizes 10,000 and
                                  20,000, 3 runs, 20 classes compiled once
    """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let next = rest.popFirst() else { throw RunError(description: "\(name) needs a value\n\n\(usage)") }
            return next
        }
        func number(_ name: String) throws -> Int {
            guard let n = Int(try value(name).replacingOccurrences(of: "_", with: "")), n > 0 else {
                throw RunError(description: "\(name) needs a positive number")
            }
            return n
        }
        func numbers(_ name: String) throws -> [Int] {
            try value(name).split(separator: ",").map {
                guard let n = Int($0.replacingOccurrences(of: "_", with: "")), n > 0 else { throw RunError(description: "bad size \($0)") }
                return n
            }
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--save-count": options.saveCount = try number(argument)
            case "--save-runs": options.saveRuns = try number(argument)
            case "--find-rows": options.findRows = try number(argument)
            case "--find-queries": options.findQueries = min(try number(argument), Catalog.categoryCount)
            case "--find-runs": options.findRuns = try number(argument)
            case "--memory-sizes": options.memorySizes = try numbers(argument)
            case "--memory-runs": options.memoryRuns = try number(argument)
            case "--no-compile": options.parts.remove(.compile)
            case "--compile-classes": options.compileClasses = try number(argument)
            case "--compile-runs": options.compileRuns = try number(argument)
            case "--no-debug-compile": options.debugCompile = false
            case "--only":
                options.parts = Set(try value(argument).split(separator: ",").map {
                    guard let part = Part(rawValue: String($0)) else {
                        throw RunError(description: "--only takes \(Part.allCases.map(\.rawValue).joined(separator: ",")), not \($0)")
                    }
                    return part
                })
            case "--quick":
                options.saveCount = 2_000; options.saveRuns = 3; options.findRows = 20_000; options.findRuns = 3
                options.findQueries = 20; options.memorySizes = [10_000, 20_000]; options.memoryRuns = 1
                options.compileClasses = 20; options.compileRuns = 1
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                throw RunError(description: "unknown option \(argument)\n\n\(usage)")
            }
        }
        return options
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "query-store" where arguments.count == 2:
        try await QueryProcess.runStore(arguments[1])
    case "query-grdb" where arguments.count == 2:
        try await QueryProcess.runGRDB(arguments[1])
    case "profile" where arguments.count == 3:
        try await profile(arguments[1], seconds: Double(arguments[2]) ?? 10, work: Harness(options: Options(), arguments: []).work)
    case "phases":
        try await phases(work: Harness(options: Options(), arguments: []).work)
    case "idle":
        print("idle: \(procLine("self/status", prefix: "VmHWM") ?? "")")
    default:
        let options = try Options.parse(arguments)
        try await Harness(options: options, arguments: arguments).run()
    }
} catch {
    FileHandle.standardError.write(Data("store-bench: \(error)\n".utf8))
    exit(1)
}
