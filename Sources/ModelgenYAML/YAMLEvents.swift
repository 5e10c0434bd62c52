// libyaml: Yams's copy of its source on Apple's systems, the system's library elsewhere
// (Package.swift says why).
#if canImport(CYaml)
import CYaml
#else
import CLibYAML
#endif
import ModelgenDiagnostics

/// libyaml's events for a stretch of a file, copied out of libyaml's allocations into two flat
/// arrays: libyaml's own event is freed as soon as it is copied, and the tree builder reads
/// plain values, a few hundred events at a time.
struct YAMLEvents {
    var events: [YAMLEvent] = []
    /// The text of every scalar, alias, anchor and tag of `events`, one after another.
    var bytes: [UInt8] = []

    init(capacity: Int) {
        events.reserveCapacity(capacity)
    }

    /// How many events it holds.
    var count: Int { events.count }

    /// Copies `event` in, without the kinds a tree has no use for (stream start, document end).
    mutating func append(_ event: yaml_event_t) {
        var copy = YAMLEvent(startLine: Int32(clamping: event.start_mark.line), startColumn: Int32(clamping: event.start_mark.column),
                             endLine: Int32(clamping: event.end_mark.line))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            copy.kind = .documentStart
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            copy.kind = .scalar
            copy.style = switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            copy.value = data.value == nil ? YAMLEvent.Text(offset: 0, length: 0) : text(data.value, count: Int(data.length))
            copy.anchor = text(data.anchor)
            copy.tag = text(data.tag)
        case YAML_ALIAS_EVENT:
            copy.kind = .alias
            copy.value = text(event.data.alias.anchor)
        case YAML_MAPPING_START_EVENT:
            copy.kind = .mappingStart
            copy.anchor = text(event.data.mapping_start.anchor)
            copy.tag = text(event.data.mapping_start.tag)
        case YAML_SEQUENCE_START_EVENT:
            copy.kind = .sequenceStart
            copy.anchor = text(event.data.sequence_start.anchor)
            copy.tag = text(event.data.sequence_start.tag)
        case YAML_MAPPING_END_EVENT:
            copy.kind = .mappingEnd
        case YAML_SEQUENCE_END_EVENT:
            copy.kind = .sequenceEnd
        default:
            return
        }
        events.append(copy)
    }

    /// Where `count` bytes at `pointer` (a NUL-terminated string when `count` is `nil`) now are.
    private mutating func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int? = nil) -> YAMLEvent.Text {
        guard let pointer else { return .none }
        let length = count ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        let offset = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: length))
        return YAMLEvent.Text(offset: Int32(truncatingIfNeeded: offset), length: Int32(truncatingIfNeeded: length))
    }
}

/// One event, as a tree needs it: its kind, where it is, and where its texts are in the
/// batch's bytes.
struct YAMLEvent {
    enum Kind: UInt8 {
        case documentStart, scalar, alias, mappingStart, sequenceStart, mappingEnd, sequenceEnd
    }

    /// A stretch of the batch's bytes; `none` when the event has no such text.
    struct Text {
        var offset: Int32
        var length: Int32

        static let none = Text(offset: 0, length: -1)
        var isPresent: Bool { length >= 0 }

        /// Its bytes among the batch's `bytes` (none when absent).
        func bytes(in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(offset)..<Int(offset + max(length, 0))])
        }
    }

    var kind = Kind.documentStart
    var style = YAMLScalar.Style.plain
    /// libyaml's marks: 0-based line and column (in characters).
    var startLine: Int32
    var startColumn: Int32
    var endLine: Int32
    /// A scalar's text, or an alias's anchor name.
    var value = Text.none
    var anchor = Text.none
    var tag = Text.none
}

/// libyaml's parser over text in memory: a file's events, a batch at a time, and its errors as
/// located diagnostics.
struct EventParser: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeBufferPointer<UInt8>
    private let origin: SourceLocation
    /// Set at the end of the stream, after which libyaml gives only empty events.
    private var ended = false
    /// An error found after events that are still to be handed on: thrown on the next call,
    /// so that the events before it are built first and an error they hold comes first.
    private var pending: YAMLError?

    /// Yams's libyaml (Apple's systems) has a nesting limit of its own that Debian's 0.2.5 does
    /// not: a process-wide 1,000 levels, less the flow levels its scanner has read ahead, so a
    /// file that opens many `[` at once fails at the first with "Maximum nesting level
    /// reached". The reader limits depth itself (`YAMLLimits.maxDepth`) with a located error,
    /// so libyaml's limit is lifted, once, for both builds to say the same.
    private static let nestingLimitLifted: Void = {
        #if canImport(CYaml)
        yaml_set_max_nest_level(Int32.max)
        #endif
    }()

    /// `input` must outlive the parser.
    init(_ input: UnsafeBufferPointer<UInt8>, file: String) throws(YAMLError) {
        _ = Self.nestingLimitLifted
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            throw YAMLError(.error("libyaml could not start (out of memory)", at: nil))
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(bitPattern: 1), input.count)
        self.input = input
        origin = SourceLocation(file: file, line: 1, column: 1)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Parses up to `limit` more events into a batch; `nil` at the end of the stream. An
    /// error is thrown once the events before it have been returned.
    mutating func next(_ limit: Int) throws(YAMLError) -> YAMLEvents? {
        if let pending { throw pending }
        guard !ended else { return nil }
        var batch = YAMLEvents(capacity: limit)
        var event = yaml_event_t()
        while batch.count < limit {
            guard yaml_parser_parse(parser, &event) == 1 else {
                guard batch.count > 0 else { throw error() }
                pending = error()
                return batch
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT {
                ended = true
                return batch.count > 0 ? batch : nil
            }
            batch.append(event)
        }
        return batch
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        origin.moved(toLine: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func error() -> YAMLError {
        let parser = parser.pointee
        var message = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if let context = parser.context {
            message = "\(String(cString: context)): \(message)"
        }
        var notes: [Diagnostic.Note] = []
        if parser.context != nil, parser.context_mark.line != parser.problem_mark.line || parser.context_mark.column != parser.problem_mark.column {
            notes.append(.init("the construct started here", at: location(parser.context_mark)))
        }
        if parser.error != YAML_READER_ERROR, let problem = parser.problem,
           let hint = YAMLIndentationHint.note(for: String(cString: problem), problemLine: Int(parser.problem_mark.line),
                                               contextLine: parser.context == nil ? nil : Int(parser.context_mark.line),
                                               contextColumn: parser.context == nil ? nil : Int(parser.context_mark.column), in: input) {
            notes.append(.init(hint))
        }
        if message.contains("tab character") || Self.firstByte(at: parser.problem_mark, in: input) == UInt8(ascii: "\t") {
            notes.append(.init("YAML does not allow tabs for indentation; use spaces"))
        }
        if message.contains("incompatible YAML document") {
            notes.append(.init("modelgen reads YAML 1.2 and 1.1; remove the %YAML directive or make it %YAML 1.2"))
        }
        if parser.problem_mark.column > 1024, message.contains("mapping values are not allowed") || message.contains("could not find expected ':'") {
            notes.append(.init("a key longer than 1024 characters must be written as an explicit key: '? KEY' on one line, ': VALUE' on the next"))
        }
        var at = location(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a mark.
            let offset = min(Int(parser.problem_offset), input.count)
            var line = 1, column = 1
            for byte in input[..<offset] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            at = SourceLocation(file: origin.file, line: line, column: column)
            if offset < input.count, input[offset] < 0x20 || input[offset] == 0x7F {
                let hex = String(input[offset], radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
            } else if offset + 1 < input.count, input[offset] == 0xC2, (0x80...0x9F).contains(input[offset + 1]) {
                message += " (U+00\(String(input[offset + 1], radix: 16, uppercase: true)))"
            }
        }
        return YAMLError(.error("malformed YAML: \(message)", at: at, notes: notes))
    }

    /// The first byte of the character at a libyaml mark (0-based line, column in characters).
    private static func firstByte(at mark: yaml_mark_t, in input: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var line = 0, column = 0
        for byte in input {
            if line == Int(mark.line), column == Int(mark.column) { return byte }
            if byte == 0x0A {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            if line > Int(mark.line) { return nil }
        }
        return nil
    }
}

extension YAMLReader {
    /// Parses `bytes` with libyaml, handing its events on to `send` in batches of `batchSize`,
    /// in order; `send` returns `false` to stop. What libyaml checks is checked here and
    /// thrown, after the events before the error were sent; the rest (keys, aliases, tags,
    /// limits) is checked as `TreeBuilder` builds the tree.
    static func events(_ bytes: [UInt8], file: String, limits: YAMLLimits, batchSize: Int,
                       into send: (YAMLEvents) -> Bool) throws(YAMLError) {
        try withCheckedText(bytes, file: file, limits: limits) { text throws(YAMLError) in
            var parser = try EventParser(text, file: file)
            while let batch = try parser.next(max(1, batchSize)) {
                guard send(batch) else { return }
            }
        }
    }
}
