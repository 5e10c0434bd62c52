import Foundation
import ModelgenFileSystem
import ModelgenTemplateCompiler
import ModelgenTemplates

/// `swift run template-compiler`: after a change to `Templates/*.mustache` or to the view specs
/// (Sources/ModelgenTemplateCompiler/TemplateViewSpecs.swift), writes every file derived from
/// them, each only when its text changes. Run it from the repository's root; a test fails while
/// any derived file is stale. For maintainers: users never run it.
@main
enum TemplateCompilerCommand {
    static func main() {
        let root = CommandLine.arguments.dropFirst().first ?? FileSystem.currentDirectory()
        let folder = FileSystem.join(root, "Templates")
        guard FileSystem.kind(FileSystem.join(root, "Package.swift")) == .file, FileSystem.kind(folder) == .directory else {
            fail("\(root) is not modelgen's repository (no Package.swift and Templates/); run from its root or pass the root")
        }
        var templates: [(name: String, text: String)] = []
        for name in FileSystem.list(folder).sorted() where name.hasSuffix(TemplateSet.fileExtension) {
            let path = FileSystem.join(folder, name)
            guard let bytes = try? FileSystem.read(path), let text = String(validating: bytes, as: UTF8.self) else {
                fail("cannot read \(path) as UTF-8 text")
            }
            if let problem = DerivedSources.embeddingProblem((name, text)) { fail("Templates/\(problem)") }
            templates.append((name, text))
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
