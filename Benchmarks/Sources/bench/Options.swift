// Command-line options of `bench` (parsed by hand: the harness has no dependencies of its own).

struct Options: Codable {
    var sizes = [100, 1_000, 10_000]
    var runs = 11
    var openAPI = true
    var compile = true
    var plugin = true
    /// Also measure `gen` and the floor at the middle size built with `--static-swift-stdlib`.
    var selfContained = true
    var compileSize = 1_000
    var compileRuns = 3
    var compileTimeoutSeconds = 900.0
    var compileMemoryLimitMB = 10_240
    var commandTimeoutSeconds = 600.0
    var output: String? = nil      // default: docs/Performance.md, or .work/smoke/Performance.md with --smoke
    var smoke = false
    var reportOnly = false
    var compileOnly = false
    var arguments: [String] = []

    /// What `results.json` keeps: how the run was made, not what to do now. (Whether
    /// self-contained builds were measured shows in the results themselves.)
    enum CodingKeys: String, CodingKey {
        case sizes, runs, openAPI, compile, plugin, compileSize, compileRuns, compileTimeoutSeconds,
             compileMemoryLimitMB, commandTimeoutSeconds, output, smoke, arguments
    }

    static let usage = """
    usage: swift run -c release --package-path Benchmarks bench [options]

    Builds modelgen, the libyaml floor and swift-openapi-generator 1.14.3 in release, generates the
    synthetic schemas, measures every step and writes docs/Performance.md.

      --smoke                 N=10, one run, no swift-openapi-generator, no plugin, no compile
                              times; writes Benchmarks/.work/smoke/Performance.md (CI-sized)
      --sizes 100,1000,10000  class counts (20 fields each)
      --runs 11               runs per measurement (the median is reported); a step whose
                              first run takes over 1 s runs at most 5 times, over 10 s at
                              most 3, over 60 s once
      --no-openapi            skip swift-openapi-generator (its release build takes minutes)
      --no-plugin             skip the build-plugin rebuild
      --no-self-contained     skip the self-contained builds (modelgen and the floor built
                              with --static-swift-stdlib, measured at N=1000)
      --no-compile            skip compile times of the generated Swift
      --compile-size 1000     N for the compile-time comparison
      --compile-runs 3        runs per compile measurement (the same rule)
      --compile-timeout 900   seconds before a compile is stopped and reported as "> limit"
      --compile-memory 10240  MB of resident memory (all compiler processes together) before a
                              compile is stopped: the machine is shared
      --timeout 600           seconds before any other command is stopped (and reported as "> limit")
      --output FILE           where the report goes (relative to the repository root)
      --compile-only          measure only the compile times, into the last run's results, and
                              rewrite the report
      --report-only           measure nothing: rewrite the report from the last run's results
                              (Benchmarks/.work/results.json, or .work/smoke/results.json)
    """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        options.arguments = arguments
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let v = iterator.next() else { throw RunError(description: "\(flag) needs a value\n\n\(usage)") }
            return v
        }
        func number(_ flag: String) throws -> Int {
            guard let n = Int(try value(flag)), n > 0 else { throw RunError(description: "\(flag) needs a positive number") }
            return n
        }
        while let argument = iterator.next() {
            switch argument {
            case "--smoke":
                options.smoke = true
                options.sizes = [10]
                options.runs = 1
                options.openAPI = false
                options.compile = false
                options.plugin = false
                options.selfContained = false
            case "--sizes":
                options.sizes = try value(argument).split(separator: ",").map {
                    guard let n = Int($0.replacingOccurrences(of: "_", with: "")), n > 0 else { throw RunError(description: "bad size \($0)") }
                    return n
                }
            case "--runs": options.runs = try number(argument)
            case "--no-openapi": options.openAPI = false
            case "--no-plugin": options.plugin = false
            case "--no-self-contained": options.selfContained = false
            case "--no-compile": options.compile = false
            case "--compile-size": options.compileSize = try number(argument)
            case "--compile-runs": options.compileRuns = try number(argument)
            case "--compile-timeout": options.compileTimeoutSeconds = Double(try number(argument))
            case "--compile-memory": options.compileMemoryLimitMB = try number(argument)
            case "--timeout": options.commandTimeoutSeconds = Double(try number(argument))
            case "--output": options.output = try value(argument)
            case "--report-only": options.reportOnly = true
            case "--compile-only": options.compileOnly = true
            case "-h", "--help": print(usage); exit(0)
            default: throw RunError(description: "unknown option \(argument)\n\n\(usage)")
            }
        }
        return options
    }
}

import Foundation
