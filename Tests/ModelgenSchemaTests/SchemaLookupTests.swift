import ModelgenDiagnostics
import ModelgenSchema
import Testing

/// Emitters look a type up by name for every field that names one, so the schema finds it
/// without scanning every declaration; a schema changed after it was made still finds its types.
@Suite struct SchemaLookupTests {
    private func schema(loaded text: String) throws -> Schema {
        let result = SchemaLoading.load(sources: [("t.yaml", text)])
        return try #require(result.schema, "\(result.diagnostics)")
    }

    @Test func typesAreFoundByName() throws {
        let schema = try schema(loaded: """
            enums:
              Color: {values: [red, green]}
              Size: {values: [small, large]}
            embedded:
              Point: {fields: {x: double}}
            classes:
              Shop: {fields: {name: string}}
              Item: {fields: {shop: pointer<Shop>, color: Color, size: Size, at: Point}}
            """)
        #expect(schema.enumDefinition(named: "Size")?.cases.map(\.name) == ["small", "large"])
        #expect(schema.enumDefinition(named: "Color")?.cases.map(\.name) == ["red", "green"])
        #expect(schema.embeddedDefinition(named: "Point")?.fields.map(\.name) == ["x"])
        #expect(schema.classDefinition(named: "Item")?.fields.map(\.name) == ["shop", "color", "size", "at"])
        #expect(schema.classDefinition(named: "Shop")?.fields.map(\.name) == ["name"])
        #expect(schema.enumDefinition(named: "Shop") == nil && schema.classDefinition(named: "Color") == nil)
        #expect(schema.classDefinition(named: "Missing") == nil)
    }

    @Test func aSchemaChangedAfterItWasMadeStillFindsItsTypes() throws {
        var schema = try schema(loaded: """
            enums:
              Color: {values: [red, green]}
              Size: {values: [small, large]}
            """)
        let location = SourceLocation(file: "t.yaml", line: 1, column: 1)
        // Removed, reordered, added: each lookup still answers by the schema as it is now.
        schema.enums.removeFirst()
        #expect(schema.enumDefinition(named: "Size")?.cases.map(\.name) == ["small", "large"])
        #expect(schema.enumDefinition(named: "Color") == nil)
        schema.enums.append(EnumDefinition(name: "Shape", rawType: .string,
                                           cases: [.init(name: "round", rawValue: .string("round"), location: location)],
                                           file: "t.yaml", location: location))
        #expect(schema.enumDefinition(named: "Shape")?.cases.map(\.name) == ["round"])
        // Equality is the declarations': the same schema made afresh is equal, whatever was changed before.
        let afresh = Schema(files: schema.files, classes: schema.classes, enums: schema.enums, embeddedTypes: schema.embeddedTypes)
        #expect(afresh == schema)
        #expect(afresh.hashValue == schema.hashValue)
    }
}
