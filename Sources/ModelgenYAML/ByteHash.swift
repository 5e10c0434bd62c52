/// FNV-1a, the one hash modelgen computes itself: cheap, and the same on every machine and run
/// (Swift's own `Hasher` is seeded per process). The 64-bit form over bytes is what duplicate
/// checks compare before the texts themselves (a mapping's keys here, a type's field names in
/// the validator); ``StableHash`` gives both widths over text to the emitters.
package enum ByteHash {
    @inlinable
    package static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The 32-bit form, over any bytes.
    package static func fnv1a32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }
}
