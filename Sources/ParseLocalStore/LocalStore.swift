#if LocalStore
import Foundation
import GRDB
import ParseRuntime
import ParseWire

/// The generated models kept on the device, in SQLite through GRDB: the tables modelgen writes
/// for the model, answering the same calls as ``ParseClient`` with the same meaning
/// (``ParseObjectStore``).
///
/// ```swift
/// let store = try await LocalStore(path: url.path, schema: .library)
/// let book = try await store.create(Book(title: "Dune", publishingYear: 1965))
/// let recent = try await store.find(Book.query(Book.Field.publishingYear >= 1960).order(.ascending(Book.Field.title)))
/// ```
///
/// Every call is one transaction: a refused write (a duplicate unique value, a missing
/// required field, a value out of bounds, a restricted delete) changes nothing and throws
/// ``ParseClientError/localStore(_:)`` naming class and field. A query the store cannot answer
/// exactly throws too, rather than answering differently from the server.
///
/// The store is safe to use from any task or actor at once: reads run in parallel beside one
/// writer (SQLite's WAL mode, GRDB's `DatabasePool`).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class LocalStore: ParseObjectStore {
    /// What opening a file made from another version of the schema does.
    public enum SchemaChange: Sendable, Hashable {
        /// Refuse to open it (``LocalStoreError/Kind/schemaMismatch``), changing nothing.
        case refuse
        /// Empty it and create the new tables: for a store that only caches what the server has.
        case rebuild
    }

    /// Whether the store records each write for ``sync(with:options:)``.
    public enum Changes: Sendable, Hashable {
        /// Each write is recorded with its row, for a sync to push (the default).
        case recorded
        /// Writes are not recorded: a store that lives on the device only, with smaller files
        /// and faster writes. ``sync(with:options:)`` and ``live(with:classes:)`` refuse it
        /// (``LocalStoreError/Kind/changesNotRecorded``).
        case notRecorded
    }

    /// The schema the store was opened with.
    public let schema: LocalSchema
    /// The file's path.
    public let path: String
    let pool: DatabasePool
    let reader: ObjectReader
    let writer: ObjectWriter
    /// One sync at a time.
    let syncGate = SyncGate()
    private let redactor = Redactor(secrets: [])

    /// Opens the store at `path`, creating the file and its tables if needed.
    /// - Parameters:
    ///   - path: The SQLite file; its folder is made when missing.
    ///   - schema: The generated schema of the model (`.library`).
    ///   - onSchemaChange: What to do with a file made from another version of the schema.
    ///   - changes: Whether writes are recorded for sync. A file keeps the choice it was made
    ///     with: opening it with the other one throws ``LocalStoreError/Kind/schemaMismatch``
    ///     (a store whose writes were not all recorded could never sync them).
    /// - Throws: ``ParseClientError/localStore(_:)``: ``LocalStoreError/Kind/schemaMismatch``
    ///   for a file of another schema or version, ``LocalStoreError/Kind/database`` when the
    ///   file cannot be opened.
    public init(
        path: String, schema: LocalSchema, onSchemaChange: SchemaChange = .refuse, changes: Changes = .recorded
    ) async throws(ParseClientError) {
        self.schema = schema
        self.path = path
        let tables = StoreSchema(schema)
        reader = ObjectReader(schema: tables)
        var writer = ObjectWriter(schema: tables, reader: reader)
        writer.recordsChanges = changes == .recorded
        self.writer = writer
        var configuration = Configuration()
        configuration.label = "ParseLocalStore"
        // Pointers may name objects the device does not hold (a partial cache), which SQLite's
        // foreign keys would refuse; the store applies the schema's onDelete rules itself.
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            db.add(function: RegexMatching.function)
        }
        do {
            // On iOS, Application Support does not exist until an app makes it.
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StoreFailure.map(error, className: nil)
        }
        let pool = pool
        do {
            try await pool.write { db in
                try StoreSetup.prepare(db, schema: schema, onSchemaChange: onSchemaChange, changes: changes, path: path)
            }
        } catch {
            try? pool.close()
            throw StoreFailure.map(error, className: nil)
        }
    }

    /// Closes the file; calls after this fail.
    public func close() throws(ParseClientError) {
        do {
            try pool.close()
        } catch {
            throw StoreFailure.map(error, className: nil)
        }
    }

    // MARK: Writes

    /// Creates `object`, giving it an `objectId` (its own if it has one), `createdAt` and
    /// `updatedAt`.
    /// - Returns: `object` with its id and timestamps.
    public func create<T: ParseObject>(_ object: T) async throws(ParseClientError) -> T {
        let fields = try WireJSON.saveFields(object, keepObjectId: true)
        let writer = writer
        let response = try await write(T.className) { db in
            try writer.insert(db, className: T.className, fields: fields, objectId: object.objectId, createdAt: nil, updatedAt: nil,
                              ids: try LocalIds.Resolver(db))
        }
        return Self.created(object, response)
    }

    /// A created object as the caller gets it back: the object given, with the id and
    /// timestamps the insert answered (and no ``ParseObject/originalData``: every field is new).
    private static func created<T: ParseObject>(_ object: T, _ response: [String: JSONValue]) -> T {
        var result = object
        result.objectId = response["objectId"]?.stringValue ?? object.objectId
        result.createdAt = response["createdAt"]?.stringValue.flatMap(ISO8601Millis.date(from:))
        result.updatedAt = response["updatedAt"]?.stringValue.flatMap(ISO8601Millis.date(from:))
        result.originalData = nil
        return result
    }

    /// Creates `object` when it has no `objectId`; otherwise saves the fields that differ from
    /// its ``ParseObject/originalData`` (all of them without one), as ``ParseClient/save(_:options:)``
    /// does. An object with an id the store does not hold yet (one read from the server) is
    /// stored whole, keeping its timestamps.
    public func save<T: ParseObject>(_ object: T) async throws(ParseClientError) -> T {
        try await save([object])[0]
    }

    /// Saves every object in one transaction: all of them, or none when one is refused.
    /// - Returns: The saved objects, in order.
    public func save<T: ParseObject>(_ objects: [T]) async throws(ParseClientError) -> [T] {
        var steps: [SaveStep] = []
        var changes: [ObjectChange<T>?] = []
        steps.reserveCapacity(objects.count)
        for object in objects {
            let fields = try WireJSON.saveFields(object, keepObjectId: true)
            if let objectId = object.objectId {
                let change = try ObjectChange(changesOf: object)
                changes.append(change)
                steps.append(SaveStep(fields: fields, objectId: objectId, changes: change.body,
                                      createdAt: object.createdAt.flatMap(Self.dateText), updatedAt: object.updatedAt.flatMap(Self.dateText)))
            } else {
                changes.append(nil)
                steps.append(SaveStep(fields: fields, objectId: nil, changes: nil, createdAt: nil, updatedAt: nil))
            }
        }
        let writer = writer
        let plannedSteps = steps
        let outcomes = try await write(T.className) { db in
            let ids = try LocalIds.Resolver(db)
            return try plannedSteps.map { step in try step.run(db, className: T.className, writer: writer, ids: ids) }
        }
        var results: [T] = []
        results.reserveCapacity(objects.count)
        for (index, outcome) in outcomes.enumerated() {
            if outcome.updated, let change = changes[index] {
                results.append(try change.result(response: outcome.response, status: 200, redactor: redactor))
            } else {
                results.append(Self.created(objects[index], outcome.response))
            }
        }
        return results
    }

    /// Applies a typed update: every operation of ``ParseUpdate``, relations included.
    /// - Returns: The target with the changes, as ``ParseClient/update(_:options:)`` returns it.
    public func update<T: ParseObject>(_ update: ParseUpdate<T>) async throws(ParseClientError) -> T {
        try await apply(try ObjectChange(update))
    }

    /// Applies a ``ParseOperation`` (what a relation's `add` and `remove` return) to its target.
    public func update<T: ParseObject>(_ operation: ParseOperation<T>) async throws(ParseClientError) -> T {
        try await apply(try ObjectChange(operation))
    }

    private func apply<T: ParseObject>(_ change: ObjectChange<T>) async throws(ParseClientError) -> T {
        let writer = writer
        let response = try await write(T.className) { db in
            let ids = try LocalIds.Resolver(db)
            let objectId = try ids.current(T.className, change.objectId)
            var response = try writer.update(db, className: T.className, objectId: objectId, body: change.body, ids: ids)
            if objectId != change.objectId { response["objectId"] = .string(objectId) }
            return response
        }
        return try change.result(response: response, status: 200, redactor: redactor)
    }

    /// Deletes a saved object, following the schema's `onDelete` rules: pointers to it with
    /// `cascade` delete their objects, `setNull` clear the pointer, `restrict` refuse the
    /// delete; its relations are emptied both ways.
    public func delete<T: ParseObject>(_ object: T) async throws(ParseClientError) {
        guard let objectId = object.objectId else {
            throw .invalidRequest(ParseError(code: .missingObjectId, message: "The \(T.className) has no objectId; save it first."))
        }
        let writer = writer
        try await write(T.className) { db in
            try writer.delete(db, className: T.className, objectId: try LocalIds.Resolver(db).current(T.className, objectId))
        }
    }

    // MARK: Reads

    /// The object of class `T` with id `objectId`.
    /// - Throws: ``ParseClientError/server(_:)`` with ``ParseError/Code-swift.enum/objectNotFound``,
    ///   as the client does, when the store has no such object.
    public func get<T: ParseObject>(_ type: T.Type, id objectId: String) async throws(ParseClientError) -> T {
        let reader = reader
        let found = try await read(T.className) { db in
            try reader.object(db, className: T.className, objectId: try LocalIds.Resolver(db).current(T.className, objectId))
        }
        guard let found else {
            throw .server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404))
        }
        return try WireJSON.decode(T.self, from: found, status: 200, redactor: redactor)
    }

    /// The objects `query` matches, in its order, after its skip and within its limit (100 when
    /// it sets none, as Parse Server's default).
    public func find<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> [T] {
        let request = try Self.request(query)
        let reader = reader
        let rows = try await read(T.className) { db in try reader.find(db, request) }
        return try decode(rows)
    }

    /// The first object `query` matches, if any.
    public func first<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> T? {
        try await find(query.limit(1)).first
    }

    /// How many objects `query` matches, whatever its limit and skip.
    public func count<T: ParseObject>(_ query: ParseQuery<T>) async throws(ParseClientError) -> Int {
        let request = try Self.request(query)
        let reader = reader
        return try await read(T.className) { db in try reader.count(db, request) }
    }

    /// The result of `query` now and each time it changes, for as long as the loop runs: an
    /// `AsyncSequence` of `[T]` for SwiftUI views and background tasks alike.
    ///
    /// ```swift
    /// for try await books in store.observe(Book.query().order(.ascending(Book.Field.title))) {
    ///     titles = books.compactMap(\.title)
    /// }
    /// ```
    public func observe<T: ParseObject>(_ query: ParseQuery<T>) -> LocalObservation<T> {
        let reader = reader
        let request: Result<ObjectReader.Request, ParseClientError>
        do {
            request = .success(try Self.request(query))
        } catch {
            request = .failure(error)
        }
        return LocalObservation(pool: pool, request: request, reader: reader, redactor: redactor)
    }

    // MARK: Shared

    static func request<T: ParseObject>(_ query: ParseQuery<T>) throws(ParseClientError) -> ObjectReader.Request {
        guard case .object(let constraints) = try query.whereJSON() else {
            throw .invalidRequest(ParseError(code: .invalidQuery, message: "A query's where must be a JSON object."))
        }
        if let limit = query.limitCount, limit < 0 {
            throw .invalidRequest(ParseError(code: .invalidQuery, message: "The limit must not be negative."))
        }
        if let skip = query.skipCount, skip < 0 {
            throw .invalidRequest(ParseError(code: .invalidQuery, message: "The skip must not be negative."))
        }
        return ObjectReader.Request(className: T.className, constraints: constraints, order: query.sortKeys,
                                    limit: query.limitCount, skip: query.skipCount, keys: query.selectedKeys,
                                    excludeKeys: query.excludedKeys, include: query.includedPaths)
    }

    private func decode<T: ParseObject>(_ rows: [[String: JSONValue]]) throws(ParseClientError) -> [T] {
        var objects: [T] = []
        objects.reserveCapacity(rows.count)
        for row in rows {
            objects.append(try WireJSON.decode(T.self, from: row, status: 200, redactor: redactor))
        }
        return objects
    }

    private static func dateText(_ date: Date) -> String? {
        ISO8601Millis.string(from: date)
    }

    func write<Result: Sendable>(
        _ className: String?, _ body: @escaping @Sendable (Database) throws -> Result
    ) async throws(ParseClientError) -> Result {
        do {
            return try await pool.write(body)
        } catch {
            throw failure(error, className: className)
        }
    }

    func read<Result: Sendable>(
        _ className: String?, _ body: @escaping @Sendable (Database) throws -> Result
    ) async throws(ParseClientError) -> Result {
        do {
            return try await pool.read(body)
        } catch {
            throw failure(error, className: className)
        }
    }

    private func failure(_ error: any Error, className: String?) -> ParseClientError {
        StoreFailure.map(error, className: className, fields: Set(className.flatMap { reader.schema.tables[$0] }?.fieldsByName.keys ?? [:].keys))
    }
}

/// One object of a ``LocalStore/save(_:)-([T])``: created when it has no id or the store does
/// not hold it yet, otherwise updated with the fields that changed.
struct SaveStep: Sendable {
    let fields: [String: JSONValue]
    let objectId: String?
    /// The update body, for an object with an id.
    let changes: [String: JSONValue]?
    let createdAt: String?
    let updatedAt: String?

    func run(_ db: Database, className: String, writer: ObjectWriter, ids: LocalIds.Resolver) throws -> (response: [String: JSONValue], updated: Bool) {
        if let given = objectId, let changes {
            let objectId = try ids.current(className, given)
            if let current = try writer.reader.object(db, className: className, objectId: objectId) {
                var response = try writer.update(db, className: className, objectId: objectId, body: changes, current: current, ids: ids)
                if objectId != given { response["objectId"] = .string(objectId) }
                return (response, true)
            }
        }
        return (try writer.insert(db, className: className, fields: fields, objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ids: ids), false)
    }
}

/// The results of an observed query: its result now, then each time a write changes it.
/// Leaving the loop (or cancelling its task) stops the observation.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct LocalObservation<T: ParseObject>: AsyncSequence, Sendable {
    public typealias Element = [T]

    let pool: DatabasePool
    let request: Result<ObjectReader.Request, ParseClientError>
    let reader: ObjectReader
    let redactor: Redactor

    public func makeAsyncIterator() -> Iterator {
        switch request {
        case .failure(let error):
            return Iterator(values: nil, failure: error, redactor: redactor)
        case .success(let request):
            let reader = reader
            let observation = ValueObservation.tracking { db in try reader.find(db, request) }.removeDuplicates()
            return Iterator(values: observation.values(in: pool).makeAsyncIterator(), failure: nil, redactor: redactor)
        }
    }

    /// Gives each new result; throws ``ParseClientError`` when the query cannot run.
    public struct Iterator: AsyncIteratorProtocol {
        var values: AsyncValueObservation<[[String: JSONValue]]>.Iterator?
        var failure: ParseClientError?
        let redactor: Redactor

        public mutating func next() async throws -> [T]? {
            if let failure {
                self.failure = nil
                values = nil
                throw failure
            }
            guard var iterator = values else { return nil }
            let rows: [[String: JSONValue]]?
            do {
                rows = try await iterator.next()
            } catch {
                values = nil
                throw StoreFailure.map(error, className: T.className)
            }
            values = iterator
            guard let rows else { return nil }
            var objects: [T] = []
            for row in rows {
                objects.append(try WireJSON.decode(T.self, from: row, status: 200, redactor: redactor))
            }
            return objects
        }
    }
}
#endif
