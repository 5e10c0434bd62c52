import Foundation
import ModelgenYAML

/// Positions by name among the fields of one type, each name inserted once: found by scanning
/// while there are few (a type has about twenty fields), by a dictionary past `scanned`.
///
/// The scan compares a cheap key of each name before the names: a hash of an ASCII name's
/// bytes, `0` for any other name. Strings are equal when canonically equivalent, which for an
/// ASCII name means equal bytes, but a name that is not ASCII may equal an ASCII one (the
/// Kelvin sign is a `K`): a key of `0` on either side is compared by the names themselves.
struct NamePositions {
    static let scanned = 32
    private var entries: [(key: UInt64, name: String, position: Int)] = []
    private var byName: [String: Int]?

    init(expected count: Int) {
        if count > Self.scanned {
            byName = Dictionary(minimumCapacity: count)
        } else {
            entries.reserveCapacity(count)
        }
    }

    /// The position of `name`, if it is there.
    func position(of name: String) -> Int? {
        if let byName { return byName[name] }
        return entries.first { $0.name == name }?.position
    }

    /// The position of `name` if it is there; otherwise `nil`, after adding it at `position`.
    mutating func insertIfAbsent(_ name: String, at position: Int) -> Int? {
        if byName != nil {
            if let found = byName![name] { return found }
            byName![name] = position
            return nil
        }
        let key = Self.key(of: name)
        for entry in entries where entry.key == key || entry.key == 0 || key == 0 {
            if entry.name == name { return entry.position }
        }
        entries.append((key, name, position))
        if entries.count > Self.scanned {
            byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.position) })
            entries = []
        }
        return nil
    }

    /// FNV-1a of an ASCII name's bytes, never `0`; `0` for a name that is not ASCII.
    /// (A bridged name, whose bytes are not in one piece, counts as not ASCII.)
    private static func key(of name: String) -> UInt64 {
        name.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? ByteHash.fnv1a(bytes) | 1 : 0
        } ?? 0
    }
}
