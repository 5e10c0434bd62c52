import ModelgenDiagnostics
import ModelgenEmitter
@testable import ModelgenSQLEmitter
import Testing

/// A script is rendered in pieces (a megabyte each by default) so that a large one is never a
/// single string that doubles as it grows; the pieces join to exactly the script.
@Suite struct SQLScriptPiecesTests {
    @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
    func scriptsInSmallPiecesJoinToTheWholeScript(layout: SQLOptions.Layout) throws {
        let schema = try Samples.schema("Library")
        func emit(pieceLimit: Int) -> [GeneratedFile] {
            var emitter = SQLEmitter(options: SQLOptions(layout: layout))
            emitter.pieceLimit = pieceLimit
            var diagnostics = DiagnosticCollector()
            return emitter.emit(schema, context: EmitterContext(), diagnostics: &diagnostics)
        }
        let whole = emit(pieceLimit: 1 << 20)
        let small = emit(pieceLimit: 200)
        #expect(whole.map(\.path) == ["SQL/postgresql.sql", "SQL/sqlite.sql"])
        #expect(whole.allSatisfy { $0.pieces.count == 1 })
        for (one, many) in zip(whole, small) {
            #expect(many.pieces.count > 5, "\(many.path): \(many.pieces.count) pieces")
            #expect(many.pieces.dropLast().allSatisfy { $0.utf8.count >= 200 })
            #expect(many.contents == one.contents)
            #expect(many.bytes == Array(one.contents.utf8))
            #expect(many.byteCount == one.contents.utf8.count)
        }
    }
}
