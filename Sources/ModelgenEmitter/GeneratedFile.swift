/// One output file: its text held in memory until the writer decides what to do with it, or,
/// for a file too large to hold (a SQL script of thousands of tables), rendered piece by piece
/// whenever it is read, so the writer can compare and write it without ever holding it whole.
public struct GeneratedFile: Sendable, Hashable {
    /// Path relative to the output directory, `/`-separated.
    public var path: String
    /// The schema files it came from, as the header names them.
    public var sources: [String]
    private var body: Body
    /// Set for a file another program draws (see ``Drawing``): its text comes from
    /// ``Drawing/draw`` when the pipeline finds it out of date, not from `body`.
    public private(set) var drawing: Drawing?

    private enum Body: Sendable {
        /// The text, header included, in the pieces it was made in.
        case held([String])
        /// Renders the text, header included, handing each piece to the receiver in order.
        case streamed(@Sendable (_ receiver: (String) -> Void) -> Void)
    }

    /// Builds a file whose first lines are the generated-file header, written as comments with
    /// `commentPrefix` (`//` for Swift, `--` for SQL).
    public init(path: String, sources: [String], commentPrefix: String, body: String) {
        self.path = path
        self.sources = sources
        self.body = .held([GeneratedHeader.text(sources: sources, commentPrefix: commentPrefix) + body])
    }

    /// A file whose `text` begins with its header already (see `GeneratedHeader.text`): the
    /// emitter wrote its body after the header, into one string, instead of the two being
    /// joined here, a copy of the whole text.
    public init(path: String, sources: [String], headedText text: String) {
        precondition(GeneratedHeader.isGenerated(text.utf8), "\(path) does not begin with modelgen's header")
        self.path = path
        self.sources = sources
        self.body = .held([text])
    }

    /// A JSON file, which cannot hold a comment and so has no header. It counts as modelgen's
    /// by the JavaScript file of the same name beside it (`schema.js` for `schema.json`),
    /// which the same emitter writes with the header (see `GeneratedHeader.isCompanionJSON`).
    public init(path: String, sources: [String], json text: String) {
        precondition(path.hasSuffix(".json"), "\(path) is not a JSON file")
        self.path = path
        self.sources = sources
        self.body = .held([text])
    }

    /// A file rendered whenever it is read: `renderBody` hands the body, in pieces, to the
    /// receiver it is given. Each reading renders it again, so a reader that needs the text
    /// more than once keeps `held()`.
    public init(path: String, sources: [String], commentPrefix: String,
                streaming renderBody: @escaping @Sendable (_ receiver: (String) -> Void) -> Void) {
        self.path = path
        self.sources = sources
        let header = GeneratedHeader.text(sources: sources, commentPrefix: commentPrefix)
        self.body = .streamed { receiver in
            receiver(header)
            renderBody(receiver)
        }
    }

    /// A file another program draws, such as an SVG that Graphviz draws from a DOT file. It
    /// holds no text until the pipeline has it drawn (``GeneratedFile/drawn(_:)``).
    public init(path: String, sources: [String], drawing: Drawing) {
        self.path = path
        self.sources = sources
        self.body = .held([])
        self.drawing = drawing
    }

    /// This drawn file with `body`, what the program drew, after its header: an ordinary file
    /// from then on.
    public func drawn(_ body: String) -> GeneratedFile {
        guard let drawing else { return self }
        return GeneratedFile(path: path, sources: sources, headedText: drawing.header(sources: sources) + body)
    }

    /// This drawn file with the text already on disk, `text`, which was drawn from the same
    /// source: an ordinary file that the writer then finds unchanged.
    public func kept(_ text: String) -> GeneratedFile {
        var file = self
        file.body = .held([text])
        file.drawing = nil
        return file
    }

    /// Whether the text is rendered on every reading rather than held.
    public var isStreamed: Bool {
        if case .streamed = body { return true }
        return false
    }

    /// Hands the text, header included, to `receiver` in order, in the pieces it was made in.
    public func forEachPiece(_ receiver: (String) -> Void) {
        switch body {
        case .held(let pieces): pieces.forEach(receiver)
        case .streamed(let render): render(receiver)
        }
    }

    /// The text, header included, in the order it is written.
    public var pieces: [String] {
        switch body {
        case .held(let pieces): return pieces
        case .streamed:
            var pieces: [String] = []
            forEachPiece { pieces.append($0) }
            return pieces
        }
    }

    /// The same file with its text held: rendered once, if it is streamed.
    public func held() -> GeneratedFile {
        var file = self
        file.body = .held(pieces)
        return file
    }

    /// The full text, header included.
    public var contents: String {
        get {
            let pieces = pieces
            return pieces.count == 1 ? pieces[0] : pieces.joined()
        }
        set { body = .held([newValue]) }
    }

    /// The length of the text in UTF-8 bytes.
    public var byteCount: Int {
        var count = 0
        forEachPiece { count += $0.utf8.count }
        return count
    }

    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        forEachPiece { bytes.append(contentsOf: $0.utf8) }
        return bytes
    }

    public static func == (a: GeneratedFile, b: GeneratedFile) -> Bool {
        a.path == b.path && a.sources == b.sources && a.contents == b.contents
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(sources)
        hasher.combine(contents)
    }
}

/// How a file that another program draws is made, and when. Its bytes depend on that
/// program's version (Graphviz lays out and writes SVG its own way in each), so it cannot be
/// compared byte for byte: its header names the `digest` of what it is drawn from, and a file
/// on disk with the same digest is up to date whatever its bytes. Otherwise ``draw`` makes it
/// again; when the program is not installed, the file on disk is kept as it is.
public struct Drawing: Sendable {
    /// Identifies what the file is drawn from (a digest of the DOT text).
    public var digest: String
    /// What draws it and from what, for its header: `Drawn by Graphviz from Library.dot`.
    public var origin: String
    /// Draws the file's text after its header; `nil` when the program is not installed.
    public var draw: (@Sendable () -> Result<String, Failure>)?

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    public init(digest: String, origin: String, draw: (@Sendable () -> Result<String, Failure>)?) {
        self.digest = digest
        self.origin = origin
        self.draw = draw
    }

    /// The words in the header that name the digest.
    public var digestMark: String { "(digest \(digest))" }

    /// The header: an XML comment (the drawn files are SVG), whose first line is the one
    /// every generated file starts with.
    public func header(sources: [String]) -> String {
        GeneratedHeader.markupText(sources: sources, detail: "\(origin) \(digestMark); `modelgen gen` draws it again when that changes.")
    }
}

/// The header that marks a file as modelgen's. It names the schema and says the file is
/// generated; it never holds a time or a version, so output is the same on every machine.
/// The writer replaces or removes only files that start with it.
public enum GeneratedHeader {
    static let marker = " Generated by modelgen from "
    static let ending = ". Do not edit."

    /// The header as one HTML or XML comment (`<!-- ... -->`), for Markdown and SVG files,
    /// with `detail` as its second line.
    public static func markupText(sources: [String], detail: String = "Edit the schema and run `modelgen gen` to update it.") -> String {
        """
        <!--\(marker)\(sources.joined(separator: ", "))\(ending)
             \(detail) -->

        """
    }

    public static func text(sources: [String], commentPrefix: String) -> String {
        """
        \(commentPrefix)\(marker)\(sources.joined(separator: ", "))\(ending)
        \(commentPrefix) Edit the schema and run `modelgen gen` to update it.


        """
    }

    /// The file that vouches for the JSON file at `path` (a path ending in `.json`): the `.js`
    /// file of the same name beside it. A JSON file, which has no comments, is modelgen's when
    /// that file carries the header; `nil` for any other path.
    public static func companion(ofJSON path: String) -> String? {
        path.hasSuffix(".json") ? String(path.dropLast(".json".count)) + ".js" : nil
    }

    /// Whether `prefix` (the first bytes of a file) starts with a modelgen header: a first line
    /// of a comment mark (no spaces), the marker, the sources and the ending. Compared as
    /// bytes, as they were written: `check` and `gen` ask this of every file in the output.
    public static func isGenerated(_ prefix: some Collection<UInt8>) -> Bool {
        let line = Array(prefix.prefix { $0 != UInt8(ascii: "\n") })
        guard line.count >= markerBytes.count + endingBytes.count, line.suffix(endingBytes.count).elementsEqual(endingBytes)
        else { return false }
        // The comment mark ends where the marker first starts.
        for start in 1...(line.count - markerBytes.count) where line[start...].starts(with: markerBytes) {
            return !line[..<start].contains(UInt8(ascii: " "))
        }
        return false
    }

    private static let markerBytes = Array(marker.utf8)
    private static let endingBytes = Array(ending.utf8)
}

/// Rules for paths inside the output directory.
public enum OutputPath {
    /// Why `path` may not be written, or `nil` when it is a plain relative path.
    public static func problem(with path: String) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = path.utf8
        if bytes.isEmpty { return "is empty" }
        if bytes.first == slash { return "is absolute" }
        if bytes.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\\") }) { return "contains a NUL or backslash" }
        // Each component, as its length and how many of its bytes are dots: empty, `.` and
        // `..` are refused (`...` is an ordinary name).
        var length = 0, dots = 0
        func isRefused() -> Bool { length == 0 || (length == dots && dots <= 2) }
        for byte in bytes {
            if byte == slash {
                if isRefused() { return "leaves the output directory or has an empty component" }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == dot { dots += 1 }
            }
        }
        return isRefused() ? "leaves the output directory or has an empty component" : nil
    }
}
