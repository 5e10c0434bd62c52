import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ParseTestServer
import Testing

/// Queries on `createdAt` and `updatedAt` as Parse sends them over REST: the date in Parse's own
/// form (`…T10:00:00.123Z`, which the server compares as text) and in the other forms it reads
/// (another number of fraction digits, none), which must select the same objects.
@Suite("The test server's timestamp queries")
struct TimestampQueryTests {
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
