import BookstoreModels
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ParseRuntime
import ParseTestServer
import Testing

/// How the test server evaluates queries, beyond what they mean: timestamps in every form it
/// reads, and subqueries answered once per query.
@Suite("The test server's query evaluation")
struct QueryEvaluationTests {
    /// Queries on `createdAt` and `updatedAt` as Parse sends them over REST: the date in Parse's
    /// own form (`…T10:00:00.123Z`, which the server compares as text) and in the other forms it
    /// reads (another number of fraction digits, none) must select the same objects.
    @Test("A date with more fraction digits selects and orders the same objects as in Parse's form")
    func everyFormOfADateSelectsTheSameObjects() async throws {
        try await withServer { server, _ in
            let requests = RawRequests(server: server)
            var ids: [String] = []
            var updated: [String] = []
            for text in ["a", "b", "c"] {
                let created = try await requests.send("POST", "classes/Note", body: ["text": .string(text)])
                let id = try #require(created["objectId"]?.stringValue)
                ids.append(id)
                let saved = try await requests.send("PUT", "classes/Note/\(id)", body: ["text": .string(text + "!")])
                updated.append(try #require(saved["updatedAt"]?.stringValue))
            }
            let middle = updated[1]
            #expect(middle.utf8.count == 24 && middle.hasSuffix("Z"))
            // The same instant written two ways.
            let forms = [middle, middle.replacingOccurrences(of: "Z", with: "0Z")]
            for form in forms {
                let date: JSON = ["__type": "Date", "iso": .string(form)]
                #expect(try await requests.ids(where: ["updatedAt": ["$gt": date]]) == [ids[2]], "\(form)")
                #expect(try await requests.ids(where: ["updatedAt": ["$lte": date]]) == [ids[0], ids[1]], "\(form)")
                #expect(try await requests.ids(where: ["updatedAt": date]) == [ids[1]], "\(form)")
                // The store's pull cursor: later, or as late with a greater id.
                let cursor: JSON = ["$or": [["updatedAt": ["$gt": date]], ["updatedAt": date, "objectId": ["$gt": .string("")]]]]
                #expect(try await requests.ids(where: cursor.objectValue ?? [:], order: "updatedAt,objectId") == [ids[1], ids[2]], "\(form)")
            }
            let farFuture: JSON = ["__type": "Date", "iso": "2999-01-01T00:00:00Z"]
            #expect(try await requests.ids(where: ["createdAt": ["$lt": farFuture]], order: "-createdAt") == ids.reversed())
            #expect(try await requests.ids(where: ["createdAt": ["$gte": farFuture]]).isEmpty)
            #expect(try await requests.ids(where: [:], order: "-updatedAt") == ids.reversed())
        }
    }

    /// A subquery does not depend on the object it is matched with, so a database answers it
    /// once; answered once per object, 1,000 books against 1,000 genres took longer than the
    /// client's 10 s timeout (debug build).
    @Test("An $inQuery over 1,000 objects for each of 1,000 objects is answered within the client's timeout")
    func aSubqueryIsAnsweredOncePerQuery() async throws {
        try await withServer { _, client in
            var genres: [Genre] = []
            for start in stride(from: 0, to: 1000, by: 50) {
                genres += try await client.createAll((start..<start + 50).map { Genre(name: "g\($0)") }).map { try $0.get() }
            }
            for start in stride(from: 0, to: 1000, by: 50) {
                _ = try await client.createAll((start..<start + 50).map { Book(title: "b\($0)", genre: genres[$0]) })
            }
            let matching = Genre.query(Genre.Field.name != "g7")
            let found = try await client.find(Book.query(.matchesQuery(Book.Field.genre, matching)).keys(Book.Field.title).limit(1000))
            #expect(found.count == 999)
            #expect(!found.contains { $0.title == "b7" })
            let notFound = try await client.find(Book.query(.doesNotMatchQuery(Book.Field.genre, matching)).limit(1000))
            #expect(notFound.map(\.title) == ["b7"])
        }
    }
}

/// Requests sent as an app would, with the where object exactly as written.
private struct RawRequests {
    let server: TestBackend

    func send(_ method: String, _ path: String, query: [URLQueryItem] = [], body: [String: JSON]? = nil) async throws -> [String: JSON] {
        var components = try #require(URLComponents(url: server.serverURL.appendingPathComponent(path), resolvingAgainstBaseURL: false))
        if !query.isEmpty { components.queryItems = query }
        var request = URLRequest(url: try #require(components.url))
        request.httpMethod = method
        request.setValue(server.configuration.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
        request.setValue(server.configuration.restAPIKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = JSON.object(body).serialized
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        #expect((200..<300).contains(status), "\(method) \(path): \(String(decoding: data, as: UTF8.self))")
        return try #require(JSON(parsing: data).objectValue)
    }

    /// The ids `GET /classes/Note` answers, in its order.
    func ids(where constraints: [String: JSON], order: String? = nil) async throws -> [String] {
        var query = [URLQueryItem(name: "where", value: JSON.object(constraints).text)]
        if let order { query.append(URLQueryItem(name: "order", value: order)) }
        let answer = try await send("GET", "classes/Note", query: query)
        return (answer["results"]?.arrayValue ?? []).compactMap { $0["objectId"]?.stringValue }
    }
}
