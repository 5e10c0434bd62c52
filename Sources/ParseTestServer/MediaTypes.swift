// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer

/// The media type of a file by its name's extension, as Parse Server's FilesRouter (through
/// the `mime` package) serves it; `application/octet-stream` for an extension it does not know.
enum MediaTypes {
    static func type(ofFileNamed name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    static let fallback = "application/octet-stream"

    /// The common types of `mime`'s standard table.
    private static let byExtension: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "svg": "image/svg+xml", "ico": "image/vnd.microsoft.icon", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff",
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html", "css": "text/css",
        "md": "text/markdown", "xml": "application/xml", "json": "application/json", "js": "application/javascript",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "bin": "application/octet-stream",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg",
        "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]
}
#endif
