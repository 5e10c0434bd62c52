import BookstoreModels
import Foundation
import ParseRuntime
import ParseTestServer
import Testing

/// The client's failures over real HTTP: Parse errors with their statuses, a stalled server,
/// transient failures and retries, refused keys, a server that is gone.
@Suite("Error paths over HTTP")
struct ErrorPathTests {
    @Test("404 / 101 for get, update and delete of an object that does not exist")
    func objectNotFound() async throws {
        try await withServer { server, client in
            let get = await failure { try await client.get(Genre.self, id: "Missing000") }
            guard case .server(let error)? = get else {
                Issue.record("expected .server, got \(String(describing: get))")
                return
            }
            #expect(error.code == .objectNotFound)
            #expect(error.httpStatus == 404)
            #expect(error.message == "Object not found.")
            let update = await failure { try await client.update(ParseUpdate<Genre>(objectId: "Missing000").set(Genre.Field.name, to: "x")) }
            #expect(update?.parseError?.code == .objectNotFound)
            #expect(update?.httpStatus == 404)
            let delete = await failure { try await client.delete(Genre.self, id: "Missing000") }
            #expect(delete?.parseError?.code == .objectNotFound)
            // 404 is not transient: one request each.
            #expect(server.requests(path: "/parse/classes/Genre/Missing000").count == 3)
            #expect(server.requests.allSatisfy { $0.status == 404 })
        }
    }

    @Test("209 for a session token the server does not know, on any request")
    func invalidSessionToken() async throws {
        try await withServer { server, client in
            client.setSessionToken("r:00000000000000000000000000000000")
            let find = await failure { try await client.find(Genre.query()) }
            #expect(find?.parseError?.code == .invalidSessionToken)
            #expect(find?.httpStatus == 400)
            let create = await failure { try await client.create(Genre(name: "Horror")) }
            #expect(create?.parseError?.code == .invalidSessionToken)
            #expect(try await server.storedObjects("Genre").isEmpty)
            #expect(server.requests.allSatisfy { $0.headers["x-parse-session-token"] == "r:00000000000000000000000000000000" })
            // Without the token, the same calls work.
            client.setSessionToken(nil)
            _ = try await client.create(Genre(name: "Horror"))
            #expect(try await client.find(Genre.query()).count == 1)
        }
    }

    @Test("a stalled server: the client's timeout fires with .timedOut, without a retry, and the client still works after")
    func stalledServer() async throws {
        // The short timeout is the stalled call's alone: the calls around it keep the default,
        // so a busy machine cannot make them time out.
        try await withServer { server, client in
            let genre = try await client.create(Genre(name: "Science Fiction"))
            let path = "/parse/classes/Genre/\(genre.objectId ?? "")"
            server.stallNext(1, method: "GET", path: path, for: .seconds(30))
            let clock = ContinuousClock()
            let start = clock.now
            let error = await failure {
                try await client.get(Genre.self, id: genre.objectId ?? "", options: ParseRequestOptions(timeout: .milliseconds(500)))
            }
            let elapsed = clock.now - start
            guard case .timedOut(let after)? = error else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            // The stall lasts 30 s, so `.timedOut` can only come from the deadline; only a lower
            // bound on the time is safe on a busy machine.
            #expect(after == .milliseconds(500))
            #expect(elapsed >= .milliseconds(400))
            // Timeouts are not retried by default: the server saw one request, still unanswered.
            let seen = server.requests(method: "GET", path: path)
            #expect(seen.count == 1)
            #expect(seen.first?.status == nil)
            // The stall was for one request only.
            #expect(try await client.get(Genre.self, id: genre.objectId ?? "").name == "Science Fiction")
        }
    }

    @Test("a per-call timeout overrides the configured one, and retriesTimeouts sends the request again")
    func timeoutRetry() async throws {
        try await withServer { server, client in
            let genre = try await client.create(Genre(name: "Fantasy"))
            let path = "/parse/classes/Genre/\(genre.objectId ?? "")"
            server.stallNext(1, method: "GET", path: path, for: .seconds(30))
            // Long enough for the second attempt on a busy machine; the first one stalls for 30 s.
            let options = ParseRequestOptions(
                timeout: .seconds(5),
                retryPolicy: ParseRetryPolicy(maxAttempts: 2, initialBackoff: .milliseconds(10), retriesTimeouts: true))
            let fetched = try await client.get(Genre.self, id: genre.objectId ?? "", options: options)
            #expect(fetched.name == "Fantasy")
            #expect(server.requests(method: "GET", path: path).map(\.status) == [nil, 200])
        }
    }

    @Test("503 then success: a GET is retried and succeeds; the server saw two requests")
    func retryAfter503() async throws {
        try await withServer { server, client in
            let genre = try await client.create(Genre(name: "Science Fiction"))
            let path = "/parse/classes/Genre/\(genre.objectId ?? "")"
            server.failNext(1, method: "GET", path: path, status: 503)
            let fetched = try await client.get(Genre.self, id: genre.objectId ?? "")
            #expect(fetched.name == "Science Fiction")
            let seen = server.requests(method: "GET", path: path)
            #expect(seen.count == 2)
            #expect(seen.map(\.status) == [503, 200])

            // An idempotent update (a set) is retried too.
            server.failNext(1, method: "PUT", path: path, status: 503)
            let renamed = try await client.update(ParseUpdate(fetched).set(Genre.Field.name, to: "SF"))
            #expect(renamed.name == "SF")
            #expect(server.requests(method: "PUT", path: path).map(\.status) == [503, 200])

            // A batch of updates only is retried; one holding a create is not.
            server.failNext(1, method: "POST", path: "/parse/batch")
            var updates = ParseBatch()
            updates.update(ParseUpdate(renamed).set(Genre.Field.name, to: "Sci-Fi"))
            _ = try await client.send(updates)
            #expect(server.requests(method: "POST", path: "/parse/batch").map(\.status) == [503, 200])
        }
    }

    @Test("503 on a create: not repeated (it could duplicate) unless the call opts in")
    func createNotRetried() async throws {
        try await withServer { server, client in
            server.failNext(1, method: "POST", path: "/parse/classes/Genre", status: 503)
            let error = await failure { try await client.create(Genre(name: "Horror")) }
            guard case .invalidResponse(let status, let body)? = error else {
                Issue.record("expected .invalidResponse, got \(String(describing: error))")
                return
            }
            #expect(status == 503)
            #expect(body == "Service Unavailable")
            #expect(server.requests(method: "POST", path: "/parse/classes/Genre").count == 1)
            #expect(try await server.storedObjects("Genre").isEmpty)

            // An Increment is not repeated either.
            let genre = try await client.create(Genre(name: "Horror"))
            let book = try await client.create(Book(title: "It", publishingYear: 1986, genre: genre))
            let bookPath = "/parse/classes/Book/\(book.objectId ?? "")"
            server.failNext(1, method: "PUT", path: bookPath, status: 502)
            let increment = await failure { try await client.update(ParseUpdate(book).increment(Book.Field.publishingYear, by: 1)) }
            #expect(increment?.httpStatus == 502)
            #expect(server.requests(method: "PUT", path: bookPath).count == 1)
            #expect(try await server.storedObject("Book", book.objectId ?? "")?["publishingYear"] == 1986)

            // Opting in repeats the create once: one object.
            server.failNext(1, method: "POST", path: "/parse/classes/Genre", status: 503)
            let created = try await client.create(Genre(name: "Thriller"), options: ParseRequestOptions(retriesNonIdempotentRequests: true))
            #expect(isParseObjectId(created.objectId))
            #expect(server.requests(method: "POST", path: "/parse/classes/Genre").suffix(2).map(\.status) == [503, 201])
            #expect(try await server.storedObjects("Genre").compactMap { $0["name"]?.stringValue } == ["Horror", "Thriller"])
        }
    }

    @Test("a 503 that persists: three attempts, then the error")
    func persistent503() async throws {
        try await withServer { server, client in
            server.failNext(5, method: "GET", path: "/parse/classes/Genre", status: 503)
            let error = await failure { try await client.find(Genre.query()) }
            #expect(error?.httpStatus == 503)
            #expect(server.requests(method: "GET", path: "/parse/classes/Genre").count == 3)
        }
    }

    @Test("429 with Retry-After: the client waits as asked, then succeeds")
    func retryAfterHeader() async throws {
        try await withServer { server, client in
            server.failNext(1, method: "GET", path: "/parse/classes/Genre", status: 429,
                            headers: ["Retry-After": "1"], body: #"{"code":155,"error":"Too many requests"}"#)
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await client.find(Genre.query())
            let elapsed = clock.now - start
            // At least the second asked for, and far less than a misreading as a minute would wait.
            #expect(elapsed >= .milliseconds(900))
            #expect(elapsed < .seconds(30))
            #expect(server.requests(method: "GET", path: "/parse/classes/Genre").map(\.status) == [429, 200])
        }
    }

    @Test("403 unauthorized for a wrong application id or REST key; the master key is sent only when asked for")
    func keys() async throws {
        try await withServer { server, _ in
            let wrongApp = makeClient(for: server, applicationId: "someone-else")
            let error = await failure { try await wrongApp.find(Genre.query()) }
            guard case .server(let parseError)? = error else {
                Issue.record("expected .server, got \(String(describing: error))")
                return
            }
            #expect(parseError.httpStatus == 403)
            #expect(parseError.message == "unauthorized")
            #expect(server.requests.count == 1)

            let wrongKey = makeClient(for: server, restAPIKey: "not-the-key")
            #expect(await failure { try await wrongKey.find(Genre.query()) }?.httpStatus == 403)
            let noKey = makeClient(for: server, restAPIKey: .some(nil))
            #expect(await failure { try await noKey.find(Genre.query()) }?.httpStatus == 403)

            // The master key replaces the REST key, for the calls that ask for it.
            let trusted = makeClient(for: server, masterKey: server.configuration.masterKey)
            _ = try await trusted.find(Genre.query(), options: .masterKey)
            let masterRequest = try #require(server.requests.last)
            #expect(masterRequest.headers["x-parse-master-key"] == server.configuration.masterKey)
            #expect(masterRequest.headers["x-parse-rest-api-key"] == nil)
            #expect(masterRequest.status == 200)
            _ = try await trusted.find(Genre.query())
            #expect(server.requests.last?.headers["x-parse-master-key"] == nil)
            #expect(server.requests.last?.headers["x-parse-rest-api-key"] == server.configuration.restAPIKey)
            let wrongMaster = makeClient(for: server, masterKey: "guess")
            #expect(await failure { try await wrongMaster.find(Genre.query(), options: .masterKey) }?.httpStatus == 403)
        }
    }

    @Test("X-Parse-Request-Id is the same on every attempt of one call, X-Parse-Installation-Id is sent")
    func requestIds() async throws {
        try await withServer { server, _ in
            let client = ParseClient(configuration: ParseClientConfiguration(
                serverURL: server.serverURL, applicationId: server.configuration.applicationId,
                restAPIKey: server.configuration.restAPIKey, installationId: "install-1",
                retryPolicy: quickRetries, sendsRequestId: true))
            server.failNext(1, method: "GET", path: "/parse/classes/Genre")
            _ = try await client.find(Genre.query())
            _ = try await client.find(Genre.query())
            let ids = server.requests(method: "GET", path: "/parse/classes/Genre").map { $0.headers["x-parse-request-id"] }
            #expect(ids.count == 3)
            #expect(ids[0] != nil)
            #expect(ids[0] == ids[1])
            #expect(ids[1] != ids[2])
            #expect(server.requests.allSatisfy { $0.headers["x-parse-installation-id"] == "install-1" })
        }
    }

    @Test("a response larger than maxResponseSize fails with .responseTooLarge")
    func responseTooLarge() async throws {
        try await withServer { server, _ in
            let client = ParseClient(configuration: ParseClientConfiguration(
                serverURL: server.serverURL, applicationId: server.configuration.applicationId,
                restAPIKey: server.configuration.restAPIKey, maxResponseSize: 2_000))
            _ = try await makeClient(for: server).createAll((1...40).map { Genre(name: "Genre number \($0)") })
            let error = await failure { try await client.find(Genre.query()) }
            let small = try await client.find(Genre.query().limit(2))
            guard case .responseTooLarge(let limit)? = error else {
                Issue.record("expected .responseTooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == 2_000)
            #expect(small.count == 2)
        }
    }

    @Test("cancelling the calling task during a stalled request ends it with .cancelled")
    func cancellation() async throws {
        try await withServer { server, client in
            server.stallNext(1, method: "GET", path: "/parse/classes/Genre", for: .seconds(30))
            let clock = ContinuousClock()
            let start = clock.now
            let call = _Concurrency.Task { await failure { try await client.find(Genre.query()) } }
            while server.requests(method: "GET", path: "/parse/classes/Genre").isEmpty, clock.now - start < .seconds(5) {
                try await _Concurrency.Task.sleep(for: .milliseconds(10))
            }
            call.cancel()
            let error = await call.value
            guard case .cancelled? = error else {
                Issue.record("expected .cancelled, got \(String(describing: error))")
                return
            }
            // The stall lasts 30 s: `.cancelled` can only come from the cancellation.
            #expect(server.requests(method: "GET", path: "/parse/classes/Genre").count == 1)
        }
    }

    @Test("a stopped server: the connection is refused, reported as a transport error")
    func connectionRefused() async throws {
        try await withServer(retryPolicy: .never) { server, client in
            _ = try await client.find(Genre.query())
            await server.stop()
            let error = await failure { try await client.find(Genre.query()) }
            guard case .transport(let failure)? = error else {
                Issue.record("expected .transport, got \(String(describing: error))")
                return
            }
            #expect(failure.kind == .connectionRefused)
        }
    }
}
