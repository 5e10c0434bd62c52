import Foundation

// The schema API (`/schemas`), always with the master key.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Every class's schema (`GET /schemas`, answered `{"results":[…]}`).
    /// - Parameter options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` without a configured master key.
    public func schemas(options: ParseRequestOptions = .none) async throws(ParseClientError) -> [ParseSchema] {
        let response = try await execute(ParseCall(method: .get, path: "schemas", isIdempotent: true), options: options.requiringMasterKey)
        return try decode(SchemaList.self, from: response).results
    }

    /// The `GET /schemas` answer as the server sent it. A decoded JSON object keeps no order,
    /// and a schema's order says something (the fields as the server lists them, a compound
    /// index's keys): `modelgen import` reads this.
    /// - Parameter options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` without a configured master key.
    public func schemasJSON(options: ParseRequestOptions = .none) async throws(ParseClientError) -> Data {
        try await execute(ParseCall(method: .get, path: "schemas", isIdempotent: true), options: options.requiringMasterKey).body
    }

    /// One class's schema (`GET /schemas/<class>`).
    /// - Parameters:
    ///   - className: The class name.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/server(_:)`` with ``ParseError/Code-swift.enum/invalidClassName``
    ///   (103) when there is no such class.
    public func schema(of className: String, options: ParseRequestOptions = .none) async throws(ParseClientError) -> ParseSchema {
        let response = try await execute(ParseCall(method: .get, path: try schemaPath(className), isIdempotent: true),
                                         options: options.requiringMasterKey)
        return try decode(ParseSchema.self, from: response)
    }

    /// Creates a class with the given fields and class-level permissions
    /// (`POST /schemas/<class>`); returns the schema the server made.
    /// - Parameters:
    ///   - schema: The class name, its fields (built-in ones may be left out), and its
    ///     permissions. Give indexes with a later ``updateSchema(_:_:options:)``, which keeps
    ///     the order of a compound index's fields.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/server(_:)`` with code 103 when the class exists or its
    ///   name is invalid; ``ParseClientError/invalidRequest(_:)`` when `schema` has indexes.
    public func createSchema(_ schema: ParseSchema, options: ParseRequestOptions = .none) async throws(ParseClientError) -> ParseSchema {
        guard schema.indexes?.isEmpty ?? true else {
            throw .invalidRequest(ParseError(code: .invalidSchemaOperation,
                                             message: "Add the indexes of \(schema.className) with updateSchema, which keeps their fields' order."))
        }
        var body = try WireJSON.encode { try ParseEncoder().encodeJSONValue(schema, skipKeys: .none) }
        if case .object(var members) = body {
            members.removeValue(forKey: "indexes")
            body = .object(members)
        }
        let call = ParseCall(method: .post, path: try schemaPath(schema.className), body: try WireJSON.body(body), isIdempotent: false)
        let response = try await execute(call, options: options.requiringMasterKey)
        return try decode(ParseSchema.self, from: response)
    }

    /// Changes a class's schema (`PUT /schemas/<class>`): adds and deletes fields and
    /// indexes, replaces the class-level permissions; returns the updated schema. Deleting a
    /// field deletes its data.
    /// - Parameters:
    ///   - className: The class name.
    ///   - update: The changes.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/server(_:)`` with Parse's codes: 255 for a field that
    ///   exists with another type or does not exist, 136 for a built-in field, 102 for an index
    ///   that exists or does not, or over a missing field, 103 for a missing class.
    public func updateSchema(_ className: String, _ update: ParseSchemaUpdate, options: ParseRequestOptions = .none)
        async throws(ParseClientError) -> ParseSchema {
        let body = try WireJSON.encode { try update.body(className: className) }
        let call = ParseCall(method: .put, path: try schemaPath(className), body: body, isIdempotent: true)
        let response = try await execute(call, options: options.requiringMasterKey)
        return try decode(ParseSchema.self, from: response)
    }

    /// Deletes a class's schema (`DELETE /schemas/<class>`); the class must have no objects.
    /// - Parameters:
    ///   - className: The class name.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/server(_:)`` with code 255 when the class still has objects.
    public func deleteSchema(_ className: String, options: ParseRequestOptions = .none) async throws(ParseClientError) {
        _ = try await execute(ParseCall(method: .delete, path: try schemaPath(className), isIdempotent: true),
                              options: options.requiringMasterKey)
    }

    private struct SchemaList: Decodable {
        var results: [ParseSchema]
    }

    private func schemaPath(_ className: String) throws(ParseClientError) -> String {
        guard ParseEndpoint.isValidClassName(className) else {
            throw .invalidRequest(ParseError(code: .invalidClassName, message: "Invalid class name \"\(className)\"."))
        }
        return "schemas/" + className
    }
}
