import Foundation
import ModelgenDiagnostics
import ModelgenParseServer
import ModelgenSchema
import ModelgenTestSupport
import ModelgenYAML
import Testing

/// `modelgen import`'s mapping: a live schema becomes YAML of this format, and the `parse`
/// emitter gives back the same custom fields, indexes and permissions.
@Suite struct ParseSchemaImportTests {
    static let responses = "Tests/ModelgenParseServerTests/Responses"

    static func json(_ text: String) throws -> OrderedJSON {
        OrderedJSON(try #require(try YAMLReader.parse(text, file: "response.json")))
    }

    static func response(_ name: String) throws -> OrderedJSON {
        try json(RepositoryFiles.read("\(responses)/\(name)"))
    }

    /// The definitions the `parse` emitter makes from imported YAML.
    static func definitions(of yaml: String) throws -> [Any] {
        let loaded = SchemaLoading.load(sources: [("imported.yaml", yaml)])
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        var diagnostics = DiagnosticCollector()
        let text = ParseDefinitions.make(schema, diagnostics: &diagnostics).rendered()
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
    }

    /// A response's classes as the round trip must give them back: custom fields only (with
    /// `required: false` as no `required`), indexes without Parse's own, text indexes and
    /// indexes on relations, permissions without `addField`, Parse's own classes left out.
    static func comparable(_ classes: [Any], dropping droppedIndexes: Set<String> = []) -> [NSDictionary] {
        classes.compactMap { item -> NSDictionary? in
            guard let definition = item as? [String: Any], let name = definition["className"] as? String else { return nil }
            let builtin = BuiltinClass(rawValue: name)
            if name.hasPrefix("_"), builtin == nil { return nil }
            let predefined = Set(NamingRules.parseObjectFieldNames + (builtin?.predefinedFields.map(\.name) ?? []))
            var fields: [String: Any] = [:]
            for (field, spec) in definition["fields"] as? [String: Any] ?? [:] where !predefined.contains(field) {
                var spec = spec as? [String: Any] ?? [:]
                if spec["required"] as? Bool == false { spec["required"] = nil }
                fields[field] = spec
            }
            if (builtin == .session || builtin == .installation) && fields.isEmpty { return nil }
            var result: [String: Any] = ["className": name, "fields": fields]
            let indexes = (definition["indexes"] as? [String: Any] ?? [:]).filter { !droppedIndexes.contains("\(name).\($0.key)") }
            if !indexes.isEmpty { result["indexes"] = indexes }
            if var permissions = definition["classLevelPermissions"] as? [String: Any] {
                permissions["addField"] = nil
                result["classLevelPermissions"] = permissions
            }
            return result as NSDictionary
        }
    }

    @Test func everyTypeIndexAndPermissionFormRoundTrips() throws {
        let response = try Self.response("every-type.json")
        let imported = try ParseSchemaImport(source: "every-type.json").checkedYAML(from: response)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(try RepositoryFiles.read("\(Self.responses)/every-type.json").utf8))
            as? [String: Any])["results"] as? [Any]
        let dropped: Set<String> = ["_User._id_", "_User.username_1", "_User.case_insensitive_email", "_Role._id_", "_Role.name_1",
                                    "Publisher._id_", "Publisher.name_text", "Book._id_", "Book.authors_1"]
        var expected = Self.comparable(try #require(original), dropping: dropped)
        // Parse's `_p_` prefix on a pointer's index key is not part of the field's name.
        expected = expected.map { definition in
            guard definition["className"] as? String == "Publisher" else { return definition }
            let copy = definition.mutableCopy() as! NSMutableDictionary
            copy["indexes"] = ["city_1": ["city": 1]]
            return copy
        }
        #expect(expected.map { $0["className"] as? String } == ["_User", "_Role", "Publisher", "City", "Book"])
        #expect((expected.last?["fields"] as? [String: Any])?.count == 15)
        #expect(Self.comparable(try Self.definitions(of: imported.yaml)) == expected)
    }

    @Test func theYAMLOfEveryForm() throws {
        let imported = try ParseSchemaImport(source: "every-type.json").checkedYAML(from: try Self.response("every-type.json"))
        let path = "\(Self.responses)/every-type.yaml"
        if RepositoryFiles.updating {
            try RepositoryFiles.write(path, imported.yaml)
        } else {
            #expect(imported.yaml == (try RepositoryFiles.read(path)))
        }
        #expect(imported.leftOut == ["_Session", "_PushStatus"])
        #expect(imported.reviews == [
            "Publisher index name_text (a text index, which this schema cannot declare: left out)",
            "Book.pages (Parse's Number: int or double; imported as double)",
            "Book.price (Parse's Number: int or double; imported as double)",
            "Book.tags (Parse's Array: the element type is unknown; imported as array<string>)",
            "Book.metadata (Parse's Object: a map<T> or an embedded type may say more)",
            "Book.editors (Parse's Array: the element type is unknown; imported as array<string>)",
            "Book index authors_1 (on the relation authors: left out)",
        ])
    }

    /// Every sample's defined schema, imported and emitted again, is the same JSON.
    @Test(arguments: Samples.names)
    func aDefinedSchemaRoundTrips(sample: String) throws {
        let text = try RepositoryFiles.read("Tests/ModelgenParseServerTests/Goldens/\(sample)/schema.json")
        let imported = try ParseSchemaImport(source: "schema.json").checkedYAML(from: try Self.json(text))
        let original = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        #expect(Self.comparable(try Self.definitions(of: imported.yaml)) == Self.comparable(original), "\(sample)")
    }

    @Test func numbersAsIntegers() throws {
        let json = try Self.json(#"{"className": "Score", "fields": {"points": {"type": "Number", "defaultValue": 0}}}"#)
        let imported = try ParseSchemaImport(source: "s", numbers: .int).checkedYAML(from: json)
        #expect(imported.yaml.contains("      points: {type: int, default: 0}   # import: Parse's Number: int or double; imported as int\n"))
    }

    @Test func whatCannotBeImportedSaysWhy() throws {
        func failure(_ text: String, skipping skipped: Set<String> = []) throws -> String? {
            do {
                _ = try ParseSchemaImport(source: "s", skipped: skipped).checkedYAML(from: try Self.json(text))
                return nil
            } catch let error as ParseSchemaImport.Failure {
                return error.description
            }
        }
        #expect(try failure(#"{"error": "unauthorized"}"#)
            == #"this is not a GET /schemas response: expected {"results": [...]}, one class ({"className": ...}) or an array of class definitions"#)
        #expect(try failure(#"[{"fields": {}}]"#)?.hasPrefix("a class without a className") == true)
        #expect(try failure(#"{"className": "A", "fields": {"x": {"type": "Money"}}}"#) == #"A.x: unknown Parse type "Money""#)
        #expect(try failure(#"{"className": "A", "fields": {"x": {"type": "Pointer"}}}"#) == "A.x: a Pointer field has no targetClass")
        #expect(try failure(#"{"className": "A", "fields": {}, "classLevelPermissions": {"find": {"*": false}}}"#)
            == "A: classLevelPermissions.find.* is false; Parse allows only true")
        #expect(try failure(#"{"className": "A", "fields": {}, "classLevelPermissions": {"peek": {}}}"#)
            == "A: classLevelPermissions.peek: not a class-level permission Parse knows")
        #expect(try failure(#"{"className": "A", "fields": {}, "classLevelPermissions": {"get": {"ab-12": true}}}"#)
            == "A: classLevelPermissions.get: 'ab-12' is neither a role nor a user id this schema can write")
        // A name this format refuses names the class and field and what to do.
        let reserved = #"{"className": "A", "fields": {"title": {"type": "String"}, "className": {"type": "String"}}}"#
        let message = try #require(try failure(reserved))
        #expect(message.hasPrefix("the schema cannot be written in this format:\nA.className: "))
        #expect(message.hasSuffix("(leave it out with --skip A.className, or rename it on the server)"))
        #expect(try failure(reserved, skipping: ["A.className"]) == nil)
    }
}

/// Schema files are JavaScript and JSON: strings are escaped as the wire escapes them
/// (ParseWire's JSONString), line separators included, which JavaScript before ES2019 reads
/// as line breaks.
@Suite struct OrderedJSONEscapingTests {
    @Test func stringsAreEscapedAsOnTheWire() {
        #expect(OrderedJSON.string("a\u{08}\u{0C}\u{01}\u{2028}\u{2029}\"").rendered() == #""a\b\f\u0001\u2028\u2029\"""#)
        #expect(OrderedJSON.object([.init("k\u{2028}", .string("v"))]).rendered().contains(#""k\u2028": "v""#))
    }
}
