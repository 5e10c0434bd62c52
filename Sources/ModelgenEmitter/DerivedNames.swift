import ModelgenSchema

/// The names modelgen gives what the schema leaves unnamed (indexes, constraints), shared by
/// the emitters so that a database and a Parse server call an index the same.
public enum DerivedNames {
    /// A name modelgen derives (an index or a constraint), made to fit PostgreSQL's 63 bytes:
    /// a longer name keeps its first 54 bytes and ends in `_` and 8 hex digits of a hash of
    /// the whole name, so it stays unique and the same on every run. Declared names are never
    /// shortened: validation refuses those that are too long.
    public static func name(_ parts: [String]) -> String {
        let name = joined(parts)
        guard name.utf8.count > NamingRules.postgresIdentifierLimit else { return name }
        var kept = ""
        var bytes = 0
        for scalar in name.unicodeScalars {
            let size = String(scalar).utf8.count
            if bytes + size > NamingRules.postgresIdentifierLimit - 9 { break }
            kept.unicodeScalars.append(scalar)
            bytes += size
        }
        let hash = String(StableHash.fnv1a(name), radix: 16)
        return kept + "_" + String(repeating: "0", count: 8 - hash.count) + hash
    }

    /// `parts.joined(separator: "_")`, each part copied whole into storage of the exact size,
    /// which the general join does not do for the three or four short parts of a name.
    private static func joined(_ parts: [String]) -> String {
        var count = max(0, parts.count - 1)
        for part in parts { count += part.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    buffer[end] = UInt8(ascii: "_")
                    end += 1
                }
                var part = part
                part.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes)
                    end += bytes.count
                }
            }
            return end
        }
    }

    /// The name of a declared index without `name`: `<Class>_<fields>_idx`, or
    /// `<Class>_unique_<fields>` for a unique one (Parse's form).
    public static func declaredIndex(className: String, index: IndexDefinition) -> String {
        index.isUnique ? name([className, "unique"] + index.fields) : name([className] + index.fields + ["idx"])
    }

    /// The index of a field marked `index: true`: `<Class>_<field>_idx`.
    public static func fieldIndex(className: String, field: String) -> String {
        name([className, field, "idx"])
    }
}
