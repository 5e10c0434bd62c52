/// The context stack a compiled template renders with: the same lookups and section rules as
/// the Mustache interpreter, over the same view models (dictionaries, arrays, strings, booleans),
/// without its per-lookup dynamic casts.
///
/// Rules, as swift-mustache applies them:
/// - a name is looked up in the innermost dictionary frame that has it, then outwards; a dotted
///   name looks up its first part that way and the rest inside the value found; `.` is the
///   innermost frame itself;
/// - a section over an array renders once per element with the element pushed; over `true`
///   once with nothing pushed; over `false`, `nil` or an empty array not at all; over any other
///   value once with the value pushed. An inverted section renders exactly when a section would
///   not (or the array is empty);
/// - a value prints as itself when it is a string, else as `String(describing:)`.
///
/// A ``LazyContextList`` is walked like the array of its dictionaries, each made in its turn.
public struct TemplateStack {
    private enum Frame {
        case dictionary([String: Any])
        case value(Any)
    }

    private var frames: [Frame]

    /// With a limit: once the text has grown past this many bytes, at the end of a section's
    /// turn it moves to `pieces` and the text starts again empty. A template only ever appends,
    /// so what has been written is final; a script of thousands of tables is then never one
    /// string that doubles (and is copied) as it grows.
    private let pieceLimit: Int?
    /// The text moved out so far, in order.
    public private(set) var pieces: [String] = []

    /// A stack holding the root view model.
    public init(_ root: [String: Any], pieceLimit: Int? = nil) {
        frames = [.dictionary(root)]
        self.pieceLimit = pieceLimit
    }

    /// The value of `name`, a simple name or `.`, or `nil`.
    public func lookup(_ name: String) -> Any? {
        name == "." ? top : lookupInStack(name)
    }

    /// The value of a dotted name, split at its dots (`["a", "b"]` for `a.b`), or `nil`.
    public func lookup(path: [String]) -> Any? {
        var value = lookupInStack(path[0])
        for part in path.dropFirst() {
            guard let dictionary = value as? [String: Any] else { return nil }
            value = dictionary[part]
        }
        return value
    }

    private var top: Any {
        switch frames[frames.count - 1] {
        case .dictionary(let dictionary): return dictionary
        case .value(let value): return value
        }
    }

    private func lookupInStack(_ name: String) -> Any? {
        for frame in frames.reversed() {
            if case .dictionary(let dictionary) = frame, let value = dictionary[name] {
                return value
            }
        }
        return nil
    }

    /// Appends the value of `name` (a simple name or `.`) as text; nothing when it has none.
    public func append(_ name: String, to output: inout String) {
        append(value: lookup(name), to: &output)
    }

    /// Appends the value of a dotted name as text; nothing when it has none.
    public func append(path: [String], to output: inout String) {
        append(value: lookup(path: path), to: &output)
    }

    private func append(value: Any?, to output: inout String) {
        guard let value else { return }
        if let text = value as? String {
            output += text
        } else {
            output += String(describing: value)
        }
    }

    /// Renders `body` for the section `name` (a simple name or `.`).
    public mutating func section(_ name: String, _ output: inout String,
                                 _ body: (inout TemplateStack, inout String) -> Void) {
        section(value: lookup(name), &output, body)
    }

    /// Renders `body` for the section of a dotted name.
    public mutating func section(path: [String], _ output: inout String,
                                 _ body: (inout TemplateStack, inout String) -> Void) {
        section(value: lookup(path: path), &output, body)
    }

    private mutating func section(value: Any?, _ output: inout String,
                                  _ body: (inout TemplateStack, inout String) -> Void) {
        switch value {
        case nil:
            return
        case let flag as Bool:
            if flag { body(&self, &output) }
        case let dictionaries as [[String: Any]]:
            for dictionary in dictionaries { rendering(.dictionary(dictionary), &output, body) }
        case let list as LazyContextList:
            for dictionary in list { rendering(.dictionary(dictionary), &output, body) }
        case let strings as [String]:
            for string in strings { rendering(.value(string), &output, body) }
        case let values as [Any]:
            for value in values { rendering(Self.frame(value), &output, body) }
        case let value?:
            rendering(Self.frame(value), &output, body)
        }
    }

    /// Renders `body` for the inverted section `name` (a simple name or `.`).
    public mutating func invertedSection(_ name: String, _ output: inout String,
                                         _ body: (inout TemplateStack, inout String) -> Void) {
        invertedSection(value: lookup(name), &output, body)
    }

    /// Renders `body` for the inverted section of a dotted name.
    public mutating func invertedSection(path: [String], _ output: inout String,
                                         _ body: (inout TemplateStack, inout String) -> Void) {
        invertedSection(value: lookup(path: path), &output, body)
    }

    private mutating func invertedSection(value: Any?, _ output: inout String,
                                          _ body: (inout TemplateStack, inout String) -> Void) {
        let rendersNothing: Bool
        switch value {
        case nil: rendersNothing = false
        case let flag as Bool: rendersNothing = flag
        case let dictionaries as [[String: Any]]: rendersNothing = !dictionaries.isEmpty
        case let list as LazyContextList: rendersNothing = !list.isEmpty
        case let strings as [String]: rendersNothing = !strings.isEmpty
        case let values as [Any]: rendersNothing = !values.isEmpty
        default: rendersNothing = true
        }
        guard !rendersNothing else { return }
        // The interpreter pushes the (empty or absent) value; nothing in it can be looked up.
        body(&self, &output)
    }

    private mutating func rendering(_ frame: Frame, _ output: inout String,
                                    _ body: (inout TemplateStack, inout String) -> Void) {
        frames.append(frame)
        body(&self, &output)
        frames.removeLast()
        if let pieceLimit, output.utf8.count >= pieceLimit {
            pieces.append(output)
            output = ""
        }
    }

    private static func frame(_ value: Any) -> Frame {
        if let dictionary = value as? [String: Any] { return .dictionary(dictionary) }
        return .value(value)
    }
}
