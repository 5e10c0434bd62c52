import ModelgenDiagnostics

/// A complete part of a file read by `YAMLReader.stream`, handed on in document order.
public enum YAMLStreamPart: Sendable {
    /// An entry of the root mapping. A streamed section's entry comes after the section's own
    /// entries, with an empty mapping for its value.
    case entry(YAMLMappingEntry)
    /// An entry of the mapping under the root key `section`.
    case sectionEntry(section: String, YAMLMappingEntry)
}

/// How a file read by `YAMLReader.stream` ended.
public enum YAMLStreamEnd: Sendable {
    /// The file holds no document (empty, or comments only).
    case empty
    /// The root is a mapping, and every entry of it has been handed on.
    case mapping(at: SourceLocation)
    /// The root is a scalar or a sequence, which comes whole.
    case other(YAMLNode)
}

extension YAMLStreamEnd {
    /// How a streamed file ended, from the root its tree builder was left with (a streamed
    /// root mapping comes back empty: its entries were handed on).
    init(_ root: YAMLNode?) {
        guard let root else {
            self = .empty
            return
        }
        self = root.mapping != nil ? .mapping(at: root.location) : .other(root)
    }
}
