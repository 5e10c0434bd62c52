import Foundation
import ModelgenTestSupport
import Testing

/// `modelgen import` and `modelgen drift` as users run them: from files here, over HTTP
/// against parse-test-server in Examples/test-server.sh.
@Suite struct ParseSchemaCommandTests {
    static let response = """
        {"results": [
          {"className": "_User", "fields": {"objectId": {"type": "String"}, "username": {"type": "String"},
             "nickname": {"type": "String"}},
           "classLevelPermissions": {"find": {"*": true}, "count": {"*": true}, "get": {"*": true}, "create": {"*": true},
             "update": {"requiresAuthentication": true}, "delete": {}, "addField": {}}},
          {"className": "Score", "fields": {"objectId": {"type": "String"}, "points": {"type": "Number", "required": true},
             "player": {"type": "Pointer", "targetClass": "_User"}},
           "classLevelPermissions": {"find": {"*": true}, "count": {"*": true}, "get": {"*": true},
             "create": {"requiresAuthentication": true}, "update": {"pointerFields": ["player"]}, "delete": {}, "addField": {}},
           "indexes": {"_id_": {"_id": 1}, "points_1": {"points": 1}}}
        ]}
        """

    @Test func importWritesTheSchemaThatDriftThenFindsEqual() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("schemas.json", Self.response)
        let run = try await ModelgenProcess.run(["import", "schemas.json", "--output", "Schemas/App.yaml", "--numbers", "int"],
                                                in: directory.path)
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.stdout == "imported 2 classes into Schemas/App.yaml\n")
        #expect(run.stderr == "modelgen: warning: 1 to review (marked 'import:' in Schemas/App.yaml): "
            + "Score.points (Parse's Number: int or double; imported as int)\n")
        #expect(try directory.read("Schemas/App.yaml") == """
            # Imported by modelgen from schemas.json.
            # Review every comment starting with 'import:', then delete the comment.
            version: 1

            classes:
              _User:
                fields:
                  nickname: string
                permissions:
                  read: public
                  create: public
                  update: authenticated
              Score:
                fields:
                  points: int!   # import: Parse's Number: int or double; imported as int
                  player: pointer<_User>
                indexes:
                  - {fields: [points], name: points_1}
                permissions:
                  read: public
                  create: authenticated
                  update: pointer:player

            """)
        let drift = try await ModelgenProcess.run(["drift", "--response", "schemas.json", "Schemas/App.yaml"], in: directory.path)
        #expect(drift.exitStatus == 0, "\(drift)")
        #expect(drift.stdout == "no drift: the server's schema is what the schema defines\n")

        // lint, then the parse emitter, give back the response's own fields, indexes and permissions.
        #expect(try await ModelgenProcess.run(["lint", "Schemas/App.yaml"], in: directory.path).stdout == "1 file, 2 classes: ok\n")
        let gen = try await ModelgenProcess.run(["gen", "Schemas/App.yaml", "--emitter", "parse", "--output", "out"], in: directory.path)
        #expect(gen.exitStatus == 0, "\(gen)")
        let emitted = try #require(try JSONSerialization.jsonObject(with: Data(directory.read("out/Parse/schema.json").utf8)) as? [[String: Any]])
        let score = try #require(emitted.last)
        #expect(score["className"] as? String == "Score")
        #expect(score["fields"] as? NSDictionary == [
            "points": ["type": "Number", "required": true], "player": ["type": "Pointer", "targetClass": "_User"],
        ] as NSDictionary)
        #expect(score["indexes"] as? NSDictionary == ["points_1": ["points": 1]] as NSDictionary)
        #expect(score["classLevelPermissions"] as? NSDictionary == [
            "find": ["*": true], "count": ["*": true], "get": ["*": true], "create": ["requiresAuthentication": true],
            "update": ["pointerFields": ["player"]], "delete": [:], "addField": [:],
        ] as NSDictionary)
        #expect((emitted.first?["fields"] as? NSDictionary) == ["nickname": ["type": "String"]] as NSDictionary)
    }

    @Test func theParseEmittersFolderMustStayInside() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("App.yaml", "classes:\n  Book:\n    fields:\n      title: string\n")
        let run = try await ModelgenProcess.run(["gen", "App.yaml", "--emitter", "parse", "--option", "parse.folder=../out"],
                                                in: directory.path)
        #expect(run.exitStatus == 1)
        #expect(run.stderr.contains("option 'folder' of emitter 'parse' must be a relative folder inside the output directory"), "\(run)")
        #expect(!directory.exists("Generated") && !directory.exists("../out"))
    }

    @Test func driftPrintsEachDifferenceAndExits2() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("schemas.json", Self.response)
        try directory.write("App.yaml", """
            classes:
              Score:
                fields:
                  points: string!
                  player: pointer<_User>
                indexes:
                  - {fields: [points], name: points_1}
                permissions:
                  read: public
                  create: authenticated
                  update: pointer:player
            """)
        let drift = try await ModelgenProcess.run(["drift", "--response", "schemas.json", "App.yaml"], in: directory.path)
        #expect(drift.exitStatus == 2, "\(drift)")
        #expect(drift.stdout == """
            Score.points: server has Number, schema has String
            _User: the server has it, the schema does not define it

            """)
        #expect(drift.stderr == "modelgen: 2 differences between the server and the schema\n")
    }

    @Test func errorsLoseNothingAndNameTheProblem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("schemas.json", Self.response)
        try directory.write("App.yaml", "# mine\n")
        try directory.write("broken.json", "{\"results\": [\n  {\"className\": \"A\",,}\n]}\n")
        func run(_ arguments: [String], environment: [String: String] = ["PARSE_MASTER_KEY": ""]) async throws -> ModelgenProcess.Outcome {
            try await ModelgenProcess.run(arguments, in: directory.path, environment: environment)
        }
        let exists = try await run(["import", "schemas.json", "--output", "App.yaml"])
        #expect(exists.exitStatus == 1)
        #expect(exists.stderr == "modelgen: error: 'App.yaml' exists; pass --force to replace it\n")
        #expect(try directory.read("App.yaml") == "# mine\n")
        let forced = try await run(["import", "schemas.json", "--output", "App.yaml", "--force"])
        #expect(forced.exitStatus == 0)
        #expect(try directory.read("App.yaml").hasPrefix("# Imported by modelgen from schemas.json."))

        let broken = try await run(["import", "broken.json", "--output", "New.yaml"])
        #expect(broken.exitStatus == 1)
        #expect(broken.stderr.hasPrefix("modelgen: error: broken.json:2:"), "\(broken.stderr)")
        #expect(!directory.exists("New.yaml"))
        let notSchemas = try await run(["import", "App.yaml", "--output", "New.yaml"])
        #expect(notSchemas.exitStatus == 1)
        #expect(notSchemas.stderr.contains("this is not a GET /schemas response"))

        let plainHTTP = try await run(["import", "--server", "http://parse.example.com/parse", "--application-id", "app",
                                       "--output", "New.yaml"], environment: ["PARSE_MASTER_KEY": "s3cret-master"])
        #expect(plainHTTP.exitStatus == 1)
        #expect(plainHTTP.stderr == "modelgen: error: refusing to send the master key over http to parse.example.com: "
            + "use https (plain http only to this machine)\n")
        #expect(!plainHTTP.stderr.contains("s3cret-master"))
        let noKey = try await run(["drift", "--server", "https://parse.example.com/parse", "--application-id", "app", "App.yaml"])
        #expect(noKey.exitStatus == 1)
        #expect(noKey.stderr == "modelgen: error: set PARSE_MASTER_KEY to the app's master key (it is never taken from a flag)\n")
        let unreachable = try await run(["drift", "--server", "http://127.0.0.1:9/parse", "--application-id", "app", "App.yaml"],
                                        environment: ["PARSE_MASTER_KEY": "s3cret-master"])
        #expect(unreachable.exitStatus == 1)
        #expect(unreachable.stderr.hasPrefix("modelgen: error: cannot read the schema from http://127.0.0.1:9/parse: "))
        #expect(!unreachable.stderr.contains("s3cret-master") && !unreachable.stdout.contains("s3cret-master"))
        let both = try await run(["import", "schemas.json", "--server", "https://x/parse", "--output", "New.yaml"])
        #expect(both.exitStatus == 64)
        #expect(!directory.exists("New.yaml"))
    }
}
