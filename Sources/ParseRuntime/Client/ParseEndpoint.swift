import Foundation

/// One REST call before headers are added: method, path below the mount path, query
/// parameters and body, plus whether sending it twice is harmless.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ParseCall: Sendable {
    /// The bytes of an upload.
    enum UploadContent: Sendable {
        case data(Data)
        case file(URL)
    }

    /// The method.
    var method: HTTPMethod
    /// The path below the mount path, percent-encoded, without a leading slash (`classes/Book/x`).
    var path: String
    /// The query parameters, not yet encoded.
    var query: [(name: String, value: String)] = []
    /// The JSON body.
    var body: Data?
    /// A body that is not JSON (a file upload): bytes in memory or a file to stream, and their
    /// content type.
    var upload: (content: UploadContent, contentType: String)?
    /// Whether repeating the request cannot create anything twice.
    var isIdempotent: Bool
    /// Extra strings to keep out of errors and logs (a password).
    var secrets: [String] = []
    /// Headers of this call only (`X-Parse-Revocable-Session` on sign-up and login).
    var headers: [(name: String, value: String)] = []
}

/// The REST paths of Parse classes and objects.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum ParseEndpoint {
    /// The path of a class: `users`, `roles`, `sessions` and `installations` for Parse's own
    /// classes, `classes/<name>` for the others.
    /// - Throws: ``ParseError`` ``ParseError/Code-swift.enum/invalidClassName`` for a name that
    ///   is not `[A-Za-z_][A-Za-z0-9_]*`.
    static func classPath(_ className: String) throws -> String {
        switch className {
        case "_User": return "users"
        case "_Role": return "roles"
        case "_Session": return "sessions"
        case "_Installation": return "installations"
        default:
            guard isValidClassName(className) else {
                throw ParseError(code: .invalidClassName, message: "Invalid class name \"\(className)\".")
            }
            return "classes/" + className
        }
    }

    /// The path of one object: the class path, `/`, the percent-encoded id.
    /// - Throws: ``ParseError`` for an invalid class name or an empty id.
    static func objectPath(_ className: String, objectId: String) throws -> String {
        guard !objectId.isEmpty else {
            throw ParseError(code: .missingObjectId, message: "The objectId is empty.")
        }
        return try classPath(className) + "/" + percentEncode(objectId)
    }

    /// Whether `name` can be used as a Parse class name in a path.
    static func isValidClassName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0) }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The characters left as they are in path segments and query values (RFC 3986 unreserved).
    private static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// `text` with every character but the unreserved ones percent-encoded (so `+`, `&`, `=`,
    /// `/` and spaces survive any server's decoding).
    static func percentEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The URL of `call` on the server `serverURL`.
    /// - Throws: ``ParseError`` when the server URL cannot take a path.
    static func url(serverURL: URL, mountPath: String, call: ParseCall) throws -> URL {
        guard var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false),
              components.scheme != nil, components.host != nil else {
            throw ParseError(code: .unknownError, message: "The server URL is not an absolute http(s) URL.")
        }
        components.percentEncodedPath = mountPath + "/" + call.path
        components.percentEncodedQuery = call.query.isEmpty ? nil : call.query
            .map { percentEncode($0.name) + "=" + percentEncode($0.value) }
            .joined(separator: "&")
        components.fragment = nil
        guard let url = components.url else {
            throw ParseError(code: .unknownError, message: "Could not build the URL for \(call.path).")
        }
        return url
    }
}
