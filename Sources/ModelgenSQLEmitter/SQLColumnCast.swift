/// How a migration carries a column's values over when its type changes: which conversions
/// keep every value, which keep them only when each converts exactly (the migration then
/// guards them), and, for every other pair, none: the column can only be dropped and added,
/// which loses its data.
struct SQLColumnCast {
    let from: SQLValueType
    let to: SQLValueType

    /// The largest integer a `double` holds exactly (2^53), and a `real` (2^24).
    private static let doubleExactLimit = "9007199254740992"
    private static let realExactLimit = "16777216"

    /// The cast from one type to the other, `nil` when no conversion keeps the values: numbers
    /// convert to each other and to text, and text converts to numbers.
    init?(from: SQLValueType, to: SQLValueType) {
        let numbers: Set<SQLValueType> = [.bigint, .double, .real]
        guard from != to,
              (numbers.contains(from) && (numbers.contains(to) || to == .text)) || (from == .text && numbers.contains(to))
        else { return nil }
        self.from = from
        self.to = to
    }

    /// What the type changes from and to, for messages: `bigint to double precision`.
    func summary(in dialect: SQLOptions.Dialect) -> String {
        "\(dialect.typeName(from)) to \(dialect.typeName(to))"
    }

    /// Whether the dialect stores both types alike (SQLite's `REAL` for `double` and `real`),
    /// so the values stay as they are.
    func keepsStorage(in dialect: SQLOptions.Dialect) -> Bool {
        dialect.typeName(from) == dialect.typeName(to)
    }

    /// The expression that converts the value of `column` (quoted): PostgreSQL's `USING`,
    /// what SQLite's rebuild copies.
    func conversion(of column: String, in dialect: SQLOptions.Dialect) -> String {
        guard !keepsStorage(in: dialect) else { return column }
        switch dialect {
        case .postgresql: return "\(column)::\(dialect.typeName(to))"
        case .sqlite: return "CAST(\(column) AS \(dialect.typeName(to)))"
        }
    }

    /// A condition that holds for a row whose value would not convert exactly; `nil` when
    /// every value does.
    func lossCondition(of column: String, in dialect: SQLOptions.Dialect) -> String? {
        guard !keepsStorage(in: dialect) else { return nil }
        switch (from, to) {
        case (.bigint, .double):
            return "abs(\(column)) > \(Self.doubleExactLimit)"
        case (.bigint, .real):
            // SQLite's REAL is a double.
            return "abs(\(column)) > \(dialect == .postgresql ? Self.realExactLimit : Self.doubleExactLimit)"
        case (.real, .double):
            return nil
        case (.double, .real):
            return "\(column)::real::double precision <> \(column)"
        case (.double, .bigint), (.real, .bigint):
            let truncated = dialect == .postgresql ? "trunc(\(column))" : "CAST(\(column) AS INTEGER)"
            return "\(column) <> \(truncated) OR abs(\(column)) > \(Self.doubleExactLimit)"
        case (_, .text):
            return nil
        case (.text, .bigint):
            // Only an integer written as the number writes itself: '007' would become 7.
            switch dialect {
            case .postgresql: return "\(column) !~ '^(0|-?[1-9][0-9]{0,17})$'"
            case .sqlite: return "CAST(CAST(\(column) AS INTEGER) AS TEXT) <> \(column)"
            }
        case (.text, _):
            // A number as JSON writes it.
            switch dialect {
            case .postgresql: return "\(column) !~ '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?$'"
            case .sqlite: return "CASE WHEN json_valid(\(column)) THEN json_type(\(column)) NOT IN ('integer', 'real') ELSE 1 END"
            }
        default:
            return nil
        }
    }
}
