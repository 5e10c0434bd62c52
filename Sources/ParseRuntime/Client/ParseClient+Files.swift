import Foundation

// Files: upload (`POST /files/<name>`) and delete (`DELETE /files/<name>`, master key).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Uploads `file` (`POST /files/<name>` with the bytes as the body, answered 201 with the
    /// stored `name` and `url`) and returns it saved: with Parse's unique name and its URL.
    /// Save it in an object's file field afterwards.
    ///
    /// The bytes come from ``ParseFile/data``, or are streamed from ``ParseFile/localURL``
    /// without being read into memory. The content type is ``ParseFile/mimeType``, else the
    /// one the name's extension implies (`image/jpeg` for `.jpg`...), else
    /// `application/octet-stream`. A file already saved is returned as it is, without a request.
    /// Not repeated after a transient failure unless the options opt in (a repeat stores a
    /// second copy), except when the connection was refused.
    /// - Parameters:
    ///   - file: The file to upload.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/uploadTooLarge(limit:)`` for a file larger than
    ///   ``ParseClientConfiguration/maxUploadSize``; ``ParseClientError/invalidRequest(_:)``
    ///   for a name Parse refuses (122), a file with neither data nor a readable local file,
    ///   one to fetch from a `cloudURL`, or one with metadata or tags (the REST upload cannot
    ///   carry them, and they would be lost).
    public func upload(_ file: ParseFile, options: ParseRequestOptions = .none) async throws(ParseClientError) -> ParseFile {
        if file.isSaved {
            return file
        }
        try Self.checkFileName(file.name)
        if file.metadata?.isEmpty == false || file.tags?.isEmpty == false {
            throw .invalidRequest(ParseError(code: .fileSaveFailure,
                                             message: "The REST upload cannot carry a file's metadata or tags; upload \(file.name) without them."))
        }
        let content: ParseCall.UploadContent
        let size: Int
        if let data = file.data {
            content = .data(data)
            size = data.count
        } else if let localURL = file.localURL {
            guard localURL.isFileURL, let fileSize = Self.sizeOfFile(at: localURL) else {
                throw .invalidRequest(ParseError(code: .fileReadError, message: "Cannot read the file to upload for \(file.name)."))
            }
            content = .file(localURL)
            size = fileSize
        } else if file.cloudURL != nil {
            throw .invalidRequest(ParseError(code: .fileSaveFailure,
                                             message: "Download \(file.name) from its cloudURL first, then upload the data."))
        } else {
            throw .invalidRequest(ParseError(code: .fileSaveFailure, message: "\(file.name) has no data to upload."))
        }
        guard size <= configuration.maxUploadSize else {
            throw .uploadTooLarge(limit: configuration.maxUploadSize)
        }
        let contentType = file.mimeType ?? Self.contentType(forFileName: file.name)
        var call = ParseCall(method: .post, path: "files/" + ParseEndpoint.percentEncode(file.name), isIdempotent: false)
        call.upload = (content, contentType)
        let response = try await execute(call, options: options)
        let saved = try decode(SavedFile.self, from: response)
        guard let url = URL(string: saved.url) else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "url", message: "not a URL"))
        }
        var uploaded = ParseFile(name: saved.name, url: url)
        uploaded.mimeType = file.mimeType
        return uploaded
    }

    /// Deletes an uploaded file (`DELETE /files/<name>`), always with the master key as Parse
    /// Server requires. Objects that refer to the file keep their (now dead) reference.
    /// - Parameters:
    ///   - file: A saved file.
    ///   - options: Per-call options; the master key is used whatever they say.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` without a configured master key.
    public func delete(_ file: ParseFile, options: ParseRequestOptions = .none) async throws(ParseClientError) {
        try Self.checkFileName(file.name)
        let call = ParseCall(method: .delete, path: "files/" + ParseEndpoint.percentEncode(file.name), isIdempotent: true)
        _ = try await execute(call, options: options.requiringMasterKey)
    }

    /// The answer to an upload.
    private struct SavedFile: Decodable {
        var name: String
        var url: String
    }

    /// Parse Server's rule for file names: at most 128 characters, `[_a-zA-Z0-9]` then
    /// `[a-zA-Z0-9@. ~_-]`.
    static func checkFileName(_ name: String) throws(ParseClientError) {
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_")
        }
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, isWord(first), scalars.count <= 128,
              scalars.dropFirst().allSatisfy({ isWord($0) || "@. ~-".unicodeScalars.contains($0) }) else {
            throw .invalidRequest(ParseError(code: .invalidFileName,
                                             message: "Filename contains invalid characters or is longer than 128: \(name)"))
        }
    }

    /// The size of a regular file, or `nil` when it cannot be read.
    private static func sizeOfFile(at url: URL) -> Int? {
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
              values.isRegularFile == true, let size = values.fileSize,
              FileManager.default.isReadableFile(atPath: url.path) else { return nil }
        return size
    }

    /// The content type a file name's extension implies, for the common kinds of file;
    /// `application/octet-stream` otherwise.
    static func contentType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return knownContentTypes[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    private static let knownContentTypes: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "heic": "image/heic",
        "webp": "image/webp", "svg": "image/svg+xml", "pdf": "application/pdf", "json": "application/json",
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "mp4": "video/mp4", "mov": "video/quicktime", "zip": "application/zip",
    ]
}
