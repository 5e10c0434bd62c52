/// The naming rules of the format, in one place: what a name may look like, which names are
/// reserved, and what each output dialect can hold.
public enum NamingRules {
    /// `^[A-Za-z][A-Za-z0-9_]*$`, Parse's rule for class, field, enum and embedded names.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return isWordText(name)
    }

    /// A Swift identifier as `swiftName` accepts it: `^[A-Za-z_][A-Za-z0-9_]*$`.
    public static func isValidSwiftName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return isWordText(name)
    }

    /// `^[A-Za-z0-9_]*$`, over the bytes in place when the string has them contiguous (it
    /// does, but for bridged text): every name of a schema is checked.
    private static func isWordText(_ name: String) -> Bool {
        func isWord(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") }
        return name.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isWord) } ?? name.utf8.allSatisfy(isWord)
    }

    // The two checks below are asked of every field: a few comparisons cost less than hashing
    // the name for a set.

    /// Whether every Parse object already has a field of this name, or Parse Server or the SDK
    /// refuses it.
    public static func isReservedFieldName(_ name: String) -> Bool {
        switch name {
        case "objectId", "createdAt", "updatedAt", "ACL", "className", "originalData", "length": true
        default: false
        }
    }

    /// Whether Parse Server refuses a field of this name in the body of a create (`id`: error
    /// 105, "id is an invalid field name"), though it accepts it in updates.
    public static func isRefusedOnCreate(_ name: String) -> Bool {
        name == "id"
    }

    /// Whether the ParseSwift SDK leaves a field of this name out of every save (its own
    /// properties, and `_User`'s `emailVerified`), so a value written to it never reaches the
    /// server. ParseRuntime sends them.
    public static func isDroppedByParseSwift(_ name: String) -> Bool {
        switch name {
        case "id", "score", "emailVerified": true
        default: false
        }
    }

    /// Fields every class has without declaring them, which indexes may name.
    public static let implicitFieldNames: [String] = ["objectId", "createdAt", "updatedAt"]

    /// The fields Parse gives every object: the implicit ones and its `ACL`. Parse always
    /// returns them, so they cannot be protected, and a schema never declares them.
    public static let parseObjectFieldNames: [String] = implicitFieldNames + ["ACL"]

    /// Whether Windows reserves `name` for a device (`CON`, `NUL`, `COM1`, ...), in any case and
    /// with any extension: a generated file named after it (`Swift/Con.swift`) could not be
    /// checked out or written there.
    public static func isWindowsDeviceName(_ name: String) -> Bool {
        let upper = name.uppercased()
        if ["CON", "PRN", "AUX", "NUL"].contains(upper) { return true }
        guard upper.count == 4, upper.hasPrefix("COM") || upper.hasPrefix("LPT"), let digit = upper.last else { return false }
        return digit.isASCII && digit.isNumber
    }

    /// PostgreSQL's identifier limit (NAMEDATALEN - 1), in bytes.
    public static let postgresIdentifierLimit = 63

    /// The table Parse Server creates for a relation field.
    public static func parseJoinTableName(className: String, field: String) -> String {
        "_Join:\(field):\(className)"
    }

    /// The unique index Parse Server creates for a unique field.
    public static func parseUniqueIndexName(className: String, field: String) -> String {
        "\(className)_unique_\(field)"
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
