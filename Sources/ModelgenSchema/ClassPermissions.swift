import ModelgenDiagnostics

/// A class's class-level permissions (`permissions:` in the schema): who may run each
/// operation, and which fields each audience may not read. Parse Server enforces them; the
/// `parse` emitter writes them in Parse's `classLevelPermissions` form.
public struct ClassPermissions: Sendable, Hashable {
    /// An operation a class-level permission governs, by its Parse name.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        case find, count, get, create, update, delete, addField

        /// `read` in the schema: the three operations that read objects.
        public static let read: [Operation] = [.find, .count, .get]
        /// `write` in the schema: the three that write objects (`addField` changes the schema
        /// and is named on its own).
        public static let write: [Operation] = [.create, .update, .delete]
    }

    /// Who a permission applies to.
    public enum Audience: Sendable, Hashable, CustomStringConvertible {
        /// Everyone, with or without a session (`public`; Parse's `*`).
        case everyone
        /// Any logged-in user (`authenticated`; Parse's `requiresAuthentication`, and
        /// `authenticated` in `protectedFields`).
        case authenticated
        /// The members of a role (`role:Admin`).
        case role(String)
        /// One user, by objectId (`user:Ab12Cd34Ef`).
        case user(String)
        /// The user or users a pointer field of the object points to (`pointer:owner`; Parse's
        /// `pointerFields`, and `userField:owner` in `protectedFields`).
        case pointer(String)

        /// The audience as the schema writes it.
        public var description: String {
            switch self {
            case .everyone: "public"
            case .authenticated: "authenticated"
            case .role(let name): "role:\(name)"
            case .user(let id): "user:\(id)"
            case .pointer(let field): "pointer:\(field)"
            }
        }
    }

    /// Fields hidden from an audience.
    public struct ProtectedFields: Sendable, Hashable {
        public var audience: Audience
        /// In written order; empty means "nothing hidden" (which overrides a wider audience's list).
        public var fields: [String]

        public init(audience: Audience, fields: [String]) {
            self.audience = audience
            self.fields = fields
        }
    }

    /// Who may run each operation. An operation that is absent is allowed with the master key
    /// only, as in Parse.
    public var operations: [Operation: [Audience]]
    /// Pointer fields whose users may read the object (Parse's `readUserFields`).
    public var readUserFields: [String]
    /// Pointer fields whose users may write the object (Parse's `writeUserFields`).
    public var writeUserFields: [String]
    /// In written order.
    public var protectedFields: [ProtectedFields]
    /// Where `permissions:` was written.
    public var location: SourceLocation

    public init(operations: [Operation: [Audience]] = [:], readUserFields: [String] = [], writeUserFields: [String] = [],
                protectedFields: [ProtectedFields] = [], location: SourceLocation) {
        self.operations = operations
        self.readUserFields = readUserFields
        self.writeUserFields = writeUserFields
        self.protectedFields = protectedFields
        self.location = location
    }

    /// Who may run `operation`: empty when only the master key may.
    public func audiences(of operation: Operation) -> [Audience] {
        operations[operation] ?? []
    }
}

extension ClassPermissions {
    /// The keys `permissions:` accepts.
    static let keys = ["read", "write"] + Operation.allCases.map(\.rawValue)
        + ["readUserFields", "writeUserFields", "protectedFields"]
}

extension ClassPermissions.Audience {
    /// What an audience may be written as, for notes.
    static let forms = "public, authenticated, role:<Name>, user:<objectId>, pointer:<field>"

    /// Reads an audience as the schema writes it, or says what is wrong.
    public static func parse(_ text: String) -> Result<Self, AudienceError> {
        switch text {
        case "public": return .success(.everyone)
        case "authenticated": return .success(.authenticated)
        case "*": return .failure(AudienceError(message: "'*' is written 'public' here", note: nil))
        case "requiresAuthentication": return .failure(AudienceError(message: "'requiresAuthentication' is written 'authenticated' here", note: nil))
        case "pointerFields": return .failure(AudienceError(message: "pointer fields are written one by one, as 'pointer:<field>'", note: nil))
        default: break
        }
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(AudienceError(message: "unknown audience '\(text)'",
                                          note: "a role is written 'role:\(text)'; the audiences are \(forms)"))
        }
        let kind = String(text[..<colon])
        let value = String(text[text.index(after: colon)...])
        if value.isEmpty, ["role", "user", "pointer"].contains(kind) {
            return .failure(AudienceError(message: "'\(text)' needs a \(kind == "role" ? "role name" : kind == "user" ? "user id" : "field name") after the colon", note: nil))
        }
        switch kind {
        case "role":
            guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == " ") }) else {
                return .failure(AudienceError(message: "invalid role name '\(value)'",
                                              note: "Parse role names use letters, digits, '_', '-' and spaces"))
            }
            return .success(.role(value))
        case "user":
            guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return .failure(AudienceError(message: "invalid user id '\(value)'", note: "a user id is an objectId: letters and digits"))
            }
            return .success(.user(value))
        case "pointer", "userField":
            guard NamingRules.isValidName(value) else {
                return .failure(AudienceError(message: "invalid field name '\(value)' in '\(text)'", note: nil))
            }
            if kind == "userField" {
                return .failure(AudienceError(message: "'userField:\(value)' is written 'pointer:\(value)' here", note: nil))
            }
            return .success(.pointer(value))
        default:
            let near = Suggestions.closest(to: kind, among: ["role", "user", "pointer"])
            return .failure(AudienceError(message: "unknown audience '\(text)'",
                                          note: near.map { "did you mean '\($0):\(value)'?" } ?? "the audiences are \(forms)"))
        }
    }

    /// Why a text is no audience, and what to write instead.
    public struct AudienceError: Error, Sendable {
        public var message: String
        public var note: String?
    }
}
