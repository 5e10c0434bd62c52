/// The characters a reader cannot see, or that make text read differently from what it holds:
/// controls (C0, DEL, C1), line and paragraph separators, bidirectional controls and the
/// zero-width no-break space. Swift literals and diagnostics escape them, SQL literals spell
/// them as escapes, and comments drop them.
public enum InvisibleCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// `scalar` as a Swift string literal escapes it, which diagnostics use too: `\n`, `\r`,
    /// `\t`, `\0`, otherwise `\u{1B}` (hexadecimal, upper case).
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\0": "\\0"
        default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
}
