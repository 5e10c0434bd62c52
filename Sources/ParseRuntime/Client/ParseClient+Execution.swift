import Foundation

// Sending one call: headers, timeout, retries, and turning the response into a typed error.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Sends `call` and returns its successful (2xx) response, retrying transient failures.
    /// - Throws: ``ParseClientError`` for every failure.
    func execute(_ call: ParseCall, options: ParseRequestOptions) async throws(ParseClientError) -> HTTPResponse {
        let redactor = redactor(call.secrets + [options.sessionToken].compactMap { $0 })
        let request = try makeRequest(call, options: options)
        let policy = options.retryPolicy ?? configuration.retryPolicy
        let maySendAgain = call.isIdempotent || options.retriesNonIdempotentRequests
        var attempt = 1
        while true {
            if Task.isCancelled {
                throw .cancelled
            }
            log("-> \(request.method) \(Redactor.redactingUserInfo(request.url)) (attempt \(attempt) of \(policy.maxAttempts))",
                redactor: redactor)
            let outcome = await sendOnce(request, redactor: redactor)
            let retry = attempt < policy.maxAttempts
                ? retryDelay(after: outcome, attempt: attempt, policy: policy, maySendAgain: maySendAgain)
                : nil
            guard let delay = retry?.delay else {
                return try finish(outcome, request: request, redactor: redactor)
            }
            log("retrying \(request.method) \(Redactor.redactingUserInfo(request.url)) in \(delay) after \(retry?.reason ?? "")",
                redactor: redactor)
            do {
                try await sleeper.sleep(for: delay)
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    /// The request for `call`: URL, headers (credentials included) and body.
    func makeRequest(_ call: ParseCall, options: ParseRequestOptions) throws(ParseClientError) -> HTTPRequest {
        let url: URL
        do {
            url = try ParseEndpoint.url(serverURL: configuration.serverURL, mountPath: configuration.mountPath, call: call)
        } catch let error as ParseError {
            throw .invalidRequest(error)
        } catch {
            throw .invalidRequest(ParseError(code: .unknownError, message: "\(error)"))
        }
        var headers = HTTPHeaders()
        headers["X-Parse-Application-Id"] = configuration.applicationId
        if options.useMasterKey ?? configuration.usesMasterKeyByDefault {
            guard let masterKey = configuration.masterKey else {
                throw .invalidRequest(ParseError(code: .operationForbidden,
                                                 message: "The call needs the master key, and none is configured."))
            }
            headers["X-Parse-Master-Key"] = masterKey
        } else {
            if let restAPIKey = configuration.restAPIKey {
                headers["X-Parse-REST-API-Key"] = restAPIKey
            }
            if let clientKey = configuration.clientKey {
                headers["X-Parse-Client-Key"] = clientKey
            }
        }
        if let token = options.sessionToken ?? sessionToken {
            headers["X-Parse-Session-Token"] = token
        }
        if let installationId = configuration.installationId {
            headers["X-Parse-Installation-Id"] = installationId
        }
        if configuration.sendsRequestId {
            headers["X-Parse-Request-Id"] = UUID().uuidString.lowercased()
        }
        for header in call.headers {
            headers[header.name] = header.value
        }
        var body = call.body
        var bodyFile: URL?
        if let upload = call.upload {
            headers["Content-Type"] = upload.contentType
            switch upload.content {
            case .data(let data): body = data
            case .file(let file): bodyFile = file
            }
        } else if call.body != nil {
            headers["Content-Type"] = "application/json"
        }
        return HTTPRequest(
            method: call.method, url: url, headers: headers, body: body, bodyFile: bodyFile,
            timeout: options.timeout ?? configuration.timeout, maxResponseSize: configuration.maxResponseSize
        )
    }

    /// One attempt: the response, or the failure that left us without one.
    private func sendOnce(_ request: HTTPRequest, redactor: Redactor) async -> Result<HTTPResponse, ParseClientError> {
        let transport = self.transport
        let response: HTTPResponse
        do {
            response = try await withDeadline(request.timeout) {
                try await transport.send(request)
            }
        } catch is DeadlineExceeded {
            log("timed out after \(request.timeout): \(request.method) \(Redactor.redactingUserInfo(request.url))",
                redactor: redactor)
            return .failure(.timedOut(after: request.timeout))
        } catch {
            var failure = HTTPTransportError.classify(error)
            failure.message = redactor.scrub(failure.message)
            log("no response: \(failure)", redactor: redactor)
            switch failure.kind {
            case .timedOut:
                return .failure(.timedOut(after: request.timeout))
            case .cancelled:
                return .failure(.cancelled)
            case .responseTooLarge:
                return .failure(.responseTooLarge(limit: request.maxResponseSize))
            default:
                return .failure(.transport(failure))
            }
        }
        log("<- HTTP \(response.status) \(request.method) \(Redactor.redactingUserInfo(request.url)) (\(response.body.count) bytes)",
            redactor: redactor)
        guard response.body.count <= request.maxResponseSize else {
            return .failure(.responseTooLarge(limit: request.maxResponseSize))
        }
        return .success(response)
    }

    /// How long to wait before repeating an attempt that ended with `outcome`, and why; `nil`
    /// when it must not be repeated.
    private func retryDelay(
        after outcome: Result<HTTPResponse, ParseClientError>, attempt: Int, policy: ParseRetryPolicy, maySendAgain: Bool
    ) -> (delay: Duration, reason: String)? {
        let backoff = policy.backoff(afterAttempt: attempt, random: random())
        switch outcome {
        case .success(let response):
            guard maySendAgain, Self.isTransient(status: response.status) else { return nil }
            let retryAfter = policy.retryAfter(response.headers["Retry-After"])
            return (retryAfter ?? backoff, "HTTP \(response.status)")
        case .failure(.transport(let failure)):
            switch failure.kind {
            case .connectionRefused:
                // The request never reached the server, so even a create can be sent again.
                return (backoff, "a refused connection")
            case .connectionReset:
                return maySendAgain ? (backoff, "a reset connection") : nil
            default:
                return nil
            }
        case .failure(.timedOut):
            return maySendAgain && policy.retriesTimeouts ? (backoff, "a timeout") : nil
        case .failure:
            return nil
        }
    }

    /// Whether a status is worth another attempt: 429 and 5xx except 501 and 505.
    static func isTransient(status: Int) -> Bool {
        status == 429 || ((500...599).contains(status) && status != 501 && status != 505)
    }

    /// The successful response of the last attempt, or its failure as a typed error.
    private func finish(
        _ outcome: Result<HTTPResponse, ParseClientError>, request: HTTPRequest, redactor: Redactor
    ) throws(ParseClientError) -> HTTPResponse {
        let response = try outcome.get()
        if response.isSuccess {
            return response
        }
        if let error = try? JSONDecoder().decode(ParseError.self, from: response.body) {
            var serverError = redactor.scrub(error)
            serverError.httpStatus = response.status
            throw .server(serverError)
        }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
        throw .invalidResponse(status: response.status, bodyPrefix: redactor.scrub(text))
    }

    /// Decodes a successful response's body, mapping failures to ``ParseClientError/decoding(_:)``.
    func decode<Value: Decodable>(
        _ type: Value.Type, from response: HTTPResponse, secrets: [String] = []
    ) throws(ParseClientError) -> Value {
        do {
            return try ParseDecoder().decode(type, from: response.body)
        } catch {
            throw .decoding(ParseDecodingFailure.from(error, status: response.status, redactor: redactor(secrets)))
        }
    }

    /// Parses a successful response's body as a JSON object.
    func decodeObject(
        from response: HTTPResponse, secrets: [String] = []
    ) throws(ParseClientError) -> [String: JSONValue] {
        let json = try decode(JSONValue.self, from: response, secrets: secrets)
        guard case .object(let members) = json else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "",
                                                 message: "expected a JSON object"))
        }
        return members
    }
}
