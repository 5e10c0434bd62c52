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

    /// Creates a class with the given fields, class-level permissions and indexes, in one
    /// request (`POST /schemas/<class>`); returns the schema the server made.
    ///
    /// ```swift
    /// try await client.createSchema(
    ///     ParseSchema(className: "City", fields: ["name": .init(.string), "population": .init(.number)]),
    ///     indexes: [ParseSchemaIndex("name_population", on: ["name", "population"])])
    /// ```
    /// - Parameters:
    ///   - schema: The class name, its fields (built-in ones may be left out), its permissions,
    ///     and indexes of one field each in `schema.indexes` (a JSON object keeps no order, so a
    ///     compound index there is refused: give it in `indexes`).
    ///   - indexes: Indexes with their keys in order, compound ones included.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/server(_:)`` with code 103 when the class exists or its
    ///   name is invalid, 102 for an index over a field the class does not have;
    ///   ``ParseClientError/invalidRequest(_:)`` for a compound index in `schema.indexes`, or
    ///   an index named twice.
    public func createSchema(_ schema: ParseSchema, indexes: [ParseSchemaIndex] = [], options: ParseRequestOptions = .none)
        async throws(ParseClientError) -> ParseSchema {
        var ordered: [(name: String, keys: [ParseSchemaUpdate.IndexKey]?)] = []
        for (name, keys) in (schema.indexes ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard keys.count <= 1 else {
                throw .invalidRequest(ParseError(code: .invalidSchemaOperation,
                                                 message: "The order of index \(name)'s fields is lost in ParseSchema.indexes: give it in createSchema's indexes, as ParseSchemaIndex(\"\(name)\", on: [...])."))
            }
            ordered.append((name, keys.map { ParseSchemaUpdate.IndexKey($0.key, $0.value) }))
        }
        for index in indexes {
            guard !ordered.contains(where: { $0.name == index.name }) else {
                throw .invalidRequest(ParseError(code: .invalidSchemaOperation, message: "Index \(index.name) is given twice."))
            }
            ordered.append((index.name, index.keys))
        }
        var body = try WireJSON.encode { try ParseEncoder().encodeJSONValue(schema, skipKeys: .none) }
        if case .object(var members) = body {
            members.removeValue(forKey: "indexes")
            body = .object(members)
        }
        var data = try WireJSON.body(body)
        if !ordered.isEmpty {
            // The schema's JSON object, then the indexes in their order before its closing brace.
            let indexesJSON = try WireJSON.encode { try ParseSchemaUpdate.indexesJSON(ordered) }
            guard data.last == UInt8(ascii: "}") else { throw .invalidRequest(ParseError(code: .invalidJSON, message: "A schema is not a JSON object.")) }
            data.removeLast()
            data.append(contentsOf: Array(",\"indexes\":\(indexesJSON)}".utf8))
        }
        let call = ParseCall(method: .post, path: try schemaPath(schema.className), body: data, isIdempotent: false)
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
