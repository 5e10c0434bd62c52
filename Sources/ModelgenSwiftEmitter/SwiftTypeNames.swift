import ModelgenDiagnostics
import ModelgenSchema

/// The Swift name of every type the schema declares or links to, and the Swift spelling of
/// every field type. Built once per run; the view models only look names up.
struct SwiftTypeNames {
    /// Parse class name → Swift type name, for declared classes and for built-in classes that
    /// are linked to without being declared (they are generated with their predefined fields).
    private(set) var classes: [String: String] = [:]
    /// Built-in classes some field links to that the schema does not declare, in a stable order.
    private(set) var implicitBuiltins: [BuiltinClass] = []
    /// For each of `implicitBuiltins`, the schema files with a field that links to it (what its
    /// generated file's header names), in schema order; every schema file for one that only
    /// another built-in class brings in.
    private(set) var implicitBuiltinSources: [BuiltinClass: [String]] = [:]
    /// Whether pointer fields are stored out of line (`@Indirect var author: Author?`, with
    /// ParseRuntime); ParseSwift has no such wrapper, so there they are stored inline.
    let boxesPointers: Bool
    /// The pointer fields stored as `Pointer<C>` rather than as `C` itself, by class (Parse name)
    /// and field name, when pointers are stored inline: those on a cycle (`Comment.parent:
    /// pointer<Comment>`, or `A.b` and `B.a`), since a struct cannot contain itself. Arrays and
    /// maps store their elements on the heap, so they break cycles; embedded types cannot hold
    /// pointers, so they are never on one.
    private(set) var pointersStoredAsReferences: Set<FieldOwnership> = []
    /// `Date`, or `Foundation.Date` when the schema declares a type named `Date`.
    let date: String
    /// `Data`, or `Foundation.Data` when the schema declares a type named `Data`.
    let data: String

    /// Names a generated type may not take: they would hide a type the generated code uses.
    static let reserved: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Array", "Dictionary", "Optional", "Set", "Character",
        "Error", "Result", "Never", "Void", "Any", "AnyObject", "Codable", "Encodable", "Decodable", "Hashable",
        "Equatable", "Sendable", "Identifiable", "CaseIterable", "RawRepresentable", "CodingKey", "CodingKeys",
        "Encoder", "Decoder", "KeyPath", "URL", "UUID", "Foundation", "Swift",
        "ParseSwift", "ParseRuntime", "ParseObject", "ParseUser", "ParseRole", "ParseInstallation", "ParseSession",
        "ParseACL", "ParseFile", "ParseGeoPoint", "ParsePolygon", "ParseBytes", "ParseRelation", "ParseError",
        "Pointer", "Query", "QueryConstraint", "JSONValue", "ParseField", "ParseRelationField", "Field",
        "ParseQuery", "ParseClient", "ParseClientError",
    ]

    /// Names a generated type may take, with a warning: the generated code spells them in full
    /// (`Foundation.Date`) where it needs them, but every other file of the module that holds
    /// the models sees the generated type instead, so code there that means Swift's `Task` or
    /// Foundation's `Date` no longer compiles as written. Keyed by name, the module each is from.
    static let shadowed: [String: String] = {
        let swift = ["Task", "TaskGroup", "TaskPriority", "MainActor", "Actor", "AsyncStream", "Duration", "Clock",
                     "ContinuousClock", "Range", "ClosedRange", "Substring", "Sequence", "Collection", "Comparable",
                     "Mirror", "Unicode", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
        let foundation = ["Date", "Data", "Decimal", "Calendar", "Locale", "TimeZone", "DateComponents", "DateInterval",
                          "DateFormatter", "Timer", "Thread", "Notification", "NotificationCenter", "Bundle", "FileManager",
                          "ProcessInfo", "UserDefaults", "URLRequest", "URLSession", "URLComponents", "JSONEncoder",
                          "JSONDecoder", "Measurement", "Progress", "Operation", "OperationQueue", "IndexPath", "IndexSet",
                          "CharacterSet", "AttributedString", "Predicate", "NSObject", "NSError", "NSNumber"]
        return Dictionary(uniqueKeysWithValues: swift.map { ($0, "Swift") } + foundation.map { ($0, "Foundation") })
    }()

    init(schema: Schema, boxesPointers: Bool, diagnostics: inout DiagnosticCollector) {
        self.boxesPointers = boxesPointers
        let declared = Set(schema.classes.map(\.name)) .union(schema.enums.map(\.name)).union(schema.embeddedTypes.map(\.name))
        var ownNames = Set(schema.enums.map(\.name)).union(schema.embeddedTypes.map(\.name))
        for definition in schema.classes {
            let name = Self.typeName(of: definition)
            classes[definition.name] = name
            ownNames.insert(name)
        }
        date = ownNames.contains("Date") ? "Foundation.Date" : "Date"
        data = ownNames.contains("Data") ? "Foundation.Data" : "Data"

        var linked: Set<BuiltinClass> = []
        var linkingFiles: [BuiltinClass: [String]] = [:]
        // Where each is first linked to, for a message about its Swift name.
        var firstLinks: [BuiltinClass: SourceLocation] = [:]
        func visit(_ type: FieldType, in file: String, at location: SourceLocation) {
            switch type {
            case .pointer(let name), .relation(let name), .inverse(let name, _):
                guard !declared.contains(name), let builtin = BuiltinClass(rawValue: name) else { return }
                linked.insert(builtin)
                if firstLinks[builtin] == nil { firstLinks[builtin] = location }
                if linkingFiles[builtin]?.contains(file) != true { linkingFiles[builtin, default: []].append(file) }
            case .array(let element), .map(let element):
                visit(element, in: file, at: location)
            default:
                break
            }
        }
        for definition in schema.classes {
            definition.fields.forEach { visit($0.type, in: definition.file, at: $0.location) }
            if let builtin = definition.builtin {
                builtin.predefinedFields.forEach { visit($0.type, in: definition.file, at: definition.location) }
            }
        }
        schema.embeddedTypes.forEach { definition in definition.fields.forEach { visit($0.type, in: definition.file, at: $0.location) } }
        // A role or session names its user type, so linking to either brings `_User` along.
        var pending = Array(linked)
        while let builtin = pending.popLast() {
            builtin.predefinedFields.forEach { field in
                if case .pointer(let name) = field.type, !declared.contains(name), let more = BuiltinClass(rawValue: name), !linked.contains(more) {
                    linked.insert(more)
                    pending.append(more)
                }
            }
            if builtin == .role || builtin == .session, !declared.contains(BuiltinClass.user.rawValue), !linked.contains(.user) {
                linked.insert(.user)
            }
        }
        implicitBuiltins = BuiltinClass.allCases.filter { linked.contains($0) }
        for builtin in implicitBuiltins {
            classes[builtin.rawValue] = Self.builtinTypeName(builtin)
            implicitBuiltinSources[builtin] = linkingFiles[builtin] ?? schema.files.map(\.path)
        }
        if !boxesPointers {
            pointersStoredAsReferences = Self.pointersOnCycles(schema, implicitBuiltins: implicitBuiltins)
        }

        Self.checkTypeNameClashes(schema, classes: classes, implicitBuiltins: implicitBuiltins, firstLinks: firstLinks,
                                  diagnostics: &diagnostics)
        for definition in schema.classes where Self.reserved.contains(classes[definition.name]!) {
            diagnostics.error("class '\(definition.name)' would be the Swift type '\(classes[definition.name]!)', which the generated code needs for itself",
                              at: definition.location, notes: [.init("give the class another Swift name with 'swiftName'")])
        }
        for definition in schema.enums where Self.reserved.contains(definition.name) {
            diagnostics.error("enum '\(definition.name)' would hide the Swift type of the same name, which the generated code uses",
                              at: definition.location, notes: [.init("rename the enum")])
        }
        for definition in schema.classes {
            for field in definition.fields {
                Self.checkPropertyName(field, of: "class '\(definition.name)'", inClass: true, diagnostics: &diagnostics)
            }
        }
        for definition in schema.embeddedTypes {
            for field in definition.fields {
                Self.checkPropertyName(field, of: "embedded type '\(definition.name)'", inClass: false, diagnostics: &diagnostics)
            }
        }
        for definition in schema.embeddedTypes where Self.reserved.contains(definition.name) {
            diagnostics.error("embedded type '\(definition.name)' would hide the Swift type of the same name, which the generated code uses",
                              at: definition.location, notes: [.init("rename the embedded type")])
        }
        Self.warnAboutShadowing(schema, classes: classes, diagnostics: &diagnostics)
    }

    /// Two types of the schema that would be one Swift type, or two files whose names differ
    /// only in case (`User.swift` twice, when the schema declares `User` and links to `_User`,
    /// whose Swift name is `User`): an error at the second, with a note at the first and the fix.
    private static func checkTypeNameClashes(_ schema: Schema, classes: [String: String], implicitBuiltins: [BuiltinClass],
                                             firstLinks: [BuiltinClass: SourceLocation], diagnostics: inout DiagnosticCollector) {
        struct Named {
            var what: String
            var swiftName: String
            var location: SourceLocation
            /// How to give it another Swift name.
            var fix: String
            /// A built-in class the schema links to without declaring: `location` is the link.
            var isLink = false
        }
        var types: [Named] = []
        for definition in schema.classes {
            let swiftName = classes[definition.name]!
            let what = definition.builtin == nil ? "class '\(definition.name)'" : "Parse's built-in class '\(definition.name)'"
            types.append(Named(what: what, swiftName: swiftName, location: definition.location,
                               fix: "give \(what) another Swift name with 'swiftName'"))
        }
        for builtin in implicitBuiltins {
            guard let location = firstLinks[builtin] else { continue }  // linked by another built-in class only
            let name = builtin.rawValue
            types.append(Named(what: "Parse's built-in class '\(name)'", swiftName: builtinTypeName(builtin), location: location,
                               fix: "declare '\(name)' with a Swift name of its own (`\(name): {swiftName: App\(builtinTypeName(builtin))}`)",
                               isLink: true))
        }
        for definition in schema.enums {
            types.append(Named(what: "enum '\(definition.name)'", swiftName: definition.name, location: definition.location,
                               fix: "rename enum '\(definition.name)'"))
        }
        for definition in schema.embeddedTypes {
            types.append(Named(what: "embedded type '\(definition.name)'", swiftName: definition.name, location: definition.location,
                               fix: "rename embedded type '\(definition.name)'"))
        }
        var first: [String: Named] = [:]
        for type in types {
            let key = type.swiftName.lowercased()
            guard let earlier = first[key] else {
                first[key] = type
                continue
            }
            let how = earlier.swiftName == type.swiftName
                ? "would be the Swift type '\(type.swiftName)', as \(earlier.what) is"
                : "would be the Swift type '\(type.swiftName)', whose file differs from \(earlier.what)'s ('\(earlier.swiftName)') only in case"
            diagnostics.error("\(type.what)\(type.isLink ? ", which this field links to," : "") \(how)", at: type.location, notes: [
                .init("\(earlier.what) is \(earlier.isLink ? "linked to" : "declared") here", at: earlier.location),
                .init("\(type.fix), or \(earlier.fix)"),
            ])
        }
    }

    /// Warns about each declared type whose Swift name is one of ``shadowed``, in schema order.
    private static func warnAboutShadowing(_ schema: Schema, classes: [String: String], diagnostics: inout DiagnosticCollector) {
        func warn(_ what: String, swiftName: String, module: String, at location: SourceLocation, fix: String) {
            diagnostics.warning("\(what) is the Swift type '\(swiftName)', which hides \(module)'s '\(swiftName)' in the module that holds the generated code",
                                at: location,
                                notes: [.init("code in that module would have to write '\(module).\(swiftName)' for \(module)'s"), .init(fix)])
        }
        for definition in schema.classes {
            let swiftName = classes[definition.name]!
            guard let module = shadowed[swiftName] else { continue }
            warn("class '\(definition.name)'", swiftName: swiftName, module: module, at: definition.location,
                 fix: "give the class another Swift name with 'swiftName', such as '\(swiftName)Object'; it keeps its name in Parse")
        }
        for definition in schema.enums {
            guard let module = shadowed[definition.name] else { continue }
            warn("enum '\(definition.name)'", swiftName: definition.name, module: module, at: definition.location,
                 fix: "rename the enum")
        }
        for definition in schema.embeddedTypes {
            guard let module = shadowed[definition.name] else { continue }
            warn("embedded type '\(definition.name)'", swiftName: definition.name, module: module, at: definition.location,
                 fix: "rename the embedded type")
        }
    }

    /// The schema's own pointer fields that lie on a cycle. The predefined fields of built-in
    /// classes are typed by the SDK and never boxed, but they are edges: a `_User` that points
    /// to its `_Session` is on a cycle through `_Session.user`. Built-in fields alone make no
    /// cycle, so every cycle has a field of the schema's own, and boxing those breaks all.
    private static func pointersOnCycles(_ schema: Schema, implicitBuiltins: [BuiltinClass]) -> Set<FieldOwnership> {
        var fields: [String: [FieldDefinition]] = [:]
        var predefinedTargets: [String: [String]] = [:]
        for definition in schema.classes {
            fields[definition.name] = definition.fields
            if let builtin = definition.builtin { predefinedTargets[definition.name] = inlineTargets(builtin) }
        }
        for builtin in implicitBuiltins { predefinedTargets[builtin.rawValue] = inlineTargets(builtin) }
        func target(_ type: FieldType) -> String? {
            if case .pointer(let name) = type { return name }
            return nil
        }
        let owners = schema.classes.map(\.name) + implicitBuiltins.map(\.rawValue)
        let component = NameGraph.stronglyConnectedComponents(owners) { owner in
            (fields[owner] ?? []).compactMap { target($0.type) } + (predefinedTargets[owner] ?? [])
        }
        var result: Set<FieldOwnership> = []
        for (owner, ownFields) in fields {
            guard let own = component[owner] else { continue }
            for field in ownFields {
                if case .pointer(let name) = field.type, component[name] == own {
                    result.insert(FieldOwnership(owner: owner, field: field.name))
                }
            }
        }
        return result
    }

    /// The classes a built-in class's predefined fields store inline (a session's user).
    private static func inlineTargets(_ builtin: BuiltinClass) -> [String] {
        builtin.predefinedFields.compactMap { field in
            if case .pointer(let name) = field.type { return name }
            return nil
        }
    }

    /// The Swift type of a field as stored in its class (by Parse name), without the outer `?`:
    /// `Pointer<C>` for a pointer on a cycle, else the field type's spelling; `nil` for
    /// relations and inverses, which are not stored.
    func storedType(of field: FieldDefinition, in owner: String) -> String? {
        if case .pointer(let name) = field.type, isStoredAsReference(field, in: owner) {
            return "Pointer<\(classes[name]!)>"
        }
        return swiftType(field.type)
    }

    /// Whether a pointer field is stored as `Pointer<C>` because it lies on a cycle.
    func isStoredAsReference(_ field: FieldDefinition, in owner: String) -> Bool {
        pointersStoredAsReferences.contains(FieldOwnership(owner: owner, field: field.name))
    }

    /// What a property of this name would hide, for the names that do not compile even in
    /// backticks: `self` as an initializer parameter hides the instance, a property
    /// `CodingKeys` hides the coding keys that `Codable` needs, and in a class's `Field` keys a
    /// key named like a key type hides the type. Compared directly: every field is asked, and
    /// hashing each name for a dictionary of four cost more than the comparisons.
    static func hiddenByProperty(named name: String, inClass: Bool) -> String? {
        switch name {
        case "self": "Swift's own 'self'"
        case "CodingKeys": "the 'CodingKeys' that Codable needs"
        case "ParseField" where inClass: "the type of the 'Field' keys"
        case "ParseRelationField" where inClass: "the type of the 'Field' keys of relations"
        default: nil
        }
    }

    /// `owner` is composed only for a message: a large schema has tens of thousands of fields.
    private static func checkPropertyName(_ field: FieldDefinition, of owner: @autoclosure () -> String, inClass: Bool,
                                          diagnostics: inout DiagnosticCollector) {
        let swiftName = field.swiftName ?? field.name
        guard let clash = hiddenByProperty(named: swiftName, inClass: inClass) else { return }
        diagnostics.error("field '\(field.name)' of \(owner()) would be the Swift property '\(swiftName)', which hides \(clash)",
                          at: field.location,
                          notes: [.init("give the field another Swift name with 'swiftName'; it keeps its name in Parse")])
    }

    static func typeName(of definition: ClassDefinition) -> String {
        if let swiftName = definition.swiftName { return swiftName }
        if let builtin = definition.builtin { return builtinTypeName(builtin) }
        return definition.name
    }

    static func builtinTypeName(_ builtin: BuiltinClass) -> String {
        switch builtin {
        case .user: return "User"
        case .role: return "Role"
        case .installation: return "Installation"
        case .session: return "Session"
        }
    }

    /// The Swift type of a stored field, without the outer `?`; `nil` for relations and
    /// inverses, which are not stored.
    func swiftType(_ type: FieldType) -> String? {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .string: return "String"
            case .int: return "Int"
            case .double: return "Double"
            case .float: return "Float"
            case .bool: return "Bool"
            case .date: return date
            case .bytes: return "ParseBytes"
            case .file: return "ParseFile"
            case .geopoint: return "ParseGeoPoint"
            case .polygon: return "ParsePolygon"
            case .object: return "[String: JSONValue]"
            }
        case .enumeration(let name), .embedded(let name):
            return name
        case .array(let element):
            return swiftType(element).map { "[\($0)]" }
        case .map(let element):
            return swiftType(element).map { "[String: \($0)]" }
        case .pointer(let name):
            return classes[name]
        case .relation, .inverse:
            return nil
        }
    }
}

/// A field by its class's Parse name and its own.
struct FieldOwnership: Hashable {
    var owner: String
    var field: String
}
