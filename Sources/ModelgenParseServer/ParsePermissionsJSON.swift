import ModelgenSchema

/// Class-level permissions as Parse's JSON (`classLevelPermissions`) and back.
public enum ParsePermissionsJSON {
    /// The JSON of `permissions`: every operation (`{}` for the master key only), then the
    /// user fields and protected fields when there are any. Audiences keep their written order,
    /// with `pointerFields` after the others.
    public static func json(of permissions: ClassPermissions) -> OrderedJSON {
        var members: [OrderedJSON.Member] = []
        for operation in ClassPermissions.Operation.allCases {
            let audiences = permissions.audiences(of: operation)
            var entries: [OrderedJSON.Member] = []
            var pointerFields: [OrderedJSON] = []
            for audience in audiences {
                if case .pointer(let field) = audience {
                    pointerFields.append(.string(field))
                } else if let key = operationKey(of: audience) {
                    entries.append(.init(key, .bool(true)))
                }
            }
            if !pointerFields.isEmpty { entries.append(.init("pointerFields", .array(pointerFields))) }
            members.append(.init(operation.rawValue, .object(entries)))
        }
        if !permissions.readUserFields.isEmpty {
            members.append(.init("readUserFields", .array(permissions.readUserFields.map(OrderedJSON.string))))
        }
        if !permissions.writeUserFields.isEmpty {
            members.append(.init("writeUserFields", .array(permissions.writeUserFields.map(OrderedJSON.string))))
        }
        if !permissions.protectedFields.isEmpty {
            members.append(.init("protectedFields", .object(permissions.protectedFields.map {
                .init(protectedKey(of: $0.audience), .array($0.fields.map(OrderedJSON.string)))
            })))
        }
        return .object(members)
    }

    /// An audience as a key of an operation's permission; `nil` for a pointer field, which
    /// goes into the operation's one `pointerFields` list instead.
    static func operationKey(of audience: ClassPermissions.Audience) -> String? {
        switch audience {
        case .everyone: "*"
        case .authenticated: "requiresAuthentication"
        case .role(let name): "role:\(name)"
        case .user(let id): id
        case .pointer: nil
        }
    }

    /// An audience as a key of `protectedFields`.
    static func protectedKey(of audience: ClassPermissions.Audience) -> String {
        switch audience {
        case .everyone: "*"
        case .authenticated: "authenticated"
        case .role(let name): "role:\(name)"
        case .user(let id): id
        case .pointer(let field): "userField:\(field)"
        }
    }
}
