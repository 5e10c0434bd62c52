import ModelgenSchema

/// Builds the views the Swift templates render (``SwiftClassView`` and its peers): every name
/// already escaped, every type already spelled, every doc line already split, so the templates
/// stay free of logic.
struct SwiftViewModels {
    let schema: Schema
    let names: SwiftTypeNames
    let options: SwiftModelOptions

    /// What every file starts with after the header.
    func common() -> SwiftCommonView {
        var imports = ["import Foundation"]
        switch options.runtime {
        case .parseRuntime: imports.append("import ParseRuntime")
        case .parseSwift: imports.append("@preconcurrency import ParseSwift")
        }
        return SwiftCommonView(access: options.access.modifier, imports: imports, dateType: names.date, dataType: names.data,
                               parseSwift: options.runtime == .parseSwift, parseRuntime: options.runtime == .parseRuntime)
    }

    // MARK: Classes

    /// A stored property, from the schema or predefined by a built-in class. A class: the views
    /// go over the fields many times, and a copy of a struct of ten references retained each.
    private final class Stored {
        let parseName: String
        let swiftName: String
        /// `swiftName` as code names it (backticked when a keyword), found once: every view of
        /// the field uses it.
        let identifier: String
        /// `parseName` as a string literal, made once for the field's key and its table row.
        let parseNameLiteral: String
        let type: String
        /// The value type of its `Field` key, when it differs from `type`: a pointer stored as
        /// `Pointer<C>` still compares with, and is set to, a `C`.
        let keyType: String?
        let doc: [SwiftDocLine]
        let isRequired: Bool
        let isPredefined: Bool
        /// A pointer to an object of a schema class (stored as `@Indirect` when the names box
        /// pointers, with ParseRuntime).
        let isPointer: Bool
        /// Set for the few SDK-required fields that are not optional.
        let initialValue: String?
        /// The schema's default as a Swift expression: the initializers' default argument.
        let defaultArgument: String?

        init(parseName: String, swiftName: String, type: String, keyType: String? = nil, doc: [SwiftDocLine],
             isRequired: Bool, isPredefined: Bool, isPointer: Bool = false, initialValue: String? = nil,
             defaultArgument: String? = nil) {
            self.parseName = parseName
            self.swiftName = swiftName
            identifier = SwiftSyntax.identifier(swiftName)
            parseNameLiteral = SwiftSyntax.stringLiteral(parseName)
            self.type = type
            self.keyType = keyType
            self.doc = doc
            self.isRequired = isRequired
            self.isPredefined = isPredefined
            self.isPointer = isPointer
            self.initialValue = initialValue
            self.defaultArgument = defaultArgument
        }

        /// The type of its initializer parameter: required, or optional with the schema's
        /// default (`Bool? = true`) or `nil`.
        var parameterType: SwiftTypeText {
            if isRequired { return SwiftTypeText(type: type, suffix: defaultArgument.map { " = " + $0 } ?? "") }
            return SwiftTypeText(type: type, suffix: "? = " + (defaultArgument ?? "nil"))
        }
    }

    func classView(_ definition: ClassDefinition?, builtin: BuiltinClass?) -> SwiftClassView {
        let parseName = definition?.name ?? builtin!.rawValue
        let typeName = names.classes[parseName]!
        let userType = names.classes[BuiltinClass.user.rawValue] ?? "User"

        var stored: [Stored] = []
        if let builtin {
            for field in builtin.predefinedFields where !SwiftBuiltinFields.isProvidedBySDK(field.name, in: builtin) {
                guard let type = SwiftBuiltinFields.swiftType(of: field.name, in: builtin, userType: userType, date: names.date)
                        ?? names.swiftType(field.type) else { continue }
                stored.append(Stored(parseName: field.name, swiftName: field.name, type: type, doc: [],
                                     isRequired: false, isPredefined: true,
                                     initialValue: SwiftBuiltinFields.initialValue(of: field.name, in: builtin,
                                                                                   userType: userType, date: names.date)))
            }
        }
        var relations: [SwiftRelationView] = []
        var inverses: [SwiftInverseView] = []
        // The keys of the relations, which follow those of the stored fields.
        var relationKeys: [SwiftFieldKeyView] = []
        for field in definition?.fields ?? [] {
            let swiftName = field.swiftName ?? field.name
            switch field.type {
            case .relation(let target):
                let targetType = names.classes[target]!
                relationKeys.append(SwiftFieldKeyView(name: SwiftSyntax.identifier(swiftName), keyType: "ParseRelationField",
                                                      valueType: targetType, parseName: SwiftSyntax.stringLiteral(field.name)))
                relations.append(SwiftRelationView(
                    doc: docComment(field.description), helper: swiftName, key: SwiftSyntax.identifier(swiftName),
                    target: targetType, parseName: field.name, typeName: typeName, blankLineBefore: !relations.isEmpty))
            case .inverse(let owner, let ownerField):
                let ownerType = names.classes[owner]!
                let ownerDefinition = schema.classDefinition(named: owner)
                let ownerFieldDefinition = ownerDefinition?.field(named: ownerField)
                let ownerSwiftField = ownerFieldDefinition.map { $0.swiftName ?? $0.name } ?? ownerField
                var ownerFieldIsArray = false
                if case .array = ownerFieldDefinition?.type { ownerFieldIsArray = true }
                inverses.append(SwiftInverseView(
                    doc: docComment(field.description), helper: swiftName, owner: ownerType,
                    ownerKey: SwiftSyntax.identifier(ownerSwiftField), ownerField: ownerField, ownerFieldIsArray: ownerFieldIsArray,
                    typeName: typeName, blankLineBefore: !inverses.isEmpty))
            default:
                var isPointer = false
                if case .pointer = field.type { isPointer = true }
                stored.append(Stored(parseName: field.name, swiftName: swiftName, type: names.storedType(of: field, in: parseName)!,
                                     keyType: names.swiftType(field.type)!,
                                     doc: fieldDoc(field, inClass: parseName), isRequired: field.isRequired, isPredefined: false,
                                     isPointer: isPointer, defaultArgument: field.defaultValue.map { swiftLiteral($0, type: field.type) }))
            }
        }
        var keys = [
            SwiftFieldKeyView(name: "objectId", keyType: "ParseField", valueType: "String", parseName: "\"objectId\""),
            SwiftFieldKeyView(name: "createdAt", keyType: "ParseField", valueType: names.date, parseName: "\"createdAt\""),
            SwiftFieldKeyView(name: "updatedAt", keyType: "ParseField", valueType: names.date, parseName: "\"updatedAt\""),
        ]
        keys.reserveCapacity(keys.count + stored.count + relationKeys.count)
        for field in stored {
            keys.append(SwiftFieldKeyView(name: field.identifier, keyType: "ParseField",
                                          valueType: field.keyType ?? field.type, parseName: field.parseNameLiteral))
        }
        keys += relationKeys

        let spaced = stored.contains { !$0.doc.isEmpty }
        let custom = stored.filter { !$0.isPredefined }
        var view = SwiftClassView(
            common: common(), typeName: typeName,
            doc: docComment(definition?.description ?? builtin.map(Self.builtinDescription)),
            conformance: SwiftBuiltinFields.conformance(builtin),
            className: builtin == nil && typeName != parseName ? SwiftSyntax.stringLiteral(parseName) : nil,
            typeAliases: SwiftBuiltinFields.typeAliases(builtin, userType: userType).map { SwiftTypeAliasView(name: $0.name, type: $0.type) },
            fields: stored.enumerated().map { index, field in
                SwiftPropertyView(name: field.identifier,
                                  type: field.initialValue == nil ? .optional(field.type) : SwiftTypeText(type: field.type),
                                  propertyWrapper: field.isPointer && names.boxesPointers ? "@Indirect " : "",
                                  doc: field.doc, blankLineBefore: index == 0 || spaced)
            },
            initialValues: stored.compactMap { field in
                field.initialValue.map { SwiftInitialValueView(name: field.identifier, value: $0) }
            },
            hasInitialValues: stored.contains { $0.initialValue != nil },
            mergeFields: custom.map { $0.identifier }, hasMergeFields: !custom.isEmpty,
            fieldKeys: keys, relations: relations, inverses: inverses,
            hasRelations: !relations.isEmpty, hasQueries: !inverses.isEmpty)
        switch options.runtime {
        case .parseSwift:
            if stored.contains(where: { $0.swiftName != $0.parseName }) {
                // `originalData` stays out: the SDK keeps it in memory and never sends or decodes it.
                let fixed = NamingRules.parseObjectFieldNames
                view.codingKeys = SwiftCodingKeysView(keys: fixed + stored.map { codingKey(swiftName: $0.swiftName, parseName: $0.parseName) })
            }
        case .parseRuntime:
            // A table that ParseRuntime's `Codable`, merge and `==` run over: much cheaper to
            // compile than synthesized conformances (see ParseStoredField.swift), and the same JSON.
            view.storedFields = stored.map { field in
                let kind = field.isPredefined ? (field.initialValue == nil ? "predefined" : "predefinedRequired")
                    : field.isPointer ? "pointer" : "field"
                return SwiftStoredFieldView(kind: kind, key: field.parseNameLiteral, name: field.identifier)
            }
            view.hasStoredFields = !stored.isEmpty
        }
        if !custom.isEmpty {
            // In schema order: a field with a default, or optional, may be left out wherever it is.
            view.memberwiseInit = SwiftMemberwiseInitView(parameters: custom.enumerated().map { index, field in
                SwiftParameterView(label: field.identifier, type: field.parameterType, comma: index == custom.count - 1 ? "" : ",")
            })
        }
        if builtin == .user && options.runtime == .parseRuntime {
            view.userHelpers = userHelpers(typeName: typeName, fields: custom)
        }
        return view
    }

    /// The session helpers of the user class (`signUp`, `logIn`, `become`, `current`, `logOut`)
    /// over ParseRuntime's client; `signUp` takes the schema's own fields too.
    private func userHelpers(typeName: String, fields: [Stored]) -> SwiftUserHelpersView {
        let labels = fields.map { $0.identifier }
        // The client parameter's inner name must differ from every field parameter's.
        let client = ["client", "parseClient", "parseClient_"].first { !labels.contains($0) }!
        return SwiftUserHelpersView(
            typeName: typeName, client: client, hasParameters: !fields.isEmpty,
            parameters: fields.map { field in SwiftUserParameterView(label: field.identifier, type: field.parameterType) },
            arguments: labels.map { "\($0): \($0)" }.joined(separator: ", "))
    }

    static func builtinDescription(_ builtin: BuiltinClass) -> String {
        switch builtin {
        case .user: return "Parse's built-in user class (`_User`)."
        case .role: return "Parse's built-in role class (`_Role`)."
        case .installation: return "Parse's built-in installation class (`_Installation`)."
        case .session: return "Parse's built-in session class (`_Session`)."
        }
    }

    // MARK: Enums

    func enumView(_ definition: EnumDefinition) -> SwiftEnumView {
        var doc = docComment(definition.description)
        if options.unknownEnumCase {
            if !doc.isEmpty { doc.append(SwiftDocLine(content: "")) }
            doc.append(SwiftDocLine(content: "A value this code does not know decodes as `unknown` and encodes back unchanged."))
        }
        return SwiftEnumView(
            common: common(), typeName: definition.name, doc: doc, rawType: definition.rawType == .int ? "Int" : "String",
            cases: definition.cases.map { item in
                let raw: String
                switch item.rawValue {
                case .int(let value): raw = String(value)
                case .string(let value): raw = SwiftSyntax.stringLiteral(value)
                }
                return SwiftEnumCaseView(name: SwiftSyntax.identifier(item.name), rawValue: raw,
                                         title: item.title.map(SwiftSyntax.stringLiteral) ?? SwiftSyntax.stringLiteral(item.name))
            },
            allCases: definition.cases.map { "." + SwiftSyntax.identifier($0.name) }.joined(separator: ", "),
            hasTitles: definition.cases.contains { $0.title != nil }, unknownCase: options.unknownEnumCase)
    }

    // MARK: Embedded types

    func embeddedView(_ definition: EmbeddedDefinition) -> SwiftEmbeddedView {
        let fields = definition.fields.compactMap { field -> (FieldDefinition, String)? in
            names.swiftType(field.type).map { (field, $0) }
        }
        let spaced = fields.contains { $0.0.description != nil }
        let parameters = fields
        var codingKeys: SwiftCodingKeysView?
        if fields.contains(where: { ($0.0.swiftName ?? $0.0.name) != $0.0.name }) {
            codingKeys = SwiftCodingKeysView(keys: fields.map { field, _ in
                codingKey(swiftName: field.swiftName ?? field.name, parseName: field.name)
            })
        }
        return SwiftEmbeddedView(
            common: common(), typeName: definition.name, doc: docComment(definition.description),
            fields: fields.enumerated().map { index, pair in
                let (field, type) = pair
                return SwiftEmbeddedFieldView(name: SwiftSyntax.identifier(field.swiftName ?? field.name),
                                              type: field.isRequired ? type : type + "?",
                                              doc: fieldDoc(field, inClass: nil), blankLineBefore: index > 0 && spaced)
            },
            hasParameters: !parameters.isEmpty,
            parameters: parameters.enumerated().map { index, pair in
                let (field, type) = pair
                let value = field.defaultValue.map { swiftLiteral($0, type: field.type) }
                let defaultText = field.isRequired ? value.map { " = " + $0 } ?? "" : " = " + (value ?? "nil")
                return SwiftParameterView(label: SwiftSyntax.identifier(field.swiftName ?? field.name),
                                          type: SwiftTypeText(type: type, suffix: (field.isRequired ? "" : "?") + defaultText),
                                          comma: index == parameters.count - 1 ? "" : ",")
            },
            codingKeys: codingKeys)
    }

    /// A default value as a Swift expression of the field's type.
    func swiftLiteral(_ value: DefaultValue, type: FieldType) -> String {
        switch value {
        case .string(let text): return SwiftSyntax.stringLiteral(text)
        case .int(let number):
            if case .scalar(.double) = type { return "\(number).0" }
            return String(number)
        case .double(let number):
            // Any literal of a subnormal draws an "underflows" warning; its exact bits do not.
            guard number.isSubnormal else { return String(number) }
            return "Double(bitPattern: 0x" + String(number.bitPattern, radix: 16) + ")"
        case .bool(let flag): return String(flag)
        case .date(let iso):
            // The instant itself, so the default is exact and needs no date parsing at run time.
            let milliseconds = ISODate.millisecondsSinceEpoch(iso) ?? 0
            let seconds = milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
            return "\(names.date)(timeIntervalSince1970: \(seconds))"
        case .enumCase(let name): return "." + SwiftSyntax.identifier(name)
        }
    }

    // MARK: Helpers

    /// `///` lines for a description (none when there is no description).
    func docComment(_ text: String?) -> [SwiftDocLine] {
        commentLines(SwiftSyntax.docLines(text))
    }

    /// A field's description, then the summary of its rules, then, for a pointer stored as
    /// `Pointer<C>`, why; a blank line between each. `inClass` is the Parse name of the class
    /// holding the field, `nil` for an embedded type's field.
    func fieldDoc(_ field: FieldDefinition, inClass owner: String?) -> [SwiftDocLine] {
        let description = SwiftSyntax.docLines(field.description)
        let hasNotes = SwiftFieldNotes.hasLine(for: field)
        var storedAsReference: String?
        if case .pointer(let target) = field.type, let owner, names.isStoredAsReference(field, in: owner) {
            storedAsReference = names.classes[target]!
        }
        // Made at its size: the lines, and a blank one before the notes and before the reason.
        var lines: [SwiftDocLine] = []
        lines.reserveCapacity(description.count + (hasNotes ? 2 : 0) + (storedAsReference != nil ? 3 : 0))
        for line in description { lines.append(SwiftDocLine(content: line)) }
        if hasNotes {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(SwiftDocLine(notesOf: field))
        }
        if let type = storedAsReference {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(SwiftDocLine(content: "Stored as `Pointer<\(type)>`, not `\(type)`: this link is on a cycle, and a struct"))
            lines.append(SwiftDocLine(content: "cannot contain itself. Fetch the object by the pointer's `objectId`."))
        }
        return lines
    }

    private func commentLines(_ lines: [String]) -> [SwiftDocLine] {
        lines.map(SwiftDocLine.init(content:))
    }

    /// A `CodingKeys` case: the Swift name, with the Parse name as raw value when they differ.
    private func codingKey(swiftName: String, parseName: String) -> String {
        let name = SwiftSyntax.identifier(swiftName)
        return swiftName == parseName ? name : "\(name) = \(SwiftSyntax.stringLiteral(parseName))"
    }
}
