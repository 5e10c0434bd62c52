import ModelgenDiagnostics
import ModelgenSchema

/// The differences between what a schema defines for Parse Server (the `parse` emitter's
/// definitions) and a live server's schema (`GET /schemas`): classes, custom fields (type,
/// target class, required, default), indexes by name, class-level permissions (`addField`
/// aside, which a defined schema always sets to the master key only). Parse's own fields,
/// indexes and classes are not compared.
public enum SchemaDrift {
    /// One line per difference, as `Book.price: server has Number, schema has String`, in the
    /// schema's class order, then the server's extra classes.
    public static func differences(schema: Schema, live: OrderedJSON) throws(ParseSchemaImport.Failure) -> [String] {
        var ignored = DiagnosticCollector()
        let expected = shapes(of: ParseDefinitions.make(schema, diagnostics: &ignored))
        let actual = shapes(of: .array(try ParseSchemaJSON.classes(in: live)))
        var lines: [String] = []
        // Classes the server has under a name the schema says they had before (`formerly`).
        var formerNames: Set<String> = []
        for shape in expected {
            let definition = schema.classDefinition(named: shape.name)
            var formerFields: [String: [String]] = [:]
            for field in definition?.fields ?? [] where !field.formerly.isEmpty { formerFields[field.name] = field.formerly }
            guard let other = actual.first(where: { $0.name == shape.name }) else {
                let former = definition?.formerly.first { name in
                    actual.contains { $0.name == name } && !expected.contains { $0.name == name }
                }
                guard let former, let other = actual.first(where: { $0.name == former }) else {
                    lines.append("\(shape.name): the schema defines it, the server has no such class")
                    continue
                }
                formerNames.insert(former)
                lines.append("\(shape.name): the server has it as \(former), its name before the rename the schema declares (formerly); Parse Server cannot rename a class")
                lines += compare(shape, with: other, formerFields: formerFields)
                continue
            }
            lines += compare(shape, with: other, formerFields: formerFields)
        }
        // Parse's own classes are on every server: one is drift only when it has fields of yours.
        for other in actual where !expected.contains(where: { $0.name == other.name }) && !formerNames.contains(other.name) && !other.isParsesOwn
            && (BuiltinClass(rawValue: other.name) == nil || !other.fields.isEmpty) {
            lines.append("\(other.name): the server has it, the schema does not define it")
        }
        return lines
    }

    /// A class reduced to what is compared.
    struct Shape {
        var name: String
        /// In order; each field as `Pointer<_User>` and its options.
        var fields: [(name: String, type: String, required: Bool, defaultValue: OrderedJSON?)]
        var indexes: [(name: String, fields: [String])]
        /// Each permission key (`find`, `protectedFields.*`, ...) with its value as text.
        var permissions: [(key: String, value: String)]?
        var isParsesOwn: Bool { ParseSchemaJSON.isParsesOwnClass(name) }
    }

    static func shapes(of json: OrderedJSON) -> [Shape] {
        guard case .array(let items) = json else { return [] }
        return items.compactMap { item in
            guard let name = item["className"]?.stringValue else { return nil }
            let builtin = BuiltinClass(rawValue: name)
            let fields = (ParseSchemaJSON.ownFields(of: item, builtin: builtin) ?? []).map { member in
                let type = member.value["type"]?.stringValue ?? "?"
                let target = member.value["targetClass"]?.stringValue
                return (name: member.key, type: target.map { "\(type)<\($0)>" } ?? type,
                        required: member.value["required"] == .bool(true), defaultValue: member.value["defaultValue"])
            }
            let indexes = (item["indexes"]?.members ?? []).filter { !ParseSchemaJSON.isParsesOwnIndex($0.key, builtin: builtin) }
                .map { member in (name: member.key, fields: (member.value.members ?? []).map { ParseSchemaJSON.fieldName(ofIndexKey: $0.key) }) }
            let permissions = item["classLevelPermissions"].map(permissionEntries)
            return Shape(name: name, fields: fields, indexes: indexes, permissions: permissions)
        }
    }

    /// The permission keys compared, each with a text that is equal when the permissions are:
    /// the audiences of an operation sorted, since their order means nothing to Parse.
    static func permissionEntries(_ json: OrderedJSON) -> [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        for operation in ClassPermissions.Operation.allCases where operation != .addField {
            let members = json[operation.rawValue]?.members ?? []
            let audiences = members.flatMap { member -> [String] in
                if member.key == "pointerFields", case .array(let fields) = member.value {
                    return fields.compactMap(\.stringValue).map { "pointer:\($0)" }
                }
                return [member.key]
            }
            entries.append((operation.rawValue, audiences.isEmpty ? "{} (master key only)" : audiences.sorted().joined(separator: ", ")))
        }
        for key in ["readUserFields", "writeUserFields"] {
            if case .array(let fields)? = json[key] { entries.append((key, fields.compactMap(\.stringValue).joined(separator: ", "))) }
        }
        for member in json["protectedFields"]?.members ?? [] {
            if case .array(let fields) = member.value {
                entries.append(("protectedFields.\(member.key)", fields.compactMap(\.stringValue).sorted().joined(separator: ", ")))
            }
        }
        return entries
    }

    /// `formerFields`: the names the schema says fields had before (`formerly`), by field.
    static func compare(_ expected: Shape, with actual: Shape, formerFields: [String: [String]] = [:]) -> [String] {
        let name = expected.name
        var lines: [String] = []
        var renamedFrom: Set<String> = []
        for field in expected.fields {
            var found = actual.fields.first { $0.name == field.name }
            if found == nil, let former = formerFields[field.name]?.first(where: { former in
                actual.fields.contains { $0.name == former } && !expected.fields.contains { $0.name == former }
            }) {
                renamedFrom.insert(former)
                lines.append("\(name).\(field.name): the server has it as \(former), its name before the rename the schema declares (formerly); Parse Server cannot rename a field")
                found = actual.fields.first { $0.name == former }
            }
            guard let other = found else {
                lines.append("\(name).\(field.name): the schema has \(field.type), the server has no such field")
                continue
            }
            if other.type != field.type { lines.append("\(name).\(field.name): server has \(other.type), schema has \(field.type)") }
            if other.required != field.required {
                lines.append("\(name).\(field.name): server has it \(other.required ? "" : "not ")required, schema has it \(field.required ? "" : "not ")required")
            }
            if !sameValue(other.defaultValue, field.defaultValue) {
                lines.append("\(name).\(field.name): server's default is \(text(other.defaultValue)), schema's is \(text(field.defaultValue))")
            }
        }
        for other in actual.fields where !expected.fields.contains(where: { $0.name == other.name }) && !renamedFrom.contains(other.name) {
            lines.append("\(name).\(other.name): the server has \(other.type), the schema has no such field")
        }
        for index in expected.indexes {
            guard let other = actual.indexes.first(where: { $0.name == index.name }) else {
                lines.append("\(name) index \(index.name): the schema has [\(index.fields.joined(separator: ", "))], the server has no such index")
                continue
            }
            if other.fields != index.fields {
                lines.append("\(name) index \(index.name): server has [\(other.fields.joined(separator: ", "))], schema has [\(index.fields.joined(separator: ", "))]")
            }
        }
        for other in actual.indexes where !expected.indexes.contains(where: { $0.name == other.name }) {
            lines.append("\(name) index \(other.name): the server has [\(other.fields.joined(separator: ", "))], the schema has no such index")
        }
        if let permissions = expected.permissions {
            let live = actual.permissions ?? []
            for entry in permissions {
                let other = live.first { $0.key == entry.key }?.value ?? "nothing"
                if other != entry.value { lines.append("\(name) permissions \(entry.key): server has \(other), schema has \(entry.value)") }
            }
            for entry in live where !permissions.contains(where: { $0.key == entry.key }) && entry.value != "" {
                lines.append("\(name) permissions \(entry.key): server has \(entry.value), schema has nothing")
            }
        }
        return lines
    }

    /// Whether two defaults are the same JSON value (`100` and `100.0` are).
    static func sameValue(_ first: OrderedJSON?, _ second: OrderedJSON?) -> Bool {
        switch (first, second) {
        case (nil, nil): return true
        case (.number(let a)?, .number(let b)?): return Double(a) == Double(b)
        default: return first == second
        }
    }

    static func text(_ value: OrderedJSON?) -> String {
        value.map { $0.rendered().replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: "") } ?? "none"
    }
}
