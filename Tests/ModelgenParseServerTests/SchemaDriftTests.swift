import ModelgenParseServer
import ModelgenSchema
import ModelgenTestSupport
import ModelgenYAML
import Testing

/// `modelgen drift`'s comparison: the schema's definitions against a live `GET /schemas`.
@Suite struct SchemaDriftTests {
    static func schema(_ text: String) throws -> Schema {
        let loaded = SchemaLoading.load(sources: [("s.yaml", text)])
        return try #require(loaded.schema, "\(loaded.diagnostics)")
    }

    @Test(arguments: Samples.names)
    func aServerMadeFromTheDefinitionsHasNoDrift(sample: String) throws {
        let definitions = try ParseSchemaImportTests.json(RepositoryFiles.read("Tests/ModelgenParseServerTests/Goldens/\(sample)/schema.json"))
        #expect(try SchemaDrift.differences(schema: Samples.schema(sample), live: definitions) == [])
    }

    /// A class or field renamed with `formerly`, which the server still has under its old name,
    /// is one line that says so (and the rest of it is compared), not a class missing and another extra.
    @Test func aRenameTheServerHasNotTakenIsOneLine() throws {
        let schema = try Self.schema("""
            classes:
              Writer:
                formerly: Author
                fields:
                  fullName: {type: string, formerly: name}
                  born: int
            """)
        let live = try ParseSchemaImportTests.json("""
            {"results": [
              {"className": "Author", "fields": {"objectId": {"type": "String"}, "name": {"type": "String"}, "born": {"type": "String"}}}
            ]}
            """)
        #expect(try SchemaDrift.differences(schema: schema, live: live) == [
            "Writer: the server has it as Author, its name before the rename the schema declares (formerly); Parse Server cannot rename a class",
            "Writer.fullName: the server has it as name, its name before the rename the schema declares (formerly); Parse Server cannot rename a field",
            "Writer.born: server has String, schema has Number",
        ])
    }

    @Test func everyKindOfDifferenceIsOneLine() throws {
        let schema = try Self.schema("""
            classes:
              Book:
                fields:
                  title: string!
                  price: double
                  owner: pointer<_User>
                  year: {type: int, default: 2000}
                  gone: string
                indexes:
                  - {fields: [title], name: by_title}
                  - {fields: [year, title], name: by_year}
                permissions:
                  read: public
                  update: [pointer:owner, role:Admin]
                  protectedFields:
                    public: [price]
              Missing:
                fields:
                  name: string
            """)
        let live = try ParseSchemaImportTests.json("""
            {"results": [
              {"className": "_User", "fields": {"objectId": {"type": "String"}, "username": {"type": "String"}}},
              {"className": "_Role", "fields": {"name": {"type": "String"}}},
              {"className": "_Session", "fields": {"user": {"type": "Pointer", "targetClass": "_User"}}},
              {"className": "_PushStatus", "fields": {"pushTime": {"type": "String"}}},
              {"className": "Book", "fields": {
                 "objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"}, "ACL": {"type": "ACL"},
                 "title": {"type": "String"},
                 "price": {"type": "String"},
                 "owner": {"type": "Pointer", "targetClass": "Person"},
                 "year": {"type": "Number", "defaultValue": 1999},
                 "extra": {"type": "Boolean"}},
               "indexes": {"_id_": {"_id": 1}, "by_title": {"title": 1}, "by_year": {"title": 1, "year": 1}, "by_price": {"price": 1}},
               "classLevelPermissions": {"find": {"*": true}, "count": {"*": true}, "get": {}, "create": {},
                 "update": {"role:Admin": true, "pointerFields": ["owner"]}, "delete": {}, "addField": {"*": true},
                 "protectedFields": {"*": ["price", "title"]}}},
              {"className": "Legacy", "fields": {"objectId": {"type": "String"}}}
            ]}
            """)
        #expect(try SchemaDrift.differences(schema: schema, live: live) == [
            "Book.title: server has it not required, schema has it required",
            "Book.price: server has String, schema has Number",
            "Book.owner: server has Pointer<Person>, schema has Pointer<_User>",
            "Book.year: server's default is 1999, schema's is 2000",
            "Book.gone: the schema has String, the server has no such field",
            "Book.extra: the server has Boolean, the schema has no such field",
            "Book index by_year: server has [title, year], schema has [year, title]",
            "Book index by_price: the server has [price], the schema has no such index",
            "Book permissions get: server has {} (master key only), schema has *",
            "Book permissions protectedFields.*: server has price, title, schema has price",
            "Missing: the schema defines it, the server has no such class",
            "Legacy: the server has it, the schema does not define it",
        ])
    }

    /// `name_1` is Parse's own index on `_Role` only: on a class of the app it is the app's,
    /// as `import` writes it, so `drift` compares it.
    @Test func anIndexNamedLikeABuiltInOneIsTheAppsOnItsOwnClass() throws {
        let schema = try Self.schema("classes:\n  Tag:\n    fields:\n      name: string\n")
        let live = try ParseSchemaImportTests.json("""
            {"results": [{"className": "Tag", "fields": {"name": {"type": "String"}},
                          "indexes": {"_id_": {"_id": 1}, "name_1": {"name": 1}}},
                         {"className": "_Role", "fields": {"name": {"type": "String"}}, "indexes": {"name_1": {"name": 1}}}]}
            """)
        #expect(try SchemaDrift.differences(schema: schema, live: live) == [
            "Tag index name_1: the server has [name], the schema has no such index",
        ])
    }

    @Test func whatIsNotASchemasResponseIsAnError() throws {
        #expect(throws: ParseSchemaImport.Failure.self) {
            try SchemaDrift.differences(schema: Self.schema("classes: {}"), live: ParseSchemaImportTests.json(#"{"code": 1}"#))
        }
    }
}
