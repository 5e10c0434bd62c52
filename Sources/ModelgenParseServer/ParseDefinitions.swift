import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema

/// The classes of a schema as Parse Server's defined schema takes them
/// (`new ParseServer({ schema: { definitions } })`): per class `className`, its own `fields`
/// (built-in ones left out), `indexes` by name and `classLevelPermissions`.
///
/// What Parse cannot express (uniqueness, bounds, element types, a cascading delete, an enum's
/// closed set of cases) is left out with one warning per field; a class without permissions
/// gets a warning, since Parse Server makes such a class master-key only.
public enum ParseDefinitions {
    /// The definitions, in the schema's class order, and the warnings.
    public static func make(_ schema: Schema, diagnostics: inout DiagnosticCollector) -> OrderedJSON {
        .array(schema.classes.map { definition(of: $0, in: schema, diagnostics: &diagnostics) })
    }

    static func definition(of definition: ClassDefinition, in schema: Schema,
                           diagnostics: inout DiagnosticCollector) -> OrderedJSON {
        if let permissions = definition.permissions {
            if !permissions.audiences(of: .addField).isEmpty {
                diagnostics.warning("Parse Server's defined schema allows 'addField' with the master key only, whatever "
                                    + "'\(definition.name)' says", at: permissions.location,
                                    notes: [.init("new fields come from the schema; leave addField out")])
            }
        } else {
            diagnostics.warning("class '\(definition.name)' has no permissions: Parse Server makes a class defined without "
                                + "classLevelPermissions master-key only", at: definition.location,
                                notes: [.init("add 'permissions:' to the class (docs/SchemaReference.md, permissions)")])
        }
        var members: [OrderedJSON.Member] = [.init("className", .string(definition.name))]
        var fields: [OrderedJSON.Member] = []
        for field in definition.fields {
            guard let (type, target) = ParseTypeMapping.parseType(of: field.type, in: schema) else { continue }
            var spec: [OrderedJSON.Member] = [.init("type", .string(type.rawValue))]
            if let target { spec.append(.init("targetClass", .string(target))) }
            if field.isRequired { spec.append(.init("required", .bool(true))) }
            if let value = field.defaultValue.flatMap({ defaultJSON($0, of: field, in: schema) }) {
                spec.append(.init("defaultValue", value))
            }
            fields.append(.init(field.name, .object(spec)))
            warnAboutLostRules(of: field, in: definition, schema: schema, diagnostics: &diagnostics)
        }
        members.append(.init("fields", .object(fields)))

        let indexes = self.indexes(of: definition, diagnostics: &diagnostics)
        if !indexes.isEmpty { members.append(.init("indexes", .object(indexes))) }

        if let permissions = definition.permissions {
            members.append(.init("classLevelPermissions", ParsePermissionsJSON.json(of: permissions)))
        }
        return .object(members)
    }

    /// A default in Parse's JSON: dates as `{"__type": "Date", "iso": ...}`, an enum case as
    /// its raw value.
    static func defaultJSON(_ value: DefaultValue, of field: FieldDefinition, in schema: Schema) -> OrderedJSON? {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .number(String(number))
        // A whole number as JSON writes it (`0`, not `0.0`), as Parse Server answers it.
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: return .number(String(Int(number)))
        case .double(let number): return .number(number.description)
        case .bool(let flag): return .bool(flag)
        case .date(let iso): return .object([.init("__type", .string("Date")), .init("iso", .string(iso))])
        case .enumCase(let name):
            guard case .enumeration(let enumName) = field.type,
                  let raw = schema.enumDefinition(named: enumName)?.cases.first(where: { $0.name == name })?.rawValue
            else { return nil }
            switch raw {
            case .string(let text): return .string(text)
            case .int(let number): return .number(String(number))
            }
        }
    }

    /// Declared indexes, then those of fields marked `index`, named as the SQL emitter names
    /// them. Pointer fields are named as they are (`{"publisher": 1}`), the form Parse Server's
    /// PostgreSQL adapter needs. A unique index is left out: Parse cannot make one.
    static func indexes(of definition: ClassDefinition, diagnostics: inout DiagnosticCollector) -> [OrderedJSON.Member] {
        var result: [OrderedJSON.Member] = []
        for index in definition.indexes {
            let name = index.name ?? DerivedNames.declaredIndex(className: definition.name, index: index)
            if index.isUnique {
                diagnostics.warning("Parse cannot make index '\(name)' of '\(definition.name)' unique: the defined schema "
                                    + "leaves it out", at: index.location, notes: [uniqueIndexNote])
                continue
            }
            result.append(.init(name, .object(index.fields.map { .init($0, .number("1")) })))
        }
        for field in definition.fields where field.isIndexed {
            result.append(.init(DerivedNames.fieldIndex(className: definition.name, field: field.name),
                                .object([.init(field.name, .number("1"))])))
        }
        return result
    }

    static let uniqueIndexNote = Diagnostic.Note(
        "Parse Server drops every index its definitions do not list, a unique one made by hand too: enforce "
            + "uniqueness in Cloud Code (beforeSave) instead")

    /// One warning per field naming every rule of the schema that the defined schema cannot
    /// carry, so Parse Server does not enforce it.
    static func warnAboutLostRules(of field: FieldDefinition, in definition: ClassDefinition, schema: Schema,
                                   diagnostics: inout DiagnosticCollector) {
        var lost: [String] = []
        if field.isUnique { lost.append("unique") }
        if let min = field.min { lost.append("min \(min)") }
        if let max = field.max { lost.append("max \(max)") }
        if let minLength = field.minLength { lost.append("minLength \(minLength)") }
        if let maxLength = field.maxLength { lost.append("maxLength \(maxLength)") }
        if let minCount = field.minCount { lost.append("minCount \(minCount)") }
        if let maxCount = field.maxCount { lost.append("maxCount \(maxCount)") }
        if field.onDelete == .cascade { lost.append("onDelete cascade") }
        switch field.type {
        case .array(let element), .map(let element): lost.append("the element type \(element)")
        case .embedded(let name): lost.append("the fields of \(name)")
        case .enumeration(let name): lost.append("the cases of \(name)")
        default: break
        }
        guard !lost.isEmpty else { return }
        var notes: [Diagnostic.Note] = []
        if field.isUnique { notes.append(uniqueIndexNote) }
        let them = lost.count == 1 && !lost[0].hasPrefix("the cases") && !lost[0].hasPrefix("the fields") ? "it" : "them"
        diagnostics.warning("\(definition.name).\(field.name): Parse cannot express \(list(lost)); the defined schema "
                            + "leaves \(them) out and Parse Server does not enforce \(them)", at: field.location, notes: notes)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
