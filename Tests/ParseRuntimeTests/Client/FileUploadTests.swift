import Foundation
import ModelgenTestSupport
import Testing
@testable import ParseRuntime

/// Files as the REST guide uploads and deletes them: the exact request, the saved file that
/// comes back, and every refusal before anything is sent.
@Suite struct FileUploadTests {
    private let uploaded = json(201, """
        {"url":"https://files.example.com/bookstore-app/d3a1_pic.jpg","name":"d3a1_pic.jpg"}
        """, headers: ["Location": "https://files.example.com/bookstore-app/d3a1_pic.jpg"])

    @Test func uploadingBytesSendsThemWithTheirContentType() async throws {
        let transport = RecordingTransport(uploaded)
        let bytes = Data([0xFF, 0xD8, 0xFF, 0x00, 0x01])
        let file = try await Fixture.client(transport).upload(ParseFile(name: "pic.jpg", data: bytes, mimeType: "image/jpeg"))
        let request = try transport.onlyRequest()
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "http://localhost:1337/parse/files/pic.jpg")
        var headers = Fixture.restHeaders()
        headers["Content-Type"] = "image/jpeg"
        #expect(request.headers == headers)
        #expect(request.body == bytes)
        #expect(request.bodyFile == nil)
        #expect(file.name == "d3a1_pic.jpg")
        #expect(file.url == URL(string: "https://files.example.com/bookstore-app/d3a1_pic.jpg"))
        #expect(file.isSaved)
        // Saved in an object, it is the guide's {"__type":"File","name":…} (with its url).
        try expectJSON(try ParseEncoder().encode(["picture": file], skipKeys: .none), equals: """
            {"picture":{"__type":"File","name":"d3a1_pic.jpg","url":"https://files.example.com/bookstore-app/d3a1_pic.jpg"}}
            """)
    }

    @Test func theContentTypeComesFromTheNameWhenNotGiven() async throws {
        let transport = RecordingTransport(uploaded)
        let client = Fixture.client(transport)
        for name in ["hello.txt", "photo.JPEG", "data", "archive.tar.xz"] {
            _ = try await client.upload(ParseFile(name: name, data: Data("x".utf8)))
        }
        #expect(transport.requests.map { $0.headers["Content-Type"] }
            == ["text/plain", "image/jpeg", "application/octet-stream", "application/octet-stream"])
    }

    @Test func aLocalFileIsStreamedNotRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/report.pdf"
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: path))
        let transport = RecordingTransport(uploaded)
        _ = try await Fixture.client(transport).upload(ParseFile(name: "report.pdf", localURL: URL(fileURLWithPath: path)))
        let request = try transport.onlyRequest()
        #expect(request.body == nil)
        #expect(request.bodyFile == URL(fileURLWithPath: path))
        #expect(request.headers["Content-Type"] == "application/pdf")
        #expect(request.description.hasSuffix("body: a file"))
    }

    @Test func anUploadIsNotRepeatedAfterAFailureThatMayHaveStoredIt() async throws {
        let transport = RecordingTransport(json(503, #"{"code":1,"error":"unavailable"}"#), uploaded)
        let error = await expectClientError { try await Fixture.client(transport).upload(ParseFile(name: "a.txt", data: Data("a".utf8))) }
        #expect(error?.parseError?.code == .internalServer)
        #expect(transport.requests.count == 1)
    }

    @Test func refusalsBeforeSending() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = RecordingTransport(uploaded)
        var configuration = Fixture.configuration()
        configuration.maxUploadSize = 10
        let client = Fixture.client(transport, configuration: configuration)
        var tagged = ParseFile(name: "a.txt", data: Data("a".utf8))
        tagged.tags = ["kind": "note"]
        let cases: [(ParseFile, ParseError.Code?)] = [
            (ParseFile(name: "a.txt", data: Data(count: 11)), nil),
            (ParseFile(name: "-starts-badly.txt", data: Data("a".utf8)), .invalidFileName),
            (ParseFile(name: "slash/in/name.txt", data: Data("a".utf8)), .invalidFileName),
            (ParseFile(name: String(repeating: "a", count: 129), data: Data("a".utf8)), .invalidFileName),
            (ParseFile(name: "missing.txt", localURL: URL(fileURLWithPath: directory.path + "/missing.txt")), .fileReadError),
            (ParseFile(name: "folder", localURL: URL(fileURLWithPath: directory.path)), .fileReadError),
            (ParseFile(name: "remote.txt", cloudURL: URL(string: "https://example.com/remote.txt")!), .fileSaveFailure),
            (tagged, .fileSaveFailure),
        ]
        for (file, code) in cases {
            let error = await expectClientError { try await client.upload(file) }
            if let code {
                guard case .invalidRequest(let parseError) = error else {
                    Issue.record("expected .invalidRequest for \(file.name), got \(String(describing: error))")
                    continue
                }
                #expect(parseError.code == code, "\(file.name)")
            } else {
                #expect(error == .uploadTooLarge(limit: 10))
            }
        }
        #expect(transport.requests.isEmpty)
        let saved = ParseFile(name: "done.txt", url: URL(string: "https://files.example.com/done.txt")!)
        #expect(try await client.upload(saved) == saved, "a saved file is returned without a request")
        #expect(transport.requests.isEmpty)
    }

    @Test func deletingAFileUsesTheMasterKey() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let file = ParseFile(name: "d3a1_pic.jpg", url: URL(string: "https://files.example.com/bookstore-app/d3a1_pic.jpg")!)
        try await Fixture.client(transport).delete(file)
        try expectRequest(try transport.onlyRequest(), .delete, "/parse/files/d3a1_pic.jpg",
                          headers: ["X-Parse-Application-Id": Fixture.applicationId, "X-Parse-Master-Key": Fixture.masterKey])
        let withoutKey = Fixture.client(transport, configuration: Fixture.configuration(masterKey: nil))
        let error = await expectClientError { try await withoutKey.delete(file) }
        #expect(error?.parseError?.code == .operationForbidden)
        #expect(transport.requests.count == 1)
    }
}
