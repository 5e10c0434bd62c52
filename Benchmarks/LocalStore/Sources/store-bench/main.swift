// store-bench: the on-device store (ParseLocalStore) side by side with hand-written GRDB, and its
// sync with ParseTestServer side by side with ParseClient.
//
//     swift run -c release --package-path Benchmarks/LocalStore store-bench [options]
//
// Prints a Markdown table (and writes it to Benchmarks/LocalStore/.work/report.md). The child
// commands `query-store PATH`, `query-grdb PATH`, `pull-store URL COUNT PATH PAGESIZE`,
// `pull-rest[-relations] URL COUNT PAGESIZE` and `idle` are what the memory benchmarks run;
// `profile save|find|save-grdb|find-grdb|pull|pull-rest SECONDS` loops one side, for
// `perf record`, and `phases` times the store's phases one by one.
import Foundation

/// The benchmarks, each of which `--only` can pick.
enum Part: String, CaseIterable {
    case save, find, memory, sync, livequery, compile
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
    var syncObjects = 10_000
    var syncRuns = 3
    var syncPageSize = 1000
    var syncMemorySizes = [2_000, 10_000, 50_000]
    var syncMemoryRuns = 1
    var pushCreates = 500
    var pushRuns = 5
    var pushBatchSize = 50
    var liveQueryCreates = 200
    var liveQueryBurst = 1_000

    static let usage = """
    usage: swift run -c release --package-path Benchmarks/LocalStore store-bench [options]

    Runs the benchmarks of the on-device store against hand-written GRDB, and of its sync against
    ParseClient's own requests, and of ParseClient's LiveQuery events, and prints a Markdown table (also written to
    Benchmarks/LocalStore/.work/report.md).

      --only save,find,memory,sync,livequery,compile
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
      --no-sync                   skip the sync benchmarks
      --sync-objects 10000        products on the server that the pull takes into an empty store
      --sync-runs 3               pull runs per side
      --sync-page-size 1000       objects per page, for the store's pull and ParseClient's paging
      --sync-memory-sizes 2000,10000,50000
                                  server sizes for the pull's memory benchmark
      --sync-memory-runs 1        child processes per side and size
      --push-creates 500          creates pushed, then as many updates (one per created object)
      --push-runs 5               push runs per side and case
      --push-batch-size 50        changes per POST /batch
      --livequery-creates 200     creates made one at a time, each timed until its event arrives
      --livequery-burst 1000      creates sent back to back in batches, timed until the last event
      --quick                     a fast check: 2,000 saved, 20,000 rows, sizes 10,000 and
                                  20,000, 3 runs, 20 classes compiled once; 2,000 pulled,
                                  sizes 1,000 and 4,000, 100 creates pushed
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
            case "--no-sync": options.parts.remove(.sync)
            case "--sync-objects": options.syncObjects = try number(argument)
            case "--sync-runs": options.syncRuns = try number(argument)
            case "--sync-page-size": options.syncPageSize = try number(argument)
            case "--sync-memory-sizes": options.syncMemorySizes = try numbers(argument)
            case "--sync-memory-runs": options.syncMemoryRuns = try number(argument)
            case "--push-creates": options.pushCreates = try number(argument)
            case "--push-runs": options.pushRuns = try number(argument)
            case "--push-batch-size": options.pushBatchSize = try number(argument)
            case "--livequery-creates": options.liveQueryCreates = try number(argument)
            case "--livequery-burst": options.liveQueryBurst = try number(argument)
            case "--quick":
                options.saveCount = 2_000; options.saveRuns = 3; options.findRows = 20_000; options.findRuns = 3
                options.findQueries = 20; options.memorySizes = [10_000, 20_000]; options.memoryRuns = 1
                options.compileClasses = 20; options.compileRuns = 1
                options.syncObjects = 2_000; options.syncRuns = 3; options.syncMemorySizes = [1_000, 4_000]
                options.syncMemoryRuns = 1; options.pushCreates = 100; options.pushRuns = 3
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
    case "pull-store":
        try await Pull.runStoreChild(Array(arguments.dropFirst()))
    case "pull-rest", "pull-rest-relations":
        try await Pull.runRESTChild(Array(arguments.dropFirst()), relations: arguments[0] == "pull-rest-relations")
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
