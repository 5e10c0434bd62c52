import Foundation

// Create, get, update and delete of single objects.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Creates `object` (`POST /classes/<class>`, expecting 201 with `objectId` and `createdAt`).
    ///
    /// Nested objects are sent as pointers. Those without an `objectId` (in a pointer field, an
    /// array of pointers, or deeper) are created first, as ParseSwift does: level by level,
    /// deepest first, each level in one `POST /batch` (split every 50), and an unsaved object
    /// reached twice (equal values) is created once. With
    /// ``ParseClientConfiguration/allowsCustomObjectId`` the client gives them ids and sends
    /// them and `object` as one transaction batch instead: all or nothing. Without it, a
    /// failure after some were created throws ``ParseClientError/incompleteSave(_:)`` naming
    /// them. Turn this off with ``ParseClientConfiguration/savesUnsavedChildren`` or
    /// ``ParseRequestOptions/savesUnsavedChildren``: an unsaved nested object is then refused
    /// before anything is sent.
    ///
    /// Not repeated after a transient failure (a second create would make a duplicate) unless
    /// the options opt in, except when the connection was refused.
    /// - Parameters:
    ///   - object: The object to create; it must not have an `objectId` unless
    ///     ``ParseClientConfiguration/allowsCustomObjectId`` is set.
    ///   - options: Per-call options.
    /// - Returns: `object` with the server's `objectId`, `createdAt` (also as `updatedAt`) and
    ///   any field the server set; the unsaved objects it pointed to have their `objectId`,
    ///   `createdAt` and `updatedAt` too, and keep every other field.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` before anything is sent for a cycle
    ///   of unsaved objects.
    public func create<T: ParseObject>(_ object: T, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T {
        if savesUnsavedChildren(options) {
            let children = try UnsavedChildren(of: object)
            if !children.isEmpty {
                return try await sendAfterCreating(children, call: { saved throws(ParseClientError) in
                    try createCall(object, saved: saved)
                }, result: { response, status, saved throws(ParseClientError) in
                    try createdObject(object, response: response, status: status, saved: saved)
                }, options: options)
            }
        }
        let call = try createCall(object)
        let response = try await execute(call, options: options)
        return try createdObject(object, response: try decodeObject(from: response), status: response.status)
    }

    /// Fetches the object of class `T` with id `objectId` (`GET /classes/<class>/<id>`), every
    /// field, pointers as pointers.
    /// - Parameters:
    ///   - type: The model type.
    ///   - objectId: The object's id.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/server(_:)`` with ``ParseError/Code-swift.enum/objectNotFound``
    ///   (HTTP 404) when there is no such object or it cannot be read.
    public func get<T: ParseObject>(
        _ type: T.Type = T.self, id objectId: String, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> T {
        try await get(T.self, id: objectId, include: [String](), keys: nil, excludeKeys: [], options: options)
    }

    /// Fetches one object by id with a selection of its fields, named as strings
    /// (`GET /classes/<class>/<id>?include=…&keys=…&excludeKeys=…`).
    ///
    /// A field left out by `keys` or `excludeKeys` is `nil` in the result: do not save it back
    /// with ``update(_:fields:options:)`` naming that field, which would delete it.
    /// - Parameters:
    ///   - type: The model type.
    ///   - objectId: The object's id.
    ///   - include: Pointer fields to return whole, dot paths allowed (`["genre", "list.owner"]`).
    ///   - keys: When given, only these fields are returned (with `objectId`, `createdAt`,
    ///     `updatedAt` and `ACL`); dot paths reach into included objects.
    ///   - excludeKeys: Fields not to return.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/server(_:)`` with ``ParseError/Code-swift.enum/objectNotFound``
    ///   (HTTP 404) when there is no such object or it cannot be read.
    public func get<T: ParseObject>(
        _ type: T.Type = T.self, id objectId: String, include: [String] = [], keys: [String]? = nil,
        excludeKeys: [String] = [], options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> T {
        var call = ParseCall(method: .get, path: try objectPath(T.self, objectId: objectId), isIdempotent: true)
        if let keys {
            call.query.append(("keys", keys.joined(separator: ",")))
        }
        if !excludeKeys.isEmpty {
            call.query.append(("excludeKeys", excludeKeys.joined(separator: ",")))
        }
        if !include.isEmpty {
            call.query.append(("include", include.joined(separator: ",")))
        }
        let response = try await execute(call, options: options)
        return try decode(T.self, from: response)
    }

    /// Fetches one object by id with a selection of its fields, named by their typed keys:
    /// `get(Book.self, id: id, include: [Book.Field.genre], keys: [Book.Field.title, Book.Field.genre])`.
    ///
    /// A field left out by `keys` or `excludeKeys` is `nil` in the result: do not save it back
    /// with ``update(_:fields:options:)`` naming that field, which would delete it.
    /// - Parameters:
    ///   - type: The model type.
    ///   - objectId: The object's id.
    ///   - include: Pointer fields of `T` (or paths made with `appending`) to return whole.
    ///   - keys: When given, only these fields are returned (with `objectId`, `createdAt`,
    ///     `updatedAt` and `ACL`).
    ///   - excludeKeys: Fields not to return.
    ///   - options: Per-call options.
    public func get<T: ParseObject>(
        _ type: T.Type = T.self, id objectId: String, include: [any ParseFieldKey<T>] = [], keys: [any ParseFieldKey<T>]? = nil,
        excludeKeys: [any ParseFieldKey<T>] = [], options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> T {
        try await get(T.self, id: objectId, include: include.map(\.name), keys: keys?.map(\.name),
                      excludeKeys: excludeKeys.map(\.name), options: options)
    }

    /// Fetches the current state of a saved object, every field.
    /// - Parameters:
    ///   - object: A saved object.
    ///   - options: Per-call options.
    public func fetch<T: ParseObject>(_ object: T, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T {
        try await get(T.self, id: try requireObjectId(object), options: options)
    }

    /// Fetches the current state of a saved object with a selection of its fields, named as
    /// strings, as `get(_:id:include:keys:excludeKeys:options:)` does.
    /// - Parameters:
    ///   - object: A saved object.
    ///   - include: Pointer fields to return whole.
    ///   - keys: When given, only these fields are returned.
    ///   - excludeKeys: Fields not to return.
    ///   - options: Per-call options.
    public func fetch<T: ParseObject>(
        _ object: T, include: [String] = [], keys: [String]? = nil, excludeKeys: [String] = [],
        options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> T {
        try await get(T.self, id: try requireObjectId(object), include: include, keys: keys, excludeKeys: excludeKeys, options: options)
    }

    /// Fetches the current state of a saved object with a selection of its fields, named by
    /// their typed keys.
    /// - Parameters:
    ///   - object: A saved object.
    ///   - include: Pointer fields of `T` to return whole.
    ///   - keys: When given, only these fields are returned.
    ///   - excludeKeys: Fields not to return.
    ///   - options: Per-call options.
    public func fetch<T: ParseObject>(
        _ object: T, include: [any ParseFieldKey<T>] = [], keys: [any ParseFieldKey<T>]? = nil,
        excludeKeys: [any ParseFieldKey<T>] = [], options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> T {
        try await get(T.self, id: try requireObjectId(object), include: include, keys: keys, excludeKeys: excludeKeys, options: options)
    }

    /// Saves the changes of a saved object (`PUT /classes/<class>/<id>`).
    ///
    /// When the object has ``ParseObject/originalData`` (it was made with
    /// ``ParseObject/mergeable`` or ``ParseObject/set(_:to:)``), only the fields whose value
    /// differs from the original are sent; otherwise every non-nil field is. Clear a field with
    /// ``update(_:fields:options:)`` or ``ParseUpdate/unset(_:)``.
    ///
    /// Objects without an `objectId` that the sent fields point to are created first, as
    /// ``create(_:options:)`` describes.
    /// - Parameters:
    ///   - object: A saved object.
    ///   - options: Per-call options.
    /// - Returns: The object (merged with its original when it had one) with the new
    ///   `updatedAt`; the unsaved objects it pointed to have their ids and timestamps.
    public func update<T: ParseObject>(_ object: T, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T {
        if savesUnsavedChildren(options) {
            let children = try UnsavedChildren(of: object, fields: try ObjectChange<T>.changedFields(of: object))
            if !children.isEmpty {
                return try await sendAfterCreating(children, call: { saved throws(ParseClientError) in
                    try ObjectChange(changesOf: object, saved: saved).call()
                }, result: { response, status, saved throws(ParseClientError) in
                    try ObjectChange(changesOf: object, saved: saved).result(response: response, status: status, redactor: redactor())
                }, options: options)
            }
        }
        let change = try ObjectChange(changesOf: object)
        return try await send(change, options: options)
    }

    /// Saves exactly the given fields of a saved object; a listed field that is `nil` is
    /// deleted on the server (`{"__op":"Delete"}`).
    /// - Parameters:
    ///   - object: A saved object.
    ///   - fields: The fields to save.
    ///   - options: Per-call options.
    public func update<T: ParseObject>(
        _ object: T, fields: [any ParseFieldKey<T>], options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> T {
        let change = try ObjectChange(object, fields: fields.map(\.name))
        return try await send(change, options: options)
    }

    /// Applies a typed update (`PUT /classes/<class>/<id>`) and merges the result: the set
    /// values, the deleted fields, `updatedAt` and the new values the server returns for
    /// Increment/Add/AddUnique/Remove.
    /// - Parameters:
    ///   - update: The update.
    ///   - options: Per-call options.
    /// - Returns: The target with the changes, or an object with only the id and the returned
    ///   fields when the update was made from an id.
    public func update<T: ParseObject>(_ update: ParseUpdate<T>, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T {
        try await send(try ObjectChange(update), options: options)
    }

    /// Sends a ``ParseOperation`` (for example the result of a relation's `add`) as an update of
    /// its target.
    /// - Parameters:
    ///   - operation: The operations and their target, which must be saved.
    ///   - options: Per-call options.
    public func update<T: ParseObject>(_ operation: ParseOperation<T>, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T {
        try await send(try ObjectChange(operation), options: options)
    }

    /// Creates `object` when it has no `objectId`, otherwise updates it.
    /// - Parameters:
    ///   - object: The object.
    ///   - options: Per-call options.
    public func save<T: ParseObject>(_ object: T, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T {
        object.objectId == nil ? try await create(object, options: options) : try await update(object, options: options)
    }

    /// Deletes a saved object (`DELETE /classes/<class>/<id>`, answered with `{}`).
    /// - Parameters:
    ///   - object: A saved object.
    ///   - options: Per-call options.
    public func delete<T: ParseObject>(_ object: T, options: ParseRequestOptions = .none) async throws(ParseClientError) {
        try await delete(T.self, id: try requireObjectId(object), options: options)
    }

    /// Deletes the object of class `T` with id `objectId`.
    /// - Parameters:
    ///   - type: The model type.
    ///   - objectId: The object's id.
    ///   - options: Per-call options.
    public func delete<T: ParseObject>(
        _ type: T.Type, id objectId: String, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) {
        let call = ParseCall(method: .delete, path: try objectPath(T.self, objectId: objectId), isIdempotent: true)
        let response = try await execute(call, options: options)
        if !response.body.isEmpty {
            _ = try decodeObject(from: response)
        }
    }

    // MARK: Shared with batches

    /// The create call for `object`; the unsaved objects it points to are written as pointers
    /// to their copies in `saved`.
    func createCall<T: ParseObject>(_ object: T, saved: SavedChildren = SavedChildren()) throws(ParseClientError) -> ParseCall {
        if object.objectId != nil, !configuration.allowsCustomObjectId {
            throw .invalidRequest(ParseError(
                code: .unknownError,
                message: "The \(T.className) already has an objectId; update it, or enable allowsCustomObjectId."))
        }
        let fields = try WireJSON.saveFields(object, keepObjectId: configuration.allowsCustomObjectId, saved: saved)
        return ParseCall(method: .post, path: try classPath(T.self), body: try WireJSON.body(fields), isIdempotent: false)
    }

    /// `object` with the fields of a create response merged in, and the objects in `saved`
    /// given their ids and timestamps.
    func createdObject<T: ParseObject>(
        _ object: T, response: [String: JSONValue], status: Int, saved: SavedChildren = SavedChildren()
    ) throws(ParseClientError) -> T {
        guard case .string = response["objectId"], response["createdAt"] != nil else {
            throw .decoding(ParseDecodingFailure(
                httpStatus: status, path: response["objectId"] == nil ? "objectId" : "createdAt",
                message: "a create response needs a string objectId and a createdAt"))
        }
        var merged = saved.patched(try WireJSON.snapshot(object))
        merged.merge(response) { _, new in new }
        if response["updatedAt"] == nil {
            merged["updatedAt"] = response["createdAt"]
        }
        merged.removeValue(forKey: "sessionToken")
        return try WireJSON.decode(T.self, from: merged, status: status, redactor: redactor())
    }

    /// Sends an update and merges its response.
    private func send<T: ParseObject>(_ change: ObjectChange<T>, options: ParseRequestOptions) async throws(ParseClientError) -> T {
        let response = try await execute(try change.call(), options: options)
        return try change.result(response: try decodeObject(from: response), status: response.status, redactor: redactor())
    }

    /// The class path of `T`, or an invalid-request error.
    func classPath<T: ParseObject>(_ type: T.Type) throws(ParseClientError) -> String {
        do {
            return try ParseEndpoint.classPath(T.className)
        } catch let error as ParseError {
            throw .invalidRequest(error)
        } catch {
            throw .invalidRequest(ParseError(code: .invalidClassName, message: "\(error)"))
        }
    }

    /// The object path of `T` with `objectId`, or an invalid-request error.
    func objectPath<T: ParseObject>(_ type: T.Type, objectId: String) throws(ParseClientError) -> String {
        do {
            return try ParseEndpoint.objectPath(T.className, objectId: objectId)
        } catch let error as ParseError {
            throw .invalidRequest(error)
        } catch {
            throw .invalidRequest(ParseError(code: .invalidClassName, message: "\(error)"))
        }
    }

    /// The object's id, or an invalid-request error when it is unsaved.
    func requireObjectId<T: ParseObject>(_ object: T) throws(ParseClientError) -> String {
        guard let objectId = object.objectId else {
            throw .invalidRequest(ParseError(code: .missingObjectId, message: "The \(T.className) has no objectId; save it first."))
        }
        return objectId
    }
}
