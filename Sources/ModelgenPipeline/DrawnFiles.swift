import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenFileSystem

/// Turns a drawn file (``Drawing``) into an ordinary one before the writer plans or stages it:
/// the pipeline runs the program that draws it (Graphviz), the writer only writes. The
/// file already on disk when it was drawn from the same source, or kept because the program
/// that draws it is not installed; a new drawing otherwise. So `gen` draws only when the source
/// changed, and `check` asks only that the drawing on disk comes from the current source, and
/// only where the program is there to draw it.
enum DrawnFiles {
    enum Resolution {
        /// What to plan or stage at the file's path.
        case file(GeneratedFile)
        /// Nothing: the program is not installed, and there is no drawing of modelgen's there.
        case nothing
        /// The program failed.
        case failed(Diagnostic)
    }

    /// The most of a drawn file's start read to find its header and digest.
    static let headLimit = 2048

    static func resolve(_ file: GeneratedFile, in directory: String) -> Resolution {
        guard let drawing = file.drawing else { return .file(file) }
        let full = FileSystem.join(directory, file.path)
        if FileSystem.kind(full) == .file, let head = try? FileSystem.read(full, limit: headLimit), GeneratedHeader.isGenerated(head) {
            let current = String(decoding: head, as: UTF8.self).contains(drawing.digestMark)
            // Kept byte for byte: only text that is valid UTF-8 reads back as the same bytes.
            if current || drawing.draw == nil, let bytes = try? FileSystem.read(full), let text = String(validating: bytes, as: UTF8.self) {
                return .file(file.kept(text))
            }
        }
        guard let draw = drawing.draw else { return .nothing }
        switch draw() {
        case .success(let body): return .file(file.drawn(body))
        case .failure(let failure): return .failed(.error("cannot draw '\(file.path)': \(failure.description)", at: nil))
        }
    }
}
