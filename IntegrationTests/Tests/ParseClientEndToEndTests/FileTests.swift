import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GameModels
import ParseRuntime
import ParseTestServer
import Testing
import TodoListModels

/// Files over HTTP: bytes and a streamed local file are uploaded, saved in an object, served
/// from their URL, and deleted with the master key.
@Suite("Files over HTTP")
struct FileTests {
    @Test("Upload bytes and a local file, keep them in an object, read them back, delete them")
    func uploadSaveServeDelete() async throws {
        try await withServer(Self.publicUploads) { server, client in
            let picture = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let saved = try await client.upload(ParseFile(name: "pic.jpg", data: picture))
            #expect(saved.name.hasSuffix("_pic.jpg") && saved.name.count == 32 + 1 + 7)
            #expect(try await server.storedFile(saved.name)?.data == picture)
            #expect(try await server.storedFile(saved.name)?.contentType == "image/jpeg")
            let upload = try #require(server.requests(method: "POST", path: "/parse/files/pic.jpg").first)
            #expect(upload.status == 201)
            #expect(upload.headers["content-type"] == "image/jpeg")

            // Streamed from disk: 3 MB, bigger than any single read.
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-files-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) })
            let local = directory.appendingPathComponent("level data.bin")
            try large.write(to: local)
            let streamed = try await client.upload(ParseFile(name: "level data.bin", localURL: local, mimeType: "application/x-level"))
            #expect(try await server.storedFile(streamed.name)?.data == large)
            // Sent with its own type; served, as Parse Server serves files, with its name's.
            #expect(server.requests(method: "POST", path: "/parse/files/level data.bin").first?.headers["content-type"] == "application/x-level")
            #expect(try await server.storedFile(streamed.name)?.contentType == "application/octet-stream")

            // Kept in an object and read back.
            let player = try await client.create(Player(name: "Sean Plott", picture: saved))
            let fetched = try await client.get(Player.self, id: try #require(player.objectId))
            #expect(fetched.picture == saved)
            #expect(try await server.storedObject("Player", player.objectId ?? "")?["picture"]?["name"] == .string(saved.name))
            let (served, response) = try await URLSession.shared.data(from: try #require(fetched.picture?.url))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(served == picture)

            // Deleted with the master key; a second delete is Parse's 153.
            let admin = makeClient(for: server, masterKey: server.configuration.masterKey)
            try await admin.delete(saved)
            #expect(try await server.storedFile(saved.name) == nil)
            #expect(server.requests(method: "DELETE", path: "/parse/files/\(saved.name)").first?.headers["x-parse-master-key"] != nil)
            let again = await failure { try await admin.delete(saved) }
            #expect(again?.parseError?.code == .fileDeleteFailure)
            let refused = await failure { try await client.delete(streamed) }
            #expect(refused?.parseError?.code == .operationForbidden, "no master key configured: nothing is sent")
            #expect(try await server.storedFile(streamed.name) != nil)
        }
    }

    @Test("The server's own refusals arrive as typed errors")
    func serverRefusals() async throws {
        try await withServer(Self.publicUploads) { server, client in
            // A server without the key answers 403 for a delete; the client sends the key it has.
            let wrongKey = ParseClient(configuration: ParseClientConfiguration(
                serverURL: server.serverURL, applicationId: server.configuration.applicationId,
                restAPIKey: server.configuration.restAPIKey, masterKey: "not-the-master-key"))
            let file = try await client.upload(ParseFile(name: "a.txt", data: Data("a".utf8)))
            let error = await failure { try await wrongKey.delete(file) }
            #expect(error?.httpStatus == 403)
            #expect(try await server.storedFile(file.name) != nil)
        }
    }

    @Test("Without a session, an upload is refused unless the server allows public uploads, as Parse Server 7 does by default",
          .enabled(if: TestBackend.isInProcess, "the server starts with its default fileUpload settings"))
    func publicUploadsAreOffByDefault() async throws {
        try await withServer { server, client in
            let refused = await failure { try await client.upload(ParseFile(name: "a.txt", data: Data("a".utf8))) }
            #expect(refused?.parseError?.code == .fileSaveFailure)
            #expect(refused?.parseError?.message == "File upload by public is disabled.")
            #expect(server.requests(method: "POST", path: "/parse/files/a.txt").first?.status == 400)
            // A signed-up user may upload.
            var ada = TodoListModels.User(displayName: "Ada")
            ada.username = "ada"
            ada.password = "correct horse battery staple"
            _ = try await client.signUp(ada)
            #expect(try await client.upload(ParseFile(name: "a.txt", data: Data("a".utf8))).name.hasSuffix("_a.txt"))
        }
    }

    /// Parse Server's `fileUpload.enableForPublic`, which these tests' uploads without a session need.
    static let publicUploads = ParseTestServer.Configuration(allowPublicFileUpload: true)
}
