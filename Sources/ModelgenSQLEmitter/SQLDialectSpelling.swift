import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// How each dialect spells types, constants, CHECK expressions and delete rules: the type
/// mapping tables of docs/SQL.md, in code.
extension SQLOptions.Dialect {
    /// The human name, for the script's opening comment.
    var displayName: String {
        switch self {
        case .postgresql: return "PostgreSQL"
        case .sqlite: return "SQLite"
        }
    }

    func typeName(_ type: SQLValueType) -> String {
        switch self {
        case .postgresql:
            switch type {
            case .text: return "text"
            case .bigint: return "bigint"
            case .double: return "double precision"
            case .real: return "real"
            case .boolean: return "boolean"
            case .bool: return "bool"
            case .timestamp: return "timestamp with time zone"
            case .bytes: return "bytea"
            case .json: return "jsonb"
            case .point: return "point"
            case .polygon: return "polygon"
            case .textArray: return "text[]"
            case .varchar(let length): return "varChar(\(length))"
            }
        case .sqlite:
            // SQLite's storage classes: dates are ISO 8601 text, JSON (also points, polygons and
            // lists) is text, booleans are integers 0 and 1.
            switch type {
            case .text, .timestamp, .json, .point, .polygon, .textArray, .varchar: return "TEXT"
            case .bigint, .boolean, .bool: return "INTEGER"
            case .double, .real: return "REAL"
            case .bytes: return "BLOB"
            }
        }
    }

    /// Whether the dialect keeps values of this type as JSON, so JSON checks apply to it.
    private func storesJSON(_ type: SQLValueType) -> Bool {
        switch self {
        case .postgresql: return type == .json
        case .sqlite: return type == .json || type == .point || type == .polygon
        }
    }

    func writeLiteral(_ literal: SQLLiteral, to output: inout TemplateOutput) {
        switch literal {
        case .string(let text), .timestamp(let text): writeStringLiteral(text, to: &output)
        case .int(let value): output.append(String(value))
        case .double(let value): output.append(SQLSyntax.numberLiteral(.double(value)))
        case .bool(let flag):
            switch self {
            case .postgresql: output.appendLiteral(flag ? "true" : "false")
            case .sqlite: output.appendLiteral(flag ? "1" : "0")
            }
        case .now:
            switch self {
            case .postgresql: output.appendLiteral("now()")
            // Parse's own form, `2024-01-31T12:00:00.000Z`.
            case .sqlite: output.appendLiteral("(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))")
            }
        }
    }

    /// ``stringLiteral(_:)``, written into `output`: text with nothing hidden in it (nearly
    /// all text) is quoted as it is written.
    func writeStringLiteral(_ text: String, to output: inout TemplateOutput) {
        if Self.hasHidden(text) {
            output.append(stringLiteral(text))
        } else {
            SQLSyntax.writeStringLiteral(text, to: &output)
        }
    }

    /// A string literal meaning exactly `text`. Characters a reader of the script cannot see
    /// (controls other than newline and tab, line separators, bidirectional controls) are
    /// spelled as escapes, so the script never reads differently from how it runs:
    /// PostgreSQL's `U&'...\XXXX'`, SQLite's `('...' || char(N) || '...')`.
    func stringLiteral(_ text: String) -> String {
        guard Self.hasHidden(text) else { return SQLSyntax.stringLiteral(text) }
        switch self {
        case .postgresql:
            var body = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "'": body += "''"
                case "\\": body += "\\\\"
                default:
                    guard Self.isHidden(scalar) else { body.unicodeScalars.append(scalar); continue }
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    body += scalar.value > 0xFFFF ? "\\+" + String(repeating: "0", count: 6 - hex.count) + hex
                        : "\\" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            return "U&'" + body + "'"
        case .sqlite:
            var parts: [String] = []
            var run = ""
            for scalar in text.unicodeScalars {
                if Self.isHidden(scalar) {
                    if !run.isEmpty { parts.append(SQLSyntax.stringLiteral(run)); run = "" }
                    parts.append("char(\(scalar.value))")
                } else {
                    run.unicodeScalars.append(scalar)
                }
            }
            if !run.isEmpty { parts.append(SQLSyntax.stringLiteral(run)) }
            return "(" + parts.joined(separator: " || ") + ")"
        }
    }

    /// Newlines and tabs show as what they are in a script; the other invisible characters do not.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && InvisibleCharacters.contains(scalar)
    }

    /// Whether `text` has a hidden character: decided by its bytes while they are printable
    /// ASCII, by its scalars from the first byte that is not.
    static func hasHidden(_ text: String) -> Bool {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") { continue }
            return byte < 0x80 || text.unicodeScalars.contains(where: isHidden)
        }
        return false
    }

    /// Whether the dialect writes a CHECK for `check` on `column`: it leaves out those the
    /// column's type already guarantees in it.
    func spells(_ check: SQLCheck, on column: SQLColumn) -> Bool {
        switch check {
        case .oneOf: return true
        case .range(let min, let max): return min != nil || max != nil
        case .length(let min, let max): return min != nil || max != nil
        case .count(let min, let max): return storesJSON(column.type) && (min != nil || max != nil)
        case .jsonValid: return self == .sqlite && storesJSON(column.type)
        case .jsonType: return storesJSON(column.type)
        case .boolean: return self == .sqlite
        }
    }

    /// The CHECK expression for `check` on the column named `column`, one ``spells(_:on:)``
    /// accepts.
    func writeCheck(_ check: SQLCheck, column: String, to output: inout TemplateOutput) {
        func name(_ output: inout TemplateOutput) {
            SQLSyntax.writeIdentifier(column, to: &output)
        }
        func call(_ function: StaticString, _ output: inout TemplateOutput) {
            output.appendLiteral(function)
            output.append(byte: UInt8(ascii: "("))
            name(&output)
            output.append(byte: UInt8(ascii: ")"))
        }
        switch check {
        case .oneOf(let values):
            name(&output)
            output.appendLiteral(" IN (")
            for (index, value) in values.enumerated() {
                if index > 0 { output.appendLiteral(", ") }
                writeLiteral(value, to: &output)
            }
            output.append(byte: UInt8(ascii: ")"))
        case .range(let min, let max):
            name(&output)
            Self.writeBounds(min.map(SQLSyntax.numberLiteral), max.map(SQLSyntax.numberLiteral), to: &output)
        case .length(let min, let max):
            call(self == .postgresql ? "char_length" : "length", &output)
            Self.writeBounds(min.map(String.init), max.map(String.init), to: &output)
        case .count(let min, let max):
            call(self == .postgresql ? "jsonb_array_length" : "json_array_length", &output)
            Self.writeBounds(min.map(String.init), max.map(String.init), to: &output)
        case .jsonValid:
            // json_valid(NULL) is 0, not NULL, so a missing value needs its own way through.
            name(&output)
            output.appendLiteral(" IS NULL OR ")
            call("json_valid", &output)
        case .jsonType(let type):
            call(self == .postgresql ? "jsonb_typeof" : "json_type", &output)
            output.appendLiteral(" = ")
            SQLSyntax.writeStringLiteral(type, to: &output)
        case .boolean:
            name(&output)
            output.appendLiteral(" IN (0, 1)")
        }
    }

    /// What follows the checked expression: ` BETWEEN min AND max`, ` >= min` or ` <= max`.
    private static func writeBounds(_ min: String?, _ max: String?, to output: inout TemplateOutput) {
        switch (min, max) {
        case let (min?, max?):
            output.appendLiteral(" BETWEEN ")
            output.append(min)
            output.appendLiteral(" AND ")
            output.append(max)
        case let (min?, nil):
            output.appendLiteral(" >= ")
            output.append(min)
        case let (nil, max?):
            output.appendLiteral(" <= ")
            output.append(max)
        case (nil, nil):
            break
        }
    }

    func onDelete(_ rule: DeleteRule) -> String {
        switch rule {
        case .cascade: return "CASCADE"
        case .setNull: return "SET NULL"
        case .restrict: return "RESTRICT"
        case .noAction: return "NO ACTION"
        }
    }

    func writeIndexKey(_ key: SQLIndexKey, to output: inout TemplateOutput) {
        switch key {
        case .column(let name):
            SQLSyntax.writeIdentifier(name, to: &output)
        case .lowercased(let name):
            output.appendLiteral("lower(")
            SQLSyntax.writeIdentifier(name, to: &output)
            output.append(byte: UInt8(ascii: ")"))
            // Parse Server's form; `varchar_pattern_ops` lets LIKE 'abc%' use the index.
            if self == .postgresql { output.appendLiteral(" varchar_pattern_ops") }
        }
    }

    /// `USING gist` for points and polygons in PostgreSQL, whose B-tree cannot index them.
    func indexMethod(_ index: SQLIndex) -> String? {
        self == .postgresql && index.isSpatial ? "gist" : nil
    }
}
