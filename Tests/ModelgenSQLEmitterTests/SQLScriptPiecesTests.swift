import ModelgenDiagnostics
import ModelgenEmitter
@testable import ModelgenSQLEmitter
import Testing

/// A script is streamed: rendered whenever it is read, in pieces (a megabyte each by default),
/// so that a large one is never a single string that doubles as it grows, nor held whole
/// while it is written; the pieces join to exactly the script.
@Suite struct SQLScriptPiecesTests {
    @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
    func scriptsInSmallPiecesJoinToTheWholeScript(layout: SQLOptions.Layout) throws {
        let schema = try Samples.schema("Library")
        func emit(pieceLimit: Int) -> [GeneratedFile] {
            var emitter = SQLEmitter(options: SQLOptions(layout: layout))
            emitter.pieceLimit = pieceLimit
            var diagnostics = DiagnosticCollector()
            var files: [GeneratedFile] = []
            emitter.emit(schema, context: EmitterContext(), diagnostics: &diagnostics) { files.append($0) }
            return files
        }
        let whole = emit(pieceLimit: 1 << 20)
        let small = emit(pieceLimit: 200)
        #expect(whole.map(\.path) == ["SQL/postgresql.sql", "SQL/sqlite.sql"])
        #expect(whole.allSatisfy { $0.isStreamed })
        // The header, then the script in one piece.
        #expect(whole.allSatisfy { $0.pieces.count == 2 })
        for (one, many) in zip(whole, small) {
            let pieces = many.pieces
            #expect(pieces.count > 5, "\(many.path): \(pieces.count) pieces")
            #expect(pieces.dropFirst().dropLast().allSatisfy { $0.utf8.count >= 200 })
            #expect(many.contents == one.contents)
            #expect(many.bytes == Array(one.contents.utf8))
            #expect(many.byteCount == one.contents.utf8.count)
            // Read again, a streamed file renders the same text.
            #expect(many.contents == many.contents)
            #expect(many.held().contents == one.contents)
            #expect(!many.held().isStreamed)
        }
    }
}
