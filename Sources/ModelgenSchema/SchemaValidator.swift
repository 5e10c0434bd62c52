import Foundation
import ModelgenDiagnostics
import ModelgenYAML

/// Merges the declarations of every file into one `Schema` and checks every rule that needs
/// the whole model: names resolve, links point at classes, keys apply to their field's type,
/// defaults fit, inverses match, names do not collide, and every identifier fits the SQL dialects.
struct SchemaValidator {
    enum TypeKind { case enumeration, embedded, `class` }

    private var files: [FileDeclarations]
    private(set) var diagnostics = DiagnosticCollector()
    /// Every declared type name, first declaration wins.
    private var typeKinds: [String: (kind: TypeKind, location: SourceLocation)] = [:]
    private var enumsByName: [String: EnumDefinition] = [:]
    /// The first declaration of each class name, without its fields.
    private var classDeclarations: [String: ClassDeclaration] = [:]
    /// The inverse fields of each class in `classDeclarations`, kept once it is resolved for
    /// `checkInverses` to locate errors in.
    private var inverseDeclarations: [String: [FieldDeclaration]] = [:]
    /// Names whose declarations failed with an error already reported; references to them
    /// are not reported again.
    private var suppressed: Set<String> = []
    /// Bounds the "did you mean" lookups, which scan every declared name.
    private var suggestions = SuggestionBudget()
    /// Case names of each enum, for checking defaults.
    private var enumCaseNames: [String: Set<String>] = [:]

    init(files: [FileDeclarations]) {
        self.files = files
    }

    mutating func validate() -> Schema {
        registerTypeNames()
        var classes: [ClassDefinition] = []
        var enums: [EnumDefinition] = []
        var embedded: [EmbeddedDefinition] = []
        // By index, holding no copy of the declarations: each type's field declarations are
        // released as soon as its definition is made, so the model is never held twice.
        for fileIndex in files.indices {
            let path = files[fileIndex].file.path
            enums.append(contentsOf: files[fileIndex].enums)
            for index in files[fileIndex].embedded.indices {
                let declaration = files[fileIndex].embedded[index]
                let fields = resolveFields(declaration.fields, owner: .embedded(declaration.name))
                embedded.append(EmbeddedDefinition(name: declaration.name, description: declaration.description,
                                                   fields: fields, file: path, location: declaration.location))
                files[fileIndex].embedded[index].fields = []
            }
            for index in files[fileIndex].classes.indices {
                let declaration = files[fileIndex].classes[index]
                classes.append(resolveClass(declaration, file: path))
                releaseFields(of: declaration, at: (fileIndex, index))
            }
        }
        checkInverses(classes)
        checkEmbeddedCycles(embedded)
        checkIndexNamesAcrossClasses(classes)
        return Schema(files: files.map(\.file), classes: classes, enums: enums, embeddedTypes: embedded)
    }

    /// Drops a resolved class's field declarations, but for its inverses, which
    /// `checkInverses` locates errors in once every class is resolved.
    private mutating func releaseFields(of declaration: ClassDeclaration, at position: (file: Int, index: Int)) {
        let inverses = declaration.fields.filter { if case .inverse? = $0.type { true } else { false } }
        files[position.file].classes[position.index].fields = inverses
        if classDeclarations[declaration.name]?.location == declaration.location {
            inverseDeclarations[declaration.name] = inverses
        }
    }

    // MARK: Type names

    /// Names a declared type cannot take: the scalars' and the generics'.
    private static let reservedTypeNames = Set(ScalarType.allCases.map(\.rawValue) + TypeExpression.genericNames)

    private mutating func registerTypeNames() {
        // Sized once: grown name by name, the tables were rehashed a dozen times.
        let (classCount, typeCount) = files.reduce((0, 0)) { counts, file in
            (counts.0 + file.classes.count, counts.1 + file.classes.count + file.enums.count + file.embedded.count)
        }
        var lowered: [String: (String, SourceLocation)] = Dictionary(minimumCapacity: typeCount)
        typeKinds.reserveCapacity(typeCount)
        classDeclarations.reserveCapacity(classCount)
        func describe(_ kind: TypeKind) -> String {
            switch kind {
            case .enumeration: return "an enum"
            case .embedded: return "an embedded type"
            case .class: return "a class"
            }
        }
        func register(_ name: String, _ kind: TypeKind, _ location: SourceLocation) -> Bool {
            if let previous = typeKinds[name] {
                let message = previous.kind == kind ? "'\(name)' is declared more than once"
                    : "'\(name)' is already declared as \(describe(previous.kind))"
                diagnostics.error(message, at: location, notes: [.init("first declared here", at: previous.location)])
                suppressed.insert(name)
                return false
            }
            if let (other, otherLocation) = lowered[name.lowercased()] {
                suppressed.insert(name)
                diagnostics.error("'\(name)' and '\(other)' differ only in case", at: location,
                                  notes: [.init("'\(other)' is declared here", at: otherLocation),
                                          .init("their output files would overwrite each other on a case-insensitive file system")])
                return false
            }
            if Self.reservedTypeNames.contains(name) {
                suppressed.insert(name)
                diagnostics.error("'\(name)' is the name of a built-in type", at: location,
                                  notes: [.init("choose another name")])
                return false
            }
            typeKinds[name] = (kind, location)
            lowered[name.lowercased()] = (name, location)
            return true
        }
        // Generated Swift files are named after Swift type names: one Windows cannot create
        // would make the output impossible to check out there.
        func checkFileName(_ swiftName: String, of name: String, at location: SourceLocation) {
            guard NamingRules.isWindowsDeviceName(swiftName) else { return }
            diagnostics.error("'\(swiftName)' cannot name a generated file: \(swiftName.uppercased()) is a device name on Windows",
                              at: location, notes: [.init(swiftName == name ? "choose another name" : "choose another swiftName")])
        }
        for file in files {
            for definition in file.enums { checkFileName(definition.name, of: definition.name, at: definition.location) }
            for declaration in file.embedded { checkFileName(declaration.name, of: declaration.name, at: declaration.location) }
            for declaration in file.classes {
                checkFileName(declaration.swiftName?.value ?? declaration.name, of: declaration.name,
                              at: declaration.swiftName?.location ?? declaration.location)
            }
        }
        for file in files {
            suppressed.formUnion(file.failedTypeNames)
            for definition in file.enums where register(definition.name, .enumeration, definition.location) {
                enumsByName[definition.name] = definition
                enumCaseNames[definition.name] = Set(definition.cases.map(\.name))
            }
            for declaration in file.embedded {
                _ = register(declaration.name, .embedded, declaration.location)
            }
            for declaration in file.classes where register(declaration.name, .class, declaration.location) {
                // Without its fields: those stay in `files` alone, to be released as each class is resolved.
                var registered = declaration
                registered.fields = []
                classDeclarations[declaration.name] = registered
            }
        }
        checkSwiftTypeNames()
        checkFormerClassNames()
        classNames = classDeclarations.keys.sorted() + BuiltinClass.allCases.map(\.rawValue).filter { classDeclarations[$0] == nil }
        valueTypeNames = ScalarType.allCases.map(\.rawValue) + typeKinds.keys.filter { typeKinds[$0]?.kind != .class }.sorted()
    }

    private mutating func checkSwiftTypeNames() {
        var used: [String: (String, SourceLocation)] = [:]
        for (name, entry) in typeKinds where entry.kind != .class { used[name] = (name, entry.location) }
        for file in files {
            for declaration in file.classes {
                guard let swiftName = declaration.swiftName, classDeclarations[declaration.name]?.location == declaration.location else { continue }
                if let (other, location) = used[swiftName.value], other != declaration.name {
                    diagnostics.error("swiftName '\(swiftName.value)' of class '\(declaration.name)' is already the Swift name of '\(other)'",
                                      at: swiftName.location, notes: [.init("'\(other)' is declared here", at: location)])
                } else if let clash = classDeclarations[swiftName.value], clash.swiftName == nil, swiftName.value != declaration.name {
                    diagnostics.error("swiftName '\(swiftName.value)' of class '\(declaration.name)' is already the Swift name of '\(swiftName.value)'",
                                      at: swiftName.location, notes: [.init("'\(swiftName.value)' is declared here", at: clash.location)])
                } else {
                    used[swiftName.value] = (declaration.name, declaration.location)
                }
            }
        }
    }

    /// `formerly` of classes: a former name is no class of this schema (a class cannot have been
    /// renamed from one that is still here), and no two classes claim it; Parse's built-in
    /// classes keep their names (and cannot be former names: the loader refuses names with `_`).
    private mutating func checkFormerClassNames() {
        var claimed: [String: (String, SourceLocation)] = [:]
        for file in files {
            for declaration in file.classes {
                guard let formerly = declaration.formerly, classDeclarations[declaration.name]?.location == declaration.location else { continue }
                if BuiltinClass(rawValue: declaration.name) != nil {
                    diagnostics.error("'formerly' does not apply to \(declaration.name): Parse's built-in classes keep their names", at: formerly.location)
                    continue
                }
                for name in formerly.value {
                    if name == declaration.name {
                        diagnostics.error("'formerly' of class '\(declaration.name)' names the class itself", at: formerly.location,
                                          notes: [.init("list the names the class had before")])
                    } else if name.lowercased() == declaration.name.lowercased() {
                        continue
                    } else if let current = classDeclarations.values.first(where: { $0.name.lowercased() == name.lowercased() }) {
                        diagnostics.error("'formerly' of class '\(declaration.name)' names '\(name)', a class of this schema", at: formerly.location, notes: [
                            .init("'\(current.name)' is declared here", at: current.location),
                            .init("a class cannot have been renamed from one that is still here"),
                        ])
                    } else if let (other, location) = claimed[name.lowercased()], other != declaration.name {
                        diagnostics.error("'\(name)' is the former name of both '\(other)' and '\(declaration.name)'", at: formerly.location,
                                          notes: [.init("'\(other)' claims it here", at: location)])
                    } else {
                        claimed[name.lowercased()] = (declaration.name, formerly.location)
                    }
                }
            }
        }
    }

    // MARK: Classes

    private mutating func resolveClass(_ declaration: ClassDeclaration, file: String) -> ClassDefinition {
        let builtin = BuiltinClass(rawValue: declaration.name)
        checkIdentifierLength(declaration.name, what: "class name", at: declaration.location)
        let fields = resolveFields(declaration.fields, owner: .class(declaration.name, builtin))
        var geopoint: FieldDefinition?
        for field in fields where field.type == .scalar(.geopoint) {
            if let first = geopoint {
                diagnostics.error("class '\(declaration.name)' has more than one geopoint field", at: field.location,
                                  notes: [.init("'\(first.name)' is a geopoint already; Parse allows one per class", at: first.location)])
            } else {
                geopoint = field
            }
        }
        for field in fields {
            guard case .relation = field.type else { continue }
            checkIdentifierLength(NamingRules.parseJoinTableName(className: declaration.name, field: field.name),
                                  what: "join table name", at: field.location)
        }
        for field in fields where field.isUnique {
            checkIdentifierLength(NamingRules.parseUniqueIndexName(className: declaration.name, field: field.name),
                                  what: "unique index name", at: field.location)
        }
        let indexes = resolveIndexes(declaration.indexes, fields: fields, declared: declaration.writtenFieldNames,
                                     builtin: builtin)
        let permissions = declaration.permissions.flatMap {
            resolvePermissions($0, className: declaration.name, fields: fields, declared: declaration.writtenFieldNames, builtin: builtin)
        }
        return ClassDefinition(name: declaration.name, swiftName: declaration.swiftName?.value,
                               description: declaration.description, formerly: declaration.formerly?.value ?? [],
                               fields: fields, indexes: indexes,
                               permissions: permissions, builtin: builtin, file: file, location: declaration.location)
    }

    private mutating func checkIdentifierLength(_ name: String, what: String, at location: SourceLocation) {
        let limit = NamingRules.postgresIdentifierLimit
        guard name.utf8.count > limit else { return }
        diagnostics.error("\(what) '\(name)' is \(name.utf8.count) bytes, longer than PostgreSQL's \(limit)-byte limit",
                          at: location, notes: [.init("PostgreSQL would silently cut it; choose a shorter name")])
    }

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

    private mutating func resolveFields(_ declarations: [FieldDeclaration], owner: Owner) -> [FieldDefinition] {
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
    private mutating func checkFormerFieldNames(_ declarations: [FieldDeclaration], owner: Owner, current: NamePositions,
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

    private mutating func resolveField(_ declaration: FieldDeclaration, values: WrittenValues, owner: Owner) -> FieldDefinition? {
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

    private static func asNumber(_ count: Located<Int>) -> Located<Number> {
        Located(value: .int(count.value), location: count.location)
    }

    private mutating func checkOrder(_ low: Located<Number>?, _ high: Located<Number>?, _ lowName: String, _ highName: String) {
        guard let low, let high, low.value.doubleValue > high.value.doubleValue else { return }
        diagnostics.error("'\(lowName)' (\(low.value)) is greater than '\(highName)' (\(high.value))", at: low.location,
                          notes: [.init("'\(highName)' is set here", at: high.location)])
    }

    struct Inapplicable {
        var subject: String
        var note: String?
    }

    private func applicability(of key: FieldKey, to type: FieldType, owner: Owner) -> Inapplicable? {
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

    /// Candidates for "did you mean", computed once the names are registered.
    private var classNames: [String] = []
    private var valueTypeNames: [String] = []

    private func isClass(_ name: String) -> Bool {
        classDeclarations[name] != nil || BuiltinClass(rawValue: name) != nil
    }

    private mutating func resolveType(_ expression: TypeExpression, declaration: FieldDeclaration, owner: Owner,
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

    private mutating func checkLinkTarget(_ target: String, kind: String, at location: SourceLocation) -> Bool {
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

    // MARK: Defaults

    private mutating func resolveDefault(_ node: YAMLNode, for field: FieldDefinition, declaration: FieldDeclaration) -> DefaultValue? {
        func fail(_ expected: String, _ notes: [Diagnostic.Note] = []) -> DefaultValue? {
            diagnostics.error("default \(describe(node)) does not fit \(expected)", at: node.location, notes: notes)
            return nil
        }
        guard let scalar = node.scalar else {
            diagnostics.error("a default must be a single value, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard !scalar.isNull else {
            diagnostics.error("a default cannot be null", at: node.location,
                              notes: [.init("remove 'default' to have no default")])
            return nil
        }
        if case .enumeration(let name) = field.type, suppressed.contains(name) { return nil }
        switch field.type {
        case .scalar(.string):
            guard let text = scalar.string else {
                return fail("a string field", [.init("quote it to use it as text: \"\(scalar.text)\"")])
            }
            let length = text.count
            if let minimum = field.minLength, length < minimum { return fail("minLength \(minimum)") }
            if let maximum = field.maxLength, length > maximum { return fail("maxLength \(maximum)") }
            return .string(text)
        case .scalar(.int):
            guard let value = scalar.int else {
                return fail("an int field", scalar.looksLikeInteger ? [.init("it does not fit in 64 bits")] : [])
            }
            return checkBounds(Double(value), field: field, node: node) ? .int(value) : nil
        case .scalar(.double), .scalar(.float):
            guard let value = scalar.double, value.isFinite else { return fail("a \(field.type) field") }
            if field.type == .scalar(.float), abs(value) > Double(Float.greatestFiniteMagnitude) {
                return fail("a float field", [.init("it is beyond Float's range")])
            }
            return checkBounds(value, field: field, node: node) ? .double(value) : nil
        case .scalar(.bool):
            guard let value = scalar.bool else {
                return fail("a bool field", [.init(scalar.style == .plain ? "use true or false"
                                                   : "quoted, it is text; write \(scalar.text) without quotes")])
            }
            return .bool(value)
        case .scalar(.date):
            guard let text = scalar.string, let normalized = ISODate.normalize(text) else {
                return fail("a date field", [.init("write an ISO 8601 date such as 2024-01-31 or 2024-01-31T09:30:00Z")])
            }
            return .date(normalized)
        case .enumeration(let name):
            guard enumCaseNames[name]?.contains(scalar.text) == true else {
                let cases = enumsByName[name]?.cases ?? []
                var notes: [Diagnostic.Note] = []
                if suggestions.spend(cases.count), let near = Suggestions.note(for: scalar.text, among: cases.lazy.map(\.name)) {
                    notes.append(near)
                }
                // A long list is cut: one note per wrong default must not grow with the enum.
                let shown = cases.prefix(Self.maxListedCases).map(\.name).joined(separator: ", ")
                notes.append(.init("cases of '\(name)': \(shown)" + (cases.count > Self.maxListedCases ? ", ... (\(cases.count) in all)" : "")))
                diagnostics.error("default '\(scalar.text)' is not a case of enum '\(name)'", at: node.location, notes: notes)
                return nil
            }
            return .enumCase(scalar.text)
        default:
            return nil
        }
    }

    private mutating func checkBounds(_ value: Double, field: FieldDefinition, node: YAMLNode) -> Bool {
        if let minimum = field.min, value < minimum.doubleValue {
            diagnostics.error("default \(describe(node)) is below min \(minimum)", at: node.location)
            return false
        }
        if let maximum = field.max, value > maximum.doubleValue {
            diagnostics.error("default \(describe(node)) is above max \(maximum)", at: node.location)
            return false
        }
        return true
    }

    private func describe(_ node: YAMLNode) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        return "'\(scalar.text)'"
    }

    // MARK: Indexes

    /// `declared` holds every field name written in the class, so that a field dropped for an
    /// error already reported does not also make its indexes fail.
    private mutating func resolveIndexes(_ declarations: [IndexDeclaration], fields: [FieldDefinition],
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
    private mutating func resolvePermissions(_ declaration: PermissionsDeclaration, className: String, fields: [FieldDefinition],
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

    private mutating func checkIndexNamesAcrossClasses(_ classes: [ClassDefinition]) {
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

    // MARK: Inverses and cycles

    private mutating func checkInverses(_ classes: [ClassDefinition]) {
        let byName = Dictionary(classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Field positions by name, made only for the classes an inverse names: a copy of every
        // class's fields would be a second schema's worth of memory.
        var fieldPositions: [String: [String: Int]] = [:]
        for definition in classes {
            // The declarations by name, made only when an inverse is reported.
            var declarationsByName: [String: FieldDeclaration]?
            func declarations() -> [String: FieldDeclaration] {
                if let declarationsByName { return declarationsByName }
                let made = Dictionary((inverseDeclarations[definition.name] ?? []).map { ($0.name, $0) },
                                      uniquingKeysWith: { first, _ in first })
                declarationsByName = made
                return made
            }
            for field in definition.fields {
                guard case .inverse(let target, let targetField) = field.type else { continue }
                var linkedType: FieldType?
                var linkedLocation: SourceLocation?
                if let targetClass = byName[target] {
                    if fieldPositions[target] == nil {
                        fieldPositions[target] = Dictionary(targetClass.fields.enumerated().map { ($1.name, $0) },
                                                            uniquingKeysWith: { first, _ in first })
                    }
                    if let position = fieldPositions[target]?[targetField] {
                        linkedType = targetClass.fields[position].type
                        linkedLocation = targetClass.fields[position].location
                    }
                }
                if linkedType == nil, NamingRules.implicitFieldNames.contains(targetField) || targetField == "ACL" {
                    linkedType = targetField == "objectId" ? .scalar(.string) : targetField == "ACL" ? .scalar(.object) : .scalar(.date)
                }
                if linkedType == nil, let builtin = BuiltinClass(rawValue: target) {
                    linkedType = builtin.predefinedFields.first { $0.name == targetField }?.type
                }
                // Only an error needs the location of the field name inside the type text.
                var location: SourceLocation { inverseFieldLocation(of: field, declarations: declarations()) }
                guard let linkedType else {
                    if byName[target] != nil || BuiltinClass(rawValue: target) != nil, !fieldWasDropped(targetField, of: target) {
                        var notes: [Diagnostic.Note] = []
                        let known = (byName[target]?.fields.map(\.name) ?? [])
                            + (BuiltinClass(rawValue: target)?.predefinedFields.map(\.name) ?? [])
                        if suggestions.spend(known.count), let near = Suggestions.note(for: targetField, among: known) { notes.append(near) }
                        diagnostics.error("inverse names unknown field '\(targetField)' of class '\(target)'",
                                          at: location, notes: notes)
                    }
                    continue
                }
                switch linkedType {
                case .pointer(definition.name), .relation(definition.name), .array(.pointer(definition.name)):
                    continue
                case .pointer(let other), .relation(let other), .array(.pointer(let other)):
                    diagnostics.error("inverse<\(target).\(targetField)> does not link to '\(definition.name)'",
                                      at: location,
                                      notes: [.init("'\(target).\(targetField)' is \(linkedType), which links to '\(other)'",
                                                    at: linkedLocation)])
                default:
                    diagnostics.error("inverse<\(target).\(targetField)> names a field that is not a pointer, an array of pointers or a relation",
                                      at: location,
                                      notes: [.init("'\(target).\(targetField)' is \(linkedType)", at: linkedLocation)])
                }
            }
        }
    }

    private func fieldWasDropped(_ field: String, of className: String) -> Bool {
        classDeclarations[className]?.writtenFieldNames.contains(field) ?? false
    }

    /// Where the field name of `inverse<C.field>` is written, for errors about that field.
    private func inverseFieldLocation(of field: FieldDefinition, declarations: [String: FieldDeclaration]) -> SourceLocation {
        guard let declaration = declarations[field.name],
              case .inverse(_, _, _, let fieldOffset)? = declaration.type else {
            return field.location
        }
        return declaration.typeLocation(at: fieldOffset)
    }

    /// Reports embedded types that contain themselves through direct (non-collection) fields,
    /// one error per cycle. Linear in the number of types and fields, and without recursion: a
    /// chain of thousands of embedded types must not exhaust the stack.
    private mutating func checkEmbeddedCycles(_ embedded: [EmbeddedDefinition]) {
        let byName = Dictionary(embedded.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // An array or map breaks the recursion, so only direct embedded fields are edges.
        func edges(_ name: String) -> [(field: FieldDefinition, target: String)] {
            (byName[name]?.fields ?? []).compactMap { field in
                guard case .embedded(let target) = field.type, byName[target] != nil else { return nil }
                return (field, target)
            }
        }
        let component = NameGraph.stronglyConnectedComponents(embedded.map(\.name), edges: { edges($0).map(\.target) })
        var reported = Set<String>()
        var reports = 0
        for definition in embedded {
            guard !reported.contains(definition.name), let own = component[definition.name] else { continue }
            // Each report costs a search of its component: bound them, as compilers bound errors.
            guard reports < Self.maxCycleReports else {
                let rest = embedded.filter { component[$0.name] != nil && !reported.contains($0.name) }
                diagnostics.error("\(rest.count) more embedded types are on cycles", at: definition.location,
                                  notes: [.init("fix the cycles reported above first")])
                return
            }
            reports += 1
            // The first path (depth first, fields in written order) back to the start, within its component.
            var path: [(String, FieldDefinition)] = []
            var stack: [(name: String, edges: [(field: FieldDefinition, target: String)], next: Int)] =
                [(definition.name, edges(definition.name), 0)]
            var visiting: Set<String> = [definition.name]
            var found = false
            search: while !stack.isEmpty {
                let top = stack.count - 1
                guard stack[top].next < stack[top].edges.count else {
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                let (field, target) = stack[top].edges[stack[top].next]
                stack[top].next += 1
                guard component[target] == own else { continue }
                if target == definition.name {
                    path.append((stack[top].name, field))
                    found = true
                    break search
                }
                guard visiting.insert(target).inserted else { continue }
                path.append((stack[top].name, field))
                stack.append((target, edges(target), 0))
            }
            guard found, let (_, first) = path.first else { continue }
            for (name, _) in path { reported.insert(name) }
            let chain = path.map { "\($0.0).\($0.1.name)" }.joined(separator: " -> ")
            diagnostics.error("embedded type '\(definition.name)' contains itself (\(chain))", at: first.location,
                              notes: [.init("a value cannot contain itself; use array<\(path.last!.1.type)> or make one side a class")])
        }
    }

    /// Cases listed in the note of a default that is not a case.
    static let maxListedCases = 20

    /// Cycles of embedded types reported one by one before the rest are summed up in one error.
    static let maxCycleReports = 100
}

/// Positions by name among the fields of one type, each name inserted once: found by scanning
/// while there are few (a type has about twenty fields), by a dictionary past `scanned`.
///
/// The scan compares a cheap key of each name before the names: a hash of an ASCII name's
/// bytes, `0` for any other name. Strings are equal when canonically equivalent, which for an
/// ASCII name means equal bytes, but a name that is not ASCII may equal an ASCII one (the
/// Kelvin sign is a `K`): a key of `0` on either side is compared by the names themselves.
/// Comparing the names themselves cost 21 M instructions of `gen` at N=1,000, the keys 12 M.
struct NamePositions {
    static let scanned = 32
    private var entries: [(key: UInt64, name: String, position: Int)] = []
    private var byName: [String: Int]?

    init(expected count: Int) {
        if count > Self.scanned {
            byName = Dictionary(minimumCapacity: count)
        } else {
            entries.reserveCapacity(count)
        }
    }

    /// The position of `name`, if it is there.
    func position(of name: String) -> Int? {
        if let byName { return byName[name] }
        return entries.first { $0.name == name }?.position
    }

    /// The position of `name` if it is there; otherwise `nil`, after adding it at `position`.
    mutating func insertIfAbsent(_ name: String, at position: Int) -> Int? {
        if byName != nil {
            if let found = byName![name] { return found }
            byName![name] = position
            return nil
        }
        let key = Self.key(of: name)
        for entry in entries where entry.key == key || entry.key == 0 || key == 0 {
            if entry.name == name { return entry.position }
        }
        entries.append((key, name, position))
        if entries.count > Self.scanned {
            byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.position) })
            entries = []
        }
        return nil
    }

    /// FNV-1a of an ASCII name's bytes, never `0`; `0` for a name that is not ASCII.
    /// (A bridged name, whose bytes are not in one piece, counts as not ASCII.)
    private static func key(of name: String) -> UInt64 {
        name.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? ByteHash.fnv1a(bytes) | 1 : 0
        } ?? 0
    }
}
