import ModelgenSchema

/// How the Parse-Swift SDK types the predefined fields of Parse's built-in classes. The
/// protocols `ParseUser`, `ParseRole`, `ParseSession` and `ParseInstallation` require these
/// exact types, so they win over the schema's generic mapping.
enum SwiftBuiltinFields {
    /// The protocol a built-in class's struct conforms to.
    static func conformance(_ builtin: BuiltinClass?) -> String {
        switch builtin {
        case .user: return "ParseUser"
        case .role: return "ParseRole"
        case .installation: return "ParseInstallation"
        case .session: return "ParseSession"
        case nil: return "ParseObject"
        }
    }

    /// The associated types a built-in class's protocol needs spelled out.
    static func typeAliases(_ builtin: BuiltinClass?, userType: String) -> [(name: String, type: String)] {
        switch builtin {
        case .role: return [("RoleUser", userType)]
        case .session: return [("SessionUser", userType)]
        default: return []
        }
    }

    /// The Swift type the SDK gives a predefined field, when it differs from the generic mapping.
    static func swiftType(of field: String, in builtin: BuiltinClass, userType: String, date: String) -> String? {
        switch (builtin, field) {
        case (.user, "authData"): return "[String: [String: String]?]"
        case (.session, "createdWith"): return "[String: String]"
        case (.session, "user"): return userType
        default: return nil
        }
    }

    /// The SDK's `ParseSession` requires some fields to be non-optional; they are stored that
    /// way and set to these placeholder values by `init()`, until decoding replaces them.
    static func initialValue(of field: String, in builtin: BuiltinClass, userType: String, date: String) -> String? {
        guard builtin == .session else { return nil }
        switch field {
        case "sessionToken", "installationId": return "\"\""
        case "user": return "\(userType)()"
        case "createdWith": return "[:]"
        case "expiresAt": return "\(date)(timeIntervalSince1970: 0)"
        default: return nil
        }
    }

    /// Predefined fields that are relations (a role's `users` and `roles`): the SDK gives them
    /// computed properties, so they get no stored property and no helpers of ours.
    static func isProvidedBySDK(_ field: String, in builtin: BuiltinClass) -> Bool {
        builtin == .role && (field == "users" || field == "roles")
    }
}
