// docs/RESTClient.md, Swift block 8, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import GameModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock8(client: ParseClient, admin: ParseClient, jpegBytes: Data, fileURL: URL) async throws {
    // POST /parse/files/pic.jpg with the bytes and Content-Type: image/jpeg
    // → 201 {"name":"<32 hex digits>_pic.jpg","url":"https://…"}
    let picture = try await client.upload(ParseFile(name: "pic.jpg", data: jpegBytes))
    // Saved in a file field as {"__type":"File","name":…,"url":…}.
    let player = try await client.create(Player(name: "Sean Plott", picture: picture))
    // A file on disk is streamed, never read into memory.
    let level = try await client.upload(ParseFile(name: "level.bin", localURL: fileURL, mimeType: "application/octet-stream"))
    // DELETE /parse/files/<name>, always with the master key.
    try await admin.delete(picture)

    _ = picture
    _ = player
    _ = level
}
