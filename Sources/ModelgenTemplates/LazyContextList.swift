import Mustache

/// A ``LazyViewList`` as the Mustache interpreter sees it: the list of its elements'
/// dictionaries. The interpreter, which renders user templates and may apply transforms such as
/// `reversed(...)`, is given the whole array.
public struct LazyContextList: MustacheCustomRepresentation, CustomStringConvertible {
    private let list: LazyViewList<[String: Any]>

    /// A list of `count` elements; `element(i)` makes the `i`th.
    public init(count: Int, element: @escaping (Int) -> [String: Any]) {
        list = LazyViewList(count: count, element: element)
    }

    /// Every element, as the interpreter sees the list.
    public var materialized: [[String: Any]] { Array(list) }

    public var representation: Any? { materialized }

    public var description: String { String(describing: materialized) }
}
