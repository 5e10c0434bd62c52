/// A position in a source file, 1-based, as editors and compilers count it.
///
/// `column` counts Unicode scalars from the start of the line, the way libyaml does.
///
/// A schema's tree and declarations hold millions of locations, so a location is 12 bytes:
/// the file is stored as its number in `SourceFileNames` (each path once per process), the
/// line and column as 32-bit numbers (larger values, which no readable file has, are clamped).
/// Equality, hashing and ordering are those of `(file, line, column)`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    private var fileNumber: UInt32
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The path of the file as the user named it (kept relative where it was given relative).
    public var file: String {
        get { SourceFileNames.shared.name(of: fileNumber) }
        set { fileNumber = SourceFileNames.shared.number(of: newValue) }
    }

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(file: String, line: Int, column: Int) {
        self.fileNumber = SourceFileNames.shared.number(of: file)
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    private init(fileNumber: UInt32, line: Int, column: Int) {
        self.fileNumber = fileNumber
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// The same line, `offset` columns further right.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(fileNumber: fileNumber, line: line, column: column + offset)
    }

    /// Another position in the same file (cheaper than naming the file again).
    public func moved(toLine line: Int, column: Int) -> SourceLocation {
        SourceLocation(fileNumber: fileNumber, line: line, column: column)
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileNumber != rhs.fileNumber { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}
