import ModelgenSchema

/// Parse's `classLevelPermissions` written as the schema's `permissions:` (the reverse of
/// ``ParsePermissionsJSON``): `read` and `write` where their operations agree, an operation
/// allowed to the master key only left out.
enum ParsePermissionsYAML {
    typealias Failure = ParseSchemaImport.Failure

    static func lines(of json: OrderedJSON, className: String) throws(Failure) -> [String] {
        guard let members = json.members else { throw Failure(description: "\(className): classLevelPermissions is not an object") }
        var operations: [ClassPermissions.Operation: [ClassPermissions.Audience]] = [:]
        var readUserFields: [String] = []
        var writeUserFields: [String] = []
        var protected: [(ClassPermissions.Audience, [String])] = []
        for member in members {
            let what = "\(className): classLevelPermissions.\(member.key)"
            if let operation = ClassPermissions.Operation(rawValue: member.key) {
                operations[operation] = try audiences(member.value, what)
                continue
            }
            switch member.key {
            case "readUserFields": readUserFields = try strings(member.value, what)
            case "writeUserFields": writeUserFields = try strings(member.value, what)
            case "protectedFields":
                guard let entries = member.value.members else { throw Failure(description: "\(what) is not an object") }
                for entry in entries {
                    protected.append((try protectedAudience(entry.key, what), try strings(entry.value, "\(what).\(entry.key)")))
                }
            default:
                throw Failure(description: "\(what): not a class-level permission Parse knows")
            }
        }
        var lines: [String] = []
        var written = Set<ClassPermissions.Operation>()
        for (group, name) in [(ClassPermissions.Operation.read, "read"), (ClassPermissions.Operation.write, "write")] {
            let first = operations[group[0]] ?? []
            if !first.isEmpty, group.allSatisfy({ (operations[$0] ?? []) == first }) {
                lines.append("\(name): \(text(of: first))")
                written.formUnion(group)
            }
        }
        for operation in ClassPermissions.Operation.allCases where !written.contains(operation) {
            if let audiences = operations[operation], !audiences.isEmpty {
                lines.append("\(operation.rawValue): \(text(of: audiences))")
            }
        }
        if !readUserFields.isEmpty { lines.append("readUserFields: [\(readUserFields.map(YAMLWriter.key).joined(separator: ", "))]") }
        if !writeUserFields.isEmpty { lines.append("writeUserFields: [\(writeUserFields.map(YAMLWriter.key).joined(separator: ", "))]") }
        if !protected.isEmpty {
            lines.append("protectedFields:")
            for (audience, fields) in protected {
                lines.append("  \(YAMLWriter.key(audience.description)): [\(fields.map(YAMLWriter.key).joined(separator: ", "))]")
            }
        }
        return lines
    }

    /// An operation's permission: each key `true` (or `pointerFields`, a list of fields).
    private static func audiences(_ json: OrderedJSON, _ what: String) throws(Failure) -> [ClassPermissions.Audience] {
        guard let members = json.members else { throw Failure(description: "\(what) is not an object") }
        var result: [ClassPermissions.Audience] = []
        for member in members {
            if member.key == "pointerFields" {
                result += try strings(member.value, "\(what).pointerFields").map { .pointer($0) }
                continue
            }
            guard member.value == .bool(true) else {
                throw Failure(description: "\(what).\(member.key) is \(member.value.rendered()); Parse allows only true")
            }
            switch member.key {
            case "*": result.append(.everyone)
            case "requiresAuthentication": result.append(.authenticated)
            default: result.append(try audience(named: member.key, what))
            }
        }
        return result
    }

    private static func protectedAudience(_ key: String, _ what: String) throws(Failure) -> ClassPermissions.Audience {
        switch key {
        case "*": return .everyone
        case "authenticated": return .authenticated
        case _ where key.hasPrefix("userField:"): return .pointer(String(key.dropFirst("userField:".count)))
        default: return try audience(named: key, what)
        }
    }

    /// `role:Name`, or a user's objectId.
    private static func audience(named key: String, _ what: String) throws(Failure) -> ClassPermissions.Audience {
        let audience: ClassPermissions.Audience = key.hasPrefix("role:") ? .role(String(key.dropFirst(5))) : .user(key)
        guard case .success = ClassPermissions.Audience.parse(audience.description) else {
            throw Failure(description: "\(what): '\(key)' is neither a role nor a user id this schema can write")
        }
        return audience
    }

    private static func strings(_ json: OrderedJSON, _ what: String) throws(Failure) -> [String] {
        guard case .array(let items) = json else { throw Failure(description: "\(what) is not a list") }
        var result: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw Failure(description: "\(what) holds \(item.rendered()), not a field name") }
            result.append(text)
        }
        return result
    }

    /// One audience plain, several as a flow list.
    private static func text(of audiences: [ClassPermissions.Audience]) -> String {
        let items = audiences.map { YAMLWriter.key($0.description) }
        return items.count == 1 ? items[0] : "[\(items.joined(separator: ", "))]"
    }
}
