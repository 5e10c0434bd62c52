import ModelgenDiagnostics
import ModelgenYAML

/// Turns one file's YAML tree into declarations, reporting everything that can be judged
/// within the file: shapes of values, unknown keys, names, enum cases, bound order.
/// Cross-file questions (does `Author` exist? is `Genre` an enum?) are the validator's.
struct SchemaLoader {
    static let topLevelKeys = ["version", "description", "enums", "embedded", "classes"]
    static let classKeys = ["description", "fields", "formerly", "indexes", "permissions", "swiftName"]
    static let embeddedKeys = ["description", "fields"]
    static let enumKeys = ["type", "values", "titles", "description"]
    static let fieldKeys = ["type", "required", "default", "unique", "index", "description", "min", "max",
                            "minLength", "maxLength", "minCount", "maxCount", "onDelete", "swiftName", "formerly"]
    static let indexKeys = ["fields", "unique", "name"]

    let path: String
    var diagnostics = DiagnosticCollector()
    /// Bounds the "did you mean" lookups against lists that grow with the file.
    var suggestions = SuggestionBudget()
    /// Each type text parsed so far: most fields repeat a few types (`string`, `date`).
    private var parsedTypes: [String: (TypeExpression, required: Bool)] = [:]

    /// Root keys whose entries `YAMLReader.stream` hands on one by one: a class's or embedded
    /// type's subtree is released as soon as its declaration is built, so the tree and the
    /// declarations are never both whole.
    static let sections: Set<String> = ["classes", "embedded"]

    private(set) var declarations: FileDeclarations

    init(path: String) {
        self.path = path
        declarations = FileDeclarations(file: SchemaFile(path: path))
    }

    /// Loads one part of the file, in the order `YAMLReader.stream` hands them on.
    mutating func load(_ part: YAMLStreamPart) {
        switch part {
        case .sectionEntry(let section, let item): loadSectionEntry(item, of: section)
        case .entry(let entry): loadTopLevel(entry)
        }
    }

    /// A class (under `classes`) or an embedded type (under `embedded`), streamed or not.
    mutating func loadSectionEntry(_ item: YAMLMappingEntry, of section: String) {
        if section == "classes" {
            declarations.classes.append(loadClass(item))
        } else {
            declarations.embedded.append(loadEmbedded(item))
        }
    }

    /// Judges the file's root once every part is loaded, and returns its declarations.
    mutating func finish(_ end: YAMLStreamEnd) -> FileDeclarations {
        switch end {
        case .empty:
            diagnostics.warning("schema file declares nothing", at: SourceLocation(file: path, line: 1, column: 1))
        case .other(let root):
            _ = mapping(root, "a schema file")
        case .mapping:
            break
        }
        return declarations
    }

    mutating func loadTopLevel(_ entry: YAMLMappingEntry) {
        switch entry.key {
        case "version":
            if let number = entry.value.scalar?.int, entry.value.scalar?.style == .plain {
                if number != 1 {
                    diagnostics.error("unsupported schema version \(number)", at: entry.value.location,
                                      notes: [.init("this modelgen reads version 1")])
                }
            } else {
                diagnostics.error("'version' must be the number 1", at: entry.value.location)
            }
        case "description":
            declarations.file.description = text(entry.value, "'description'")
        case "enums":
            for item in namedEntries(entry.value, "'enums'") {
                if let definition = loadEnum(item) {
                    declarations.enums.append(definition)
                } else {
                    declarations.failedTypeNames.append(item.key)
                }
            }
        // A streamed section arrives here empty, after its entries; one that was not streamed
        // (not a mapping, or anchored) comes whole.
        case "embedded", "classes":
            for item in namedEntries(entry.value, "'\(entry.key)'") { loadSectionEntry(item, of: entry.key) }
        default:
            unknownKey(entry, allowed: Self.topLevelKeys, in: "a schema file")
        }
    }

    // MARK: Declarations

    mutating func loadClass(_ entry: YAMLMappingEntry) -> ClassDeclaration {
        var declaration = ClassDeclaration(name: entry.key, location: entry.keyLocation)
        checkName(entry.key, at: entry.keyLocation, kind: "class", allowBuiltin: true)
        guard let body = optionalMapping(entry.value, "class '\(entry.key)'") else { return declaration }
        for item in body {
            switch item.key {
            case "description": declaration.description = text(item.value, "'description'")
            case "swiftName": declaration.swiftName = swiftName(item.value).map { Located(value: $0, location: item.value.location) }
            case "formerly": declaration.formerly = formerNames(item.value).map { Located(value: $0, location: item.value.location) }
            case "fields":
                declaration.fields = loadFields(item.value, owner: entry.key)
                declaration.writtenFieldNames = item.value.mapping?.map(\.key) ?? []
            case "indexes": declaration.indexes = loadIndexes(item.value)
            case "permissions": declaration.permissions = loadPermissions(item)
            default: unknownKey(item, allowed: Self.classKeys, in: "a class")
            }
        }
        return declaration
    }

    mutating func loadEmbedded(_ entry: YAMLMappingEntry) -> EmbeddedDeclaration {
        var declaration = EmbeddedDeclaration(name: entry.key, location: entry.keyLocation)
        checkName(entry.key, at: entry.keyLocation, kind: "embedded type", allowBuiltin: false)
        guard let body = optionalMapping(entry.value, "embedded type '\(entry.key)'") else { return declaration }
        for item in body {
            switch item.key {
            case "description": declaration.description = text(item.value, "'description'")
            case "fields": declaration.fields = loadFields(item.value, owner: entry.key)
            default: unknownKey(item, allowed: Self.embeddedKeys, in: "an embedded type")
            }
        }
        return declaration
    }

    mutating func loadEnum(_ entry: YAMLMappingEntry) -> EnumDefinition? {
        checkName(entry.key, at: entry.keyLocation, kind: "enum", allowBuiltin: false)
        guard let body = mapping(entry.value, "enum '\(entry.key)'") else { return nil }
        var rawType = EnumDefinition.RawType.string
        var description: String?
        var valuesNode: YAMLNode?
        var titlesNode: YAMLNode?
        for item in body {
            switch item.key {
            case "type":
                if let name = item.value.scalar?.string, let type = EnumDefinition.RawType(rawValue: name) {
                    rawType = type
                } else {
                    diagnostics.error("enum type must be 'string' or 'int'", at: item.value.location)
                }
            case "values": valuesNode = item.value
            case "titles": titlesNode = item.value
            case "description": description = text(item.value, "'description'")
            default: unknownKey(item, allowed: Self.enumKeys, in: "an enum")
            }
        }
        guard let valuesNode else {
            diagnostics.error("enum '\(entry.key)' has no 'values'", at: entry.keyLocation,
                              notes: [.init("list its cases: values: [a, b, c]")])
            return nil
        }
        var cases: [EnumDefinition.Case] = []
        var seenNames: [String: SourceLocation] = [:]
        var seenRaw: [EnumDefinition.RawValue: (String, SourceLocation)] = [:]
        func add(_ name: String, at location: SourceLocation, raw: EnumDefinition.RawValue, rawLocation: SourceLocation) {
            guard checkName(name, at: location, kind: "enum case", allowBuiltin: false) else { return }
            if let first = seenNames[name] {
                diagnostics.error("duplicate case '\(name)' in enum '\(entry.key)'", at: location,
                                  notes: [.init("'\(name)' was first declared here", at: first)])
                return
            }
            seenNames[name] = location
            if let (other, first) = seenRaw[raw] {
                diagnostics.error("cases '\(other)' and '\(name)' of enum '\(entry.key)' have the same raw value \(raw.quoted)",
                                  at: rawLocation, notes: [.init("'\(other)' is declared here", at: first)])
                return
            }
            seenRaw[raw] = (name, location)
            cases.append(EnumDefinition.Case(name: name, rawValue: raw, location: location))
        }
        switch valuesNode.value {
        case .sequence(let items):
            for (position, item) in items.enumerated() {
                guard let name = item.scalar?.text, item.scalar?.isNull == false else {
                    diagnostics.error("an enum case must be a name, found \(item.kindDescription)", at: item.location)
                    continue
                }
                add(name, at: item.location, raw: rawType == .int ? .int(position) : .string(name), rawLocation: item.location)
            }
        case .mapping(let items):
            for item in items {
                switch rawType {
                case .int:
                    guard let number = item.value.scalar?.int else {
                        diagnostics.error("raw value of '\(item.key)' must be an integer, found \(item.value.valueDescription)",
                                          at: item.value.location)
                        continue
                    }
                    add(item.key, at: item.keyLocation, raw: .int(number), rawLocation: item.value.location)
                case .string:
                    guard let raw = item.value.scalar, !raw.isNull, raw.tag == nil || raw.string != nil else {
                        diagnostics.error("raw value of '\(item.key)' must be a string, found \(item.value.valueDescription)",
                                          at: item.value.location)
                        continue
                    }
                    if raw.style == .plain, raw.string == nil {
                        diagnostics.error("raw value of '\(item.key)' must be a string, found \(item.value.valueDescription)",
                                          at: item.value.location,
                                          notes: [.init("quote it to use it as text, or declare the enum with 'type: int'")])
                        continue
                    }
                    add(item.key, at: item.keyLocation, raw: .string(raw.text), rawLocation: item.value.location)
                }
            }
        case .scalar:
            diagnostics.error("enum values must be a list of names or a mapping of names to raw values",
                              at: valuesNode.location)
            return nil
        }
        if valuesNode.sequence?.isEmpty == true || valuesNode.mapping?.isEmpty == true {
            diagnostics.error("enum '\(entry.key)' has no cases", at: valuesNode.location)
        }
        if let titlesNode, let titles = mapping(titlesNode, "'titles'") {
            let positions = Dictionary(cases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            for title in titles {
                guard let index = positions[title.key] else {
                    var notes: [Diagnostic.Note] = []
                    if suggestions.spend(cases.count), let near = Suggestions.note(for: title.key, among: cases.map(\.name)) { notes.append(near) }
                    diagnostics.error("title for unknown case '\(title.key)' of enum '\(entry.key)'", at: title.keyLocation, notes: notes)
                    continue
                }
                cases[index].title = text(title.value, "a title")
            }
        }
        return EnumDefinition(name: entry.key, description: description, rawType: rawType, cases: cases,
                              file: path, location: entry.keyLocation)
    }

    // MARK: Fields

    mutating func loadFields(_ node: YAMLNode, owner: String) -> [FieldDeclaration] {
        let entries = namedEntries(node, "'fields'")
        // Sized once: a field declaration is large, and growing by doubling leaves up to
        // half of the array unused for as long as the declarations live.
        var fields: [FieldDeclaration] = []
        fields.reserveCapacity(entries.count)
        for entry in entries {
            if let field = loadField(entry) { fields.append(field) }
        }
        return fields
    }

    mutating func loadField(_ entry: YAMLMappingEntry) -> FieldDeclaration? {
        let validName = checkName(entry.key, at: entry.keyLocation, kind: "field", allowBuiltin: false)
        switch entry.value.value {
        case .scalar(let scalar):
            guard !scalar.isNull else {
                diagnostics.error("field '\(entry.key)' has no type", at: entry.keyLocation,
                                  notes: [.init("write a type after the colon, as in '\(entry.key): string'")])
                return nil
            }
            var field = FieldDeclaration(name: entry.key, location: entry.keyLocation, type: nil, typeText: scalar.text,
                                         typeLocation: typeStart(entry.value),
                                         typeIsOneLine: scalar.isMultiline == false)
            parseType(into: &field)
            return validName ? field : nil
        case .sequence:
            diagnostics.error("field '\(entry.key)' must be a type or a mapping with 'type', found a sequence",
                              at: entry.value.location, notes: [.init("for a list, write 'array<T>'")])
            return nil
        case .mapping(let items):
            guard let typeEntry = items.first(where: { $0.key == "type" }) else {
                let unknown = items.filter { !Self.fieldKeys.contains($0.key) }
                if !unknown.contains(where: { Suggestions.closest(to: $0.key, among: Self.fieldKeys) == "type" }) {
                    diagnostics.error("field '\(entry.key)' has no 'type'", at: entry.keyLocation)
                }
                for item in unknown { unknownKey(item, allowed: Self.fieldKeys, in: "a field") }
                return nil
            }
            guard let typeScalar = typeEntry.value.scalar, let typeText = typeScalar.string else {
                diagnostics.error("'type' must be a type name, found \(typeEntry.value.valueDescription)", at: typeEntry.value.location)
                return nil
            }
            var field = FieldDeclaration(name: entry.key, location: entry.keyLocation, type: nil, typeText: typeText,
                                         typeLocation: typeStart(typeEntry.value),
                                         typeIsOneLine: typeScalar.isMultiline == false)
            parseType(into: &field)
            field.keys.reserveCapacity(items.count - 1)
            for item in items where item.key != "type" {
                guard let key = FieldKey.named(item.key) else {
                    unknownKey(item, allowed: Self.fieldKeys, in: "a field")
                    continue
                }
                var written = FieldKeyEntry(key: key, keyLocation: item.keyLocation, value: nil, location: item.value.location)
                switch key {
                case .required, .unique, .index:
                    written.value = bool(item.value).map { .bool($0) }
                    written.location = item.keyLocation
                case .default: written.value = .node(item.value)
                case .description:
                    written.value = text(item.value, "'description'").map { .text($0) }
                    written.location = item.keyLocation
                case .min, .max: written.value = number(item.value).map { .number($0) }
                case .minLength, .maxLength, .minCount, .maxCount: written.value = count(item.value, item.key).map { .count($0) }
                case .onDelete:
                    if let name = item.value.scalar?.string, let rule = DeleteRule(rawValue: name) {
                        written.value = .rule(rule)
                    } else if item.value.scalar == nil || item.value.scalar?.isNull == true {
                        diagnostics.error("'onDelete' must be one of cascade, setNull, restrict, noAction, found \(item.value.kindDescription)",
                                          at: item.value.location)
                    } else {
                        let written = item.value.scalar?.text ?? ""
                        var notes = [Diagnostic.Note("use one of: cascade, setNull, restrict, noAction")]
                        if let near = Suggestions.closest(to: written, among: DeleteRule.allCases.map(\.rawValue)) {
                            notes.insert(.init("did you mean '\(near)'?"), at: 0)
                        }
                        diagnostics.error("unknown onDelete rule '\(written)'", at: item.value.location, notes: notes)
                    }
                case .swiftName: written.value = swiftName(item.value).map { .text($0) }
                case .formerly: written.value = formerNames(item.value).map { .names($0) }
                }
                field.keys.append(written)
            }
            if field.requiredMark, let required = field.values.required, !required.value {
                diagnostics.error("field '\(entry.key)' is marked required with '!' but has 'required: false'",
                                  at: required.location)
            }
            return validName ? field : nil
        }
    }

    /// Where the type text starts: inside the quotes for a quoted scalar.
    private func typeStart(_ node: YAMLNode) -> SourceLocation {
        switch node.scalar?.style {
        case .singleQuoted?, .doubleQuoted?: return node.location.advanced(by: 1)
        default: return node.location
        }
    }

    mutating func parseType(into field: inout FieldDeclaration) {
        if let (expression, required) = parsedTypes[field.typeText] {
            field.type = expression
            field.requiredMark = required
            return
        }
        switch TypeExpression.parse(field.typeText) {
        case .success(let (expression, required)):
            parsedTypes[field.typeText] = (expression, required)
            field.type = expression
            field.requiredMark = required
        case .failure(let error):
            let shown = field.typeText.count > 60 ? field.typeText.prefix(57) + "..." : field.typeText
            diagnostics.error("invalid type '\(shown)': \(error.message)",
                              at: field.typeLocation(at: error.offset),
                              notes: error.notes.map { Diagnostic.Note($0) })
        }
    }

    // MARK: Indexes

    mutating func loadIndexes(_ node: YAMLNode) -> [IndexDeclaration] {
        if node.scalar?.isNull == true { return [] }
        guard let items = node.sequence else {
            diagnostics.error("'indexes' must be a list, found \(node.kindDescription)", at: node.location,
                              notes: [.init("write each index as a list of field names, e.g. - [title]")])
            return []
        }
        var indexes: [IndexDeclaration] = []
        for item in items {
            switch item.value {
            case .sequence:
                if let fields = indexFields(item) {
                    indexes.append(IndexDeclaration(fields: fields, isUnique: false, name: nil, location: item.location))
                }
            case .mapping(let keys):
                var fields: [Located<String>]?
                var unique = false
                var name: Located<String>?
                var sawFields = false
                for key in keys {
                    switch key.key {
                    case "fields": sawFields = true; fields = indexFields(key.value)
                    case "unique": unique = bool(key.value) ?? false
                    case "name":
                        if let text = key.value.scalar?.string, NamingRules.isValidName(text) {
                            name = Located(value: text, location: key.value.location)
                        } else {
                            diagnostics.error("index name must match ^[A-Za-z][A-Za-z0-9_]*$", at: key.value.location)
                        }
                    default: unknownKey(key, allowed: Self.indexKeys, in: "an index")
                    }
                }
                if !sawFields, !keys.contains(where: { Suggestions.closest(to: $0.key, among: Self.indexKeys) == "fields" }) {
                    diagnostics.error("index has no 'fields'", at: item.location)
                }
                if let fields {
                    indexes.append(IndexDeclaration(fields: fields, isUnique: unique, name: name, location: item.location))
                }
            case .scalar:
                diagnostics.error("an index must be a list of field names or a mapping with 'fields'", at: item.location,
                                  notes: item.scalar.map { [.init("write - [\($0.text)]")] } ?? [])
            }
        }
        return indexes
    }

    /// A list of field names, each once.
    mutating func fieldNames(_ node: YAMLNode, _ what: String) -> [Located<String>] {
        guard let items = node.sequence else {
            diagnostics.error("\(what) must be a list of field names, found \(node.kindDescription)", at: node.location)
            return []
        }
        var names: [Located<String>] = []
        for item in items {
            guard let name = item.scalar?.string else {
                diagnostics.error("\(what) must list field names, found \(item.valueDescription)", at: item.location)
                continue
            }
            if let first = names.first(where: { $0.value == name }) {
                diagnostics.error("field '\(name)' is listed twice in \(what)", at: item.location,
                                  notes: [.init("first listed here", at: first.location)])
                continue
            }
            names.append(Located(value: name, location: item.location))
        }
        return names
    }

    mutating func indexFields(_ node: YAMLNode) -> [Located<String>]? {
        guard let items = node.sequence else {
            diagnostics.error("index fields must be a list of field names, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard !items.isEmpty else {
            diagnostics.error("an index needs at least one field", at: node.location)
            return nil
        }
        var fields: [Located<String>] = []
        for item in items {
            guard let name = item.scalar?.string else {
                diagnostics.error("an index field must be a field name, found \(item.valueDescription)", at: item.location)
                return nil
            }
            if let first = fields.first(where: { $0.value == name }) {
                diagnostics.error("field '\(name)' appears twice in one index", at: item.location,
                                  notes: [.init("first listed here", at: first.location)])
                return nil
            }
            fields.append(Located(value: name, location: item.location))
        }
        return fields
    }

    // MARK: Values

    @discardableResult
    mutating func checkName(_ name: String, at location: SourceLocation, kind: String, allowBuiltin: Bool) -> Bool {
        if allowBuiltin, BuiltinClass(rawValue: name) != nil { return true }
        guard NamingRules.isValidName(name) else {
            var notes: [Diagnostic.Note] = [.init("names start with a letter and use only letters, digits and '_'")]
            if allowBuiltin, name.hasPrefix("_") {
                notes.append(.init("the only class names starting with '_' are _User, _Role, _Installation and _Session"))
            }
            diagnostics.error("invalid \(kind) name '\(name)'", at: location, notes: notes)
            return false
        }
        return true
    }

    mutating func mapping(_ node: YAMLNode, _ what: String) -> [YAMLMappingEntry]? {
        guard let entries = node.mapping else {
            diagnostics.error("\(what) must be a mapping, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return entries
    }

    /// A mapping, or `null` for "nothing here" (`Author:` with no body).
    mutating func optionalMapping(_ node: YAMLNode, _ what: String) -> [YAMLMappingEntry]? {
        if node.scalar?.isNull == true { return [] }
        return mapping(node, what)
    }

    /// The entries of a `name: body` section (`classes`, `enums`, `fields`...); `null` is empty.
    mutating func namedEntries(_ node: YAMLNode, _ what: String) -> [YAMLMappingEntry] {
        optionalMapping(node, what) ?? []
    }

    mutating func text(_ node: YAMLNode, _ what: String) -> String? {
        guard let scalar = node.scalar, !scalar.isNull else {
            diagnostics.error("\(what) must be text, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return scalar.text
    }

    mutating func bool(_ node: YAMLNode) -> Bool? {
        node.bool(diagnostics: &diagnostics)
    }

    mutating func number(_ node: YAMLNode) -> Number? {
        if let value = node.scalar?.int { return .int(value) }
        if let value = node.scalar?.double, value.isFinite, node.scalar?.looksLikeInteger == false {
            return .double(value)
        }
        diagnostics.error("expected a finite number, found \(node.valueDescription)", at: node.location)
        return nil
    }

    mutating func count(_ node: YAMLNode, _ key: String) -> Int? {
        guard let value = node.scalar?.int, value >= 0 else {
            diagnostics.error("'\(key)' must be a whole number of 0 or more, found \(node.valueDescription)", at: node.location)
            return nil
        }
        return value
    }

    mutating func swiftName(_ node: YAMLNode) -> String? {
        guard let name = node.scalar?.string, NamingRules.isValidSwiftName(name) else {
            diagnostics.error("'swiftName' must be a Swift identifier, found \(node.valueDescription)", at: node.location)
            return nil
        }
        return name
    }

    /// `formerly`: a name, or a list of names, each a valid class or field name.
    mutating func formerNames(_ node: YAMLNode) -> [String]? {
        let items = node.sequence ?? [node]
        var names: [String] = []
        for item in items {
            guard let name = item.scalar?.string, !(item.scalar?.isNull ?? true), NamingRules.isValidName(name) else {
                diagnostics.error("'formerly' must be a name or a list of names, found \(item.valueDescription)", at: item.location,
                                  notes: [.init("names start with a letter and use only letters, digits and '_'")])
                return nil
            }
            names.append(name)
        }
        guard !names.isEmpty else {
            diagnostics.error("'formerly' must be a name or a list of names, found an empty list", at: node.location)
            return nil
        }
        return names
    }

    mutating func unknownKey(_ entry: YAMLMappingEntry, allowed: [String], in context: String) {
        var notes: [Diagnostic.Note] = []
        if let near = Suggestions.note(for: entry.key, among: allowed) { notes.append(near) }
        notes.append(.init("allowed keys in \(context): \(allowed.joined(separator: ", "))"))
        diagnostics.error("unknown key '\(entry.key)' in \(context)", at: entry.keyLocation, notes: notes)
    }

}
