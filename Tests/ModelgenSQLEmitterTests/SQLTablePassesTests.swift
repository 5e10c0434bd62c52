import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
@testable import ModelgenSQLEmitter
import Testing

/// A small schema's tables are made once and held for the checks and both scripts; a large
/// one's are made again by each script, and the checks and the table order read outlines,
/// which leave out most columns. An outline must agree with the whole table in all that they
/// read, and either way the scripts and the problems must be the same.
@Suite struct SQLTablePassesTests {
    /// A class with spatial columns, indexed alone, together with another field, and not at
    /// all; pointers, one of them indexed, and a relation.
    static let spatial = """
        classes:
          Place:
            fields:
              location: {type: geopoint, index: true}
              area: polygon
              border: polygon
              name: {type: string, unique: true, maxLength: 40, default: x}
              owner: {type: pointer<Owner>, index: true}
              next: pointer<Place>
              visitors: relation<Owner>
            indexes:
              - [area]
              - [border, name]
          Owner:
            fields:
              rank: {type: int, min: 0}
        """

    static func layouts(_ schema: Schema, _ layout: SQLOptions.Layout) -> (full: SQLTableList, outline: SQLTableList) {
        switch layout {
        case .relational: (RelationalLayout(schema: schema).tables(.full), RelationalLayout(schema: schema).tables(.outline))
        case .parseServer: (ParseServerLayout(schema: schema).tables(.full), ParseServerLayout(schema: schema).tables(.outline))
        }
    }

    static func expectAgreement(_ schema: Schema, _ layout: SQLOptions.Layout) -> Int {
        let (full, outline) = layouts(schema, layout)
        #expect(outline.count == full.count)
        var spatialColumns = 0
        for index in 0..<min(full.count, outline.count) {
            let whole = full[index], part = outline[index]
            #expect(part.name == whole.name)
            #expect(part.origin == whole.origin)
            #expect(part.location == whole.location)
            #expect(part.primaryKey == whole.primaryKey)
            #expect(part.foreignKeys == whole.foreignKeys)
            #expect(part.indexes == whole.indexes)
            // Some of the columns, in their order, and every point and polygon among them.
            let columns = whole.elements.filter(\.isColumn)
            var kept = part.elements.filter(\.isColumn)[...]
            for column in columns where column == kept.first { kept.removeFirst() }
            #expect(kept.isEmpty, "\(whole.name): \(kept)")
            let spatial = columns.filter { if case .column(let column) = $0 { column.type.isSpatial } else { false } }
            #expect(spatial.allSatisfy(part.elements.contains), "\(whole.name)")
            spatialColumns += spatial.count
        }
        return spatialColumns
    }

    @Test(arguments: Samples.names, [SQLOptions.Layout.relational, .parseServer])
    func anOutlineAgreesWithItsTableOnTheSamples(sample: String, layout: SQLOptions.Layout) throws {
        let spatialColumns = Self.expectAgreement(try Samples.schema(sample), layout)
        // Game, People, TodoList and Tutorial have geopoints and polygons, which an outline keeps.
        #expect((spatialColumns > 0) == ["Game", "People", "TodoList", "Tutorial"].contains(sample))
    }

    @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
    func anOutlineKeepsSpatialColumnsAndTheIndexesOnThem(layout: SQLOptions.Layout) throws {
        let schema = try #require(SchemaLoading.load(sources: [("Test.yaml", Self.spatial)]).schema)
        #expect(Self.expectAgreement(schema, layout) == 3)
        let place = Self.layouts(schema, layout).outline[layout == .relational ? 0 : 1]
        #expect(place.name == "Place")
        #expect(place.indexes.filter(\.isSpatial).map(\.name) == ["Place_location_idx", "Place_area_idx", "Place_border_name_idx"])
    }

    /// Emits with the tables held, and with every table made again (as for a large schema).
    static func bothWays(_ schema: Schema, _ layout: SQLOptions.Layout) -> [(files: [String: String], diagnostics: [String])] {
        [SQLEmitter(options: SQLOptions(layout: layout)).keptTables, 0].map { kept in
            var emitter = SQLEmitter(options: SQLOptions(layout: layout))
            emitter.keptTables = kept
            var diagnostics = DiagnosticCollector()
            let files = emitter.emit(schema, context: EmitterContext(), diagnostics: &diagnostics)
            return (Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) }), diagnostics.diagnostics.map(\.description))
        }
    }

    @Test(arguments: Samples.names, [SQLOptions.Layout.relational, .parseServer])
    func heldOrMadeAgainTheTablesGiveTheSameScripts(sample: String, layout: SQLOptions.Layout) throws {
        let runs = Self.bothWays(try Samples.schema(sample), layout)
        #expect(runs[0].files.count == 2)
        #expect(runs[0].files == runs[1].files)
        #expect(runs[0].diagnostics.isEmpty && runs[1].diagnostics.isEmpty)
    }

    @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
    func heldOrMadeAgainTheTablesGiveTheSameProblems(layout: SQLOptions.Layout) throws {
        // A unique index on a geopoint, one that mixes a polygon with text, and an index named
        // like a table.
        let yaml = """
            classes:
              Place:
                fields:
                  location: {type: geopoint, unique: true}
                  area: polygon
                  name: string
                indexes:
                  - {fields: [area, name], name: Other}
              Other:
                fields:
                  x: int
            """
        let schema = try #require(SchemaLoading.load(sources: [("Test.yaml", yaml)]).schema)
        let runs = Self.bothWays(schema, layout)
        #expect(runs[0].files.isEmpty && runs[1].files.isEmpty)
        #expect(runs[0].diagnostics.count == 3, "\(runs[0].diagnostics)")
        #expect(runs[0].diagnostics == runs[1].diagnostics)
    }
}
