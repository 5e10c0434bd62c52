import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: `URLSession` (FoundationNetworking on Linux).
///
/// A request's ``HTTPRequest/bodyFile`` is streamed from disk. Response bodies are read as they arrive and the transfer is stopped as soon as the body is larger
/// than the request's `maxResponseSize`, so a huge response costs no more than the limit.
/// Redirects are not followed (a redirect could carry the Parse keys to another host): a 3xx
/// response is returned as it is.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let tasks: TaskRegistry

    /// A transport with its own session.
    /// - Parameter configuration: The session configuration; ephemeral (no cookies, no cache)
    ///   by default.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let tasks = TaskRegistry()
        self.tasks = tasks
        self.session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`, returning any response whatever its status.
    /// - Throws: ``HTTPTransportError`` when no (complete) response arrives.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        if request.bodyFile == nil {
            urlRequest.httpBody = request.body
        }
        // FoundationNetworking truncates the interval to whole seconds (0.3 s times out at
        // once), so round up: the client's own deadline keeps the exact timeout.
        urlRequest.timeoutInterval = max(1, ParseRetryPolicy.seconds(request.timeout).rounded(.up))
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        // A file body is streamed from disk by an upload task (a kind of data task, so the
        // delegate below reads its response the same way).
        let task = request.bodyFile.map { session.uploadTask(with: urlRequest, fromFile: $0) } ?? session.dataTask(with: urlRequest)
        let tasks = self.tasks
        let limit = request.maxResponseSize
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                tasks.register(task.taskIdentifier, limit: limit, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session delegate: collects each task's response and body and resumes its caller.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private final class TaskRegistry: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending: Sendable {
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var limit: Int
        var status = 0
        var headers = HTTPHeaders()
        var body = Data()
    }

    private let pending = LockedValue<[Int: Pending]>([:])

    func register(_ identifier: Int, limit: Int, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        pending.withLock { $0[identifier] = Pending(continuation: continuation, limit: limit) }
    }

    /// Removes the task's entry and resumes its caller with `result`, once.
    private func finish(_ identifier: Int, _ result: (Pending) -> Result<HTTPResponse, any Error>) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        entry.continuation.resume(with: result(entry))
    }

    private func tooLarge(_ limit: Int) -> Result<HTTPResponse, any Error> {
        .failure(HTTPTransportError(.responseTooLarge, message: "the body is larger than \(limit) bytes"))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let identifier = dataTask.taskIdentifier
        let expected = response.expectedContentLength
        let exceeded: Int? = pending.withLock { entries in
            guard var entry = entries[identifier] else { return nil }
            if let http = response as? HTTPURLResponse {
                entry.status = http.statusCode
                for (name, value) in http.allHeaderFields {
                    entry.headers[String(describing: name)] = String(describing: value)
                }
            }
            entries[identifier] = entry
            return expected > Int64(entry.limit) ? entry.limit : nil
        }
        if let limit = exceeded {
            finish(identifier) { _ in tooLarge(limit) }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let exceeded: Int? = pending.withLock { entries in
            guard var entry = entries[identifier] else { return nil }
            entry.body.append(data)
            let over = entry.body.count > entry.limit
            entries[identifier] = entry
            return over ? entry.limit : nil
        }
        if let limit = exceeded {
            finish(identifier) { _ in tooLarge(limit) }
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task.taskIdentifier) { entry in
            if let error {
                return .failure(HTTPTransportError.classify(error))
            }
            guard entry.status != 0 else {
                return .failure(HTTPTransportError(.other, message: "the response is not an HTTP response"))
            }
            return .success(HTTPResponse(status: entry.status, headers: entry.headers, body: entry.body))
        }
    }
}
