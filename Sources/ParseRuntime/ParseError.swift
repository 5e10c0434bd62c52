import Foundation

/// An error with a Parse error code and a message, shaped like ParseSwift's `ParseError`.
///
/// The JSON form is the one Parse Server sends: `{"code":101,"error":"Object not found."}`.
/// When decoding, `"message"` is accepted in place of `"error"`, and a code this SDK does not
/// know becomes ``Code-swift.enum/other`` with the number kept in ``otherCode``.
public struct ParseError: Error, Codable, Hashable, Sendable {
    /// The Parse error code.
    public let code: Code
    /// The human-readable message.
    public let message: String
    /// The numeric code when ``code`` is ``Code-swift.enum/other``; otherwise `nil`.
    public let otherCode: Int?
    /// The HTTP status of the response that carried the error (404 for
    /// ``Code-swift.enum/objectNotFound``, 400 for most others), or `nil` when the error did not
    /// come from an HTTP response (local errors, items of a batch). Not part of the JSON form.
    public var httpStatus: Int?

    /// Creates an error with a known code and a message.
    /// - Parameters:
    ///   - code: The Parse error code.
    ///   - message: The message.
    ///   - httpStatus: The HTTP status of the response that carried the error, if any.
    public init(code: Code, message: String, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.otherCode = nil
        self.httpStatus = httpStatus
    }

    /// Creates an error with a code this SDK does not know.
    /// - Parameters:
    ///   - otherCode: The numeric error code.
    ///   - message: The message.
    ///   - httpStatus: The HTTP status of the response that carried the error, if any.
    public init(otherCode: Int, message: String, httpStatus: Int? = nil) {
        self.code = .other
        self.message = message
        self.otherCode = otherCode
        self.httpStatus = httpStatus
    }

    /// The numeric code as Parse sends it: ``otherCode`` for unknown codes, else the code's value.
    public var rawCode: Int {
        otherCode ?? code.rawValue
    }

    private enum CodingKeys: String, CodingKey {
        case code
        case error
        case message
    }

    /// Decodes `{"code":Int,"error":String}` (or `"message"` instead of `"error"`); ``httpStatus``
    /// is left `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        httpStatus = nil
        let rawCode = try container.decodeIfPresent(Int.self, forKey: .code)
        if let rawCode, let known = Code(rawValue: rawCode), known != .other {
            code = known
            otherCode = nil
        } else if let rawCode {
            code = .other
            otherCode = rawCode
        } else {
            code = .unknownError
            otherCode = nil
        }
        if let error = try container.decodeIfPresent(String.self, forKey: .error) {
            message = error
        } else {
            message = try container.decode(String.self, forKey: .message)
        }
    }

    /// Encodes `{"code":Int,"error":String}`; an unknown code is written as its number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(otherCode ?? code.rawValue, forKey: .code)
        try container.encode(message, forKey: .error)
    }
}

extension ParseError {
    /// The error codes of the Parse Platform, with ParseSwift's case names.
    public enum Code: Int, Error, Codable, Hashable, Sendable {
        /// An error inside the SDK; no further information.
        case unknownError = -1
        /// An internal server error.
        case internalServer = 1
        /// The connection to the Parse Server failed.
        case connectionFailed = 100
        /// The object does not exist, or the password is wrong.
        case objectNotFound = 101
        /// The query is invalid, for example exact matching on an array or object.
        case invalidQuery = 102
        /// The class name is missing or invalid.
        case invalidClassName = 103
        /// The object id is missing.
        case missingObjectId = 104
        /// The key name is invalid.
        case invalidKeyName = 105
        /// A pointer is malformed.
        case invalidPointer = 106
        /// The JSON is malformed.
        case invalidJSON = 107
        /// The feature is only available internally.
        case commandUnavailable = 108
        /// A field was set to the wrong type.
        case incorrectType = 111
        /// The push channel name is invalid.
        case invalidChannelName = 112
        /// The device token is invalid.
        case invalidDeviceToken = 114
        /// Push is misconfigured.
        case pushMisconfigured = 115
        /// The object is too large.
        case objectTooLarge = 116
        /// The operation is not allowed for clients.
        case operationForbidden = 119
        /// The result was not in the cache.
        case cacheMiss = 120
        /// A nested key contains `$` or `.`.
        case invalidNestedKey = 121
        /// The file name is invalid.
        case invalidFileName = 122
        /// The ACL is invalid.
        case invalidACL = 123
        /// The request timed out on the server.
        case timeout = 124
        /// The email address is invalid.
        case invalidEmailAddress = 125
        /// The content type is missing.
        case missingContentType = 126
        /// The content length is missing.
        case missingContentLength = 127
        /// The content length is invalid.
        case invalidContentLength = 128
        /// The file is too large.
        case fileTooLarge = 129
        /// Saving a file failed.
        case fileSaveFailure = 130
        /// A field that cannot change was changed (a built-in field of a class's schema).
        case changedImmutableField = 136
        /// A unique field was given a value that is already taken.
        case duplicateValue = 137
        /// The role name is invalid.
        case invalidRoleName = 139
        /// An application quota was exceeded.
        case exceededQuota = 140
        /// A Cloud Code script failed.
        case scriptFailed = 141
        /// Cloud Code validation failed.
        case validationFailed = 142
        /// Image data could not be converted.
        case invalidImageData = 143
        /// An unsaved file could not be used.
        case unsavedFileFailure = 151
        /// The push time is invalid.
        case invalidPushTime = 152
        /// Deleting a file failed.
        case fileDeleteFailure = 153
        /// The application exceeded its request limit.
        case requestLimitExceeded = 155
        /// The request was a duplicate and was discarded.
        case duplicateRequest = 159
        /// The analytics event name is invalid.
        case invalidEventName = 160
        /// Deleting an unnamed file failed.
        case fileDeleteUnnamedFailure = 161
        /// A value is invalid.
        case invalidValue = 162
        /// The username is missing or empty.
        case usernameMissing = 200
        /// The password is missing or empty.
        case userPasswordMissing = 201
        /// The username is already taken.
        case usernameTaken = 202
        /// The email is already taken.
        case userEmailTaken = 203
        /// The email is missing.
        case userEmailMissing = 204
        /// No user has this email.
        case userWithEmailNotFound = 205
        /// The user cannot be altered without a session.
        case userCannotBeAlteredWithoutSession = 206
        /// Users can only be created through sign up.
        case userCanOnlyBeCreatedThroughSignUp = 207
        /// The account is already linked to another user.
        case accountAlreadyLinked = 208
        /// The session token is invalid.
        case invalidSessionToken = 209
        /// Enabling or verifying MFA failed.
        case mfaError = 210
        /// A valid MFA token is required.
        case mfaTokenRequired = 211
        /// The linked id is missing.
        case linkedIdMissing = 250
        /// The linked session is invalid.
        case invalidLinkedSession = 251
        /// The linked service is unsupported.
        case unsupportedService = 252
        /// A schema operation is invalid.
        case invalidSchemaOperation = 255
        /// Several errors occurred.
        case aggregateError = 600
        /// An input file could not be read.
        case fileReadError = 601
        /// The real code is unavailable (XDomainRequest).
        case xDomainRequest = 602
        /// Any other code; see ``ParseError/otherCode``.
        case other = 603
    }
}

extension ParseError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// `ParseError code=<code> error=<message>`, plus `otherCode=<n>` for unknown codes and
    /// `httpStatus=<n>` when the error came from an HTTP response.
    public var debugDescription: String {
        var text = "ParseError code=\(code.rawValue) error=\(message)"
        if let otherCode {
            text += " otherCode=\(otherCode)"
        }
        if let httpStatus {
            text += " httpStatus=\(httpStatus)"
        }
        return text
    }

    /// Same as ``debugDescription``.
    public var description: String { debugDescription }

    /// Same as ``debugDescription``.
    public var errorDescription: String? { debugDescription }
}

extension Error {
    /// Returns this error as a ``ParseError`` when it is one with the given code.
    /// - Parameter errorCode: The code to compare with.
    /// - Returns: The ``ParseError``, or `nil`.
    public func equalsTo(_ errorCode: ParseError.Code) -> ParseError? {
        guard let error = self as? ParseError, error.code == errorCode else { return nil }
        return error
    }

    /// Whether this error is a ``ParseError`` with the given code.
    /// - Parameter errorCode: The code to compare with.
    public func equalsTo(_ errorCode: ParseError.Code) -> Bool {
        (equalsTo(errorCode) as ParseError?) != nil
    }

    /// Returns this error as a ``ParseError`` when its code is one of the given codes.
    /// - Parameter errorCodes: The codes to compare with.
    public func containedIn(_ errorCodes: [ParseError.Code]) -> ParseError? {
        guard let error = self as? ParseError, errorCodes.contains(error.code) else { return nil }
        return error
    }

    /// Returns this error as a ``ParseError`` when its code is one of the given codes.
    /// - Parameter errorCodes: The codes to compare with.
    public func containedIn(_ errorCodes: ParseError.Code...) -> ParseError? {
        containedIn(errorCodes)
    }

    /// Whether this error is a ``ParseError`` whose code is one of the given codes.
    /// - Parameter errorCodes: The codes to compare with.
    public func containedIn(_ errorCodes: [ParseError.Code]) -> Bool {
        (containedIn(errorCodes) as ParseError?) != nil
    }

    /// Whether this error is a ``ParseError`` whose code is one of the given codes.
    /// - Parameter errorCodes: The codes to compare with.
    public func containedIn(_ errorCodes: ParseError.Code...) -> Bool {
        (containedIn(errorCodes) as ParseError?) != nil
    }
}
