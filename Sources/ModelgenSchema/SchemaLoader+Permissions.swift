import ModelgenDiagnostics
import ModelgenYAML

/// A class's `permissions:`, read as the rest of a file is (see ``SchemaLoader``).
extension SchemaLoader {
    // MARK: Permissions

    /// `permissions:`: operations (`read` and `write` first, then single operations, which
    /// override them), the user pointer fields and the protected fields.
    mutating func loadPermissions(_ entry: YAMLMappingEntry) -> PermissionsDeclaration? {
        guard let body = mapping(entry.value, "'permissions'") else { return nil }
        var declaration = PermissionsDeclaration(permissions: ClassPermissions(location: entry.keyLocation))
        var groups: [(ClassPermissions.Operation, [ClassPermissions.Audience])] = []
        var single: [(ClassPermissions.Operation, [ClassPermissions.Audience])] = []
        for item in body {
            switch item.key {
            case "read", "write":
                guard let audiences = audiences(item.value, "'\(item.key)'", references: &declaration.references) else { continue }
                let operations = item.key == "read" ? ClassPermissions.Operation.read : ClassPermissions.Operation.write
                groups += operations.map { ($0, audiences) }
            case "readUserFields", "writeUserFields":
                let names = userFieldNames(item.value, "'\(item.key)'", references: &declaration.references)
                if item.key == "readUserFields" { declaration.permissions.readUserFields = names } else { declaration.permissions.writeUserFields = names }
            case "protectedFields":
                declaration.permissions.protectedFields = protectedFields(item.value, references: &declaration.references)
            default:
                guard let operation = ClassPermissions.Operation(rawValue: item.key) else {
                    unknownKey(item, allowed: ClassPermissions.keys, in: "'permissions'")
                    continue
                }
                if let audiences = audiences(item.value, "'\(item.key)'", references: &declaration.references) {
                    single.append((operation, audiences))
                }
            }
        }
        for (operation, audiences) in groups + single { declaration.permissions.operations[operation] = audiences }
        return declaration
    }

    /// An audience or a list of them; an empty list is "master key only".
    mutating func audiences(_ node: YAMLNode, _ what: String,
                                    references: inout [PermissionsDeclaration.FieldReference]) -> [ClassPermissions.Audience]? {
        let items = node.sequence ?? [node]
        var result: [ClassPermissions.Audience] = []
        for item in items {
            guard let text = item.scalar?.string, !(item.scalar?.isNull ?? true) else {
                diagnostics.error("\(what) must be an audience or a list of them, found \(item.valueDescription)", at: item.location,
                                  notes: [.init("the audiences are \(ClassPermissions.Audience.forms); [] is the master key only")])
                return nil
            }
            switch ClassPermissions.Audience.parse(text) {
            case .success(let audience):
                if result.contains(audience) {
                    diagnostics.error("'\(text)' is listed twice in \(what)", at: item.location)
                    return nil
                }
                if case .pointer(let field) = audience {
                    references.append(.init(name: field, use: .users(text), location: item.location))
                }
                result.append(audience)
            case .failure(let error):
                diagnostics.error(error.message, at: item.location, notes: error.note.map { [.init($0)] } ?? [])
                return nil
            }
        }
        return result
    }

    /// `readUserFields` / `writeUserFields`: a list of pointer fields to users.
    mutating func userFieldNames(_ node: YAMLNode, _ what: String,
                                         references: inout [PermissionsDeclaration.FieldReference]) -> [String] {
        fieldNames(node, what).map { field in
            references.append(.init(name: field.value, use: .users(what), location: field.location))
            return field.value
        }
    }

    /// `protectedFields`: audience to the list of fields it may not read, in written order.
    mutating func protectedFields(_ node: YAMLNode,
                                          references: inout [PermissionsDeclaration.FieldReference]) -> [ClassPermissions.ProtectedFields] {
        guard let entries = mapping(node, "'protectedFields'") else { return [] }
        var result: [ClassPermissions.ProtectedFields] = []
        for entry in entries {
            let audience: ClassPermissions.Audience
            switch ClassPermissions.Audience.parse(entry.key) {
            case .success(let parsed): audience = parsed
            case .failure(let error):
                diagnostics.error(error.message, at: entry.keyLocation, notes: error.note.map { [.init($0)] } ?? [])
                continue
            }
            if case .pointer(let field) = audience {
                references.append(.init(name: field, use: .users(entry.key), location: entry.keyLocation))
            }
            let fields = fieldNames(entry.value, "protected fields of '\(entry.key)'")
            references += fields.map { .init(name: $0.value, use: .protected, location: $0.location) }
            result.append(.init(audience: audience, fields: fields.map(\.value)))
        }
        return result
    }
}
