// libyaml: Yams's copy of its source on Apple's systems, the system's library elsewhere
// (Package.swift says why).
#if canImport(CYaml)
import CYaml
#else
import CLibYAML
#endif
import ModelgenDiagnostics
import ModelgenFileSystem

/// A file the reader refused, with the one located diagnostic that says why.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    public var description: String { diagnostic.description }
}

/// Reads YAML into a located `YAMLNode` tree with libyaml's event API.
///
/// Beyond what libyaml checks, it refuses duplicate mapping keys, non-scalar keys, unknown
/// aliases, alias expansion past `YAMLLimits.maxAliasExpansion`, nesting past
/// `YAMLLimits.maxDepth`, files past `YAMLLimits.maxFileSize`, more nodes than
/// `YAMLLimits.maxNodes`, bytes that are not UTF-8 (UTF-16 and UTF-32 are named as such),
/// tags outside the YAML core schema, and more than one document per file.
public enum YAMLReader {
    /// Reads the file at `path`; diagnostics name it `displayPath` (by default, `path` itself).
    /// Returns `nil` for a file with no document (empty, or comments only).
    public static func read(path: String, displayPath: String? = nil, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode? {
        let name = displayPath ?? path
        let bytes = try readBytes(path: path, displayPath: name, limit: limits.maxFileSize)
        return try parse(bytes, file: name, limits: limits)
    }

    /// Parses YAML text held in memory; `file` is the name diagnostics use.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode? {
        try parse(Array(text.utf8), file: file, limits: limits)
    }

    /// Parses YAML bytes; `file` is the name diagnostics use.
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode? {
        try parse(bytes, file: file, limits: limits, streaming: nil)
    }

    /// How many of libyaml's events the tree builder takes at a time.
    static let batchSize = 256

    private static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits, batchSize: Int = batchSize,
                              streaming: TreeBuilder.Streaming?, receive: (YAMLStreamPart) -> Void = { _ in }) throws(YAMLError) -> YAMLNode? {
        var builder = TreeBuilder(file: file, limits: limits, streaming: streaming)
        var failure: YAMLError?
        try events(bytes, file: file, limits: limits, batchSize: batchSize) { batch in
            do throws(YAMLError) {
                try builder.consume(batch, into: receive)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        return builder.end()
    }

    /// Runs `body` on `bytes` once they are known to be within the size limit and valid UTF-8,
    /// without a byte order mark (legal, but libyaml would count it as a column).
    static func withCheckedText<Value>(_ bytes: [UInt8], file: String, limits: YAMLLimits,
                                       _ body: (UnsafeBufferPointer<UInt8>) throws(YAMLError) -> Value) throws(YAMLError) -> Value {
        guard bytes.count <= limits.maxFileSize else {
            throw YAMLError(.error(
                "file is \(bytes.count) bytes, over the limit of \(limits.maxFileSize) bytes",
                at: SourceLocation(file: file, line: 1, column: 1)))
        }
        let result: Result<Value, YAMLError> = bytes.withUnsafeBufferPointer { buffer -> Result<Value, YAMLError> in
            if let failure = UTF8Check.firstInvalid(in: buffer) {
                return .failure(YAMLError(.error(failure.reason,
                    at: SourceLocation(file: file, line: failure.line, column: failure.column))))
            }
            let hasBOM = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
            do throws(YAMLError) {
                return .success(try body(hasBOM ? UnsafeBufferPointer(rebasing: buffer[3...]) : buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads the file at `path` part by part: each entry of the root mapping is handed to
    /// `receive` as soon as it is complete, in document order, and so is each entry of a
    /// *section* (the mapping under a root key named in `sections`) before the section's own
    /// entry, which then comes with an empty mapping for its value. The tree of an entry is
    /// released when `receive` is done with it, so the whole tree never exists at once.
    ///
    /// A section whose mapping carries an anchor comes whole, as an entry, since an alias may
    /// repeat it. When this throws, the parts already handed on are not a valid file: the
    /// caller must drop whatever it made of them.
    public static func stream(path: String, displayPath: String? = nil, limits: YAMLLimits = .default,
                              sections: Set<String>, into receive: (YAMLStreamPart) -> Void) throws(YAMLError) -> YAMLStreamEnd {
        let name = displayPath ?? path
        let bytes = try readBytes(path: path, displayPath: name, limit: limits.maxFileSize)
        return try stream(bytes, file: name, limits: limits, sections: sections, into: receive)
    }

    /// The same for YAML text held in memory; `file` is the name diagnostics use.
    public static func stream(_ text: String, file: String, limits: YAMLLimits = .default,
                              sections: Set<String>, into receive: (YAMLStreamPart) -> Void) throws(YAMLError) -> YAMLStreamEnd {
        try stream(Array(text.utf8), file: file, limits: limits, sections: sections, into: receive)
    }

    /// `batchSize` is for tests, which prove that the parts do not depend on it.
    static func stream(_ bytes: [UInt8], file: String, limits: YAMLLimits, sections: Set<String>, batchSize: Int = batchSize,
                       into receive: (YAMLStreamPart) -> Void) throws(YAMLError) -> YAMLStreamEnd {
        let root = try parse(bytes, file: file, limits: limits, batchSize: batchSize,
                             streaming: TreeBuilder.Streaming(sections: sections), receive: receive)
        return YAMLStreamEnd(root)
    }

    static func readBytes(path: String, displayPath: String, limit: Int) throws(YAMLError) -> [UInt8] {
        do throws(FileSystem.ReadFailure) {
            return try FileSystem.readWhole(path, sizeLimit: limit)
        } catch {
            switch error {
            case .cannotRead(let reason):
                throw YAMLError(.error("cannot read '\(displayPath)': \(reason)", at: nil))
            case .tooLarge(let size):
                throw YAMLError(.error("file is \(size) bytes, over the limit of \(limit) bytes",
                                       at: SourceLocation(file: displayPath, line: 1, column: 1)))
            }
        }
    }
}

/// The tree of a file from its events: one frame per open mapping or sequence. The frames'
/// children wait on the builder's shared stacks; a frame is a class so that its pending key,
/// key index and size change in place, wherever it sits on the frame stack.
struct TreeBuilder {
    /// How a streamed read splits the file into parts (see `YAMLReader.stream`).
    struct Streaming {
        var sections: Set<String>
    }

    private final class Frame {
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        /// For a streamed mapping (the root, or a section under it), what its entries are handed
        /// on as; it keeps only their keys, with `stub` values, to find duplicates.
        let streamsAs: ((YAMLMappingEntry) -> YAMLStreamPart)?
        /// Where its items, or its entries and their key hashes, start on the builder's stacks.
        let itemsStart: Int
        let entriesStart: Int
        var pendingKey: (text: String, location: SourceLocation, hash: UInt64)?
        var keyIndex: [String: SourceLocation] = [:]
        /// Nodes in this subtree, the frame itself included (what an alias to it expands to).
        var size = 1

        init(isMapping: Bool, location: SourceLocation, anchor: String?,
             streamsAs: ((YAMLMappingEntry) -> YAMLStreamPart)?, itemsStart: Int, entriesStart: Int) {
            self.isMapping = isMapping
            self.location = location
            self.anchor = anchor
            self.streamsAs = streamsAs
            self.itemsStart = itemsStart
            self.entriesStart = entriesStart
        }
    }

    /// The value kept for an entry that was handed on.
    private static let stub = YAMLNode(.mapping([]), at: SourceLocation(file: "", line: 1, column: 1))
    /// Mappings with fewer keys find duplicates by scanning `keyHashes`; larger ones by `keyIndex`.
    private static let scannedKeys = 64

    let file: String
    let limits: YAMLLimits
    let streaming: Streaming?
    /// The start of the file, from which every node's location is made.
    private let origin: SourceLocation
    private var stack: [Frame] = []
    /// The items and entries of every open sequence and mapping, each frame's on top of its
    /// parent's: one array each, grown once, instead of an array per node grown by doubling and
    /// copied to its exact size at its end.
    private var items: [YAMLNode] = []
    private var entries: [YAMLMappingEntry] = []
    /// `ByteHash.fnv1a` of each key in `entries`: a duplicate check compares these first.
    private var keyHashes: [UInt64] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var aliasExpansion = 0
    private var nodes = 0
    private var root: YAMLNode?
    private var documents = 0
    /// Streamed parts complete and not yet handed on.
    private var parts: [YAMLStreamPart] = []

    init(file: String, limits: YAMLLimits, streaming: Streaming?) {
        self.file = file
        self.limits = limits
        self.streaming = streaming
        self.origin = SourceLocation(file: file, line: 1, column: 1)
    }

    /// Builds `events` into the tree, handing each streamed part to `receive` once complete.
    mutating func consume(_ events: YAMLEvents, into receive: (YAMLStreamPart) -> Void) throws(YAMLError) {
        try events.bytes.withUnsafeBufferPointer { bytes throws(YAMLError) in
            for event in events.events {
                try handle(event, bytes)
                if !parts.isEmpty {
                    var complete: [YAMLStreamPart] = []
                    swap(&complete, &parts)
                    complete.forEach(receive)
                }
            }
        }
    }

    /// The root, once every event was handled: `nil` for a file with no document. A document
    /// with no content at all (`---` alone) is an empty file, not a null.
    func end() -> YAMLNode? {
        if let scalar = root?.scalar, scalar.text.isEmpty, scalar.style == .plain, scalar.tag == nil { return nil }
        return root
    }

    private func location(_ event: YAMLEvent) -> SourceLocation {
        origin.moved(toLine: Int(event.startLine) + 1, column: Int(event.startColumn) + 1)
    }

    private static func string(_ text: YAMLEvent.Text, _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard text.isPresent else { return nil }
        return String(decoding: text.bytes(in: bytes), as: UTF8.self)
    }

    private static let allowedTags: Set<String> = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
        "tag:yaml.org,2002:seq", "!",
    ]

    private func checkTag(_ event: YAMLEvent, _ bytes: UnsafeBufferPointer<UInt8>) throws(YAMLError) -> String? {
        guard let tag = Self.string(event.tag, bytes) else { return nil }
        guard Self.allowedTags.contains(tag) else {
            let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
            throw YAMLError(.error("YAML tag '\(shown)' is not supported",
                                   at: location(event),
                                   notes: [.init("schemas use plain YAML values; remove the tag")]))
        }
        return tag == "!" ? nil : tag
    }

    private mutating func countNode(at event: YAMLEvent) throws(YAMLError) {
        nodes += 1
        guard nodes <= limits.maxNodes else {
            throw YAMLError(.error("the file holds more than \(limits.maxNodes) YAML nodes", at: location(event),
                                   notes: [.init("no hand-written schema is this large; split a generated one into several files")]))
        }
    }

    private mutating func handle(_ event: YAMLEvent, _ bytes: UnsafeBufferPointer<UInt8>) throws(YAMLError) {
        switch event.kind {
        case .documentStart:
            documents += 1
            if documents > 1 {
                throw YAMLError(.error("a schema file holds one YAML document; found a second one",
                                       at: location(event),
                                       notes: [.init("put each document in a file of its own")]))
            }
        case .scalar:
            try countNode(at: event)
            let tag = try checkTag(event, bytes)
            let value = event.value.bytes(in: bytes)
            let text = String(decoding: value, as: UTF8.self)
            let at = location(event)
            let scalar = YAMLScalar(text, style: event.style, tag: tag, isMultiline: event.startLine != event.endLine)
            if let frame = stack.last, frame.isMapping, frame.pendingKey == nil {
                try addKey(text, hash: ByteHash.fnv1a(value), at: at, to: frame)
                if let anchor = Self.string(event.anchor, bytes) {
                    anchors[anchor] = (YAMLNode(.scalar(scalar), at: at), 1)
                }
                return
            }
            let node = YAMLNode(.scalar(scalar), at: at)
            if let anchor = Self.string(event.anchor, bytes) { anchors[anchor] = (node, 1) }
            add(node, size: 1)
        case .alias:
            let name = Self.string(event.value, bytes) ?? ""
            let at = location(event)
            guard let (node, size) = anchors[name] else {
                throw YAMLError(.error("unknown alias '*\(name)'", at: at,
                                       notes: [.init("an anchor '&\(name)' must appear before it is used")]))
            }
            if let frame = stack.last, frame.isMapping, frame.pendingKey == nil {
                guard let scalar = node.scalar else {
                    throw YAMLError(.error("a mapping key must be a scalar", at: at))
                }
                var text = scalar.text
                let hash = text.withUTF8 { ByteHash.fnv1a($0) }
                try addKey(text, hash: hash, at: at, to: frame)
                return
            }
            aliasExpansion += size
            guard aliasExpansion <= limits.maxAliasExpansion else {
                throw YAMLError(.error(
                    "aliases expand to more than \(limits.maxAliasExpansion) nodes",
                    at: at,
                    notes: [.init("a file that repeats aliases of aliases grows exponentially; write the values out")]))
            }
            add(node, size: size)
        case .mappingStart, .sequenceStart:
            let isMapping = event.kind == .mappingStart
            let at = location(event)
            if let frame = stack.last, frame.isMapping, frame.pendingKey == nil {
                throw YAMLError(.error("a mapping key must be a scalar, not \(isMapping ? "a mapping" : "a sequence")", at: at))
            }
            guard stack.count < limits.maxDepth else {
                throw YAMLError(.error("nesting is deeper than \(limits.maxDepth) levels", at: at))
            }
            try countNode(at: event)
            _ = try checkTag(event, bytes)
            let anchorName = Self.string(event.anchor, bytes)
            stack.append(Frame(isMapping: isMapping, location: at, anchor: anchorName,
                               streamsAs: isMapping ? streamedEntries(anchored: anchorName != nil) : nil,
                               itemsStart: items.count, entriesStart: entries.count))
        case .mappingEnd, .sequenceEnd:
            let frame = stack.removeLast()
            let value: YAMLNode.Value
            if frame.isMapping {
                value = .mapping(frame.streamsAs != nil ? [] : Array(entries[frame.entriesStart...]))
                entries.removeSubrange(frame.entriesStart...)
                keyHashes.removeSubrange(frame.entriesStart...)
            } else {
                value = .sequence(Array(items[frame.itemsStart...]))
                items.removeSubrange(frame.itemsStart...)
            }
            let node = YAMLNode(value, at: frame.location)
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            add(node, size: frame.size)
        }
    }

    /// How a mapping starting now hands on its entries, if it is streamed: the root mapping,
    /// and a section's mapping unless an anchor lets an alias repeat it.
    private func streamedEntries(anchored: Bool) -> ((YAMLMappingEntry) -> YAMLStreamPart)? {
        guard let streaming else { return nil }
        if stack.isEmpty { return { .entry($0) } }
        guard stack.count == 1, stack[0].streamsAs != nil, !anchored,
              let section = stack[0].pendingKey?.text, streaming.sections.contains(section) else { return nil }
        return { .sectionEntry(section: section, $0) }
    }

    /// `frame` is the innermost one, whose entries are on top of `entries`.
    private mutating func addKey(_ key: String, hash: UInt64, at location: SourceLocation, to frame: Frame) throws(YAMLError) {
        let previous: SourceLocation?
        if entries.count - frame.entriesStart < Self.scannedKeys {
            var found: SourceLocation?
            for index in frame.entriesStart..<entries.count where keyHashes[index] == hash && entries[index].key == key {
                found = entries[index].keyLocation
                break
            }
            previous = found
        } else {
            if frame.keyIndex.isEmpty {
                for entry in entries[frame.entriesStart...] { frame.keyIndex[entry.key] = entry.keyLocation }
            }
            previous = frame.keyIndex[key]
            if previous == nil { frame.keyIndex[key] = location }
        }
        if let previous {
            throw YAMLError(.error("duplicate key '\(key)'", at: location,
                                   notes: [.init("'\(key)' was first defined here", at: previous)]))
        }
        frame.pendingKey = (key, location, hash)
    }

    private mutating func add(_ node: YAMLNode, size: Int) {
        guard let frame = stack.last else {
            root = node
            return
        }
        frame.size += size
        if frame.isMapping {
            let key = frame.pendingKey!
            frame.pendingKey = nil
            keyHashes.append(key.hash)
            if let streamsAs = frame.streamsAs {
                parts.append(streamsAs(YAMLMappingEntry(key: key.text, keyLocation: key.location, value: node)))
                entries.append(YAMLMappingEntry(key: key.text, keyLocation: key.location, value: Self.stub))
            } else {
                entries.append(YAMLMappingEntry(key: key.text, keyLocation: key.location, value: node))
            }
        } else {
            items.append(node)
        }
    }
}
