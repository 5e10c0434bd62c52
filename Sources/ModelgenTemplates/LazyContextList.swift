import Mustache

/// A ``LazyViewList`` as the Mustache interpreter sees it: the list of its elements'
/// dictionaries. The interpreter, which renders user templates and may apply transforms such as
/// `reversed(...)`, is given the whole array.
public struct LazyContextList: Sequence, MustacheCustomRepresentation, CustomStringConvertible {
    public let count: Int
    private let element: (Int) -> [String: Any]

    /// A list of `count` elements; `element(i)` makes the `i`th.
    public init(count: Int, element: @escaping (Int) -> [String: Any]) {
        self.count = count
        self.element = element
    }

    public var isEmpty: Bool { count == 0 }

    public func makeIterator() -> AnyIterator<[String: Any]> {
        var index = 0
        return AnyIterator {
            guard index < count else { return nil }
            defer { index += 1 }
            return element(index)
        }
    }

    /// Every element, as the interpreter sees the list.
    public var materialized: [[String: Any]] { Array(self) }

    public var representation: Any? { materialized }

    public var description: String { String(describing: materialized) }
}
