import ModelgenSchema

/// A model's name, as the files made for the whole model are named: the diagram's page
/// (`Diagram/Library.md`) and the Swift emitter's local schema (`Swift/Library+LocalSchema.swift`,
/// `LocalSchema.library`). One rule, so the two always agree.
public enum ModelName {
    /// The first schema file's name without its folder and extension (`Library` for
    /// `Schemas/Library.yaml`), or `Schema` when that is not a file name by ``isFileName(_:)``.
    public static func of(_ schema: Schema) -> String {
        guard let path = schema.files.first?.path else { return "Schema" }
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let base = file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return isFileName(base) ? base : "Schema"
    }

    /// Letters, digits, `-`, `_` and `.`, not starting with `.`: the same name on every file system.
    public static func isFileName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first != ".", text.unicodeScalars.count <= 100 else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || $0 == "-" || $0 == "_" || $0 == "." }
    }
}
