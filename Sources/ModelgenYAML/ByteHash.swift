/// 64-bit FNV-1a over bytes: the cheap hash that duplicate checks compare before the texts
/// themselves (a mapping's keys here, a type's field names in the validator).
package enum ByteHash {
    @inlinable
    package static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
