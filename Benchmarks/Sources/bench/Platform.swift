import Foundation

// What the harness reads from the system, and where Linux and Apple's systems differ. The
// harness is a Linux lab tool (it measures against tmpfs and /proc); on a Mac it builds and
// runs, and what only Linux tells reads as unknown. `.ci/portability` keeps Linux-only
// spellings out of the harness's other files.

/// A child's peak resident memory from `wait4`'s rusage, in kilobytes: Linux counts
/// `ru_maxrss` in kilobytes, Apple's systems in bytes.
func peakKilobytes(_ usage: rusage) -> Int {
    #if canImport(Darwin)
    return Int(usage.ru_maxrss) / 1024
    #else
    return Int(usage.ru_maxrss)
    #endif
}

/// One of Linux's `/proc` files, or `nil` (on other systems, or when it cannot be read).
private func procFile(_ name: String) -> String? {
    #if os(Linux)
    return try? String(contentsOfFile: "/proc/" + name, encoding: .utf8)
    #else
    return nil
    #endif
}

/// The processor's model name.
func processorName() -> String? {
    procFile("cpuinfo")?.components(separatedBy: "\n").first { $0.hasPrefix("model name") }?
        .components(separatedBy: ":").last?.trimmingCharacters(in: .whitespaces)
}

/// The machine's memory, in kilobytes.
func memoryKilobytes() -> Int? {
    procFile("meminfo")?.components(separatedBy: "\n").first { $0.hasPrefix("MemTotal") }?
        .split(separator: " ").dropFirst().first.flatMap { Int($0) }
}

/// Whether a tmpfs is mounted at `path`.
func isTmpfs(_ path: String) -> Bool {
    (procFile("mounts") ?? "").split(separator: "\n").contains { line in
        let fields = line.split(separator: " ")
        return fields.count > 2 && fields[1] == path && fields[2] == "tmpfs"
    }
}

/// The load averages over 1, 5 and 15 minutes.
func systemLoadAverage() -> String? {
    procFile("loadavg")?.split(separator: " ").prefix(3).joined(separator: " ")
}
