import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenSwiftEmitter
import ModelgenTestSupport
import ModelgenYAML
import Testing

@Suite struct SwiftModelEmitterTests {
    static let renamedFields = """
        version: 1
        classes:
          Thing:
            fields:
              class: string
              default: {type: bool, swiftName: isDefault}
              description: string
        """

    @Test func keywordsAreEscapedAndRenamedFieldsAreCodedByParseName() {
        let (files, diagnostics) = emitSwift(Self.renamedFields)
        #expect(diagnostics.isEmpty)
        let text = body(files["Swift/Thing.swift"])
        #expect(text.contains("    public var `class`: String?\n"))
        #expect(text.contains("    public var isDefault: Bool?\n"))
        #expect(text.contains("    public var description: String?\n"))
        #expect(text.contains("""
                static let storedFields: [ParseStoredField<Thing>] = [
                    .field("class", \\.`class`),
                    .field("default", \\.isDefault),
                    .field("description", \\.description),
                ]
            """))
        #expect(!text.contains("CodingKeys"))
        #expect(text.contains("        public static var isDefault: ParseField<Thing, Bool> { .init(\"default\") }\n"))
    }

    /// Every keyword is backticked and nothing else is, whatever its first letter and length.
    @Test func identifiersAreBacktickedExactlyWhenKeywords() {
        for keyword in SwiftSyntax.keywords {
            #expect(SwiftSyntax.identifier(keyword) == "`\(keyword)`")
            for other in [keyword.uppercased(), keyword + "s", String(keyword.dropLast()), "_" + keyword] where !SwiftSyntax.keywords.contains(other) {
                #expect(SwiftSyntax.identifier(other) == other)
            }
        }
        for name in ["", "field", "clas", "Classes", "\u{EF}f", "\u{212A}", String(repeating: "a", count: 80)] {
            #expect(SwiftSyntax.identifier(name) == name)
        }
    }

    @Test func withParseSwiftRenamedFieldsGetCodingKeys() {
        let (files, diagnostics) = emitSwift(Self.renamedFields, options: SwiftModelOptions(runtime: .parseSwift))
        #expect(diagnostics.isEmpty)
        let text = body(files["Swift/Thing.swift"])
        #expect(text.contains("""
                enum CodingKeys: String, CodingKey {
                    case objectId
                    case createdAt
                    case updatedAt
                    case ACL
                    case `class`
                    case isDefault = "default"
                    case description
                }
            """))
        #expect(text.contains("        if updated.shouldRestoreKey(\\.`class`, original: object) {\n            updated.`class` = object.`class`\n"))
        #expect(!text.contains("storedFields"))
    }

    @Test func noCodingKeysWhenEveryNameIsTheParseName() {
        let (files, _) = emitSwift("version: 1\nclasses:\n  Thing:\n    fields:\n      name: string\n",
                                   options: SwiftModelOptions(runtime: .parseSwift))
        #expect(!body(files["Swift/Thing.swift"]).contains("CodingKeys"))
    }

    @Test func aClassWithAnotherSwiftNameKeepsItsParseClassName() {
        let (files, _) = emitSwift("version: 1\nclasses:\n  Item:\n    swiftName: GroceryItem\n    fields:\n      name: string\n")
        let text = body(files["Swift/GroceryItem.swift"])
        #expect(text.contains("public struct GroceryItem: ParseObject, Sendable {\n    public static var className: String { \"Item\" }\n"))
        #expect(files["Swift/Item.swift"] == nil)
    }

    @Test func accessLevelsAndRuntimes() {
        let yaml = "version: 1\nclasses:\n  Thing:\n    fields:\n      name: string\n"
        let internalText = body(emitSwift(yaml, options: SwiftModelOptions(access: .internal)).files["Swift/Thing.swift"])
        #expect(internalText.contains("\nstruct Thing: ParseObject, Sendable {\n"))
        #expect(internalText.contains("    init() {}\n"))
        #expect(internalText.hasPrefix("import Foundation\nimport ParseRuntime\n"))
        let packageText = body(emitSwift(yaml, options: SwiftModelOptions(access: .package, runtime: .parseSwift)).files["Swift/Thing.swift"])
        #expect(packageText.contains("\npackage struct Thing: ParseObject, Sendable {\n"))
        #expect(packageText.hasPrefix("import Foundation\n@preconcurrency import ParseSwift\n"))
    }

    @Test func parseSwiftModeAddsTheJSONValueAndParseFieldTypesOnce() {
        let yaml = "version: 1\nclasses:\n  Thing:\n    fields:\n      extra: object\n"
        let sdk = emitSwift(yaml, options: SwiftModelOptions(access: .public, runtime: .parseSwift)).files
        #expect(sdk.keys.sorted() == ["Swift/JSONValue.swift", "Swift/ParseField.swift", "Swift/Thing.swift"])
        #expect(body(sdk["Swift/Thing.swift"]).contains("    public var extra: [String: JSONValue]?\n"))
        let runtime = emitSwift(yaml).files
        #expect(runtime.keys.sorted() == ["Swift/Thing.swift"])
    }

    @Test func relationsAndInversesBecomeHelpersNotStoredProperties() {
        let yaml = """
            version: 1
            classes:
              Book:
                fields:
                  authors: relation<Author>
              Author:
                fields:
                  books: inverse<Book.authors>
            """
        let runtime = emitSwift(yaml).files
        let book = body(runtime["Swift/Book.swift"])
        #expect(!book.contains("    public var authors"))
        #expect(book.contains("    public func authorsRelation() throws -> ParseRelation<Book> {\n        try relation(Field.authors.name, className: Author.className)\n    }\n"))
        #expect(book.contains("        public static var authors: ParseRelationField<Book, Author> { .init(\"authors\") }\n"))
        #expect(book.contains("    public func authorsQuery() -> ParseQuery<Author> {\n        Author.query(.relatedTo(self, through: Field.authors))\n    }\n"))
        #expect(body(runtime["Swift/Author.swift"]).contains("    public func booksQuery() -> ParseQuery<Book> {\n        Book.query(Book.Field.authors == self)\n    }\n"))
        let sdk = emitSwift(yaml, options: SwiftModelOptions(access: .public, runtime: .parseSwift)).files
        #expect(body(sdk["Swift/Book.swift"]).contains("    public func authorsQuery() throws -> Query<Author> {\n        try Author.queryRelations(Field.authors.name, parent: self)\n    }\n"))
        #expect(body(sdk["Swift/Author.swift"]).contains("    public func booksQuery() throws -> Query<Book> {\n        try Book.query(Book.Field.authors.name == self)\n    }\n"))
    }

    @Test func theUserClassGetsSessionHelpersWithItsOwnFieldsOnlyForParseRuntime() {
        let yaml = """
            version: 1
            classes:
              _User:
                fields:
                  nickname: string!
                  client: string
              Post:
                fields:
                  author: pointer<_User>
            """
        let runtime = body(emitSwift(yaml).files["Swift/User.swift"])
        #expect(runtime.contains("""
                public static func signUp(
                    username: String,
                    password: String,
                    email: String? = nil,
                    nickname: String,
                    client: String? = nil,
                    on parseClient: ParseClient
                ) async throws(ParseClientError) -> User {
                    var user = User(nickname: nickname, client: client)
                    user.username = username
                    user.password = password
                    user.email = email
                    return try await parseClient.signUp(user)
                }
            """))
        #expect(runtime.contains("    public static func logIn(username: String, password: String, on client: ParseClient) async throws(ParseClientError) -> User {\n"))
        #expect(runtime.contains("    public static func current(on client: ParseClient) async throws(ParseClientError) -> User {\n"))
        #expect(runtime.contains("    public static func logOut(on client: ParseClient) async throws(ParseClientError) {\n"))
        let post = body(emitSwift(yaml).files["Swift/Post.swift"])
        #expect(!post.contains("signUp"))
        let sdk = body(emitSwift(yaml, options: SwiftModelOptions(access: .public, runtime: .parseSwift)).files["Swift/User.swift"])
        #expect(!sdk.contains("signUp"), "ParseSwift's ParseUser has its own signup and login")
    }

    @Test func aTypeNamedDateMakesFoundationsDateQualified() {
        let (files, diagnostics) = emitSwift("version: 1\nclasses:\n  Date:\n    fields:\n      day: date\n  Event:\n    fields:\n      at: date\n      when: pointer<Date>\n")
        // Compiled as is, and with a warning for the code beside it (see the next test).
        #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix("Test.yaml:3:3: warning: class 'Date' is the Swift type 'Date', which hides Foundation's 'Date'"))
        let event = body(files["Swift/Event.swift"])
        #expect(event.contains("    public var createdAt: Foundation.Date?\n"))
        #expect(event.contains("    public var at: Foundation.Date?\n"))
        #expect(event.contains("    @Indirect public var when: Date?\n"))
    }

    /// A generated type named like one of Swift's or Foundation's hides it from the rest of the
    /// module: a warning, with the way out, and the output is made all the same.
    @Test func typesThatHideSwiftsOrFoundationsAreWarnedAbout() {
        let yaml = """
            version: 1
            enums:
              Calendar:
                values: [work, home]
            embedded:
              Locale:
                fields:
                  code: string
            classes:
              Task:
                fields:
                  title: string
                  when: Calendar
                  where: Locale
              Job:
                swiftName: Timer
              Chore:
                swiftName: Task2
              Thread:
                swiftName: ForumThread
            """
        let (files, diagnostics) = emitSwift(yaml)
        #expect(diagnostics == [
            """
            Test.yaml:10:3: warning: class 'Task' is the Swift type 'Task', which hides Swift's 'Task' in the module that holds the generated code
            Test.yaml:10:3: note: code in that module would have to write 'Swift.Task' for Swift's
            Test.yaml:10:3: note: give the class another Swift name with 'swiftName', such as 'TaskObject'; it keeps its name in Parse
            """,
            """
            Test.yaml:15:3: warning: class 'Job' is the Swift type 'Timer', which hides Foundation's 'Timer' in the module that holds the generated code
            Test.yaml:15:3: note: code in that module would have to write 'Foundation.Timer' for Foundation's
            Test.yaml:15:3: note: give the class another Swift name with 'swiftName', such as 'TimerObject'; it keeps its name in Parse
            """,
            """
            Test.yaml:3:3: warning: enum 'Calendar' is the Swift type 'Calendar', which hides Foundation's 'Calendar' in the module that holds the generated code
            Test.yaml:3:3: note: code in that module would have to write 'Foundation.Calendar' for Foundation's
            Test.yaml:3:3: note: rename the enum
            """,
            """
            Test.yaml:6:3: warning: embedded type 'Locale' is the Swift type 'Locale', which hides Foundation's 'Locale' in the module that holds the generated code
            Test.yaml:6:3: note: code in that module would have to write 'Foundation.Locale' for Foundation's
            Test.yaml:6:3: note: rename the embedded type
            """,
        ])
        #expect(body(files["Swift/Task.swift"]).contains("public struct Task: ParseObject, Sendable {\n"))
        #expect(files["Swift/ForumThread.swift"] != nil && files["Swift/Task2.swift"] != nil && files["Swift/Timer.swift"] != nil)
    }

    /// Two types that would be one Swift type, or two files that differ only in case, are
    /// refused at the second, with the first and the fix: a built-in class linked to without
    /// being declared takes its Swift name (`_User` is `User`) from the link.
    @Test func typesThatWouldShareASwiftNameAreRefusedWhereTheyAre() {
        let (files, diagnostics) = emitSwift("""
            classes:
              User:
                fields:
                  name: string
              Post:
                fields:
                  author: pointer<_User>
                  editors: array<pointer<_Role>>
              Member:
                swiftName: role
            """)
        #expect(files.isEmpty)
        #expect(diagnostics == [
            """
            Test.yaml:7:7: error: Parse's built-in class '_User', which this field links to, would be the Swift type 'User', as class 'User' is
            Test.yaml:2:3: note: class 'User' is declared here
            Test.yaml:7:7: note: declare '_User' with a Swift name of its own (`_User: {swiftName: AppUser}`), or give class 'User' another Swift name with 'swiftName'
            """,
            """
            Test.yaml:8:7: error: Parse's built-in class '_Role', which this field links to, would be the Swift type 'Role', whose file differs from class 'Member''s ('role') only in case
            Test.yaml:9:3: note: class 'Member' is declared here
            Test.yaml:8:7: note: declare '_Role' with a Swift name of its own (`_Role: {swiftName: AppRole}`), or give class 'Member' another Swift name with 'swiftName'
            """,
        ], "\(diagnostics)")
    }

    @Test func reservedTypeNamesAreRefusedWithTheirLocation() {
        let (files, diagnostics) = emitSwift("version: 1\nenums:\n  Field:\n    values: [a]\nclasses:\n  Query:\n    fields:\n      name: string\n  String:\n    swiftName: Text\n")
        #expect(files.isEmpty)
        #expect(diagnostics == [
            "Test.yaml:6:3: error: class 'Query' would be the Swift type 'Query', which the generated code needs for itself\nTest.yaml:6:3: note: give the class another Swift name with 'swiftName'",
            "Test.yaml:3:3: error: enum 'Field' would hide the Swift type of the same name, which the generated code uses\nTest.yaml:3:3: note: rename the enum",
        ])
    }

    @Test func aFieldNamedLikeAGeneratedHelperIsRefused() {
        let (files, diagnostics) = emitSwift("version: 1\nclasses:\n  Book:\n    fields:\n      authors: relation<Book>\n      authorsQuery: string\n")
        #expect(files.isEmpty)
        #expect(diagnostics == ["Test.yaml:6:7: error: field 'authorsQuery' of class 'Book' clashes with the Swift method 'authorsQuery()' generated for 'authors'\nTest.yaml:6:7: note: give the field another Swift name with 'swiftName'"])
        // By its Swift name, with the relation helper's name; a name that only ends alike is no clash.
        let renamed = emitSwift("version: 1\nclasses:\n  Book:\n    fields:\n      authors: relation<Book>\n      other: {type: string, swiftName: authorsRelation}\n      editorsRelation: string\n")
        #expect(renamed.files.isEmpty)
        #expect(renamed.diagnostics == ["Test.yaml:6:7: error: field 'other' of class 'Book' clashes with the Swift method 'authorsRelation()' generated for 'authors'\nTest.yaml:6:7: note: give the field another Swift name with 'swiftName'"])
    }

    @Test func propertyNamesThatCannotCompileAreRefused() {
        let yaml = """
            version: 1
            embedded:
              Slot:
                fields:
                  CodingKeys: string
                  ParseField: string
            classes:
              Thing:
                fields:
                  self: string
                  other: {type: string, swiftName: CodingKeys}
                  ParseField: string
                  ParseRelationField: relation<Thing>
                  renamed: {type: string, swiftName: selfish}
                  slot: Slot
            """
        let (files, diagnostics) = emitSwift(yaml)
        #expect(files.isEmpty)
        let note = "note: give the field another Swift name with 'swiftName'; it keeps its name in Parse"
        #expect(diagnostics == [
            "Test.yaml:10:7: error: field 'self' of class 'Thing' would be the Swift property 'self', which hides Swift's own 'self'\nTest.yaml:10:7: " + note,
            "Test.yaml:11:7: error: field 'other' of class 'Thing' would be the Swift property 'CodingKeys', which hides the 'CodingKeys' that Codable needs\nTest.yaml:11:7: " + note,
            "Test.yaml:12:7: error: field 'ParseField' of class 'Thing' would be the Swift property 'ParseField', which hides the type of the 'Field' keys\nTest.yaml:12:7: " + note,
            "Test.yaml:13:7: error: field 'ParseRelationField' of class 'Thing' would be the Swift property 'ParseRelationField', which hides the type of the 'Field' keys of relations\nTest.yaml:13:7: " + note,
            "Test.yaml:5:7: error: field 'CodingKeys' of embedded type 'Slot' would be the Swift property 'CodingKeys', which hides the 'CodingKeys' that Codable needs\nTest.yaml:5:7: " + note,
        ])
    }

    @Test func unknownEnumCaseFallbackAndItsNameClash() {
        let yaml = "version: 1\nenums:\n  Size:\n    values: [small, large]\n"
        let text = body(emitSwift(yaml, options: SwiftModelOptions(access: .public, unknownEnumCase: true)).files["Swift/Size.swift"])
        #expect(text.contains("public enum Size: RawRepresentable, Codable, CaseIterable, Hashable, Sendable {\n    case small\n    case large\n    /// A value added on the server after this code was generated.\n    case unknown(String)\n"))
        #expect(text.contains("        case \"small\": self = .small\n"))
        let (files, diagnostics) = emitSwift("version: 1\nenums:\n  Size:\n    values: [small, unknown]\n",
                                             options: SwiftModelOptions(unknownEnumCase: true))
        #expect(files.isEmpty)
        #expect(diagnostics.first?.hasPrefix("Test.yaml:4:21: error: enum 'Size' has a case named 'unknown'") == true)
    }

    @Test func fieldsParseSwiftDropsAreWarnedAboutForThatRuntimeOnly() {
        let yaml = "version: 1\nclasses:\n  Game:\n    fields:\n      score: int\n      emailVerified: bool\n      name: string\nembedded:\n  Tally:\n    fields:\n      score: int\n"
        let parseSwift = emitSwift(yaml, options: SwiftModelOptions(runtime: .parseSwift))
        #expect(parseSwift.files["Swift/Game.swift"] != nil, "a warning does not stop the output")
        let note = "note: rename the field, or generate for 'runtime: ParseRuntime', which sends it"
        #expect(parseSwift.diagnostics == [
            "Test.yaml:5:7: warning: ParseSwift leaves a field named 'score' out of every save, so its values never reach the server\nTest.yaml:5:7: " + note,
            "Test.yaml:6:7: warning: ParseSwift leaves a field named 'emailVerified' out of every save, so its values never reach the server\nTest.yaml:6:7: " + note,
        ])
        let parseRuntime = emitSwift(yaml, options: SwiftModelOptions(runtime: .parseRuntime))
        #expect(parseRuntime.diagnostics.isEmpty, "ParseRuntime sends every field of the app")
    }

    @Test func anEnumDefaultThatIsAKeywordReadsWellInTheDocComment() {
        let yaml = "version: 1\nenums:\n  Visibility:\n    values: [private, public]\nclasses:\n  Post:\n    fields:\n      visibility: {type: Visibility, default: public}\n"
        let text = body(emitSwift(yaml).files["Swift/Post.swift"])
        #expect(text.contains("    /// Defaults to `.public`.\n    public var visibility: Visibility?\n"), "\(text)")
        #expect(body(emitSwift(yaml).files["Swift/Visibility.swift"]).contains("    case `public` = \"public\"\n"))
    }

    @Test func embeddedDefaultsBecomeInitializerDefaultsInSchemaOrder() {
        let (files, _) = emitSwift("""
            version: 1
            embedded:
              Slot:
                fields:
                  start: {type: date, default: "2024-01-31T09:30:00.250Z"}
                  weight: {type: double, default: 2}
                  label: {type: string, default: "a \\"b\\""}
                  size: {type: Size, default: large}
                  at: date!
            enums:
              Size:
                values: [small, large]
            """)
        let text = body(files["Swift/Slot.swift"])
        #expect(text.contains("""
                public init(
                    start: Date? = Date(timeIntervalSince1970: 1706693400.25),
                    weight: Double? = 2.0,
                    label: String? = "a \\"b\\"",
                    size: Size? = .large,
                    at: Date
                ) {
            """), "\(text)")
    }

    /// A class's initializer takes its fields in schema order (a required field after optional
    /// ones too), with the schema's defaults as its default arguments, a required field's included.
    @Test func classInitializersTakeFieldsInSchemaOrderWithTheirDefaults() {
        let (files, _) = emitSwift("""
            classes:
              Dog:
                fields:
                  items: array<string>
                  age: {type: int, default: 0}
                  owner: string!
                  kind: {type: string, required: true, default: dog}
                  good: {type: bool, default: true}
            """)
        let text = body(files["Swift/Dog.swift"])
        #expect(text.contains("""
                /// A new `Dog` with the given field values: a field left out has the schema's
                /// default, if it has one, or `nil`.
                public init(
                    items: [String]? = nil,
                    age: Int? = 0,
                    owner: String,
                    kind: String = "dog",
                    good: Bool? = true
                ) {
            """), "\(text)")
    }

    @Test func builtinClassesConformToTheirProtocolsAndLinkedOnesAreGenerated() {
        let (files, diagnostics) = emitSwift("version: 1\nclasses:\n  Post:\n    fields:\n      author: pointer<_User>\n      readers: relation<_Role>\n")
        #expect(diagnostics.isEmpty)
        #expect(files.keys.sorted() == ["Swift/Post.swift", "Swift/Role.swift", "Swift/User.swift"])
        let user = body(files["Swift/User.swift"])
        #expect(user.contains("public struct User: ParseUser, Sendable {"))
        #expect(user.contains("    public var authData: [String: [String: String]?]?\n"))
        #expect(!user.contains("static var className"))
        let role = body(files["Swift/Role.swift"])
        #expect(role.contains("public struct Role: ParseRole, Sendable {\n    public typealias RoleUser = User\n"))
        #expect(!role.contains("var users"))
        #expect(files["Swift/User.swift"]?.hasPrefix("// Generated by modelgen from Test.yaml. Do not edit.\n") == true)
    }

    /// A built-in class generated without a declaration names, in its header, the schema files
    /// that link to it, in schema order; one that only another built-in class brings in (a
    /// session's user) names every file.
    @Test func anImplicitBuiltinClassNamesTheFilesThatLinkToIt() throws {
        let loaded = SchemaLoading.load(sources: [
            ("a.yaml", "classes:\n  A:\n    fields:\n      owner: pointer<_Session>\n      tags: array<string>\n"),
            ("b.yaml", "classes:\n  B:\n    fields:\n      x: int\n"),
            ("c.yaml", "embedded:\n  E:\n    fields:\n      y: int\nclasses:\n  C:\n    fields:\n      s: relation<_Session>\n      t: pointer<_Session>\n"),
        ])
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        var diagnostics = DiagnosticCollector()
        let files = SwiftModelEmitter(options: SwiftModelOptions(access: .public))
            .emit(schema, context: EmitterContext(), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty)
        let sources = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.sources) })
        #expect(sources["Swift/Session.swift"] == ["a.yaml", "c.yaml"])
        #expect(sources["Swift/User.swift"] == ["a.yaml", "b.yaml", "c.yaml"])
        #expect(sources["Swift/B.swift"] == ["b.yaml"])
    }

    @Test func descriptionsBecomeDocCommentsThatCannotBreakOut() {
        let (files, _) = emitSwift("""
            version: 1
            classes:
              Thing:
                description: "First line.\\nSecond */ line\\u202E.\\n"
                fields:
                  name: {type: string, description: "Name. \\"quoted\\"", maxLength: 10, required: true}
            """)
        let text = body(files["Swift/Thing.swift"])
        #expect(text.contains("/// First line.\n/// Second */ line.\npublic struct Thing"))
        #expect(SwiftSyntax.docLines("One.\r\nTwo.") == ["One.", "Two."], "CRLF is one line break, as in SQL comments")
        #expect(text.contains("    /// Name. \"quoted\"\n    ///\n    /// Required. At most 10 characters.\n    public var name: String?\n"))
    }

    @Test func optionErrorsAreLocated() throws {
        let node = try #require(try YAMLReader.parse("access: open\nruntime: parseswift\nunknownEnumCase: maybe\nfolder: ../out\n", file: "modelgen.yml"))
        var diagnostics = DiagnosticCollector()
        #expect(SwiftModelOptions.read(node.mapping!, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.map(\.description) == [
            "modelgen.yml:1:9: error: option 'access' of emitter 'swift' must be one of internal, package, public, found 'open'\nmodelgen.yml:1:9: note: allowed values: internal, package, public",
            "modelgen.yml:2:10: error: option 'runtime' of emitter 'swift' must be one of ParseRuntime, ParseSwift, found 'parseswift'\nmodelgen.yml:2:10: note: did you mean 'ParseSwift'?\nmodelgen.yml:2:10: note: allowed values: ParseRuntime, ParseSwift",
            "modelgen.yml:3:18: error: option 'unknownEnumCase' of emitter 'swift' must be true or false, found 'maybe'",
            "modelgen.yml:4:9: error: option 'folder' of emitter 'swift' must be a relative folder inside the output directory, such as 'Swift'",
        ])
    }

    @Test func aUserTemplateOverridesTheDefault() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("swift-enum.mustache", "{{% CONTENT_TYPE: TEXT}}\n// custom {{{typeName}}}: {{#cases}}{{{name}}} {{/cases}}\n")
        let (files, diagnostics) = emitSwift("version: 1\nenums:\n  Size:\n    values: [small, large]\n", templates: directory.path)
        #expect(diagnostics.isEmpty)
        #expect(body(files["Swift/Size.swift"]) == "// custom Size: small large \n")
    }
}
