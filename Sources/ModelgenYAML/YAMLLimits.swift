/// Bounds that keep hostile or broken files from exhausting time or memory.
///
/// The defaults are far above any hand-written schema (a 10,000-class schema is about 11 MB)
/// and far below what would hurt a build machine.
public struct YAMLLimits: Sendable, Hashable {
    /// Largest file read, in bytes.
    public var maxFileSize: Int
    /// Deepest nesting of mappings and sequences.
    public var maxDepth: Int
    /// Most nodes that aliases may stand for in total (each `*alias` counts the size of what it repeats).
    public var maxAliasExpansion: Int
    /// Most nodes written in the file (scalars, keys included, mappings and sequences). A tree
    /// node costs about 100 bytes, so this bounds memory where the size limit alone would not:
    /// 64 MiB of `[a,a,a,...]` is 32 million nodes. A 10,000-class schema has about a million.
    public var maxNodes: Int

    public init(maxFileSize: Int = 64 << 20, maxDepth: Int = 64, maxAliasExpansion: Int = 10_000, maxNodes: Int = 5_000_000) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()
}
