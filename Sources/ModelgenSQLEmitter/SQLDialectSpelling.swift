import ModelgenEmitter
import ModelgenSchema

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

    func literal(_ literal: SQLLiteral) -> String {
        switch literal {
        case .string(let text), .timestamp(let text): return stringLiteral(text)
        case .int(let value): return String(value)
        case .double(let value): return SQLSyntax.numberLiteral(.double(value))
        case .bool(let flag):
            switch self {
            case .postgresql: return flag ? "true" : "false"
            case .sqlite: return flag ? "1" : "0"
            }
        case .now:
            switch self {
            case .postgresql: return "now()"
            // Parse's own form, `2024-01-31T12:00:00.000Z`.
            case .sqlite: return "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"
            }
        }
    }

    /// A string literal meaning exactly `text`. Characters a reader of the script cannot see
    /// (controls other than newline and tab, line separators, bidirectional controls) are
    /// spelled as escapes, so the script never reads differently from how it runs:
    /// PostgreSQL's `U&'...\XXXX'`, SQLite's `('...' || char(N) || '...')`.
    func stringLiteral(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Self.isHidden) else { return SQLSyntax.stringLiteral(text) }
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

    /// The CHECK expression for `check` on `column` (whose quoted name is `name`), or `nil`
    /// where the column's type already guarantees it in this dialect.
    func checkExpression(_ check: SQLCheck, on column: SQLColumn, named name: String) -> String? {
        switch check {
        case .oneOf(let values):
            return "\(name) IN (\(values.map(literal).joined(separator: ", ")))"
        case .range(let min, let max):
            return bounds(name, min.map(SQLSyntax.numberLiteral), max.map(SQLSyntax.numberLiteral))
        case .length(let min, let max):
            let function = self == .postgresql ? "char_length" : "length"
            return bounds("\(function)(\(name))", min.map(String.init), max.map(String.init))
        case .count(let min, let max):
            guard storesJSON(column.type) else { return nil }
            let function = self == .postgresql ? "jsonb_array_length" : "json_array_length"
            return bounds("\(function)(\(name))", min.map(String.init), max.map(String.init))
        case .jsonValid:
            guard self == .sqlite, storesJSON(column.type) else { return nil }
            // json_valid(NULL) is 0, not NULL, so a missing value needs its own way through.
            return "\(name) IS NULL OR json_valid(\(name))"
        case .jsonType(let type):
            guard storesJSON(column.type) else { return nil }
            let function = self == .postgresql ? "jsonb_typeof" : "json_type"
            return "\(function)(\(name)) = \(SQLSyntax.stringLiteral(type))"
        case .boolean:
            guard self == .sqlite else { return nil }
            return "\(name) IN (0, 1)"
        }
    }

    private func bounds(_ expression: String, _ min: String?, _ max: String?) -> String? {
        switch (min, max) {
        case let (min?, max?): return "\(expression) BETWEEN \(min) AND \(max)"
        case let (min?, nil): return "\(expression) >= \(min)"
        case let (nil, max?): return "\(expression) <= \(max)"
        case (nil, nil): return nil
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

    func indexKey(_ key: SQLIndexKey) -> String {
        switch key {
        case .column(let name): return SQLSyntax.identifier(name)
        case .lowercased(let name):
            // Parse Server's form; `varchar_pattern_ops` lets LIKE 'abc%' use the index.
            switch self {
            case .postgresql: return "lower(\(SQLSyntax.identifier(name))) varchar_pattern_ops"
            case .sqlite: return "lower(\(SQLSyntax.identifier(name)))"
            }
        }
    }

    /// `USING gist` for points and polygons in PostgreSQL, whose B-tree cannot index them.
    func indexMethod(_ index: SQLIndex) -> String? {
        self == .postgresql && index.isSpatial ? "gist" : nil
    }
}
