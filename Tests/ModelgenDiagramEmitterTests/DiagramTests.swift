import Foundation
import ModelgenDiagramEmitter
import ModelgenEmitter
import ModelgenSchema
import ModelgenTestSupport
import Testing

/// The Mermaid and DOT text of every sample is the committed `Generated/<Sample>/Diagram`
/// (which `modelgen check` keeps fresh), and the options' variants are golden files.
@Suite struct DiagramGoldenTests {
    static func compare(_ file: GeneratedFile?, with path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let text = try #require(file?.contents, "no file for \(path)", sourceLocation: sourceLocation)
        if RepositoryFiles.updating {
            try RepositoryFiles.write(path, text)
            return
        }
        #expect((try? RepositoryFiles.read(path)) == text, "\(path) differs from the emitted text", sourceLocation: sourceLocation)
    }

    @Test(arguments: RepositoryFiles.sampleNames)
    func eachSampleIsTheCommittedDiagram(sample: String) throws {
        let run = emitDiagram(try sampleSchema(sample))
        #expect(run.files.keys.sorted() == ["Diagram/\(sample).dot", "Diagram/\(sample).md", "Diagram/\(sample).svg"])
        try Self.compare(run.files["Diagram/\(sample).md"], with: "Generated/\(sample)/Diagram/\(sample).md")
        try Self.compare(run.files["Diagram/\(sample).dot"], with: "Generated/\(sample)/Diagram/\(sample).dot")
        // The SVG is drawn from the DOT text: its digest names that text.
        let svg = try #require(run.files["Diagram/\(sample).svg"]?.drawing)
        #expect(svg.digest == StableHash.fnv1a64(try #require(run.files["Diagram/\(sample).dot"]).contents))
        #expect(svg.origin == "Drawn by Graphviz from \(sample).dot")
    }

    @Test func namesOnlyLeftToRightWithAnotherNameAndFolder() throws {
        let run = emitDiagram(try sampleSchema("Library"), DiagramOptions(name: "Books", show: .names, direction: .LR, folder: "Docs/ER"))
        #expect(run.files.keys.sorted() == ["Docs/ER/Books.dot", "Docs/ER/Books.md", "Docs/ER/Books.svg"])
        try Self.compare(run.files["Docs/ER/Books.md"], with: "Tests/ModelgenDiagramEmitterTests/Goldens/names-LR/Books.md")
        try Self.compare(run.files["Docs/ER/Books.dot"], with: "Tests/ModelgenDiagramEmitterTests/Goldens/names-LR/Books.dot")
    }

    @Test(arguments: RepositoryFiles.sampleNames)
    func compiledTemplatesGiveWhatTheInterpreterGives(sample: String) throws {
        let schema = try sampleSchema(sample)
        let compiled = emitDiagram(schema), interpreted = emitDiagram(schema, interpreted: true)
        for path in ["Diagram/\(sample).md", "Diagram/\(sample).dot"] {
            #expect(compiled.files[path]?.contents == interpreted.files[path]?.contents, "\(path)")
        }
    }
}

/// What the diagram draws: every class, and every pointer, relation and array of pointers as
/// a line with the right cardinality, derived here from the schema on its own.
@Suite struct DiagramContentTests {
    /// The relationship lines a schema must give, from its fields.
    static func expectedLines(_ schema: Schema) -> [String] {
        var lines: [String] = []
        for definition in schema.classes {
            for field in definition.fields {
                let ends: String
                let target: String
                switch field.type {
                case .pointer(let name):
                    target = name
                    ends = (field.isUnique ? "|o" : "}o") + "--" + (field.isRequired ? "||" : "o|")
                case .relation(let name):
                    target = name
                    ends = "}o--o{"
                case .array(.pointer(let name)):
                    target = name
                    ends = "||--o{"
                default:
                    continue
                }
                lines.append("    \"\(definition.name)\" \(ends) \"\(target)\" : \"\(field.name)\"")
            }
        }
        return lines
    }

    @Test func everyClassIsABoxAndEveryLinkALineWithItsCardinality() throws {
        for (name, schema) in try everySchema() {
            let page = try #require(emitDiagram(schema).files.values.first { $0.path.hasSuffix(".md") }).contents
            let lines = try mermaidBlock(page)
            #expect(lines.filter { $0.hasPrefix("    \"") && $0.contains("--") } == Self.expectedLines(schema), "\(name)")
            for definition in schema.classes {
                #expect(lines.contains("    \"\(definition.name)\" {"), "\(name): \(definition.name)")
                for field in definition.fields {
                    #expect(lines.contains { $0.hasPrefix("        ") && $0.split(separator: " ").dropFirst().first.map(String.init)?
                        .trimmingCharacters(in: CharacterSet(charactersIn: "_")) == field.name.trimmingCharacters(in: CharacterSet(charactersIn: "_")) },
                            "\(name): \(definition.name).\(field.name)")
                }
            }
        }
    }

    @Test func eachKindOfFieldIsDrawnAsTheIssueOfItsKindSays() throws {
        let schema = try loadSchema("""
            enums:
              Size: {values: [small, large]}
            embedded:
              Address:
                fields:
                  street: string
                  city: string
            classes:
              Shop:
                fields:
                  owner: {type: pointer<_User>, required: true}
                  manager: pointer<Person>
                  licence: {type: pointer<Licence>, unique: true, required: true}
                  staff: relation<Person>
                  shelves: array<pointer<Shelf>>
                  address: Address
                  size: Size
                  code: {type: string, unique: true}
                  pk: int
              Person:
                fields:
                  shops: inverse<Shop.staff>
              Licence:
                fields:
                  number: string!
              Shelf:
                fields:
                  label: string
            """)
        let page = try #require(emitDiagram(schema).files["Diagram/Test.md"]).contents
        #expect(try mermaidBlock(page) == [
            "erDiagram",
            "    direction TB",
            "    \"Shop\" {",
            "        string objectId PK",
            "        pointer~_User~ owner FK \"required\"",
            "        pointer~Person~ manager FK",
            "        pointer~Licence~ licence FK, UK \"required\"",
            "        relation~Person~ staff",
            "        array~pointer~Shelf~~ shelves",
            "        Address address \"{street, city}\"",
            "        Size size \"one of small, large\"",
            "        string code UK",
            "        int pk_",
            "    }",
            "    \"Person\" {",
            "        string objectId PK",
            "        inverse~Shop.staff~ shops \"the other end of Shop.staff\"",
            "    }",
            "    \"Licence\" {",
            "        string objectId PK",
            "        string number \"required\"",
            "    }",
            "    \"Shelf\" {",
            "        string objectId PK",
            "        string label",
            "    }",
            "    \"_User\" {",
            "        string objectId PK",
            "    }",
            "    \"Shop\" }o--|| \"_User\" : \"owner\"",
            "    \"Shop\" }o--o| \"Person\" : \"manager\"",
            "    \"Shop\" |o--|| \"Licence\" : \"licence\"",
            "    \"Shop\" }o--o{ \"Person\" : \"staff\"",
            "    \"Shop\" ||--o{ \"Shelf\" : \"shelves\"",
        ])
        let dot = try #require(emitDiagram(schema).files["Diagram/Test.dot"]).contents
        #expect(dot.contains(#"    "Shop":"owner" -> "_User" [label="owner", arrowtail=crowodot, arrowhead=teetee];"#))
        #expect(dot.contains(#"    "Shop":"licence" -> "Licence" [label="licence", arrowtail=teeodot, arrowhead=teetee];"#))
        #expect(dot.contains(#"    "Shop":"shelves" -> "Shelf" [label="shelves", arrowtail=teetee, arrowhead=crowodot];"#))
        #expect(dot.contains(#"<tr><td port="address" align="left">address</td><td align="left">Address</td><td align="left">{street, city}</td></tr>"#))
        #expect(dot.contains(#"<td align="left">pointer&lt;_User&gt;</td><td align="left">FK, required</td>"#))
    }
}

/// Every diagram's Mermaid text parses: line by line against the grammar, and, where Python's
/// `mermaidx` (the real Mermaid, run in an embedded JavaScript engine) is installed, by Mermaid
/// itself. `.ci/run` installs it.
@Suite struct MermaidSyntaxTests {
    static func pages() throws -> [(name: String, page: String)] {
        var pages: [(String, String)] = []
        for (name, schema) in try everySchema() {
            for options in [DiagramOptions(), DiagramOptions(show: .names, direction: .RL)] {
                let page = try #require(emitDiagram(schema, options).files.values.first { $0.path.hasSuffix(".md") }).contents
                pages.append(("\(name), \(options.show.rawValue), \(options.direction.rawValue)", page))
            }
        }
        return pages
    }

    @Test func everyLineIsAnERDiagramStatement() throws {
        for (name, page) in try Self.pages() {
            #expect(MermaidGrammar.problems(try mermaidBlock(page)) == [], "\(name)")
        }
    }

    @Test func theCheckerRefusesWhatMermaidRefuses() {
        #expect(MermaidGrammar.problems(["erDiagram", "    \"A\" {", "        array<string> tags", "    }"])
                == ["line 3 is no erDiagram statement:         array<string> tags"])
        #expect(MermaidGrammar.problems(["erDiagram", "    \"A\" {", "        int pk", "    }"])
                == ["line 3: 'pk' is a key to Mermaid, not a type or a name"])
        #expect(MermaidGrammar.problems(["erDiagram", "    \"A\" }o--?? \"B\" : \"x\""]).count == 1)
        #expect(MermaidGrammar.problems(["erDiagram", "    \"A\" {", "        string name \"a \"quoted\" note\"", "    }"]).count == 1)
        #expect(MermaidGrammar.problems(["erDiagram", "    \"A\" {"]) == ["a block is never closed"])
        #expect(MermaidGrammar.problems(["graph TD"]).count == 2)
    }

    /// Mermaid's own parser (`mermaid.parse`), from the mermaid.js that Python's `mermaidx`
    /// 0.10.1 ships and runs in QuickJS: the scripts it loads into a fresh context (its
    /// `context_scripts`), then a parse per diagram. Parsing takes milliseconds where drawing
    /// takes seconds.
    static let parseScript = """
        import json, sys
        import quickjs
        from mermaidx.engines._common import context_scripts
        context = quickjs.Context()
        context.set_memory_limit(512 * 1024 * 1024)
        context.set_max_stack_size(24 * 1024 * 1024)
        for hook in ["__log_raw", "__measureText_raw", "__measureTextFull_raw", "__measureGlyphs_raw", "__measureForeignObject_raw"]:
            context.add_callable(hook, lambda *arguments: 0)
        context.eval("globalThis.__flat = (v) => v; globalThis.__log = (s) => {};")
        for script in context_scripts():
            context.eval(script)
        failures = []
        for name, text in json.load(sys.stdin):
            context.eval("globalThis.__done = false; globalThis.__error = null;"
                         + "mermaid.parse(" + json.dumps(text) + ").then(() => { globalThis.__done = true; })"
                         + ".catch(e => { globalThis.__error = String(e && e.message || e); globalThis.__done = true; });")
            while not context.eval("globalThis.__done"):
                if not context.execute_pending_job():
                    break
            if not context.eval("globalThis.__done"):
                failures.append(name + ": the parse never finished")
            elif context.eval("globalThis.__error"):
                failures.append(name + ": " + context.eval("globalThis.__error"))
        print(json.dumps(failures))
        """

    @Test func mermaidItselfParsesEveryDiagram() async throws {
        let probe = try await Shell.run("/usr/bin/env", ["python3", "-c", "import quickjs, mermaidx.engines._common"])
        guard probe.succeeded else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("python3 with mermaidx is required under CI (.ci/run installs it)")
            } else {
                print("MermaidSyntaxTests: Mermaid itself skipped, python3 with mermaidx is not installed (pip install mermaidx==0.10.1)")
            }
            return
        }
        var blocks: [[String]] = []
        for (name, page) in try Self.pages() { blocks.append([name, try mermaidBlock(page).joined(separator: "\n") + "\n"]) }
        // A diagram Mermaid must refuse, so a parser that accepts anything fails here.
        blocks.append(["broken", "erDiagram\n    \"A\" {\n        array<string> tags\n    }\n"])
        let input = String(decoding: try JSONSerialization.data(withJSONObject: blocks), as: UTF8.self)
        let run = try await Shell.run("/usr/bin/env", ["python3", "-c", Self.parseScript], input: input)
        #expect(run.succeeded, "\(run)")
        let failures = try JSONDecoder().decode([String].self, from: Data(run.stdout.utf8))
        #expect(failures.count == 1 && failures.first?.hasPrefix("broken: Parse error on line 3") == true, "\(failures)")
    }
}
