import ModelgenYAML

/// A hash for choices that must be the same on every machine and run: which shard a type goes
/// to, the suffix of a shortened name, the digest a drawn file names its source by. FNV-1a over
/// the UTF-8 bytes (``ByteHash``).
public enum StableHash {
    /// 32 bits.
    public static func fnv1a(_ text: String) -> UInt32 {
        ByteHash.fnv1a32(text.utf8)
    }

    /// 64 bits, as 16 hex digits.
    public static func fnv1a64(_ text: String) -> String {
        var text = text
        let hash = text.withUTF8 { ByteHash.fnv1a($0) }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
