import ModelgenDiagnostics
import ModelgenSchema

/// The classes that get a table: every declared class, then each built-in class (`_User`,
/// `_Role`, ...) that a stored field links to without declaring it, since a foreign key or a
/// join table needs its target table. Built-in classes link on (`_Role` to `_User`), so the
/// set is closed over those links too.
struct SQLClassSet {
    /// One class as the layouts see it.
    struct Entry {
        var name: String
        /// `nil` for a built-in class that is only linked to.
        var definition: ClassDefinition?
        var builtin: BuiltinClass?
        var location: SourceLocation? { definition?.location }
        var description: String? { definition?.description }
        var declaredFields: [FieldDefinition] { definition?.fields ?? [] }
        var indexes: [IndexDefinition] { definition?.indexes ?? [] }

        /// Visits the class's fields as a layout sees them: `builtinFields` (those of its
        /// built-in class the layout keeps), then the declared ones. Visited in place: a table
        /// is made once per script, and copying every field definition into a list first was a
        /// good part of that.
        func forEachField(builtinFields: [BuiltinClass.PredefinedField],
                          _ body: (_ name: String, _ type: FieldType, _ definition: FieldDefinition?) -> Void) {
            for field in builtinFields { body(field.name, field.type, nil) }
            for field in declaredFields { body(field.name, field.type, field) }
        }

        /// Its relation fields, among those `forEachField` visits with `builtinFields`.
        func relations(builtinFields: [BuiltinClass.PredefinedField]) -> [Relation] {
            var relations: [Relation] = []
            forEachField(builtinFields: builtinFields) { name, type, definition in
                guard case .relation(let target) = type else { return }
                relations.append(Relation(owner: self.name, field: name, target: target, definition: definition))
            }
            return relations
        }
    }

    /// A relation field, which gets a join table in either layout.
    struct Relation {
        var owner: String
        var field: String
        var target: String
        var definition: FieldDefinition?
    }

    let entries: [Entry]

    init(schema: Schema) {
        var entries = schema.classes.map { Entry(name: $0.name, definition: $0, builtin: $0.builtin) }
        var present = Set(entries.map(\.name))
        var linked = Set<String>()
        func collect(_ type: FieldType) {
            switch type {
            case .pointer(let name), .relation(let name): linked.insert(name)
            case .array(let element), .map(let element): collect(element)
            default: break
            }
        }
        var pending = entries
        while !pending.isEmpty {
            for entry in pending {
                entry.declaredFields.forEach { collect($0.type) }
                entry.builtin?.predefinedFields.forEach { collect($0.type) }
            }
            pending = BuiltinClass.allCases.filter { linked.contains($0.rawValue) && !present.contains($0.rawValue) }
                .map { Entry(name: $0.rawValue, definition: nil, builtin: $0) }
            present.formUnion(pending.map(\.name))
            entries += pending
        }
        self.entries = entries
    }

    /// The description of a built-in class that the schema does not describe.
    static func builtinDescription(_ builtin: BuiltinClass) -> String {
        switch builtin {
        case .user: return "Parse's built-in user class (_User)."
        case .role: return "Parse's built-in role class (_Role)."
        case .installation: return "Parse's built-in installation class (_Installation)."
        case .session: return "Parse's built-in session class (_Session)."
        }
    }
}
