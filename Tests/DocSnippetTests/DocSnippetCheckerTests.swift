import Testing

/// The checker itself: a block it should refuse is refused.
@Suite struct DocSnippetCheckerTests {
    @Test func blocksAndTheirMarkers() {
        let page = """
            Text.

            <!-- check: compile, import BookstoreModels, given client: ParseClient, given id: String -->
            ```swift
            let book = try await client.get(Book.self, id: id)
            ```

            ```swift
            print("no marker")
            ```

            <!-- check: compile, imports Foo -->
            ```swift
            ```

            ```yaml
            classes: {}
            ```

            ```sh
            swift test
            ```
            """
        let snippets = DocSnippet.snippets(in: "docs/Page.md", text: page)
        #expect(snippets.map(\.language) == ["swift", "swift", "swift", "yaml"])
        #expect(snippets.map(\.line) == [4, 8, 13, 16])
        #expect(snippets[0].check == .compile(imports: ["BookstoreModels"], givens: ["client: ParseClient", "id: String"]))
        #expect(snippets[0].text == "let book = try await client.get(Book.self, id: id)")
        #expect(snippets[1].check == .unknown("a Swift block needs a `<!-- check: ... -->` line above it"))
        #expect(snippets[2].check == .unknown("<!-- check: compile, imports Foo -->"))
        #expect(snippets[3].check == .schema)
        #expect(snippets.map(\.ordinal) == [1, 2, 3, 1])
    }

    @Test func mermaidBlocksNeedAMarker() {
        let page = """
            <!-- check: same block as Generated/Library/Diagram/Library.md -->
            ```mermaid
            erDiagram
            ```

            ```mermaid
            erDiagram
            ```
            """
        let snippets = DocSnippet.snippets(in: "README.md", text: page)
        #expect(snippets.map(\.check) == [.sameBlock(as: "Generated/Library/Diagram/Library.md"),
                                          .unknown("a Mermaid block needs a `<!-- check: ... -->` line above it")])
    }

    @Test func excerptsMatchInOrder() {
        let file = "struct A {\n    var x: Int\n    var y: Int\n}\n"
        #expect(firstMissingLine(of: "struct A {\n    ...\n    var y: Int   // the second\n}", in: file, language: "swift") == nil)
        #expect(firstMissingLine(of: "var y: Int\nvar x: Int", in: file, language: "swift") == "var x: Int")
        #expect(firstMissingLine(of: "var z: Int", in: file, language: "swift") == "var z: Int")
    }

    @Test func compiledFileOfABlock() {
        let snippet = DocSnippet(document: "docs/RESTClient.md", line: 3, language: "swift",
                                 check: .compile(imports: ["GameModels"], givens: ["client: ParseClient"]),
                                 text: "import Foundation\nimport Testing\n\nlet scores = try await client.find(GameScore.query())\nprint(scores)",
                                 ordinal: 7)
        #expect(CompiledSnippet.fileName(of: snippet) == "RESTClient.7.swift")
        #expect(CompiledSnippet.source(of: snippet, imports: ["GameModels"], givens: ["client: ParseClient"]) == """
            // docs/RESTClient.md, Swift block 7, compiled by DocSnippetTests.
            // Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
            import Foundation
            import ParseRuntime
            import GameModels
            import Testing

            @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
            func restClientBlock7(client: ParseClient) async throws {
                let scores = try await client.find(GameScore.query())
                print(scores)

                _ = scores
            }

            """)
    }

    @Test func parseSwiftCallsAgainstDeclarations() {
        let declared = declaredFunctions(in: """
            public func containedIn<Model, Value: Codable>(key field: ParseField<Model, Value>, array: [Value]) -> QueryConstraint {
            public func withinMiles<Model>(key field: ParseField<Model, ParseGeoPoint>, geoPoint: ParseGeoPoint,
                                           distance: Double, sorted: Bool = true) -> [QueryConstraint] {
            """)
        #expect(declared == ["containedIn(key:array:)", "withinMiles(key:geoPoint:distance:sorted:)", "withinMiles(key:geoPoint:distance:)"])
        let calls = labeledFreeFunctionCalls(in: """
            let q = GameScore.query(containedIn(key: GameScore.Field.name, array: ["a"]), GameScore.Field.score >= 1)
                .order([.descending(GameScore.Field.score)])
            let near = withinMile(key: Place.Field.location, geoPoint: here, distance: 10)
            """)
        #expect(calls == ["containedIn(key:array:)", "withinMile(key:geoPoint:distance:)"])
        #expect(calls.filter { !declared.contains($0) } == ["withinMile(key:geoPoint:distance:)"])
    }
}
