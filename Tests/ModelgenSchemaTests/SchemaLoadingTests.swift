import Foundation
import ModelgenDiagnostics
@testable import ModelgenSchema
import Testing

private func load(_ text: String, file: String = "s.yaml") -> SchemaLoading.Result {
    SchemaLoading.load(sources: [(file, text)])
}

private func loaded(_ text: String) throws -> Schema {
    let result = load(text)
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
    return try #require(result.schema)
}

/// The repository's sample schemas, read from disk: the contract's example among them.
private let schemasDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Schemas")

@Suite struct ContractExampleTests {
    let schema: Schema

    init() throws {
        let result = SchemaLoading.load([SchemaLoading.Input(path: schemasDirectory.appendingPathComponent("Library.yaml").path,
                                                             displayPath: "Library.yaml")])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        schema = try #require(result.schema)
    }

    @Test func fileLevelKeys() {
        #expect(schema.files == [SchemaFile(path: "Library.yaml", version: 1, description: "Books, authors and publishers.")])
        #expect(schema.classes.map(\.name) == ["Book", "Author", "ISBN", "Publisher", "Note"])
    }

    @Test func stringAndIntEnums() throws {
        let genre = try #require(schema.enumDefinition(named: "Genre"))
        #expect(genre.rawType == .string)
        #expect(genre.cases.map(\.name) == ["fiction", "nonFiction", "poetry"])
        #expect(genre.cases.map(\.rawValue) == [.string("fiction"), .string("nonFiction"), .string("poetry")])
        let category = try #require(schema.enumDefinition(named: "Category"))
        #expect(category.rawType == .int)
        #expect(category.cases.map(\.rawValue) == [.int(0), .int(1), .int(2)])
        #expect(category.cases.map(\.title) == ["Breakfast", "Lunch", "Dinner"])
        #expect(category.location == SourceLocation(file: "Library.yaml", line: 9, column: 3))
    }

    @Test func embeddedType() throws {
        let ingredient = try #require(schema.embeddedDefinition(named: "Ingredient"))
        #expect(ingredient.fields.map(\.name) == ["quantity", "description"])
        #expect(ingredient.fields.map(\.type) == [.scalar(.float), .scalar(.string)])
        #expect(ingredient.fields.allSatisfy { $0.isRequired })
    }

    @Test func everyFieldOfBook() throws {
        let book = try #require(schema.classDefinition(named: "Book"))
        #expect(book.description == "A published book.")
        #expect(book.fields.map(\.name) == ["title", "publishingYear", "price", "isAvailable", "genre", "isbn", "publisher",
                                            "authors", "ingredients", "sideOptions", "nutritionalInfo", "cover", "releaseDate"])
        #expect(book.fields.map(\.type) == [
            .scalar(.string), .scalar(.int), .scalar(.double), .scalar(.bool), .enumeration("Genre"), .pointer("ISBN"),
            .pointer("Publisher"), .relation("Author"), .array(.embedded("Ingredient")), .array(.scalar(.string)),
            .map(.scalar(.string)), .scalar(.file), .scalar(.date),
        ])
        let title = try #require(book.field(named: "title"))
        #expect(title.isRequired)
        #expect(title.location == SourceLocation(file: "Library.yaml", line: 24, column: 7))
        #expect(book.field(named: "price")?.min == .int(0))
        #expect(book.field(named: "price")?.max == nil)
        #expect(book.field(named: "isAvailable")?.defaultValue == .bool(true))
        let isbn = try #require(book.field(named: "isbn"))
        #expect(isbn.isUnique)
        #expect(isbn.onDelete == .cascade)
        #expect(book.field(named: "publisher")?.onDelete == .setNull, "an optional pointer defaults to setNull")
        #expect(book.field(named: "authors")?.onDelete == nil)
    }

    @Test func indexesInBothForms() throws {
        let book = try #require(schema.classDefinition(named: "Book"))
        #expect(book.indexes.map(\.fields) == [["publishingYear", "title"], ["title"]])
        #expect(book.indexes.map(\.isUnique) == [false, true])
        #expect(book.indexes.map(\.location.line) == [38, 39])
    }

    @Test func inverseAndRequiredPointers() throws {
        #expect(schema.classDefinition(named: "Author")?.field(named: "books")?.type == .inverse(className: "Book", field: "authors"))
        #expect(schema.classDefinition(named: "ISBN")?.field(named: "value")?.isRequired == true)
        #expect(schema.classDefinition(named: "ISBN")?.field(named: "value")?.isUnique == true)
        let owner = try #require(schema.classDefinition(named: "Note")?.field(named: "owner"))
        #expect(owner.type == .pointer("_User"), "a built-in class is a valid target without being declared")
        #expect(owner.isRequired)
        #expect(owner.onDelete == .cascade)
    }
}

@Suite struct ConstructTests {
    @Test func requiredPointerDefaultsToRestrict() throws {
        let schema = try loaded("classes:\n  A: {fields: {b: pointer<B>!}}\n  B:\n")
        #expect(schema.classDefinition(named: "A")?.fields.first?.onDelete == .restrict)
        #expect(schema.classDefinition(named: "B")?.fields.isEmpty == true, "an empty class body is allowed")
    }

    @Test func longFormAcceptsEveryKey() throws {
        let schema = try loaded("""
            classes:
              A:
                swiftName: Alpha
                fields:
                  name: {type: string, required: true, default: x, unique: true, description: The name., minLength: 1, maxLength: 9, swiftName: title}
                  n: {type: int, index: true, min: -5, max: 5, default: 3}
                  tags: {type: array<string>, minCount: 1, maxCount: 3}
                  at: {type: date, default: "2024-02-29T23:30:00-01:00"}
                  ratio: {type: float, default: 0.5}
            """)
        let a = try #require(schema.classDefinition(named: "A"))
        #expect(a.swiftName == "Alpha")
        let name = try #require(a.field(named: "name"))
        #expect(name.swiftName == "title")
        #expect(name.description == "The name.")
        #expect(name.defaultValue == .string("x"))
        #expect((name.minLength, name.maxLength) == (1, 9))
        let n = try #require(a.field(named: "n"))
        #expect(n.isIndexed)
        #expect((n.min, n.max, n.defaultValue) == (.int(-5), .int(5), .int(3)))
        #expect((a.field(named: "tags")?.minCount, a.field(named: "tags")?.maxCount) == (1, 3))
        #expect(a.field(named: "at")?.defaultValue == .date("2024-03-01T00:30:00.000Z"), "dates normalize to UTC")
        #expect(a.field(named: "ratio")?.defaultValue == .double(0.5))
    }

    @Test func builtinClassesCanBeDeclaredAndIndexedOnPredefinedFields() throws {
        let schema = try loaded("""
            classes:
              _User:
                fields:
                  nickname: string
                indexes:
                  - [email, createdAt]
            """)
        let user = try #require(schema.classDefinition(named: "_User"))
        #expect(user.builtin == .user)
        #expect(user.indexes.first?.fields == ["email", "createdAt"])
    }

    @Test func warningsDoNotFailButAreReported() throws {
        let result = load("classes:\n  A:\n    fields:\n      score: int\n      id: string\n")
        #expect(result.schema != nil)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.description.hasPrefix("s.yaml:5:7: warning: Parse Server refuses a field named 'id' when an object is created") == true)
    }

    @Test func scoreAndEmailVerifiedAreOrdinaryFieldsForTheSchema() throws {
        // Only the ParseSwift SDK drops them; the Swift emitter warns for that runtime alone.
        let result = load("classes:\n  A:\n    fields:\n      score: int\n      emailVerified: bool\nembedded:\n  E:\n    fields:\n      id: string\n")
        #expect(result.schema != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func severalFilesFormOneModel() throws {
        let result = SchemaLoading.load(sources: [
            ("a.yaml", "classes:\n  Book:\n    fields:\n      author: pointer<Author>\n      genre: Genre\n"),
            ("b.yaml", "enums:\n  Genre: {values: [a, b]}\nclasses:\n  Author:\n    fields:\n      books: inverse<Book.author>\n"),
        ])
        let schema = try #require(result.schema)
        #expect(schema.classes.map(\.file) == ["a.yaml", "b.yaml"])
        #expect(schema.classDefinition(named: "Author")?.fields.first?.type == .inverse(className: "Book", field: "author"))
    }

    @Test func errorsOfSeveralFilesAreAllReportedInInputOrder() {
        let result = SchemaLoading.load(sources: [
            ("z.yaml", "classes:\n  A: {fields: {x: nope}}\n"),
            ("a.yaml", "classes:\n  B: {fields: {y: nada}}\n"),
        ])
        #expect(result.schema == nil)
        #expect(result.diagnostics.map { $0.location?.file } == ["z.yaml", "a.yaml"])
    }

    @Test func classNamesLikeFoundationTypesAreValid() throws {
        let schema = try loaded("classes:\n  Date: {fields: {day: int}}\n  File: {fields: {at: pointer<Date>}}\n")
        #expect(schema.classes.map(\.name) == ["Date", "File"])
        #expect(load("embedded:\n  date: {fields: {day: int}}\n").diagnostics.first?.message == "'date' is the name of a built-in type")
    }

    @Test func swiftKeywordsAreValidFieldNames() throws {
        let schema = try loaded("classes:\n  A:\n    fields:\n      class: string\n      default: int\n      protocol: bool\n")
        #expect(schema.classes.first?.fields.map(\.name) == ["class", "default", "protocol"])
    }

    @Test func typeErrorsPointInsideTheTypeText() {
        let result = load("classes:\n  A:\n    fields:\n      x: {type: \"array<Strin>\"}\n")
        #expect(result.diagnostics.first?.description == """
            s.yaml:4:24: error: unknown type 'Strin'
            s.yaml:4:24: note: did you mean 'string'?
            """)
    }

    /// Names from Parse's dashboard and from Swift get a note saying what a schema writes.
    @Test(arguments: [
        ("Number", "unknown type 'Number'", "Parse's Number is 'int' or 'double' here (or 'float')"),
        ("Boolean", "unknown type 'Boolean'", "did you mean 'bool'?"),
        ("boolean", "unknown type 'boolean'", "did you mean 'bool'?"),
        ("String", "unknown type 'String'", "did you mean 'string'?"),
        ("Date", "unknown type 'Date'", "did you mean 'date'?"),
        ("Int", "unknown type 'Int'", "did you mean 'int'?"),
        ("Array", "unknown type 'Array'", "an array names its element type, as in 'array<string>'"),
        ("Object", "unknown type 'Object'", "write 'object' for any JSON object, or declare an embedded type for a known shape"),
        ("Pointer", "unknown type 'Pointer'", "a pointer names its class, as in 'pointer<_User>'"),
        ("File", "unknown type 'File'", "did you mean 'file'?"),
        ("GeoPoint", "unknown type 'GeoPoint'", "did you mean 'geopoint'?"),
        ("\"[String]\"", "invalid type '[String]': expected a type name, found '['", "did you mean 'array<string>'?"),
        ("\"[String: Int]\"", "invalid type '[String: Int]': expected a type name, found '['", "did you mean 'map<int>'?"),
        ("\"[[Double]]\"", "invalid type '[[Double]]': expected a type name, found '['", "did you mean 'array<array<double>>'?"),
        ("\"[Genre]\"", "invalid type '[Genre]': expected a type name, found '['", "did you mean 'array<Genre>'?"),
        ("string?", "invalid type 'string?': unexpected '?' after the type", "fields are optional unless marked with '!': write 'string'"),
        ("Int?", "invalid type 'Int?': unexpected '?' after the type", "fields are optional unless marked with '!': write 'int'"),
        ("\"[String]?\"", "invalid type '[String]?': expected a type name, found '['", "fields are optional unless marked with '!': write 'array<string>'"),
    ])
    func familiarTypeNamesGetANote(written: String, message: String, note: String) throws {
        let result = load("enums:\n  Genre: {values: [a, b]}\nclasses:\n  A:\n    fields:\n      x: \(written)\n")
        let error = try #require(result.diagnostics.first { $0.severity == .error }, "\(result.diagnostics)")
        #expect(result.schema == nil)
        #expect(error.message == message)
        #expect(error.location?.line == 6)
        #expect(error.notes.first?.message == note)
    }

    @Test func theGenericNamesAreExactlyThoseTheParserKnows() {
        #expect(TypeExpression.genericNames.allSatisfy(TypeExpression.isGenericName))
        for name in ["Array", "arrays", "string", "pointer_", ""] { #expect(!TypeExpression.isGenericName(name)) }
    }

    /// The loader parses each type text once per file: a repeated text gives the same type,
    /// written short or long, and a repeated mistake is reported at each place it is made.
    @Test func repeatedTypeTextsGiveTheSameTypeAndTheSameErrors() throws {
        let schema = try loaded("""
            classes:
              A:
                fields:
                  a: pointer<B>!
                  b: {type: pointer<B>!}
                  c: pointer<B>
                  d: array<string>
                  e: {type: array<string>, maxCount: 3}
              B:
                fields:
                  a: pointer<B>!
                  d: array<string>
            """)
        let types = schema.classes.map { $0.fields.map { "\($0.name) \($0.type) \($0.isRequired)" } }
        #expect(types == [
            ["a pointer<B> true", "b pointer<B> true", "c pointer<B> false", "d array<string> false", "e array<string> false"],
            ["a pointer<B> true", "d array<string> false"],
        ])
        let result = load("classes:\n  A:\n    fields:\n      x: array<int\n      y: array<int\n      z: {type: array<int}\n")
        #expect(result.diagnostics.map(\.description).joined(separator: "\n") == """
            s.yaml:4:19: error: invalid type 'array<int': expected '>' to close array<...>, found the end
            s.yaml:5:19: error: invalid type 'array<int': expected '>' to close array<...>, found the end
            s.yaml:6:26: error: invalid type 'array<int': expected '>' to close array<...>, found the end
            """)
    }
}

@Suite struct SampleSchemaTests {
    /// Each sample is its own model (several declare `Book` or `_User`), as modelgen.yml lists them.
    @Test func everySampleSchemaLoadsWithoutDiagnostics() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: schemasDirectory.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names == ["Bookstore.yaml", "Game.yaml", "Grocery.yaml", "Inventory.yaml", "Library.yaml", "People.yaml", "Recipes.yaml", "TodoList.yaml", "Tutorial.yaml"])
        for name in names {
            let result = SchemaLoading.load([SchemaLoading.Input(path: schemasDirectory.appendingPathComponent(name).path, displayPath: name)])
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics)")
            #expect(result.schema != nil)
        }
    }

    @Test func samplesThatDeclareTheSameClassCannotFormOneModel() throws {
        let result = SchemaLoading.load(["Library.yaml", "Bookstore.yaml"].map {
            SchemaLoading.Input(path: schemasDirectory.appendingPathComponent($0).path, displayPath: $0)
        })
        #expect(result.schema == nil)
        #expect(result.diagnostics.contains { $0.description.contains("error: 'Book' is declared more than once") })
    }
}

@Suite struct ISODateTests {
    @Test(arguments: [
        ("2024-01-31", "2024-01-31T00:00:00.000Z"),
        ("2024-01-31T09:30:00Z", "2024-01-31T09:30:00.000Z"),
        ("2024-01-31T09:30:00.5Z", "2024-01-31T09:30:00.500Z"),
        ("2024-01-31T09:30:00.123456Z", "2024-01-31T09:30:00.123Z"),
        ("2024-01-01T01:00:00+02:00", "2023-12-31T23:00:00.000Z"),
        ("2024-02-29T00:00", "2024-02-29T00:00:00.000Z"),
    ])
    func normalizes(_ input: String, _ expected: String) {
        #expect(ISODate.normalize(input) == expected)
    }

    @Test(arguments: ["2023-02-29", "2024-13-01", "2024-01-31T25:00:00Z", "yesterday", "2024-01-31T09:30:00.Z", "2024-1-1"])
    func refuses(_ input: String) {
        #expect(ISODate.normalize(input) == nil)
    }
}

@Suite struct SuggestionTests {
    @Test func closestNames() {
        #expect(Suggestions.closest(to: "Autor", among: ["Author", "Book"]) == "Author")
        #expect(Suggestions.closest(to: "feilds", among: ["fields", "indexes"]) == "fields")
        #expect(Suggestions.closest(to: "book", among: ["Book", "Books"]) == "Book")
        #expect(Suggestions.closest(to: "xyz", among: ["Author", "Book"]) == nil)
    }

    @Test func longWordsGetNoSuggestionAndCostNothing() {
        let long = String(repeating: "A", count: 100_000)
        #expect(Suggestions.closest(to: long + "B", among: [long + "C"]) == nil, "edit distance of two 100,000-character names would take minutes")
        #expect(Suggestions.closest(to: "Book", among: [long]) == nil)
        #expect(Suggestions.closest(to: String(repeating: "x", count: 257), among: [String(repeating: "x", count: 256)]) == nil)
        #expect(Suggestions.closest(to: "Bok", among: ["Book", "AVeryMuchLongerName"]) == "Book")
        #expect(Suggestions.closest(to: "café", among: ["cafe", "Café"]) == "Café", "a case-only difference wins, beyond ASCII too")
    }

    @Test func theBudgetStopsLookupsOnceSpent() {
        var budget = SuggestionBudget(comparisons: 10)
        let spent = [budget.spend(6), budget.spend(6), budget.spend(4), budget.spend(1)]
        #expect(spent == [true, false, true, false], "a lookup that does not fit is refused whole")
    }

    @Test func unknownTypesPastTheBudgetComeWithoutSuggestions() {
        // 2,000 classes: each lookup costs about 2,000 comparisons, so the budget covers ~150.
        var text = "classes:\n"
        for index in 0..<2_000 { text += "  Entity\(index): {fields: {f: Entty\(index)}}\n" }
        let result = SchemaLoading.load(sources: [("t.yaml", text)])
        let errors = result.diagnostics.filter { $0.message.hasPrefix("unknown type") }
        #expect(errors.count == 2_000)
        let suggested = errors.filter { !$0.notes.isEmpty }.count
        #expect(suggested > 50 && suggested < 300, "\(suggested) suggestions")
        #expect(errors.first?.notes.first?.message == "did you mean 'pointer<Entity0>'?")
        #expect(errors.last?.notes.isEmpty == true)
    }
}

@Suite struct HostileModelTests {
    private func errors(_ text: String) -> [String] {
        SchemaLoading.load(sources: [("t.yaml", text)]).diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    @Test func aLongCycleOfEmbeddedTypesIsOneError() {
        var text = "embedded:\n"
        for index in 0..<5_000 { text += "  E\(index): {fields: {next: E\((index + 1) % 5_000)}}\n" }
        let found = errors(text)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.yaml:2:17: error: embedded type 'E0' contains itself (E0.next -> E1.next") == true)
        #expect(found.first?.contains("E4999.next)\n") == true)
    }

    @Test func cyclesAreFoundInsideLargerComponentsAndBesideAcyclicChains() {
        let found = errors("""
            embedded:
              A: {fields: {b: B, x: X}}
              B: {fields: {a: A, c: C}}
              C: {fields: {b: B}}
              X: {fields: {y: Y}}
              Y: {fields: {value: int}}
              S: {fields: {me: S}}
            """)
        #expect(found == [
            "t.yaml:2:16: error: embedded type 'A' contains itself (A.b -> B.a)\nt.yaml:2:16: note: a value cannot contain itself; use array<A> or make one side a class",
            "t.yaml:4:16: error: embedded type 'C' contains itself (C.b -> B.c)\nt.yaml:4:16: note: a value cannot contain itself; use array<C> or make one side a class",
            "t.yaml:7:16: error: embedded type 'S' contains itself (S.me)\nt.yaml:7:16: note: a value cannot contain itself; use array<S> or make one side a class",
        ])
    }

    @Test func cycleReportsAreCapped() {
        var text = "embedded:\n"
        for index in 0..<300 { text += "  A\(index): {fields: {b: B\(index)}}\n  B\(index): {fields: {a: A\(index)}}\n" }
        let found = errors(text)
        #expect(found.count == 101)
        #expect(found.last?.hasPrefix("t.yaml:202:3: error: 400 more embedded types are on cycles\n") == true)
    }

    @Test func theStronglyConnectedComponentsOfAGraph() {
        let edges = ["a": ["b"], "b": ["c", "a"], "c": [], "d": ["d"], "e": ["a"]]
        let components = NameGraph.stronglyConnectedComponents(["a", "b", "c", "d", "e"], edges: { edges[$0] ?? [] })
        #expect(components["a"] != nil && components["a"] == components["b"])
        #expect(components["c"] == nil && components["e"] == nil, "not on a cycle")
        #expect(components["d"] != nil && components["d"] != components["a"], "a self-loop is a cycle of its own")
    }
}

/// A large model with problems everywhere: every one is reported, and the "did you mean"
/// lookups stop at the suggestion budget.
@Suite struct LargeModelTests {
    /// `count` classes over two files; from class `firstBad` on, each has two fields of unknown
    /// types (looked up for "did you mean" until the suggestion budget runs out) and one field
    /// the SDK drops (a warning).
    static func files(count: Int, firstBad: Int) -> [(path: String, text: String)] {
        func file(_ range: Range<Int>) -> String {
            var text = "version: 1\nclasses:\n"
            for index in range {
                text += "  Class\(index):\n    fields:\n      title: string!\n      next: pointer<Class\((index + 1) % count)>\n"
                if index >= firstBad {
                    text += "      size: strng\n      owner: Clas\(index)\n      ACL2: int\n      isDirty: bool\n"
                }
            }
            return text
        }
        return [("a.yaml", file(0..<count / 3)), ("b.yaml", file(count / 3..<count))]
    }

    @Test func aValidModelLoadsInOrder() throws {
        let loaded = SchemaLoading.load(sources: Self.files(count: 600, firstBad: 600))
        #expect(loaded.diagnostics.isEmpty)
        let schema = try #require(loaded.schema)
        #expect(schema.classes.map(\.name) == (0..<600).map { "Class\($0)" })
    }

    @Test func everyProblemIsReportedPastTheSuggestionBudget() {
        let loaded = SchemaLoading.load(sources: Self.files(count: 600, firstBad: 0))
        #expect(loaded.schema == nil)
        let unknown = loaded.diagnostics.filter { $0.message.hasPrefix("unknown type") }
        #expect(unknown.count == 1_200)
        // The budget ran out: some unknown types come without a suggestion.
        #expect(unknown.contains { $0.notes.isEmpty } && unknown.contains { !$0.notes.isEmpty })
        #expect(unknown.first?.location?.file == "a.yaml" && unknown.last?.location?.file == "b.yaml")
    }
}
