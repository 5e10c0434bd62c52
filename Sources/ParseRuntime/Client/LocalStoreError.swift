/// Why the on-device store (`ParseLocalStore`) refused a call or could not complete it, with the
/// class and field it concerns. A refused write changes nothing.
///
/// ``parseError`` gives the Parse error a server would have answered (137 for a duplicate
/// value, 142 for a missing required field...), so code that handles ``ParseClientError``'s
/// ``ParseClientError/parseError`` treats the store and the server alike.
public struct LocalStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// A unique field (or unique index) already holds the value in another object.
        case duplicateValue
        /// A required field has no value.
        case requiredField
        /// A value breaks the field's bounds, length, count or allowed values.
        case invalidValue
        /// A delete was refused: other objects point to the object with `onDelete: restrict`.
        case restrictedDelete
        /// A query constraint, order or path the store cannot answer exactly.
        case unsupportedQuery
        /// A class or field that the store's schema does not have.
        case unknownField
        /// The database file was made from another schema and cannot be opened with this one.
        case schemaMismatch
        /// A kept migration stopped on the store's data (a value its new schema refuses); the
        /// store is left as it was.
        case migrationStopped
        /// SQLite failed (the file cannot be opened, the disk is full, the file is damaged).
        case database
        /// A sync as one user of a store that holds another user's objects (erase it first).
        case wrongUser
        /// A logout that would lose changes not yet on the server (sync first).
        case pendingChanges
        /// A sync (or `live`) of a store opened with `changes: .notRecorded`: its writes were
        /// never recorded, so a sync could neither push them nor keep them from the server's.
        case changesNotRecorded
    }

    /// The kind of failure.
    public let kind: Kind
    /// The class concerned, when there is one.
    public let className: String?
    /// The field (or constraint, for ``Kind/unsupportedQuery``) concerned, when there is one.
    public let field: String?
    /// What happened, in a sentence, without field values.
    public let message: String

    /// A failure; the store makes these.
    public init(_ kind: Kind, className: String?, field: String?, message: String) {
        self.kind = kind
        self.className = className
        self.field = field
        self.message = message
    }

    /// The Parse error a server would answer for the same failure.
    public var parseError: ParseError {
        let code: ParseError.Code = switch kind {
        case .duplicateValue: .duplicateValue
        case .requiredField, .invalidValue: .validationFailed
        case .restrictedDelete, .wrongUser, .pendingChanges, .changesNotRecorded: .operationForbidden
        case .unsupportedQuery: .invalidQuery
        case .unknownField: .invalidKeyName
        case .schemaMismatch, .migrationStopped, .database: .internalServer
        }
        return ParseError(code: code, message: description)
    }

    /// `Class.field: message`.
    public var description: String {
        switch (className, field) {
        case (let className?, let field?): "\(className).\(field): \(message)"
        case (let className?, nil): "\(className): \(message)"
        case (nil, let field?): "\(field): \(message)"
        case (nil, nil): message
        }
    }
}
