// libFuzzer target: arbitrary bytes through the YAML reader.
//
// The reader must return a tree or throw a located `YAMLError` for any input; a crash, a hang,
// a leak or an ASan report is a bug. Built by Fuzz/run.sh, outside the package graph.
import ModelgenYAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        _ = try YAMLReader.parse(bytes, file: "fuzz.yaml")
    } catch {
        // Every refusal must say where: a file name at least, and a line and column when it has one.
        let diagnostic = error.diagnostic
        if let location = diagnostic.location {
            precondition(location.line >= 1 && location.column >= 1, "a refusal located at \(location)")
        }
        precondition(!diagnostic.message.isEmpty, "a refusal without a message")
    }
    return 0
}
