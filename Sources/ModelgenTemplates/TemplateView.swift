/// A view model a template renders: a typed value that the compiled default templates read
/// field by field, and that the Mustache interpreter (for a user's own templates) reads as the
/// dictionary ``context``.
///
/// The emitters' view models are generated, with the compiled templates that read them, from
/// the view specification in `Tests/ModelgenTemplatesTests/TemplateViewSpecs.swift`. A plain
/// `[String: Any]` is a view too, one that only the interpreter renders.
public protocol TemplateView {
    /// The view as the Mustache interpreter sees it: dictionaries, arrays, strings, booleans.
    var context: [String: Any] { get }

    /// Renders the compiled default template `template` with this view; `false` when that
    /// template is not compiled for this kind of view.
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool
}

extension Dictionary: TemplateView where Key == String, Value == Any {
    public var context: [String: Any] { self }

    public func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool { false }
}

/// A value a view holds for a template to print that writes its own text into the output, so
/// no string of it is made for the compiled templates: a large SQL script prints hundreds of
/// thousands of quoted names and CHECK expressions, and making each one a string first (and
/// freeing it after) cost more than writing the script. The interpreter sees ``text``.
public protocol TemplateText {
    /// Appends the text to `output`.
    func write(to output: inout TemplateOutput)

    /// The same text as a string, for the Mustache interpreter.
    var text: String { get }
}

extension TemplateText {
    /// The text, written into an output of its own.
    public var text: String {
        var output = TemplateOutput()
        write(to: &output)
        return output.text
    }
}

/// The text a compiled template appends to.
///
/// With a limit, once the text has grown past that many bytes, at the end of a section's turn
/// it moves out (to `pieces`, or to the receiver given) and the text starts again empty. A
/// template only ever appends, so what has been written is final; a script of thousands of
/// tables is then never one string that doubles (and is copied) as it grows, and with a
/// receiver that writes each piece away, never held whole at all.
///
/// It is not copyable: it owns the buffer it appends to, and a template appends thousands of
/// short strings, each with one copy of its bytes and nothing else (`Array.append(contentsOf:)`
/// costs more a call than the copying itself).
public struct TemplateOutput: ~Copyable {
    /// The UTF-8 bytes written since the last piece was moved out.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// The text moved out so far, in order (always empty with a receiver).
    public private(set) var pieces: [String] = []
    private let pieceLimit: Int?
    private let receiver: ((String) -> Void)?

    public init(pieceLimit: Int? = nil) {
        self.pieceLimit = pieceLimit
        receiver = nil
        capacity = Self.initialCapacity(pieceLimit)
        base = .allocate(capacity: capacity)
    }

    /// An output that hands each piece of about `pieceLimit` bytes to `receiver` as soon as it
    /// is complete (with no limit, none is); the caller hands on the last `text` itself.
    public init(pieceLimit: Int?, receiver: @escaping (String) -> Void) {
        self.pieceLimit = pieceLimit
        self.receiver = receiver
        capacity = Self.initialCapacity(pieceLimit)
        base = .allocate(capacity: capacity)
    }

    /// An output that keeps its text whole, with room for `capacity` bytes before it grows.
    public init(capacity: Int) {
        pieceLimit = nil
        receiver = nil
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for a whole piece and a turn past the limit, so the bytes are not copied as they grow.
    private static func initialCapacity(_ pieceLimit: Int?) -> Int {
        pieceLimit.map { $0 + $0 / 4 } ?? 1024
    }

    /// The text written since the last piece was moved out.
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Appends `text`. Its bytes are read where they are: `withUTF8` needs a copy of the
    /// string to call on, and copying a view's string out of its array retains and releases
    /// its storage, which cost more than appending its bytes.
    @inlinable @inline(__always)
    public mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0) }) == nil { appendCopy(of: text) }
    }

    /// Appends a string whose bytes are not in one piece (a bridged one).
    @usableFromInline
    mutating func appendCopy(of text: String) {
        var text = text
        text.withUTF8 { append(utf8: $0) }
    }

    /// Appends `text`, written by itself straight into the output.
    @inlinable
    public mutating func append<Text: TemplateText>(_ text: Text) {
        text.write(to: &self)
    }

    /// Appends one byte of UTF-8 (for a ``TemplateText`` that writes its text itself).
    @inlinable
    public mutating func append(byte: UInt8) {
        if count == capacity { grow(to: Swift.max(capacity * 2, count + 1)) }
        base[count] = byte
        count += 1
    }

    /// Appends a template's literal text. Always inlined into the compiled templates, as
    /// `append` is: most appends are a few bytes, and a call is a large part of their cost
    /// (the optimizer left both as calls in the long compiled Swift templates).
    @inlinable @inline(__always)
    public mutating func appendLiteral(_ literal: StaticString) {
        if literal.hasPointerRepresentation {
            append(utf8: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        } else {
            append(String(literal.unicodeScalar))
        }
    }

    /// Appends UTF-8 bytes: what every other append comes down to, and what a
    /// ``TemplateText`` that writes its text itself calls.
    @inlinable @inline(__always)
    public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity - count { grow(to: Swift.max(capacity * 2, count + bytes.count)) }
        (base + count).initialize(from: start, count: bytes.count)
        count += bytes.count
    }

    @usableFromInline
    mutating func grow(to wanted: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = wanted
    }

    /// Marks the end of one turn of a section: the text moves out if it is past the limit.
    public mutating func endTurn() {
        guard let pieceLimit, count >= pieceLimit else { return }
        let piece = text
        count = 0
        if let receiver { receiver(piece) } else { pieces.append(piece) }
    }
}

/// A list of views made one at a time as a compiled template walks it, so a large list (a SQL
/// script's tables) never exists all at once: each element is built when its turn comes and
/// dropped once rendered. Walking it twice builds the elements twice. The interpreter sees it
/// as a ``LazyContextList`` of the elements' contexts.
public struct LazyViewList<Element>: Sequence {
    public let count: Int
    private let element: (Int) -> Element

    /// A list of `count` elements; `element(i)` makes the `i`th.
    public init(count: Int, element: @escaping (Int) -> Element) {
        self.count = count
        self.element = element
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(index: Int) -> Element { element(index) }

    public func makeIterator() -> AnyIterator<Element> {
        var index = 0
        return AnyIterator {
            guard index < count else { return nil }
            defer { index += 1 }
            return element(index)
        }
    }
}
