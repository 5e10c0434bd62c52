// Generated from Templates/swift-*.mustache and the views in
// Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift by `swift run template-compiler`; do not edit.

import ModelgenTemplates

/// What every Swift file has (and all that `swift-json-value` and `swift-parse-field` use).
struct SwiftCommonView {
    /// The access modifier with its space (`public `), or nothing.
    var access: String

    /// The `import` lines.
    var imports: [String]

    /// The date type (`Date`).
    var dateType: String

    /// The bytes type (`Data`).
    var dataType: String

    /// Whether the code is for the ParseSwift SDK.
    var parseSwift: Bool

    /// Whether the code is for modelgen's ParseRuntime.
    var parseRuntime: Bool
}

/// A `ParseObject` struct (`swift-class`).
struct SwiftClassView {
    /// Its fields are this view's own.
    var common: SwiftCommonView

    /// The struct's name.
    var typeName: String

    /// Its doc comment lines.
    var doc: [SwiftDocLine]

    /// The protocol it conforms to (`ParseObject`, `ParseUser`, ...).
    var conformance: String

    /// The Parse class name as a string literal, when it is not the struct's name.
    var className: String?

    /// Type aliases the SDK protocol asks for.
    var typeAliases: [SwiftTypeAliasView]

    /// The stored properties, built-in ones first.
    var fields: [SwiftPropertyView]

    /// What `init()` sets.
    var initialValues: [SwiftInitialValueView]

    /// Whether `init()` sets anything.
    var hasInitialValues: Bool

    /// `CodingKeys`, when a Swift name differs from its Parse name (ParseSwift).
    var codingKeys: SwiftCodingKeysView?

    /// The `storedFields` table (ParseRuntime).
    var storedFields: [SwiftStoredFieldView]?

    /// Whether that table has rows (ParseRuntime).
    var hasStoredFields: Bool?

    /// The initializer taking the schema's fields, when there are any.
    var memberwiseInit: SwiftMemberwiseInitView?

    /// The schema's fields that `merge(with:)` restores.
    var mergeFields: [String]

    /// Whether there are any.
    var hasMergeFields: Bool

    /// The typed keys of `Field`.
    var fieldKeys: [SwiftFieldKeyView]

    /// Relation helpers.
    var relations: [SwiftRelationView]

    /// Query helpers for inverse fields.
    var inverses: [SwiftInverseView]

    /// Whether there are relation helpers.
    var hasRelations: Bool

    /// Whether there are inverse query helpers.
    var hasQueries: Bool

    /// The session helpers of the user class (ParseRuntime).
    var userHelpers: SwiftUserHelpersView?
}

/// A `typealias`.
struct SwiftTypeAliasView {
    /// Its name.
    var name: String

    /// The aliased type.
    var type: String
}

/// A stored property of a class.
struct SwiftPropertyView {
    /// Its Swift name.
    var name: String

    /// Its type (optional but for the SDK's few required fields).
    var type: SwiftTypeText

    /// `@Indirect ` for a boxed pointer, or nothing.
    var propertyWrapper: String

    /// Its doc comment lines.
    var doc: [SwiftDocLine]

    /// Whether a blank line goes before it.
    var blankLineBefore: Bool
}

/// A property `init()` sets.
struct SwiftInitialValueView {
    /// The property.
    var name: String

    /// Its value, as a Swift expression.
    var value: String
}

/// A `CodingKeys` enum.
struct SwiftCodingKeysView {
    /// Its cases, with the Parse name as raw value where it differs.
    var keys: [String]
}

/// A row of the `storedFields` table.
struct SwiftStoredFieldView {
    /// `field`, `pointer`, `predefined` or `predefinedRequired`.
    var kind: String

    /// The Parse name, as a string literal.
    var key: String

    /// The Swift property.
    var name: String
}

/// An initializer taking field values.
struct SwiftMemberwiseInitView {
    /// Required fields first, then the rest.
    var parameters: [SwiftParameterView]
}

/// An initializer parameter.
struct SwiftParameterView {
    /// Its label, the property's Swift name.
    var label: String

    /// Its type, with `= nil` (or the default) when optional.
    var type: SwiftTypeText

    /// `,` after every parameter but the last.
    var comma: String
}

/// A typed key of `Field`.
struct SwiftFieldKeyView {
    /// The key's Swift name.
    var name: String

    /// `ParseField` or `ParseRelationField`.
    var keyType: String

    /// The type of the field's values.
    var valueType: String

    /// The Parse name, as a string literal.
    var parseName: String
}

/// A relation's helpers.
struct SwiftRelationView {
    /// The field's doc comment lines.
    var doc: [SwiftDocLine]

    /// The helpers' name stem.
    var helper: String

    /// The field's key in `Field`.
    var key: String

    /// The related objects' type.
    var target: String

    /// The field's Parse name.
    var parseName: String

    /// The owning struct.
    var typeName: String

    /// Whether a blank line goes before it.
    var blankLineBefore: Bool
}

/// An inverse field's query helper.
struct SwiftInverseView {
    /// The field's doc comment lines.
    var doc: [SwiftDocLine]

    /// The helper's name stem.
    var helper: String

    /// The type whose field points here.
    var owner: String

    /// That field's key in the owner's `Field`.
    var ownerKey: String

    /// That field's Parse name.
    var ownerField: String

    /// Whether that field is an array of pointers, which holds this object.
    var ownerFieldIsArray: Bool

    /// This struct.
    var typeName: String

    /// Whether a blank line goes before it.
    var blankLineBefore: Bool
}

/// The user class's session helpers.
struct SwiftUserHelpersView {
    /// The user struct.
    var typeName: String

    /// The client parameter's inner name, unlike any field's.
    var client: String

    /// Whether `signUp` takes fields.
    var hasParameters: Bool

    /// The fields `signUp` takes.
    var parameters: [SwiftUserParameterView]

    /// Those fields passed on (`a: a, b: b`).
    var arguments: String
}

/// A parameter of `signUp`.
struct SwiftUserParameterView {
    /// Its label.
    var label: String

    /// Its type, with `= nil` when optional.
    var type: SwiftTypeText
}

/// An enum (`swift-enum`).
struct SwiftEnumView {
    /// Its fields are this view's own.
    var common: SwiftCommonView

    /// The enum's name.
    var typeName: String

    /// Its doc comment lines.
    var doc: [SwiftDocLine]

    /// `String` or `Int`.
    var rawType: String

    /// Its cases.
    var cases: [SwiftEnumCaseView]

    /// Every case (`.a, .b`).
    var allCases: String

    /// Whether any case has a title.
    var hasTitles: Bool

    /// Whether it has an `unknown` case for values this code does not know.
    var unknownCase: Bool
}

/// An enum case.
struct SwiftEnumCaseView {
    /// Its Swift name.
    var name: String

    /// Its raw value, as a literal.
    var rawValue: String

    /// Its title (or name), as a string literal.
    var title: String
}

/// An embedded value type (`swift-embedded`).
struct SwiftEmbeddedView {
    /// Its fields are this view's own.
    var common: SwiftCommonView

    /// The struct's name.
    var typeName: String

    /// Its doc comment lines.
    var doc: [SwiftDocLine]

    /// Its properties.
    var fields: [SwiftEmbeddedFieldView]

    /// Whether its initializer takes any.
    var hasParameters: Bool

    /// Its initializer's parameters.
    var parameters: [SwiftParameterView]

    /// `CodingKeys`, when a Swift name differs from its Parse name.
    var codingKeys: SwiftCodingKeysView?
}

/// A property of an embedded type.
struct SwiftEmbeddedFieldView {
    /// Its Swift name.
    var name: String

    /// Its type.
    var type: String

    /// Its doc comment lines.
    var doc: [SwiftDocLine]

    /// Whether a blank line goes before it.
    var blankLineBefore: Bool
}

/// The model's `LocalSchema`, the tables of the on-device store (`swift-local-schema`, with `localStore: true`).
struct SwiftLocalSchemaView {
    /// The access modifier with its space (`public `), or nothing.
    var access: String

    /// The `import` lines.
    var imports: [String]

    /// The doc comment lines of the static property.
    var doc: [SwiftDocLine]

    /// The static property: the model's name in lowerCamelCase, backticked when a keyword (`library`).
    var propertyName: String

    /// The model's name, as a string literal (`"Library"`).
    var modelName: String

    /// The fingerprint of the statements, as a string literal.
    var version: String

    /// The classes with a table, in the order of the statements: each a private static constant of its own, which `classes:` lists.
    var classes: [SwiftLocalClassView]

    /// The SQLite statements of the relational layout, in order.
    var statements: [SwiftLocalStatementView]

    /// The migrations the model keeps, oldest first, in the form the store runs them: each a private static constant of its own, which `migrations:` lists.
    var migrations: [SwiftLocalMigrationView]

    /// Whether there are any (without, the argument is left out).
    var hasMigrations: Bool
}

/// A kept migration of the local schema.
struct SwiftLocalMigrationView {
    /// The private static constant that holds it: the model's property name without backticks, `Migration` and its index from 0 (`libraryMigration0`).
    var constant: String

    /// The doc comment lines of the constant, which name the migration.
    var doc: [SwiftDocLine]

    /// Its folder name, as a string literal (`"0002_add_isbn"`).
    var name: String

    /// Its statements, in order.
    var statements: [SwiftLocalStatementView]
}

/// A class of the local schema.
struct SwiftLocalClassView {
    /// The private static constant that holds it: the model's property name without backticks, `Class` and its index from 0 (`libraryClass0`).
    var constant: String

    /// The doc comment lines of the constant, which name the class.
    var doc: [SwiftDocLine]

    /// Its Parse name (the table's), as a string literal.
    var name: String

    /// Its stored fields and relations, in the schema's order.
    var fields: [SwiftLocalFieldView]

    /// Whether there are any.
    var hasFields: Bool
}

/// A field of a local class: a column, or a relation's join table.
struct SwiftLocalFieldView {
    /// Its Parse name (the column's), as a string literal.
    var name: String

    /// Its `LocalSchema.Kind`, as an expression (`.string`, `.pointer(to: "ISBN", onDelete: .cascade)`).
    var kind: String

    /// Whether its column is `NOT NULL`.
    var required: Bool
}

/// A statement, as a Swift raw string literal that is exactly its text (`swift-local-statement`, which `swift-local-schema` includes for the schema's statements and each migration's).
struct SwiftLocalStatementView {
    /// The `#`s on both ends of the literal.
    var hashes: String

    /// Whether the literal spans lines (`#"""` ... `"""#`).
    var multiline: Bool

    /// Its lines between the delimiters (one unless `multiline`), escaped; none empty or ending in a space.
    var lines: [String]
}

extension SwiftCommonView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["access"] = access
        context["imports"] = imports
        context["dateType"] = dateType
        context["dataType"] = dataType
        context["parseSwift"] = parseSwift
        context["parseRuntime"] = parseRuntime
        return context
    }
}

extension SwiftClassView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context = common.context
        context["typeName"] = typeName
        context["doc"] = doc.map(\.text)
        context["conformance"] = conformance
        if let className { context["className"] = className }
        context["typeAliases"] = typeAliases.map(\.context)
        context["fields"] = fields.map(\.context)
        context["initialValues"] = initialValues.map(\.context)
        context["hasInitialValues"] = hasInitialValues
        if let codingKeys { context["codingKeys"] = codingKeys.context }
        if let storedFields { context["storedFields"] = storedFields.map(\.context) }
        if let hasStoredFields { context["hasStoredFields"] = hasStoredFields }
        if let memberwiseInit { context["memberwiseInit"] = memberwiseInit.context }
        context["mergeFields"] = mergeFields
        context["hasMergeFields"] = hasMergeFields
        context["fieldKeys"] = fieldKeys.map(\.context)
        context["relations"] = relations.map(\.context)
        context["inverses"] = inverses.map(\.context)
        context["hasRelations"] = hasRelations
        context["hasQueries"] = hasQueries
        if let userHelpers { context["userHelpers"] = userHelpers.context }
        return context
    }
}

extension SwiftTypeAliasView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["type"] = type
        return context
    }
}

extension SwiftPropertyView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["type"] = type.text
        context["propertyWrapper"] = propertyWrapper
        context["doc"] = doc.map(\.text)
        context["blankLineBefore"] = blankLineBefore
        return context
    }
}

extension SwiftInitialValueView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["value"] = value
        return context
    }
}

extension SwiftCodingKeysView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["keys"] = keys
        return context
    }
}

extension SwiftStoredFieldView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["kind"] = kind
        context["key"] = key
        context["name"] = name
        return context
    }
}

extension SwiftMemberwiseInitView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["parameters"] = parameters.map(\.context)
        return context
    }
}

extension SwiftParameterView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["label"] = label
        context["type"] = type.text
        context["comma"] = comma
        return context
    }
}

extension SwiftFieldKeyView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["keyType"] = keyType
        context["valueType"] = valueType
        context["parseName"] = parseName
        return context
    }
}

extension SwiftRelationView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["doc"] = doc.map(\.text)
        context["helper"] = helper
        context["key"] = key
        context["target"] = target
        context["parseName"] = parseName
        context["typeName"] = typeName
        context["blankLineBefore"] = blankLineBefore
        return context
    }
}

extension SwiftInverseView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["doc"] = doc.map(\.text)
        context["helper"] = helper
        context["owner"] = owner
        context["ownerKey"] = ownerKey
        context["ownerField"] = ownerField
        context["ownerFieldIsArray"] = ownerFieldIsArray
        context["typeName"] = typeName
        context["blankLineBefore"] = blankLineBefore
        return context
    }
}

extension SwiftUserHelpersView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["typeName"] = typeName
        context["client"] = client
        context["hasParameters"] = hasParameters
        context["parameters"] = parameters.map(\.context)
        context["arguments"] = arguments
        return context
    }
}

extension SwiftUserParameterView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["label"] = label
        context["type"] = type.text
        return context
    }
}

extension SwiftEnumView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context = common.context
        context["typeName"] = typeName
        context["doc"] = doc.map(\.text)
        context["rawType"] = rawType
        context["cases"] = cases.map(\.context)
        context["allCases"] = allCases
        context["hasTitles"] = hasTitles
        context["unknownCase"] = unknownCase
        return context
    }
}

extension SwiftEnumCaseView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["rawValue"] = rawValue
        context["title"] = title
        return context
    }
}

extension SwiftEmbeddedView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context = common.context
        context["typeName"] = typeName
        context["doc"] = doc.map(\.text)
        context["fields"] = fields.map(\.context)
        context["hasParameters"] = hasParameters
        context["parameters"] = parameters.map(\.context)
        if let codingKeys { context["codingKeys"] = codingKeys.context }
        return context
    }
}

extension SwiftEmbeddedFieldView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["type"] = type
        context["doc"] = doc.map(\.text)
        context["blankLineBefore"] = blankLineBefore
        return context
    }
}

extension SwiftLocalSchemaView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["access"] = access
        context["imports"] = imports
        context["doc"] = doc.map(\.text)
        context["propertyName"] = propertyName
        context["modelName"] = modelName
        context["version"] = version
        context["classes"] = classes.map(\.context)
        context["statements"] = statements.map(\.context)
        context["migrations"] = migrations.map(\.context)
        context["hasMigrations"] = hasMigrations
        return context
    }
}

extension SwiftLocalMigrationView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["constant"] = constant
        context["doc"] = doc.map(\.text)
        context["name"] = name
        context["statements"] = statements.map(\.context)
        return context
    }
}

extension SwiftLocalClassView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["constant"] = constant
        context["doc"] = doc.map(\.text)
        context["name"] = name
        context["fields"] = fields.map(\.context)
        context["hasFields"] = hasFields
        return context
    }
}

extension SwiftLocalFieldView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["name"] = name
        context["kind"] = kind
        context["required"] = required
        return context
    }
}

extension SwiftLocalStatementView {
    /// The view as the Mustache interpreter sees it, for a template the user overrides.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        context["hashes"] = hashes
        context["multiline"] = multiline
        context["lines"] = lines
        return context
    }
}

extension SwiftClassView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "swift-class": CompiledSwiftTemplates.swiftClass(self, &output)
        default: return false
        }
        return true
    }
}

extension SwiftEmbeddedView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "swift-embedded": CompiledSwiftTemplates.swiftEmbedded(self, &output)
        default: return false
        }
        return true
    }
}

extension SwiftEnumView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "swift-enum": CompiledSwiftTemplates.swiftEnum(self, &output)
        default: return false
        }
        return true
    }
}

extension SwiftCommonView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "swift-json-value": CompiledSwiftTemplates.swiftJsonValue(self, &output)
        case "swift-parse-field": CompiledSwiftTemplates.swiftParseField(self, &output)
        default: return false
        }
        return true
    }
}

extension SwiftLocalSchemaView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "swift-local-schema": CompiledSwiftTemplates.swiftLocalSchema(self, &output)
        default: return false
        }
        return true
    }
}

extension SwiftLocalStatementView: TemplateView {
    func renderCompiled(_ template: String, into output: inout TemplateOutput) -> Bool {
        switch template {
        case "swift-local-statement": CompiledSwiftTemplates.swiftLocalStatement(self, &output)
        default: return false
        }
        return true
    }
}

/// The default `swift-` templates compiled to Swift over these views.
enum CompiledSwiftTemplates {
    // swift-class.mustache
    static func swiftClass(_ view: SwiftClassView, _ output: inout TemplateOutput) {
        view.common.imports.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n")
        view.doc.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.append(view.common.access)
        output.appendLiteral("struct ")
        output.append(view.typeName)
        output.appendLiteral(": ")
        output.append(view.conformance)
        output.appendLiteral(", Sendable {\n")
        if let s1 = view.className {
            output.appendLiteral("    ")
            output.append(view.common.access)
            output.appendLiteral("static var className: String { ")
            output.append(s1)
            output.appendLiteral(" }\n\n")
        }
        view.typeAliases.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("    ")
                output.append(view.common.access)
                output.appendLiteral("typealias ")
                output.append(b1[i1].name)
                output.appendLiteral(" = ")
                output.append(b1[i1].type)
                output.appendLiteral("\n\n")
                output.endTurn()
            }
        }
        output.appendLiteral("    ")
        output.append(view.common.access)
        output.appendLiteral("var originalData: ")
        output.append(view.common.dataType)
        output.appendLiteral("?\n    ")
        output.append(view.common.access)
        output.appendLiteral("var objectId: String?\n    ")
        output.append(view.common.access)
        output.appendLiteral("var createdAt: ")
        output.append(view.common.dateType)
        output.appendLiteral("?\n    ")
        output.append(view.common.access)
        output.appendLiteral("var updatedAt: ")
        output.append(view.common.dateType)
        output.appendLiteral("?\n    ")
        output.append(view.common.access)
        output.appendLiteral("var ACL: ParseACL?\n")
        view.fields.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                if b1[i1].blankLineBefore {
                    output.appendLiteral("\n")
                }
                b1[i1].doc.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        output.appendLiteral("    ")
                        output.append(b2[i2])
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("    ")
                output.append(b1[i1].propertyWrapper)
                output.append(view.common.access)
                output.appendLiteral("var ")
                output.append(b1[i1].name)
                output.appendLiteral(": ")
                output.append(b1[i1].type)
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n")
        if !view.hasInitialValues {
            output.appendLiteral("    ")
            output.append(view.common.access)
            output.appendLiteral("init() {}\n")
        }
        if view.hasInitialValues {
            output.appendLiteral("    ")
            output.append(view.common.access)
            output.appendLiteral("init() {\n")
            view.initialValues.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("        ")
                    output.append(b1[i1].name)
                    output.appendLiteral(" = ")
                    output.append(b1[i1].value)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    }\n")
        }
        if let v1 = view.codingKeys {
            output.appendLiteral("\n    enum CodingKeys: String, CodingKey {\n")
            v1.keys.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("        case ")
                    output.append(b2[i2])
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    }\n")
        }
        output.appendLiteral("}\n\nextension ")
        output.append(view.typeName)
        output.appendLiteral(" {\n")
        if let v1 = view.memberwiseInit {
            output.appendLiteral("    /// A new `")
            output.append(view.typeName)
            output.appendLiteral("` with the given field values: a field left out has the schema's\n    /// default, if it has one, or `nil`.\n    ")
            output.append(view.common.access)
            output.appendLiteral("init(\n")
            v1.parameters.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("        ")
                    output.append(b2[i2].label)
                    output.appendLiteral(": ")
                    output.append(b2[i2].type)
                    output.append(b2[i2].comma)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    ) {\n        self.init()\n")
            v1.parameters.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("        self.")
                    output.append(b2[i2].label)
                    output.appendLiteral(" = ")
                    output.append(b2[i2].label)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    }\n\n")
        }
        if view.common.parseSwift {
            output.appendLiteral("    ")
            output.append(view.common.access)
            output.appendLiteral("func merge(with object: Self) throws -> Self {\n")
            if view.mergeFields.isEmpty {
                output.appendLiteral("        try mergeParse(with: object)\n")
            }
            if view.hasMergeFields {
                output.appendLiteral("        var updated = try mergeParse(with: object)\n")
                view.mergeFields.withUnsafeBufferPointer { b1 in
                    for i1 in b1.indices {
                        output.appendLiteral("        if updated.shouldRestoreKey(\\.")
                        output.append(b1[i1])
                        output.appendLiteral(", original: object) {\n            updated.")
                        output.append(b1[i1])
                        output.appendLiteral(" = object.")
                        output.append(b1[i1])
                        output.appendLiteral("\n        }\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("        return updated\n")
            }
            output.appendLiteral("    }\n")
        }
        if view.common.parseRuntime {
            output.appendLiteral("    /// The stored fields by Parse name: how `")
            output.append(view.typeName)
            output.appendLiteral("` is decoded, encoded, merged and compared.\n")
            if view.hasStoredFields == true {
                output.appendLiteral("    static let storedFields: [ParseStoredField<")
                output.append(view.typeName)
                output.appendLiteral(">] = [\n")
                for v1 in view.storedFields ?? [] {
                    output.appendLiteral("        .")
                    output.append(v1.kind)
                    output.appendLiteral("(")
                    output.append(v1.key)
                    output.appendLiteral(", \\.")
                    output.append(v1.name)
                    output.appendLiteral("),\n")
                    output.endTurn()
                }
                output.appendLiteral("    ]\n")
            }
            if view.hasStoredFields != true {
                output.appendLiteral("    static let storedFields: [ParseStoredField<")
                output.append(view.typeName)
                output.appendLiteral(">] = []\n")
            }
            output.appendLiteral("\n    /// Decodes the object from Parse JSON: a missing or `null` field is `nil`.\n    ")
            output.append(view.common.access)
            output.appendLiteral("init(from decoder: any Decoder) throws {\n        try self.init(from: decoder, fields: Self.storedFields)\n    }\n\n    /// Encodes the object as Parse JSON, leaving out the fields that are `nil`.\n    ")
            output.append(view.common.access)
            output.appendLiteral("func encode(to encoder: any Encoder) throws {\n        try encode(to: encoder, fields: Self.storedFields)\n    }\n\n    /// This updated copy merged with the original `object`: a field it has no value for keeps the original's.\n    ")
            output.append(view.common.access)
            output.appendLiteral("func merge(with object: Self) throws -> Self {\n        try merge(with: object, fields: Self.storedFields)\n    }\n\n    /// Whether the two objects are equal in every property.\n    ")
            output.append(view.common.access)
            output.appendLiteral("static func == (lhs: Self, rhs: Self) -> Bool {\n        isEqual(lhs, rhs, fields: storedFields)\n    }\n")
        }
        output.appendLiteral("}\n\nextension ")
        output.append(view.typeName)
        output.appendLiteral(" {\n    /// The keys of `")
        output.append(view.typeName)
        output.appendLiteral("`'s fields, typed by their values, for queries without string literals.\n    ")
        output.append(view.common.access)
        output.appendLiteral("enum Field {\n")
        view.fieldKeys.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("        ")
                output.append(view.common.access)
                output.appendLiteral("static var ")
                output.append(b1[i1].name)
                output.appendLiteral(": ")
                output.append(b1[i1].keyType)
                output.appendLiteral("<")
                output.append(view.typeName)
                output.appendLiteral(", ")
                output.append(b1[i1].valueType)
                output.appendLiteral("> { .init(")
                output.append(b1[i1].parseName)
                output.appendLiteral(") }\n")
                output.endTurn()
            }
        }
        output.appendLiteral("    }\n}\n")
        if view.hasRelations {
            output.appendLiteral("\nextension ")
            output.append(view.typeName)
            output.appendLiteral(" {\n")
            view.relations.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    if b1[i1].blankLineBefore {
                        output.appendLiteral("\n")
                    }
                    b1[i1].doc.withUnsafeBufferPointer { b2 in
                        for i2 in b2.indices {
                            output.appendLiteral("    ")
                            output.append(b2[i2])
                            output.appendLiteral("\n    ///\n")
                            output.endTurn()
                        }
                    }
                    output.appendLiteral("    /// The `")
                    output.append(b1[i1].parseName)
                    output.appendLiteral("` relation, to add or remove `")
                    output.append(b1[i1].target)
                    output.appendLiteral("` objects: save the operation\n    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.\n    ")
                    output.append(view.common.access)
                    output.appendLiteral("func ")
                    output.append(b1[i1].helper)
                    output.appendLiteral("Relation() throws -> ParseRelation<")
                    output.append(b1[i1].typeName)
                    output.appendLiteral("> {\n        try relation(Field.")
                    output.append(b1[i1].key)
                    output.appendLiteral(".name, className: ")
                    output.append(b1[i1].target)
                    output.appendLiteral(".className)\n    }\n")
                    if view.common.parseSwift {
                        output.appendLiteral("\n    /// A query for the `")
                        output.append(b1[i1].target)
                        output.appendLiteral("` objects in the `")
                        output.append(b1[i1].parseName)
                        output.appendLiteral("` relation.\n    ")
                        output.append(view.common.access)
                        output.appendLiteral("func ")
                        output.append(b1[i1].helper)
                        output.appendLiteral("Query() throws -> Query<")
                        output.append(b1[i1].target)
                        output.appendLiteral("> {\n        try ")
                        output.append(b1[i1].target)
                        output.appendLiteral(".queryRelations(Field.")
                        output.append(b1[i1].key)
                        output.appendLiteral(".name, parent: self)\n    }\n")
                    }
                    if view.common.parseRuntime {
                        output.appendLiteral("\n    /// A query for the `")
                        output.append(b1[i1].target)
                        output.appendLiteral("` objects in the `")
                        output.append(b1[i1].parseName)
                        output.appendLiteral("` relation (`$relatedTo`); run it\n    /// with a `ParseClient`. It fails when it runs if this object has no `objectId` yet.\n    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)\n    ")
                        output.append(view.common.access)
                        output.appendLiteral("func ")
                        output.append(b1[i1].helper)
                        output.appendLiteral("Query() -> ParseQuery<")
                        output.append(b1[i1].target)
                        output.appendLiteral("> {\n        ")
                        output.append(b1[i1].target)
                        output.appendLiteral(".query(.relatedTo(self, through: Field.")
                        output.append(b1[i1].key)
                        output.appendLiteral("))\n    }\n")
                    }
                    output.endTurn()
                }
            }
            output.appendLiteral("}\n")
        }
        if view.hasQueries {
            output.appendLiteral("\nextension ")
            output.append(view.typeName)
            output.appendLiteral(" {\n")
            view.inverses.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    if b1[i1].blankLineBefore {
                        output.appendLiteral("\n")
                    }
                    b1[i1].doc.withUnsafeBufferPointer { b2 in
                        for i2 in b2.indices {
                            output.appendLiteral("    ")
                            output.append(b2[i2])
                            output.appendLiteral("\n    ///\n")
                            output.endTurn()
                        }
                    }
                    if view.common.parseSwift {
                        output.appendLiteral("    /// A query for the `")
                        output.append(b1[i1].owner)
                        output.appendLiteral("` objects whose `")
                        output.append(b1[i1].ownerField)
                        output.appendLiteral("` links to this object.\n    ")
                        output.append(view.common.access)
                        output.appendLiteral("func ")
                        output.append(b1[i1].helper)
                        output.appendLiteral("Query() throws -> Query<")
                        output.append(b1[i1].owner)
                        output.appendLiteral("> {\n        try ")
                        output.append(b1[i1].owner)
                        output.appendLiteral(".query(")
                        output.append(b1[i1].owner)
                        output.appendLiteral(".Field.")
                        output.append(b1[i1].ownerKey)
                        output.appendLiteral(".name == self)\n    }\n")
                    }
                    if view.common.parseRuntime {
                        output.appendLiteral("    /// A query for the `")
                        output.append(b1[i1].owner)
                        output.appendLiteral("` objects whose `")
                        output.append(b1[i1].ownerField)
                        output.appendLiteral("` links to this object; run it with\n    /// a `ParseClient`. It fails when it runs if this object has no `objectId` yet.\n    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)\n    ")
                        output.append(view.common.access)
                        output.appendLiteral("func ")
                        output.append(b1[i1].helper)
                        output.appendLiteral("Query() -> ParseQuery<")
                        output.append(b1[i1].owner)
                        output.appendLiteral("> {\n")
                        if !b1[i1].ownerFieldIsArray {
                            output.appendLiteral("        ")
                            output.append(b1[i1].owner)
                            output.appendLiteral(".query(")
                            output.append(b1[i1].owner)
                            output.appendLiteral(".Field.")
                            output.append(b1[i1].ownerKey)
                            output.appendLiteral(" == self)\n")
                        }
                        if b1[i1].ownerFieldIsArray {
                            output.appendLiteral("        ")
                            output.append(b1[i1].owner)
                            output.appendLiteral(".query(.contains(")
                            output.append(b1[i1].owner)
                            output.appendLiteral(".Field.")
                            output.append(b1[i1].ownerKey)
                            output.appendLiteral(", self))\n")
                        }
                        output.appendLiteral("    }\n")
                    }
                    output.endTurn()
                }
            }
            output.appendLiteral("}\n")
        }
        if let v1 = view.userHelpers {
            output.appendLiteral("\n@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)\nextension ")
            output.append(v1.typeName)
            output.appendLiteral(" {\n    /// Signs up a new user (`POST /users`). The client keeps the new session token and sends it\n    /// with later requests; the returned user has its `objectId` and no password.\n    ")
            output.append(view.common.access)
            output.appendLiteral("static func signUp(\n        username: String,\n        password: String,\n        email: String? = nil,\n")
            v1.parameters.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("        ")
                    output.append(b2[i2].label)
                    output.appendLiteral(": ")
                    output.append(b2[i2].type)
                    output.appendLiteral(",\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("        on ")
            output.append(v1.client)
            output.appendLiteral(": ParseClient\n    ) async throws(ParseClientError) -> ")
            output.append(v1.typeName)
            output.appendLiteral(" {\n")
            if v1.hasParameters {
                output.appendLiteral("        var user = ")
                output.append(v1.typeName)
                output.appendLiteral("(")
                output.append(v1.arguments)
                output.appendLiteral(")\n")
            }
            if !v1.hasParameters {
                output.appendLiteral("        var user = ")
                output.append(v1.typeName)
                output.appendLiteral("()\n")
            }
            output.appendLiteral("        user.username = username\n        user.password = password\n        user.email = email\n        return try await ")
            output.append(v1.client)
            output.appendLiteral(".signUp(user)\n    }\n\n    /// Logs in (`POST /login`); the client keeps the session token.\n    ")
            output.append(view.common.access)
            output.appendLiteral("static func logIn(username: String, password: String, on client: ParseClient) async throws(ParseClientError) -> ")
            output.append(v1.typeName)
            output.appendLiteral(" {\n        try await client.logIn(")
            output.append(v1.typeName)
            output.appendLiteral(".self, username: username, password: password)\n    }\n\n    /// Starts using a session token from an earlier login and returns its user (`GET /users/me`).\n    ")
            output.append(view.common.access)
            output.appendLiteral("static func become(sessionToken: String, on client: ParseClient) async throws(ParseClientError) -> ")
            output.append(v1.typeName)
            output.appendLiteral(" {\n        try await client.become(")
            output.append(v1.typeName)
            output.appendLiteral(".self, sessionToken: sessionToken)\n    }\n\n    /// The user whose session token the client holds (`GET /users/me`).\n    ")
            output.append(view.common.access)
            output.appendLiteral("static func current(on client: ParseClient) async throws(ParseClientError) -> ")
            output.append(v1.typeName)
            output.appendLiteral(" {\n        try await client.currentUser(")
            output.append(v1.typeName)
            output.appendLiteral(".self)\n    }\n\n    /// Logs out (`POST /logout`) and makes the client forget the session token.\n    ")
            output.append(view.common.access)
            output.appendLiteral("static func logOut(on client: ParseClient) async throws(ParseClientError) {\n        try await client.logOut()\n    }\n}\n")
        }
    }

    // swift-embedded.mustache
    static func swiftEmbedded(_ view: SwiftEmbeddedView, _ output: inout TemplateOutput) {
        view.common.imports.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n")
        view.doc.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.append(view.common.access)
        output.appendLiteral("struct ")
        output.append(view.typeName)
        output.appendLiteral(": Codable, Hashable, Sendable {\n")
        view.fields.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                if b1[i1].blankLineBefore {
                    output.appendLiteral("\n")
                }
                b1[i1].doc.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        output.appendLiteral("    ")
                        output.append(b2[i2])
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("    ")
                output.append(view.common.access)
                output.appendLiteral("var ")
                output.append(b1[i1].name)
                output.appendLiteral(": ")
                output.append(b1[i1].type)
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n")
        if view.parameters.isEmpty {
            output.appendLiteral("    ")
            output.append(view.common.access)
            output.appendLiteral("init() {}\n")
        }
        if view.hasParameters {
            output.appendLiteral("    ")
            output.append(view.common.access)
            output.appendLiteral("init(\n")
            view.parameters.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("        ")
                    output.append(b1[i1].label)
                    output.appendLiteral(": ")
                    output.append(b1[i1].type)
                    output.append(b1[i1].comma)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    ) {\n")
            view.parameters.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("        self.")
                    output.append(b1[i1].label)
                    output.appendLiteral(" = ")
                    output.append(b1[i1].label)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    }\n")
        }
        if let v1 = view.codingKeys {
            output.appendLiteral("\n    enum CodingKeys: String, CodingKey {\n")
            v1.keys.withUnsafeBufferPointer { b2 in
                for i2 in b2.indices {
                    output.appendLiteral("        case ")
                    output.append(b2[i2])
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    }\n")
        }
        output.appendLiteral("}\n")
    }

    // swift-enum.mustache
    static func swiftEnum(_ view: SwiftEnumView, _ output: inout TemplateOutput) {
        view.common.imports.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n")
        view.doc.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        if !view.unknownCase {
            output.append(view.common.access)
            output.appendLiteral("enum ")
            output.append(view.typeName)
            output.appendLiteral(": ")
            output.append(view.rawType)
            output.appendLiteral(", Codable, CaseIterable, Hashable, Sendable {\n")
            view.cases.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("    case ")
                    output.append(b1[i1].name)
                    output.appendLiteral(" = ")
                    output.append(b1[i1].rawValue)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            if view.hasTitles {
                output.appendLiteral("\n    /// The title to show for the value.\n    ")
                output.append(view.common.access)
                output.appendLiteral("var title: String {\n        switch self {\n")
                view.cases.withUnsafeBufferPointer { b1 in
                    for i1 in b1.indices {
                        output.appendLiteral("        case .")
                        output.append(b1[i1].name)
                        output.appendLiteral(": ")
                        output.append(b1[i1].title)
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("        }\n    }\n")
            }
            output.appendLiteral("}\n")
        }
        if view.unknownCase {
            output.append(view.common.access)
            output.appendLiteral("enum ")
            output.append(view.typeName)
            output.appendLiteral(": RawRepresentable, Codable, CaseIterable, Hashable, Sendable {\n")
            view.cases.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("    case ")
                    output.append(b1[i1].name)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("    /// A value added on the server after this code was generated.\n    case unknown(")
            output.append(view.rawType)
            output.appendLiteral(")\n\n    ")
            output.append(view.common.access)
            output.appendLiteral("static let allCases: [")
            output.append(view.typeName)
            output.appendLiteral("] = [")
            output.append(view.allCases)
            output.appendLiteral("]\n\n    ")
            output.append(view.common.access)
            output.appendLiteral("init(rawValue: ")
            output.append(view.rawType)
            output.appendLiteral(") {\n        switch rawValue {\n")
            view.cases.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("        case ")
                    output.append(b1[i1].rawValue)
                    output.appendLiteral(": self = .")
                    output.append(b1[i1].name)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("        default: self = .unknown(rawValue)\n        }\n    }\n\n    ")
            output.append(view.common.access)
            output.appendLiteral("var rawValue: ")
            output.append(view.rawType)
            output.appendLiteral(" {\n        switch self {\n")
            view.cases.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("        case .")
                    output.append(b1[i1].name)
                    output.appendLiteral(": ")
                    output.append(b1[i1].rawValue)
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("        case .unknown(let rawValue): rawValue\n        }\n    }\n")
            if view.hasTitles {
                output.appendLiteral("\n    /// The title to show for the value; an unknown value shows as its raw value.\n    ")
                output.append(view.common.access)
                output.appendLiteral("var title: String {\n        switch self {\n")
                view.cases.withUnsafeBufferPointer { b1 in
                    for i1 in b1.indices {
                        output.appendLiteral("        case .")
                        output.append(b1[i1].name)
                        output.appendLiteral(": ")
                        output.append(b1[i1].title)
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("        case .unknown(let rawValue): \"\\(rawValue)\"\n        }\n    }\n")
            }
            output.appendLiteral("}\n")
        }
    }

    // swift-json-value.mustache
    static func swiftJsonValue(_ view: SwiftCommonView, _ output: inout TemplateOutput) {
        view.imports.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n/// Any JSON value: what a Parse `Object` field holds. ParseSwift has no public type for it,\n/// so modelgen generates this one, the same as ParseRuntime's.\n")
        output.append(view.access)
        output.appendLiteral("enum JSONValue: Codable, Hashable, Sendable {\n    case null\n    case bool(Bool)\n    case int(Int)\n    case double(Double)\n    case string(String)\n    case array([JSONValue])\n    case object([String: JSONValue])\n\n    ")
        output.append(view.access)
        output.appendLiteral("init(from decoder: any Decoder) throws {\n        let container = try decoder.singleValueContainer()\n        if container.decodeNil() {\n            self = .null\n        } else if let value = try? container.decode(Bool.self) {\n            self = .bool(value)\n        } else if let value = try? container.decode(Int.self) {\n            self = .int(value)\n        } else if let value = try? container.decode(Double.self) {\n            self = .double(value)\n        } else if let value = try? container.decode(String.self) {\n            self = .string(value)\n        } else if let value = try? container.decode([JSONValue].self) {\n            self = .array(value)\n        } else if let value = try? container.decode([String: JSONValue].self) {\n            self = .object(value)\n        } else {\n            throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Expected a JSON value\")\n        }\n    }\n\n    ")
        output.append(view.access)
        output.appendLiteral("func encode(to encoder: any Encoder) throws {\n        var container = encoder.singleValueContainer()\n        switch self {\n        case .null: try container.encodeNil()\n        case .bool(let value): try container.encode(value)\n        case .int(let value): try container.encode(value)\n        case .double(let value): try container.encode(value)\n        case .string(let value): try container.encode(value)\n        case .array(let value): try container.encode(value)\n        case .object(let value): try container.encode(value)\n        }\n    }\n}\n")
    }

    // swift-parse-field.mustache
    static func swiftParseField(_ view: SwiftCommonView, _ output: inout TemplateOutput) {
        view.imports.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\n/// The name of a field of `Model` whose values are `Value`: the typed keys in each model's\n/// `Field` enum, the same as ParseRuntime's.\n")
        output.append(view.access)
        output.appendLiteral("struct ParseField<Model, Value>: Sendable, Hashable, CustomStringConvertible {\n    /// The field's name on the server.\n    ")
        output.append(view.access)
        output.appendLiteral("let name: String\n\n    ")
        output.append(view.access)
        output.appendLiteral("init(_ name: String) {\n        self.name = name\n    }\n\n    ")
        output.append(view.access)
        output.appendLiteral("var description: String { name }\n}\n\n/// The name of a relation field of `Model` whose objects are `Target`s: the typed keys of\n/// relation fields in each model's `Field` enum, the same as ParseRuntime's.\n")
        output.append(view.access)
        output.appendLiteral("struct ParseRelationField<Model, Target>: Sendable, Hashable, CustomStringConvertible {\n    /// The field's name on the server.\n    ")
        output.append(view.access)
        output.appendLiteral("let name: String\n\n    ")
        output.append(view.access)
        output.appendLiteral("init(_ name: String) {\n        self.name = name\n    }\n\n    ")
        output.append(view.access)
        output.appendLiteral("var description: String { name }\n}\n\n// Typed query constraints for ParseSwift: each forwards to the SDK's function of the same name\n// with the key's name, once the compiler has checked that the value fits the field.\n\n/// `field` equals `value`.\n")
        output.append(view.access)
        output.appendLiteral("func == <Model, Value: Codable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {\n    field.name == value\n}\n\n/// The pointer `field` points to `object` (sent as a pointer; throws when `object` is unsaved).\n")
        output.append(view.access)
        output.appendLiteral("func == <Model, Value: ParseObject>(field: ParseField<Model, Value>, object: Value) throws -> QueryConstraint {\n    try field.name == object\n}\n\n/// `field` differs from `value`.\n")
        output.append(view.access)
        output.appendLiteral("func != <Model, Value: Codable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {\n    field.name != value\n}\n\n/// The pointer `field` does not point to `object`.\n")
        output.append(view.access)
        output.appendLiteral("func != <Model, Value: ParseObject>(field: ParseField<Model, Value>, object: Value) throws -> QueryConstraint {\n    try field.name != object\n}\n\n/// `field < value`.\n")
        output.append(view.access)
        output.appendLiteral("func < <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {\n    field.name < value\n}\n\n/// `field <= value`.\n")
        output.append(view.access)
        output.appendLiteral("func <= <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {\n    field.name <= value\n}\n\n/// `field > value`.\n")
        output.append(view.access)
        output.appendLiteral("func > <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {\n    field.name > value\n}\n\n/// `field >= value`.\n")
        output.append(view.access)
        output.appendLiteral("func >= <Model, Value: Codable & Comparable>(field: ParseField<Model, Value>, value: Value) -> QueryConstraint {\n    field.name >= value\n}\n\n/// The pointer `field` points to an object matching `query`.\n")
        output.append(view.access)
        output.appendLiteral("func == <Model, Value: ParseObject>(field: ParseField<Model, Value>, query: Query<Value>) -> QueryConstraint {\n    field.name == query\n}\n\n/// The pointer `field` points to no object matching `query`.\n")
        output.append(view.access)
        output.appendLiteral("func != <Model, Value: ParseObject>(field: ParseField<Model, Value>, query: Query<Value>) -> QueryConstraint {\n    field.name != query\n}\n\n/// `field` is one of `array`.\n")
        output.append(view.access)
        output.appendLiteral("func containedIn<Model, Value: Codable>(key field: ParseField<Model, Value>, array: [Value]) -> QueryConstraint {\n    containedIn(key: field.name, array: array)\n}\n\n/// The pointer `field` points to one of `array`.\n")
        output.append(view.access)
        output.appendLiteral("func containedIn<Model, Value: ParseObject>(key field: ParseField<Model, Value>, array: [Value]) throws -> QueryConstraint {\n    try containedIn(key: field.name, array: array)\n}\n\n/// `field` is none of `array`.\n")
        output.append(view.access)
        output.appendLiteral("func notContainedIn<Model, Value: Codable>(key field: ParseField<Model, Value>, array: [Value]) -> QueryConstraint {\n    notContainedIn(key: field.name, array: array)\n}\n\n/// The array `field` holds every one of `array`.\n")
        output.append(view.access)
        output.appendLiteral("func containsAll<Model, Element: Codable>(key field: ParseField<Model, [Element]>, array: [Element]) -> QueryConstraint {\n    containsAll(key: field.name, array: array)\n}\n\n/// Every element of the array `field` is one of `array`.\n")
        output.append(view.access)
        output.appendLiteral("func containedBy<Model, Element: Codable>(key field: ParseField<Model, [Element]>, array: [Element]) -> QueryConstraint {\n    containedBy(key: field.name, array: array)\n}\n\n/// `field` has a value.\n")
        output.append(view.access)
        output.appendLiteral("func exists<Model, Value>(key field: ParseField<Model, Value>) -> QueryConstraint {\n    exists(key: field.name)\n}\n\n/// `field` has no value.\n")
        output.append(view.access)
        output.appendLiteral("func doesNotExist<Model, Value>(key field: ParseField<Model, Value>) -> QueryConstraint {\n    doesNotExist(key: field.name)\n}\n\n/// The string `field` matches the regular expression `regex`.\n")
        output.append(view.access)
        output.appendLiteral("func matchesRegex<Model>(key field: ParseField<Model, String>, regex: String, modifiers: String? = nil) -> QueryConstraint {\n    matchesRegex(key: field.name, regex: regex, modifiers: modifiers)\n}\n\n/// The string `field` contains `substring`.\n")
        output.append(view.access)
        output.appendLiteral("func containsString<Model>(key field: ParseField<Model, String>, substring: String, modifiers: String? = nil) -> QueryConstraint {\n    containsString(key: field.name, substring: substring, modifiers: modifiers)\n}\n\n/// The string `field` starts with `prefix`.\n")
        output.append(view.access)
        output.appendLiteral("func hasPrefix<Model>(key field: ParseField<Model, String>, prefix: String, modifiers: String? = nil) -> QueryConstraint {\n    hasPrefix(key: field.name, prefix: prefix, modifiers: modifiers)\n}\n\n/// The string `field` ends with `suffix`.\n")
        output.append(view.access)
        output.appendLiteral("func hasSuffix<Model>(key field: ParseField<Model, String>, suffix: String, modifiers: String? = nil) -> QueryConstraint {\n    hasSuffix(key: field.name, suffix: suffix, modifiers: modifiers)\n}\n\n/// Full-text search of the string `field`.\n")
        output.append(view.access)
        output.appendLiteral("func matchesText<Model>(key field: ParseField<Model, String>, text: String) -> QueryConstraint {\n    matchesText(key: field.name, text: text)\n}\n\n/// The geopoint `field`, nearest to `geoPoint` first.\n")
        output.append(view.access)
        output.appendLiteral("func near<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint) -> QueryConstraint {\n    near(key: field.name, geoPoint: geoPoint)\n}\n\n/// The geopoint `field` within `distance` miles of `geoPoint`.\n")
        output.append(view.access)
        output.appendLiteral("func withinMiles<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,\n                                    distance: Double, sorted: Bool = true) -> [QueryConstraint] {\n    withinMiles(key: field.name, geoPoint: geoPoint, distance: distance, sorted: sorted)\n}\n\n/// The geopoint `field` within `distance` kilometres of `geoPoint`.\n")
        output.append(view.access)
        output.appendLiteral("func withinKilometers<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,\n                                         distance: Double, sorted: Bool = true) -> [QueryConstraint] {\n    withinKilometers(key: field.name, geoPoint: geoPoint, distance: distance, sorted: sorted)\n}\n\n/// The geopoint `field` within `distance` radians of `geoPoint`.\n")
        output.append(view.access)
        output.appendLiteral("func withinRadians<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,\n                                      distance: Double, sorted: Bool = true) -> [QueryConstraint] {\n    withinRadians(key: field.name, geoPoint: geoPoint, distance: distance, sorted: sorted)\n}\n\n/// The geopoint `field` inside the box between two corners.\n")
        output.append(view.access)
        output.appendLiteral("func withinGeoBox<Model>(key field: ParseField<Model, ParseGeoPoint>, fromSouthWest southwest: ParseGeoPoint,\n                                     toNortheast northeast: ParseGeoPoint) -> QueryConstraint {\n    withinGeoBox(key: field.name, fromSouthWest: southwest, toNortheast: northeast)\n}\n\n/// The geopoint `field` inside the polygon through `points`.\n")
        output.append(view.access)
        output.appendLiteral("func withinPolygon<Model>(key field: ParseField<Model, ParseGeoPoint>, points: [ParseGeoPoint]) -> QueryConstraint {\n    withinPolygon(key: field.name, points: points)\n}\n\n/// The polygon `field` contains `point`.\n")
        output.append(view.access)
        output.appendLiteral("func polygonContains<Model>(key field: ParseField<Model, ParsePolygon>, point: ParseGeoPoint) -> QueryConstraint {\n    polygonContains(key: field.name, point: point)\n}\n\n/// Objects in the relation `field` of `object` (in a query over the relation's target class).\n")
        output.append(view.access)
        output.appendLiteral("func related<Owner: ParseObject, Target>(key field: ParseRelationField<Owner, Target>, object: Owner) throws -> QueryConstraint {\n    try related(key: field.name, object: object)\n}\n\nextension Query {\n    /// Returns the objects the given pointer fields point to whole; the compiler checks that\n    /// each is a pointer field of `T`.\n    ")
        output.append(view.access)
        output.appendLiteral("func include<each Target: ParseObject>(_ fields: repeat ParseField<T, each Target>) -> Query<T> {\n        var names: [String] = []\n        repeat names.append((each fields).name)\n        return include(names)\n    }\n\n    /// Returns the objects an array-of-pointers field holds whole.\n    ")
        output.append(view.access)
        output.appendLiteral("func include<Target: ParseObject>(_ field: ParseField<T, [Target]>) -> Query<T> {\n        include([field.name])\n    }\n\n    /// Returns only the given fields of `T` (and the built-in ones).\n    ")
        output.append(view.access)
        output.appendLiteral("func select<each Value>(_ fields: repeat ParseField<T, each Value>) -> Query<T> {\n        var names: [String] = []\n        repeat names.append((each fields).name)\n        return select(names)\n    }\n\n    /// Returns every field of `T` but the given ones.\n    ")
        output.append(view.access)
        output.appendLiteral("func exclude<each Value>(_ fields: repeat ParseField<T, each Value>) -> Query<T> {\n        var names: [String] = []\n        repeat names.append((each fields).name)\n        return exclude(names)\n    }\n}\n\nextension Query.Order {\n    /// Ascending by `field`.\n    ")
        output.append(view.access)
        output.appendLiteral("static func ascending<Value>(_ field: ParseField<T, Value>) -> Self {\n        .ascending(field.name)\n    }\n\n    /// Descending by `field`.\n    ")
        output.append(view.access)
        output.appendLiteral("static func descending<Value>(_ field: ParseField<T, Value>) -> Self {\n        .descending(field.name)\n    }\n}\n")
    }

    // swift-local-schema.mustache
    static func swiftLocalSchema(_ view: SwiftLocalSchemaView, _ output: inout TemplateOutput) {
        view.imports.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("\nextension LocalSchema {\n")
        view.doc.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("    ")
                output.append(b1[i1])
                output.appendLiteral("\n")
                output.endTurn()
            }
        }
        output.appendLiteral("    ")
        output.append(view.access)
        output.appendLiteral("static let ")
        output.append(view.propertyName)
        output.appendLiteral(" = LocalSchema(\n        name: ")
        output.append(view.modelName)
        output.appendLiteral(",\n        version: ")
        output.append(view.version)
        output.appendLiteral(",\n        classes: [\n")
        view.classes.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("            ")
                output.append(b1[i1].constant)
                output.appendLiteral(",\n")
                output.endTurn()
            }
        }
        output.appendLiteral("        ],\n        statements: [\n")
        view.statements.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                if b1[i1].multiline {
                    output.appendLiteral("            ")
                    output.append(b1[i1].hashes)
                    output.appendLiteral("\"\"\"\n")
                    b1[i1].lines.withUnsafeBufferPointer { b2 in
                        for i2 in b2.indices {
                            output.appendLiteral("            ")
                            output.append(b2[i2])
                            output.appendLiteral("\n")
                            output.endTurn()
                        }
                    }
                    output.appendLiteral("            \"\"\"")
                    output.append(b1[i1].hashes)
                    output.appendLiteral(",\n")
                }
                if !b1[i1].multiline {
                    output.appendLiteral("            ")
                    output.append(b1[i1].hashes)
                    output.appendLiteral("\"")
                    b1[i1].lines.withUnsafeBufferPointer { b2 in
                        for i2 in b2.indices {
                            output.append(b2[i2])
                            output.endTurn()
                        }
                    }
                    output.appendLiteral("\"")
                    output.append(b1[i1].hashes)
                    output.appendLiteral(",\n")
                }
                output.endTurn()
            }
        }
        output.appendLiteral("        ]")
        if view.hasMigrations {
            output.appendLiteral(",\n        migrations: [\n")
            view.migrations.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("            ")
                    output.append(b1[i1].constant)
                    output.appendLiteral(",\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("        ]")
        }
        output.appendLiteral("\n    )\n")
        view.classes.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("\n")
                b1[i1].doc.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        output.appendLiteral("    ")
                        output.append(b2[i2])
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                if b1[i1].hasFields {
                    output.appendLiteral("    private static let ")
                    output.append(b1[i1].constant)
                    output.appendLiteral(": LocalSchema.Class = LocalSchema.Class(")
                    output.append(b1[i1].name)
                    output.appendLiteral(", fields: [\n")
                    b1[i1].fields.withUnsafeBufferPointer { b2 in
                        for i2 in b2.indices {
                            output.appendLiteral("        LocalSchema.Field(")
                            output.append(b2[i2].name)
                            output.appendLiteral(", ")
                            output.append(b2[i2].kind)
                            if b2[i2].required {
                                output.appendLiteral(", required: true")
                            }
                            output.appendLiteral("),\n")
                            output.endTurn()
                        }
                    }
                    output.appendLiteral("    ])\n")
                }
                if !b1[i1].hasFields {
                    output.appendLiteral("    private static let ")
                    output.append(b1[i1].constant)
                    output.appendLiteral(": LocalSchema.Class = LocalSchema.Class(")
                    output.append(b1[i1].name)
                    output.appendLiteral(", fields: [])\n")
                }
                output.endTurn()
            }
        }
        view.migrations.withUnsafeBufferPointer { b1 in
            for i1 in b1.indices {
                output.appendLiteral("\n")
                b1[i1].doc.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        output.appendLiteral("    ")
                        output.append(b2[i2])
                        output.appendLiteral("\n")
                        output.endTurn()
                    }
                }
                output.appendLiteral("    private static let ")
                output.append(b1[i1].constant)
                output.appendLiteral(": LocalSchema.Migration = LocalSchema.Migration(\n        ")
                output.append(b1[i1].name)
                output.appendLiteral(",\n        statements: [\n")
                b1[i1].statements.withUnsafeBufferPointer { b2 in
                    for i2 in b2.indices {
                        if b2[i2].multiline {
                            output.appendLiteral("            ")
                            output.append(b2[i2].hashes)
                            output.appendLiteral("\"\"\"\n")
                            b2[i2].lines.withUnsafeBufferPointer { b3 in
                                for i3 in b3.indices {
                                    output.appendLiteral("            ")
                                    output.append(b3[i3])
                                    output.appendLiteral("\n")
                                    output.endTurn()
                                }
                            }
                            output.appendLiteral("            \"\"\"")
                            output.append(b2[i2].hashes)
                            output.appendLiteral(",\n")
                        }
                        if !b2[i2].multiline {
                            output.appendLiteral("            ")
                            output.append(b2[i2].hashes)
                            output.appendLiteral("\"")
                            b2[i2].lines.withUnsafeBufferPointer { b3 in
                                for i3 in b3.indices {
                                    output.append(b3[i3])
                                    output.endTurn()
                                }
                            }
                            output.appendLiteral("\"")
                            output.append(b2[i2].hashes)
                            output.appendLiteral(",\n")
                        }
                        output.endTurn()
                    }
                }
                output.appendLiteral("        ]\n    )\n")
                output.endTurn()
            }
        }
        output.appendLiteral("}\n")
    }

    // swift-local-statement.mustache
    static func swiftLocalStatement(_ view: SwiftLocalStatementView, _ output: inout TemplateOutput) {
        if view.multiline {
            output.appendLiteral("            ")
            output.append(view.hashes)
            output.appendLiteral("\"\"\"\n")
            view.lines.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.appendLiteral("            ")
                    output.append(b1[i1])
                    output.appendLiteral("\n")
                    output.endTurn()
                }
            }
            output.appendLiteral("            \"\"\"")
            output.append(view.hashes)
            output.appendLiteral(",\n")
        }
        if !view.multiline {
            output.appendLiteral("            ")
            output.append(view.hashes)
            output.appendLiteral("\"")
            view.lines.withUnsafeBufferPointer { b1 in
                for i1 in b1.indices {
                    output.append(b1[i1])
                    output.endTurn()
                }
            }
            output.appendLiteral("\"")
            output.append(view.hashes)
            output.appendLiteral(",\n")
        }
    }
}
