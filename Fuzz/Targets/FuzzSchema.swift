// libFuzzer target: arbitrary bytes as a schema file through the loader and the validator.
//
// Loading must end in a schema or in diagnostics, never a crash; a run that fails must say
// why with at least one error. Built by Fuzz/run.sh, outside the package graph.
import ModelgenSchema

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // The loader takes text; bytes that are not UTF-8 are the YAML target's business.
    let text = String(decoding: bytes, as: UTF8.self)
    let result = SchemaLoading.load(sources: [(path: "fuzz.yaml", text: text)])
    if result.schema == nil {
        precondition(result.diagnostics.contains { $0.severity == .error }, "a schema refused without an error")
    } else {
        precondition(!result.diagnostics.contains { $0.severity == .error }, "a schema accepted with an error")
    }
    // Every diagnostic about text held in memory points into it.
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location else { preconditionFailure("unlocated: \(diagnostic)") }
        precondition(location.file == "fuzz.yaml" && location.line >= 1 && location.column >= 1, "badly located: \(diagnostic)")
    }
    return 0
}
