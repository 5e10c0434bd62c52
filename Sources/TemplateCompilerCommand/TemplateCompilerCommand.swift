import Foundation
import ModelgenFileSystem
import ModelgenTemplateCompiler

/// `swift run template-compiler`: after a change to `Templates/*.mustache` or to the view specs
/// (Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift), writes every file derived from
/// them, each only when its text changes. Run it from the repository's root; a test fails while
/// any derived file is stale. For maintainers: users never run it.
@main
enum TemplateCompilerCommand {
    static func main() {
        let root = CommandLine.arguments.dropFirst().first ?? FileSystem.currentDirectory()
        guard FileSystem.kind(FileSystem.join(root, "Package.swift")) == .file else {
            fail("\(root) is not modelgen's repository (no Package.swift); run from its root or pass the root")
        }
        let templates: [(name: String, text: String)]
        do {
            templates = try DerivedSources.templates(inRepository: root)
        } catch {
            fail(error.description)
        }
        for template in templates {
            if let problem = DerivedSources.embeddingProblem(template) { fail("Templates/\(problem)") }
        }
        let files: [DerivedFile]
        do {
            files = try DerivedSources.all(templates: templates)
        } catch {
            fail("\(error)")
        }
        var changed = 0
        for file in files {
            let path = FileSystem.join(root, file.path)
            let bytes = Array(file.text.utf8)
            if (try? FileSystem.read(path)) == bytes { continue }
            do {
                try FileSystem.replaceWhole(path, bytes: bytes)
            } catch {
                fail("cannot write \(path): \(error)")
            }
            print("wrote \(file.path)")
            changed += 1
        }
        print("template-compiler: \(files.count) derived files, \(changed) written")
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("template-compiler: error: \(message)\n".utf8))
        exit(1)
    }
}
