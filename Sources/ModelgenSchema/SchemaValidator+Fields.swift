import Foundation
import ModelgenDiagnostics
import ModelgenYAML

// Fields and their types: keys that apply, bounds, and the types they name.
extension SchemaValidator {
    // MARK: Fields

    enum Owner {
        case `class`(String, BuiltinClass?)
        case embedded(String)

        var name: String {
            switch self {
            case .class(let name, _), .embedded(let name): return name
            }
        }

        var isEmbedded: Bool {
            if case .embedded = self { return true }
            return false
        }
    }

    mutating func resolveFields(_ declarations: [FieldDeclaration], owner: Owner) -> [FieldDefinition] {
        var resolved: [FieldDefinition] = []
        resolved.reserveCapacity(declarations.count)
        // Positions in `declarations`, by lowercased name and by Swift name.
        var lowered = NamePositions(expected: declarations.count)
        var swiftNames = NamePositions(expected: declarations.count)
        var builtinFields: [String: BuiltinClass.PredefinedField] = [:]
        if case .class(_, let builtin?) = owner {
            for field in builtin.predefinedFields { builtinFields[field.name.lowercased()] = field }
        }
        for (position, declaration) in declarations.enumerated() {
            if NamingRules.isReservedFieldName(declaration.name) {
                let why = declaration.name == "length" ? "Parse Server refuses a field named 'length'"
                    : "every Parse object has '\(declaration.name)' already"
                diagnostics.error("'\(declaration.name)' is a reserved field name", at: declaration.location, notes: [.init(why)])
                continue
            }
            let lowercased = declaration.name.lowercased()
            if !builtinFields.isEmpty, let predefined = builtinFields[lowercased] {
                diagnostics.error("'\(declaration.name)' is a built-in field of \(owner.name)", at: declaration.location,
                                  notes: [.init("\(owner.name) has '\(predefined.name)' (\(predefined.type)) already; declare only new fields")])
                continue
            }
            if let other = lowered.insertIfAbsent(lowercased, at: position).map({ declarations[$0] }) {
                diagnostics.error("fields '\(other.name)' and '\(declaration.name)' of '\(owner.name)' differ only in case",
                                  at: declaration.location,
                                  notes: [.init("'\(other.name)' is declared here", at: other.location),
                                          .init("SQLite column names ignore case, so they would collide")])
                continue
            }
            if case .class = owner, NamingRules.isRefusedOnCreate(declaration.name) {
                diagnostics.warning("Parse Server refuses a field named '\(declaration.name)' when an object is created",
                                    at: declaration.location,
                                    notes: [.init("a create that sends it fails with error 105; rename the field, or set it only in updates")])
            }
            checkIdentifierLength(declaration.name, what: "field name", at: declaration.location)
            let values = declaration.values
            let swiftNameEntry = values.swiftName
            let swiftName = swiftNameEntry?.value ?? declaration.name
            if let swiftNameLocation = swiftNameEntry?.location, ["originalData", "objectId", "createdAt", "updatedAt", "ACL", "className"].contains(swiftName) {
                diagnostics.error("swiftName '\(swiftName)' is a property every ParseObject has already", at: swiftNameLocation)
            } else if let other = swiftNames.insertIfAbsent(swiftName, at: position).map({ declarations[$0] }) {
                diagnostics.error("fields '\(other.name)' and '\(declaration.name)' of '\(owner.name)' have the same Swift name '\(swiftName)'",
                                  at: swiftNameEntry?.location ?? declaration.location,
                                  notes: [.init("'\(other.name)' is declared here", at: other.location)])
            }
            if let field = resolveField(declaration, values: values, owner: owner) { resolved.append(field) }
        }
        checkFormerFieldNames(declarations, owner: owner, current: lowered, builtinFields: builtinFields)
        return resolved
    }

    /// `formerly` of fields: a former name is no field of the class (declared, built in, or
    /// every object's), and no two fields claim it.
    mutating func checkFormerFieldNames(_ declarations: [FieldDeclaration], owner: Owner, current: NamePositions,
                                                builtinFields: [String: BuiltinClass.PredefinedField]) {
        var claimed: [String: (String, SourceLocation)] = [:]
        for declaration in declarations {
            guard let formerly = declaration.values.formerly else { continue }
            for name in formerly.value {
                let lowercased = name.lowercased()
                if name == declaration.name {
                    diagnostics.error("'formerly' of field '\(declaration.name)' names the field itself", at: formerly.location,
                                      notes: [.init("list the names the field had before")])
                } else if lowercased == declaration.name.lowercased() {
                    continue
                } else if let position = current.position(of: lowercased) {
                    let other = declarations[position]
                    diagnostics.error("'formerly' of field '\(declaration.name)' names '\(name)', a field of '\(owner.name)'", at: formerly.location, notes: [
                        .init("'\(other.name)' is declared here", at: other.location),
                        .init("a field cannot have been renamed from one that is still here"),
                    ])
                } else if builtinFields[lowercased] != nil || NamingRules.isReservedFieldName(name) {
                    diagnostics.error("'formerly' of field '\(declaration.name)' names '\(name)', a field every \(owner.name) has", at: formerly.location)
                } else if let (other, location) = claimed[lowercased] {
                    diagnostics.error("'\(name)' is the former name of both '\(other)' and '\(declaration.name)' of '\(owner.name)'", at: formerly.location,
                                      notes: [.init("'\(other)' claims it here", at: location)])
                } else {
                    claimed[lowercased] = (declaration.name, formerly.location)
                }
            }
        }
    }

    mutating func resolveField(_ declaration: FieldDeclaration, values: WrittenValues, owner: Owner) -> FieldDefinition? {
        guard let expression = declaration.type,
              let type = resolveType(expression, declaration: declaration, owner: owner, topLevel: true) else { return nil }
        var field = FieldDefinition(name: declaration.name, swiftName: values.swiftName?.value, type: type,
                                    description: values.description?.value, isRequired: values.isRequired,
                                    formerly: values.formerly?.value ?? [], location: declaration.location)
        var valid = true
        for entry in declaration.keys {
            if let problem = applicability(of: entry.key, to: type, owner: owner) {
                diagnostics.error("'\(entry.key.rawValue)' does not apply to \(problem.subject)", at: entry.keyLocation,
                                  notes: problem.note.map { [.init($0)] } ?? [])
                valid = false
            }
        }
        if declaration.requiredMark {
            if case .relation = type {
                diagnostics.error("a relation cannot be required", at: declaration.typeLocation,
                                  notes: [.init("Parse does not allow 'required' on a Relation; remove the '!'")])
                valid = false
            } else if case .inverse = type {
                diagnostics.error("an inverse cannot be required", at: declaration.typeLocation,
                                  notes: [.init("an inverse is derived, never stored; remove the '!'")])
                valid = false
            }
        }
        guard valid else { return field }
        checkOrder(values.min, values.max, "min", "max")
        checkOrder(values.minLength.map(Self.asNumber), values.maxLength.map(Self.asNumber), "minLength", "maxLength")
        checkOrder(values.minCount.map(Self.asNumber), values.maxCount.map(Self.asNumber), "minCount", "maxCount")
        field.isUnique = values.unique?.value ?? false
        field.isIndexed = values.index?.value ?? false
        field.setBounds(min: values.min?.value, max: values.max?.value,
                        minLength: values.minLength?.value, maxLength: values.maxLength?.value,
                        minCount: values.minCount?.value, maxCount: values.maxCount?.value)
        if type == .scalar(.int) {
            for bound in [values.min, values.max].compactMap({ $0 }) {
                if case .double = bound.value {
                    diagnostics.error("bound \(bound.value) of an int field must be a whole number", at: bound.location)
                }
            }
        }
        if case .pointer = type {
            if values.onDelete?.value == .setNull, field.isRequired, let rule = values.onDelete {
                diagnostics.error("'setNull' cannot apply to a required pointer", at: rule.location,
                                  notes: [.init("use 'cascade', 'restrict' or 'noAction', or make the pointer optional")])
            }
            field.onDelete = values.onDelete?.value ?? (field.isRequired ? .restrict : .setNull)
        }
        if let node = values.defaultValue {
            field.defaultValue = resolveDefault(node, for: field, declaration: declaration)
        }
        return field
    }

    static func asNumber(_ count: Located<Int>) -> Located<Number> {
        Located(value: .int(count.value), location: count.location)
    }

    mutating func checkOrder(_ low: Located<Number>?, _ high: Located<Number>?, _ lowName: String, _ highName: String) {
        guard let low, let high, low.value.doubleValue > high.value.doubleValue else { return }
        diagnostics.error("'\(lowName)' (\(low.value)) is greater than '\(highName)' (\(high.value))", at: low.location,
                          notes: [.init("'\(highName)' is set here", at: high.location)])
    }

    struct Inapplicable {
        var subject: String
        var note: String?
    }

    func applicability(of key: FieldKey, to type: FieldType, owner: Owner) -> Inapplicable? {
        /// Described only for a message: most keys apply.
        func ofType(_ note: String) -> Inapplicable { Inapplicable(subject: "a field of type \(type)", note: note) }
        let isScalarLike: Bool
        switch type {
        case .scalar(let scalar): isScalarLike = scalar != .object
        case .enumeration, .pointer: isScalarLike = true
        default: isScalarLike = false
        }
        switch key {
        case .required:
            if case .relation = type { return Inapplicable(subject: "a relation", note: "Parse does not allow 'required' on a Relation") }
            if case .inverse = type { return Inapplicable(subject: "an inverse", note: "an inverse is derived, never stored") }
        case .default:
            switch type {
            case .scalar(.string), .scalar(.int), .scalar(.double), .scalar(.float), .scalar(.bool), .scalar(.date), .enumeration:
                return nil
            case .relation: return Inapplicable(subject: "a relation", note: "Parse does not allow a default on a Relation")
            default: return ofType("defaults apply to string, int, double, float, bool, date and enum fields")
            }
        case .unique, .index:
            if owner.isEmbedded { return Inapplicable(subject: "a field of an embedded type", note: "embedded values are stored inside their parent; index the parent's field instead") }
            if !isScalarLike { return ofType("'\(key.rawValue)' applies to scalar, enum and pointer fields") }
        case .min, .max:
            if case .scalar(let scalar) = type, scalar.isNumber { return nil }
            return ofType("'\(key.rawValue)' applies to int, double and float fields")
        case .minLength, .maxLength:
            if type == .scalar(.string) { return nil }
            return ofType("'\(key.rawValue)' applies to string fields")
        case .minCount, .maxCount:
            switch type {
            case .array, .relation: return nil
            default: return ofType("'\(key.rawValue)' applies to array and relation fields")
            }
        case .onDelete:
            if case .pointer = type { return nil }
            return ofType("'onDelete' applies to pointer fields")
        case .formerly:
            if owner.isEmbedded {
                return Inapplicable(subject: "a field of an embedded type",
                                    note: "its values are keys inside the parent's JSON, which a migration does not rewrite")
            }
            if case .inverse = type { return Inapplicable(subject: "an inverse", note: "an inverse is derived, never stored") }
        case .description, .swiftName:
            return nil
        }
        return nil
    }

    // MARK: Types


    func isClass(_ name: String) -> Bool {
        classDeclarations[name] != nil || BuiltinClass(rawValue: name) != nil
    }

    mutating func resolveType(_ expression: TypeExpression, declaration: FieldDeclaration, owner: Owner,
                                      topLevel: Bool) -> FieldType? {
        let base = declaration.typeLocation
        switch expression {
        case .name(let name, let offset):
            if let scalar = ScalarType.named(name) { return .scalar(scalar) }
            if suppressed.contains(name) { return nil }
            switch typeKinds[name]?.kind {
            case .enumeration?: return .enumeration(name)
            case .embedded?: return .embedded(name)
            case .class?:
                diagnostics.error("'\(name)' is a class, not a value type", at: declaration.typeLocation(at: offset),
                                  notes: [.init(topLevel ? "link to it with 'pointer<\(name)>' (one) or 'relation<\(name)>' (many)"
                                                : "hold links to it with 'pointer<\(name)>' inside the collection, or use 'relation<\(name)>'")])
                return nil
            case nil:
                if BuiltinClass(rawValue: name) != nil {
                    diagnostics.error("'\(name)' is a class, not a value type", at: declaration.typeLocation(at: offset),
                                      notes: [.init("link to it with 'pointer<\(name)>' (one) or 'relation<\(name)>' (many)")])
                    return nil
                }
                var notes: [Diagnostic.Note] = []
                if let familiar = FamiliarTypeNames.note(forName: name) {
                    notes.append(.init(familiar))
                } else if suggestions.spend(valueTypeNames.count), let near = Suggestions.closest(to: name, among: valueTypeNames) {
                    notes.append(.init("did you mean '\(near)'?"))
                } else if suggestions.spend(classNames.count), let near = Suggestions.closest(to: name, among: classNames) {
                    notes.append(.init("did you mean 'pointer<\(near)>'?"))
                }
                diagnostics.error("unknown type '\(name)'", at: declaration.typeLocation(at: offset), notes: notes)
                return nil
            }
        case .array(let element), .map(let element):
            let container = if case .array = expression { "array" } else { "map" }
            switch element {
            case .array, .map:
                diagnostics.error("\(container)<...> cannot hold another array or map", at: base,
                                  notes: [.init("wrap the inner collection in an embedded type")])
                return nil
            case .relation, .inverse:
                let kind = if case .relation = element { "relation" } else { "inverse" }
                diagnostics.error("'\(kind)' cannot be inside \(container)<...>", at: base,
                                  notes: [.init(kind == "relation" ? "a relation is already to-many: write 'relation<C>' as the field's type"
                                                : "an inverse is already to-many: write 'inverse<C.field>' as the field's type")])
                return nil
            default:
                guard let resolved = resolveType(element, declaration: declaration, owner: owner, topLevel: false) else { return nil }
                return container == "array" ? .array(resolved) : .map(resolved)
            }
        case .pointer(let target, let offset), .relation(let target, let offset):
            let kind = if case .pointer = expression { "pointer" } else { "relation" }
            guard checkLinkTarget(target, kind: kind, at: declaration.typeLocation(at: offset)) else { return nil }
            if owner.isEmbedded {
                diagnostics.error("an embedded type cannot hold a \(kind)", at: base,
                                  notes: [.init("embedded values are plain data; put the \(kind) on a class")])
                return nil
            }
            return kind == "pointer" ? .pointer(target) : .relation(target)
        case .inverse(let target, let field, let offset, _):
            guard checkLinkTarget(target, kind: "inverse", at: declaration.typeLocation(at: offset)) else { return nil }
            if owner.isEmbedded {
                diagnostics.error("an embedded type cannot hold an inverse", at: base,
                                  notes: [.init("put the inverse on a class")])
                return nil
            }
            return .inverse(className: target, field: field)
        }
    }

    mutating func checkLinkTarget(_ target: String, kind: String, at location: SourceLocation) -> Bool {
        if suppressed.contains(target) { return false }
        if isClass(target) { return true }
        switch typeKinds[target]?.kind {
        case .enumeration?:
            diagnostics.error("\(kind) target '\(target)' is an enum, not a class", at: location,
                              notes: [.init("use the enum as the field's type: '\(target)'")])
        case .embedded?:
            diagnostics.error("\(kind) target '\(target)' is an embedded type, not a class", at: location,
                              notes: [.init("use it as the field's type: '\(target)', or declare '\(target)' under 'classes'")])
        default:
            var notes: [Diagnostic.Note] = []
            if suggestions.spend(classNames.count), let near = Suggestions.note(for: target, among: classNames) { notes.append(near) }
            diagnostics.error("\(kind) to unknown class '\(target)'", at: location, notes: notes)
        }
        return false
    }
}
