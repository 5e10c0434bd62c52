import Foundation
import ModelgenDiagnostics
import ModelgenYAML

// Indexes and class-level permissions: what they name exists and may be indexed or granted.
extension SchemaValidator {
    // MARK: Indexes

    /// `declared` holds every field name written in the class, so that a field dropped for an
    /// error already reported does not also make its indexes fail.
    mutating func resolveIndexes(_ declarations: [IndexDeclaration], fields: [FieldDefinition],
                                         declared: [String], builtin: BuiltinClass?) -> [IndexDefinition] {
        guard !declarations.isEmpty else { return [] }
        // A class has a few dozen fields and a few indexes: looked up in place, not hashed.
        func indexableType(_ name: String) -> FieldType? {
            if let field = fields.last(where: { $0.name == name }) { return field.type }
            if let field = builtin?.predefinedFields.last(where: { $0.name == name }) { return field.type }
            if NamingRules.implicitFieldNames.contains(name) { return .scalar(name == "objectId" ? .string : .date) }
            return nil
        }
        var result: [IndexDefinition] = []
        for declaration in declarations {
            var valid = true
            for field in declaration.fields {
                if field.value == "ACL" {
                    diagnostics.error("index names 'ACL', which cannot be indexed", at: field.location,
                                      notes: [.init("Parse stores ACLs as permissions, not as a column to index")])
                    valid = false
                    continue
                }
                guard let type = indexableType(field.value) else {
                    let indexable = Set(NamingRules.implicitFieldNames).union((builtin?.predefinedFields ?? []).map(\.name)).union(fields.map(\.name))
                    var notes: [Diagnostic.Note] = []
                    if suggestions.spend(indexable.count + declared.count), let near = Suggestions.note(for: field.value, among: indexable.union(declared).sorted()) { notes.append(near) }
                    if !declared.contains(field.value) {
                        diagnostics.error("index names unknown field '\(field.value)'", at: field.location, notes: notes)
                    }
                    valid = false
                    continue
                }
                switch type {
                case .relation, .inverse:
                    let kind = if case .relation = type { "relation" } else { "inverse" }
                    diagnostics.error("index names '\(field.value)', a \(kind)", at: field.location,
                                      notes: [.init("relations live in their own join table, which is indexed already")])
                    valid = false
                case .array, .map, .embedded, .scalar(.object):
                    diagnostics.error("index names '\(field.value)', a field of type \(type)", at: field.location,
                                      notes: [.init("indexes apply to scalar, enum and pointer fields")])
                    valid = false
                default:
                    break
                }
            }
            if let name = declaration.name {
                checkIdentifierLength(name.value, what: "index name", at: name.location)
            }
            if valid {
                result.append(IndexDefinition(fields: declaration.fields.map(\.value), isUnique: declaration.isUnique,
                                              name: declaration.name?.value, location: declaration.location))
            }
        }
        return result
    }

    /// Checks the fields that `permissions:` names: a field that grants access must point to
    /// users, a protected field must exist and be one Parse can hide. Returns `nil` when any
    /// reference is wrong (reported), so no emitter writes half a permission.
    mutating func resolvePermissions(_ declaration: PermissionsDeclaration, className: String, fields: [FieldDefinition],
                                             declared: [String], builtin: BuiltinClass?) -> ClassPermissions? {
        func type(of name: String) -> FieldType? {
            fields.last { $0.name == name }?.type ?? builtin?.predefinedFields.last { $0.name == name }?.type
        }
        let known = fields.map(\.name) + (builtin?.predefinedFields.map(\.name) ?? [])
        var valid = true
        for reference in declaration.references {
            if case .protected = reference.use, NamingRules.parseObjectFieldNames.contains(reference.name) {
                diagnostics.error("'\(reference.name)' cannot be protected", at: reference.location,
                                  notes: [.init("Parse always returns objectId, createdAt, updatedAt and ACL")])
                valid = false
                continue
            }
            guard let fieldType = type(of: reference.name) else {
                // A field dropped for an error already reported is not reported again.
                if !declared.contains(reference.name) {
                    var notes: [Diagnostic.Note] = []
                    if suggestions.spend(known.count), let near = Suggestions.note(for: reference.name, among: known) { notes.append(near) }
                    diagnostics.error("permissions name unknown field '\(reference.name)' of class '\(className)'",
                                      at: reference.location, notes: notes)
                }
                valid = false
                continue
            }
            guard case .users(let what) = reference.use else { continue }
            switch fieldType {
            case .pointer("_User"), .array(.pointer("_User")):
                continue
            default:
                diagnostics.error("\(what) names '\(reference.name)', a field of type \(fieldType)", at: reference.location,
                                  notes: [.init("access goes through a field of type pointer<_User> or array<pointer<_User>>")])
                valid = false
            }
        }
        return valid ? declaration.permissions : nil
    }

    mutating func checkIndexNamesAcrossClasses(_ classes: [ClassDefinition]) {
        var seen: [String: SourceLocation] = [:]
        for definition in classes {
            for index in definition.indexes {
                guard let name = index.name else { continue }
                if let first = seen[name] {
                    diagnostics.error("index name '\(name)' is used more than once", at: index.location,
                                      notes: [.init("first used here", at: first),
                                              .init("PostgreSQL index names are shared by all tables of a schema")])
                } else {
                    seen[name] = index.location
                }
            }
        }
    }
}
