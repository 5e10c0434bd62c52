/// Parse's built-in classes. A schema may declare them to add fields, and may link to them
/// without declaring them.
public enum BuiltinClass: String, Sendable, Hashable, CaseIterable {
    case user = "_User"
    case role = "_Role"
    case installation = "_Installation"
    case session = "_Session"

    /// A predefined field of a built-in class, as Parse Server defines it.
    public struct PredefinedField: Sendable, Hashable {
        public var name: String
        public var type: FieldType
    }

    /// The fields Parse Server gives the class beyond `objectId`, `createdAt`, `updatedAt`, `ACL`.
    public var predefinedFields: [PredefinedField] {
        func field(_ name: String, _ type: FieldType) -> PredefinedField { PredefinedField(name: name, type: type) }
        switch self {
        case .user:
            return [field("username", .scalar(.string)), field("password", .scalar(.string)),
                    field("email", .scalar(.string)), field("emailVerified", .scalar(.bool)),
                    field("authData", .scalar(.object))]
        case .role:
            return [field("name", .scalar(.string)), field("users", .relation("_User")), field("roles", .relation("_Role"))]
        case .session:
            return [field("restricted", .scalar(.bool)), field("user", .pointer("_User")), field("installationId", .scalar(.string)),
                    field("sessionToken", .scalar(.string)), field("expiresAt", .scalar(.date)),
                    field("createdWith", .scalar(.object))]
        case .installation:
            return [field("installationId", .scalar(.string)), field("deviceToken", .scalar(.string)),
                    field("channels", .array(.scalar(.string))), field("deviceType", .scalar(.string)),
                    field("pushType", .scalar(.string)), field("GCMSenderId", .scalar(.string)),
                    field("timeZone", .scalar(.string)), field("localeIdentifier", .scalar(.string)),
                    field("badge", .scalar(.int)), field("appVersion", .scalar(.string)),
                    field("appName", .scalar(.string)), field("appIdentifier", .scalar(.string)),
                    field("parseVersion", .scalar(.string))]
        }
    }
}
