/// The characters a reader of generated code cannot see, or that make it read differently from
/// how it runs: controls (C0, DEL, C1), line and paragraph separators, bidirectional controls
/// and the zero-width no-break space. Swift literals escape them, SQL literals spell them as
/// escapes, and comments drop them.
public enum InvisibleCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }
}
