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

/// The Parse name of a relation field of `Model` whose objects are `Target`s. A type of its own,
/// so that only what Parse allows on a relation compiles: adding and removing objects
/// (`AddRelation`, `RemoveRelation`), querying the children (`$relatedTo`) and finding the
/// owners of an object (`==`, `$inQuery`). Setting it, ordering by it or including it does not.
public struct ParseRelationField<Model, Target>: Sendable, Hashable, CustomStringConvertible {
    /// The field's name in Parse.
    public let name: String

    /// A relation field named `name`.
    /// - Parameter name: The field's name in Parse.
    public init(_ name: String) {
        self.name = name
    }

    /// The field's name.
    public var description: String { name }
}
