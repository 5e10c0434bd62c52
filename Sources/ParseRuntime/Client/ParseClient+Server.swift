import Foundation

// The app's config (`/config`) and the server's health (`/health`).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// The app's config parameters (`GET /config`, answered `{"params":{…}}`), decoded as
    /// `Params`: a `Decodable` type with a property per parameter (optional for those that
    /// may be missing), or `[String: JSONValue]`.
    /// - Parameters:
    ///   - type: The type of the parameters.
    ///   - options: Per-call options; with the master key the answer also holds the
    ///     master-key-only parameters.
    public func config<Params: Decodable>(_ type: Params.Type = Params.self, options: ParseRequestOptions = .none)
        async throws(ParseClientError) -> Params {
        let response = try await execute(ParseCall(method: .get, path: "config", isIdempotent: true), options: options)
        let answer = try decodeObject(from: response)
        return try WireJSON.decodeResult(Params.self, from: answer["params"] ?? [:], status: response.status, redactor: redactor([]),
                                         key: "params")
    }

    /// Sets config parameters (`PUT /config` with `{"params":{…}}`, always with the master
    /// key); parameters not named keep their values.
    /// - Parameters:
    ///   - params: The parameters to set, any `Encodable` value that encodes as a JSON object.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` without a configured master key.
    public func updateConfig<Params: Encodable>(_ params: Params, options: ParseRequestOptions = .none) async throws(ParseClientError) {
        let json = try WireJSON.parameters(params)
        guard case .object = json else {
            throw .encoding("Config parameters must encode as a JSON object, not \(Params.self).")
        }
        let call = ParseCall(method: .put, path: "config", body: try WireJSON.body(["params": json]), isIdempotent: true)
        _ = try await execute(call, options: options.requiringMasterKey)
    }

    /// The server's health (`GET /health`): `"ok"` once it serves requests.
    /// - Parameter options: Per-call options.
    /// - Throws: like any call when the server answers an error status (a starting server
    ///   answers 503, which is retried as the retry policy allows).
    public func health(options: ParseRequestOptions = .none) async throws(ParseClientError) -> String {
        let response = try await execute(ParseCall(method: .get, path: "health", isIdempotent: true), options: options)
        guard case .string(let status)? = try decodeObject(from: response)["status"] else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "status", message: "a health answer needs a status"))
        }
        return status
    }
}
