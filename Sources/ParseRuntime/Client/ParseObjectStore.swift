/// The object calls that the REST client (``ParseClient``) and the on-device store
/// (`LocalStore` in `ParseLocalStore`) both answer, with the same meaning: app code written
/// against `some ParseObjectStore` runs against either.
///
/// ```swift
/// func cheapBooks(in store: some ParseObjectStore) async throws -> [Book] {
///     try await store.find(Book.query(Book.Field.price < 10).order(.ascending(Book.Field.price)))
/// }
/// ```
///
/// Every call throws ``ParseClientError``: a missing object is
/// ``ParseClientError/server(_:)`` with ``ParseError/Code-swift.enum/objectNotFound`` from both.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public protocol ParseObjectStore: Sendable {
    /// Creates `object`, giving it an `objectId`, `createdAt` and `updatedAt`.
    func create<T: ParseObject>(_ object: T) async throws(ParseClientError) -> T
    /// Creates `object` when it has no `objectId`, otherwise saves the fields that changed.
    func save<T: ParseObject>(_ object: T) async throws(ParseClientError) -> T
    /// Applies a typed update (sets, deletes, increments, list and relation operations).
    func update<T: ParseObject>(_ update: ParseUpdate<T>) async throws(ParseClientError) -> T
    /// The object of class `T` with id `objectId`.
    func get<T: ParseObject>(_ type: T.Type, id objectId: String) async throws(ParseClientError) -> T
    /// The objects `query` matches, in its order, after its skip and within its limit (100
    /// when it sets none, as Parse Server's default).
    func find<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> [T]
    /// The first object `query` matches, if any.
    func first<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> T?
    /// How many objects `query` matches, whatever its limit and skip.
    func count<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> Int
    /// Deletes a saved object.
    func delete<T: ParseObject>(_ object: T) async throws(ParseClientError)
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient: ParseObjectStore {
    public func create<T: ParseObject>(_ object: T) async throws(ParseClientError) -> T {
        try await create(object, options: .none)
    }

    public func save<T: ParseObject>(_ object: T) async throws(ParseClientError) -> T {
        try await save(object, options: .none)
    }

    public func update<T: ParseObject>(_ update: ParseUpdate<T>) async throws(ParseClientError) -> T {
        try await self.update(update, options: .none)
    }

    public func get<T: ParseObject>(_ type: T.Type, id objectId: String) async throws(ParseClientError) -> T {
        try await get(type, id: objectId, options: .none)
    }

    public func find<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> [T] {
        try await find(query, options: .none)
    }

    public func first<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> T? {
        try await first(query, options: .none)
    }

    public func count<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> Int {
        try await count(query, options: .none)
    }

    public func delete<T: ParseObject>(_ object: T) async throws(ParseClientError) {
        try await delete(object, options: .none)
    }
}
