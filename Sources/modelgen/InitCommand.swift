import ArgumentParser
import ModelgenFileSystem

/// `modelgen init`: a starter schema, `modelgen.yml` and a CI workflow, never over a file that
/// exists.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a project: a starter schema, modelgen.yml and a CI workflow that runs 'modelgen check'.",
        discussion: "A file that already exists is left as it is.")

    @Argument(help: "The project's folder (default: the current directory).")
    var directory: String = "."

    func run() throws {
        var created: [String] = []
        do {
            for file in StarterFiles.all {
                let path = FileSystem.join(directory, file.path)
                guard FileSystem.kind(path) == .missing else {
                    Console.out("kept \(file.path) (it exists)")
                    continue
                }
                _ = try FileSystem.makeDirectories(FileSystem.parent(path))
                try FileSystem.replaceWhole(path, bytes: Array(file.text.utf8))
                Console.out("created \(file.path)")
                created.append(file.path)
            }
        } catch {
            Console.error("modelgen: error: \(error.description)")
            throw ExitCode(1)
        }
        guard !created.isEmpty else { return }
        Console.out("next: edit \(StarterFiles.schemaPath), then run 'modelgen gen'")
    }
}

/// What `modelgen init` writes.
enum StarterFiles {
    static let schemaPath = "Schemas/App.yaml"

    static let all: [(path: String, text: String)] = [
        ("modelgen.yml", """
            # modelgen's configuration (docs/CLI.md): which schemas, where the output goes, which emitters.
            inputs: [Schemas/*.yaml]
            output: Generated
            emitters:
              swift: {access: public}   # runtime: ParseSwift to build on the ParseSwift SDK
              sql: {}                   # PostgreSQL and SQLite DDL
              # parse: {}               # Parse Server's defined schema (docs/ParseServer.md)

            """),
        (schemaPath, """
            # A starter schema: edit it, then run `modelgen gen`. The format is docs/SchemaReference.md.
            version: 1
            description: The app's data model.

            enums:
              Status:
                values: [draft, published, archived]

            classes:
              Post:
                description: A post that users write.
                fields:
                  title: string!                               # '!': required
                  body: {type: string, maxLength: 10000}       # optional unless marked
                  status: {type: Status, default: draft}
                  author: {type: pointer<_User>, onDelete: setNull}
                  tags: {type: array<string>, maxCount: 20}
                indexes:
                  - [author, status]
                permissions:                                   # enforced by Parse Server
                  read: public
                  create: authenticated
                  update: pointer:author
                  delete: pointer:author

            """),
        (".github/workflows/modelgen.yml", """
            # Fails when the generated code is not what the schemas say (docs/CLI.md, CI recipe).
            name: generated-code
            on: [push, pull_request]
            jobs:
              modelgen-check:
                runs-on: ubuntu-latest
                # Any Swift 6.1 or later: modelgen's manifest uses package traits.
                container: swift:6.3-bookworm
                steps:
                  - uses: actions/checkout@v4
                  - run: apt-get update && apt-get install -y libyaml-dev
                  # modelgen as the package resolves it (by URL, or by path).
                  - run: swift run modelgen check
                    # 0: fresh. 2: a schema changed without `modelgen gen` (the log shows the diff).
                    # 1: the schema or config is invalid.

            """),
    ]
}
