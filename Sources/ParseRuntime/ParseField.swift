import Foundation

/// The Parse name of a model field, typed by its model and value (both phantom types), for
/// building queries without string typos: `Book.Field.title` is a `ParseField<Book, String>`.
public struct ParseField<Model, Value>: Sendable, Hashable, CustomStringConvertible {
    /// The field's name in Parse.
    public let name: String

    /// A field named `name`.
    /// - Parameter name: The field's name in Parse.
    public init(_ name: String) {
        self.name = name
    }

    /// The field's name.
    public var description: String { name }
}
