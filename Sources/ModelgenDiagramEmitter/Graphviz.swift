import ModelgenEmitter
import ModelgenFileSystem

/// Graphviz's `dot`, which draws the SVG from the DOT text. Found on `PATH`, or at
/// `MODELGEN_DOT` (an empty value: as if it were not installed).
enum Graphviz {
    static let environmentOverride = "MODELGEN_DOT"

    static func dot() -> String? {
        ExternalProgram.find("dot", override: environmentOverride)
    }

    /// How the SVG of `dotText` (the file `dotFile`) is drawn: by `dot`, when there is one.
    static func drawing(of dotText: String, dotFile: String, dot: String?) -> Drawing {
        var draw: (@Sendable () -> Result<String, Drawing.Failure>)?
        if let dot {
            draw = {
                do throws(FileSystem.Failure) {
                    return .success(svgBody(try ExternalProgram.run(dot, ["-Tsvg"], input: dotText)))
                } catch {
                    return .failure(Drawing.Failure(error.description))
                }
            }
        }
        return Drawing(digest: StableHash.fnv1a64(dotText), origin: "Drawn by Graphviz from \(dotFile)", draw: draw)
    }

    /// The SVG without its XML declaration, which must come first in a file and so cannot
    /// follow modelgen's header (it is optional: the text is UTF-8 either way).
    static func svgBody(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return svg }
        return String(svg[svg.index(after: end)...])
    }
}
