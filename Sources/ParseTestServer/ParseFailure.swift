// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// A Parse error answer: `{"code":n,"error":"message"}` with its HTTP status.
struct ParseFailure: Error, Sendable {
    var status: Int
    var code: Int
    var message: String

    /// Parse's status for a code: 404 for 101 (object not found), 500 for 1, 400 otherwise.
    init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
        switch code {
        case 101: status = 404
        case 1: status = 500
        default: status = 400
        }
    }

    var json: JSON {
        ["code": .int(code), "error": .string(message)]
    }

    static func objectNotFound() -> ParseFailure { ParseFailure(101, "Object not found.") }
    static func invalidJSON(_ message: String = "Invalid JSON") -> ParseFailure { ParseFailure(107, message) }
    static func invalidQuery(_ message: String) -> ParseFailure { ParseFailure(102, message) }
    static func invalidSessionToken() -> ParseFailure { ParseFailure(209, "Invalid session token") }
    static func incorrectType(_ message: String) -> ParseFailure { ParseFailure(111, message) }
}

/// What the server answers: a status, extra headers and a JSON or text body.
struct ServerAnswer: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: Data

    init(status: Int, json: JSON, headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", "application/json; charset=utf-8")] + headers
        self.body = json.serialized
    }

    init(status: Int, text: String, headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", "text/plain; charset=utf-8")] + headers
        self.body = Data(text.utf8)
    }

    init(status: Int, data: Data, contentType: String) {
        self.status = status
        self.headers = [("Content-Type", contentType)]
        self.body = data
    }

    init(_ failure: ParseFailure) {
        self.init(status: failure.status, json: failure.json)
    }

    /// Parse Server's answer to a master-key-only route called without the master key.
    static let masterKeyRequired = ServerAnswer(status: 403, json: ["error": "unauthorized: master key is required"])
}
#endif
