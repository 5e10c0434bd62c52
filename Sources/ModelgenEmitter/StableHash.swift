/// A hash for choices that must be the same on every machine and run (Swift's own `Hasher`
/// is seeded per process): which shard a type goes to, the suffix of a shortened name.
public enum StableHash {
    /// 32-bit FNV-1a over the UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// 64-bit FNV-1a over the UTF-8 bytes, as 16 hex digits: names a text, as a drawn file's
    /// header names what it was drawn from.
    public static func fnv1a64(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
