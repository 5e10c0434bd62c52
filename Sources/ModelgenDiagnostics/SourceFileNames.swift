import Foundation

/// The file paths that source locations name, each stored once for the whole process, so
/// that a location holds a 4-byte number instead of a string.
///
/// A run names a handful of files (schemas, templates, the config); the table only grows,
/// by one entry per distinct path ever used in a location.
final class SourceFileNames: @unchecked Sendable {
    static let shared = SourceFileNames()

    private let lock = NSLock()
    private var names: [String] = []
    private var numbers: [String: UInt32] = [:]

    /// The number of `name`, given it on first use.
    func number(of name: String) -> UInt32 {
        lock.withLock {
            if let number = numbers[name] { return number }
            precondition(names.count < Int(UInt32.max), "too many distinct source file names")
            let number = UInt32(names.count)
            names.append(name)
            numbers[name] = number
            return number
        }
    }

    /// The name that has the number `number`.
    func name(of number: UInt32) -> String {
        lock.withLock { names[Int(number)] }
    }
}
