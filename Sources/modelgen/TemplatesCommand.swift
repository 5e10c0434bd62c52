import ArgumentParser
import ModelgenFileSystem
import ModelgenTemplates

/// `modelgen templates`: work with the default templates.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Work with the default templates.",
        subcommands: [Dump.self, List.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the default templates by name.")

        func run() {
            for name in DefaultTemplates.files.keys.sorted() { Console.out(name) }
        }
    }

    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dump",
            abstract: "Write the default templates into a folder, to start overriding them.",
            discussion: """
                Point 'templates:' in modelgen.yml at the folder and edit the copies; files you delete \
                fall back to the defaults. An existing file with other content is never overwritten \
                unless --force is given.
                """)

        @Argument(help: "The folder to write the templates into (created when missing).")
        var directory: String

        @Flag(name: .long, help: "Overwrite files whose content differs from the defaults.")
        var force = false

        func run() throws {
            let names = DefaultTemplates.files.keys.sorted()
            var conflicts: [String] = []
            for name in names {
                let path = FileSystem.join(directory, name)
                switch FileSystem.kind(path) {
                case .missing: continue
                case .file:
                    let bytes = try? FileSystem.read(path)
                    if bytes != Array(DefaultTemplates.files[name]!.utf8) && !force { conflicts.append(path) }
                default:
                    Console.error("modelgen: error: '\(path)' is in the way and is not a regular file")
                    throw ExitCode(1)
                }
            }
            guard conflicts.isEmpty else {
                for path in conflicts {
                    Console.error("modelgen: error: '\(path)' exists with other content; nothing was written")
                }
                Console.error("modelgen: note: pass --force to replace them with the defaults")
                throw ExitCode(1)
            }
            var written = 0
            do {
                try FileSystem.makeDirectories(directory)
                for name in names {
                    let path = FileSystem.join(directory, name)
                    let bytes = Array(DefaultTemplates.files[name]!.utf8)
                    if (try? FileSystem.read(path)) == bytes { continue }
                    try FileSystem.replaceWhole(path, bytes: bytes)
                    written += 1
                }
            } catch {
                Console.error("modelgen: error: \(error.description)")
                throw ExitCode(1)
            }
            Console.out("\(directory): \(written) written, \(names.count - written) unchanged")
        }
    }
}
