import Foundation

// Cloud Code: functions (`POST /functions/<name>`) and jobs (`POST /jobs/<name>`).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Calls the Cloud Code function `name` with `parameters` (`POST /functions/<name>`) and
    /// decodes the `result` it answers (`{"result": …}`) as `Result`.
    ///
    /// Parameters are encoded as Parse JSON: dates as Parse Dates, saved objects as pointers.
    /// A function that returns nothing answers no `result`, which decodes as `nil` into an
    /// optional `Result` (or `JSONValue.null`). A function may change data, so the call is not
    /// repeated after a transient failure unless the options opt in.
    /// - Parameters:
    ///   - name: The function's name.
    ///   - parameters: The parameters, any `Encodable` value that encodes as a JSON object.
    ///   - returning: The type of the result.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/server(_:)`` with the function's own error code, or
    ///   ``ParseError/Code-swift.enum/scriptFailed`` (141) when it failed otherwise or does not
    ///   exist; ``ParseClientError/decoding(_:)`` when the result is not a `Result`.
    public func callFunction<Parameters: Encodable, Result: Decodable>(
        _ name: String, parameters: Parameters, returning: Result.Type = Result.self, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> Result {
        let call = try cloudCall("functions", name, parameters: parameters)
        let response = try await execute(call, options: options)
        let answer = try decodeObject(from: response)
        return try WireJSON.decodeResult(Result.self, from: answer["result"] ?? .null, status: response.status, redactor: redactor([]))
    }

    /// Calls the Cloud Code function `name` without parameters; see
    /// ``callFunction(_:parameters:returning:options:)``.
    /// - Parameters:
    ///   - name: The function's name.
    ///   - returning: The type of the result.
    ///   - options: Per-call options.
    public func callFunction<Result: Decodable>(
        _ name: String, returning: Result.Type = Result.self, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> Result {
        try await callFunction(name, parameters: [String: JSONValue](), returning: Result.self, options: options)
    }

    /// Starts the background job `name` with `parameters` (`POST /jobs/<name>`, always with
    /// the master key, as Parse Server requires) and returns the id of its `_JobStatus` object,
    /// from the `X-Parse-Job-Status-Id` header. The job runs on after the call returns.
    /// - Parameters:
    ///   - name: The job's name.
    ///   - parameters: The parameters, any `Encodable` value that encodes as a JSON object.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` without a configured master key;
    ///   ``ParseClientError/server(_:)`` (141) for an unknown job.
    @discardableResult
    public func startJob<Parameters: Encodable>(
        _ name: String, parameters: Parameters, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> String {
        let call = try cloudCall("jobs", name, parameters: parameters)
        let response = try await execute(call, options: options.requiringMasterKey)
        guard let statusId = response.headers["X-Parse-Job-Status-Id"], !statusId.isEmpty else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "X-Parse-Job-Status-Id",
                                                 message: "a job's answer needs the X-Parse-Job-Status-Id header"))
        }
        return statusId
    }

    /// Starts the background job `name` without parameters; see ``startJob(_:parameters:options:)``.
    /// - Parameters:
    ///   - name: The job's name.
    ///   - options: Per-call options; the master key is used whatever they say.
    @discardableResult
    public func startJob(_ name: String, options: ParseRequestOptions = .none) async throws(ParseClientError) -> String {
        try await startJob(name, parameters: [String: JSONValue](), options: options)
    }

    /// `POST /<kind>/<name>` with the parameters as a JSON object; never repeated by default.
    private func cloudCall<Parameters: Encodable>(_ kind: String, _ name: String, parameters: Parameters) throws(ParseClientError) -> ParseCall {
        guard !name.isEmpty else {
            throw .invalidRequest(ParseError(code: .scriptFailed, message: "A Cloud Code \(kind == "jobs" ? "job" : "function") needs a name."))
        }
        let json = try WireJSON.parameters(parameters)
        guard case .object = json else {
            throw .encoding("Cloud Code parameters must encode as a JSON object, not \(Parameters.self).")
        }
        return ParseCall(method: .post, path: kind + "/" + ParseEndpoint.percentEncode(name), body: try WireJSON.body(json), isIdempotent: false)
    }
}
