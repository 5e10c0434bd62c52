/// What a column's values mean, whatever type stores them: Parse Server's layout keeps `int`,
/// `float` and `double` fields alike in `double precision`, and a change between them still
/// changes what the values may be.
enum SQLValueKind: Hashable {
    case int, double, float, string, bool, date
    /// JSON, bytes, points, permission lists: no conversion reaches or leaves them.
    case other

    /// The meaning a storage type has when the layout says nothing else.
    init(storage: SQLValueType) {
        switch storage {
        case .text, .varchar: self = .string
        case .bigint: self = .int
        case .double: self = .double
        case .real: self = .float
        case .boolean, .bool: self = .bool
        case .timestamp: self = .date
        case .bytes, .json, .point, .polygon, .textArray: self = .other
        }
    }

    /// As the schema names it, for messages.
    var schemaName: String {
        switch self {
        case .int: "int"
        case .double: "double"
        case .float: "float"
        case .string: "string"
        case .bool: "bool"
        case .date: "date"
        case .other: "other"
        }
    }

    var isNumber: Bool { self == .int || self == .double || self == .float }
}

/// How a migration carries a column's values over when its type changes, under one rule: every
/// value either converts exactly (read back as the old type, it is the old value: no rounding,
/// no overflow, no infinity, doubles written as the shortest text that reads back the same) or
/// the migration stops on it. So a cast is a conversion and the condition of the rows it cannot
/// convert exactly, which the migration checks first. Numbers convert to each other and to
/// text, text to numbers, booleans and dates to text; for every other pair there is no cast:
/// the column can only be dropped and added, which loses its data.
struct SQLColumnCast {
    let from: SQLValueKind
    let to: SQLValueKind
    let fromType: SQLValueType
    let toType: SQLValueType

    /// `nil` when no conversion keeps the values.
    init?(from old: SQLColumn, to new: SQLColumn) {
        let (from, to) = (old.kind, new.kind)
        guard from != to || old.type != new.type else { return nil }
        let convertible = (from.isNumber && (to.isNumber || to == .string))
            || (from == .string && to.isNumber)
            || ((from == .bool || from == .date) && to == .string)
        guard convertible, from != to else { return nil }
        self.from = from
        self.to = to
        fromType = old.type
        toType = new.type
    }

    /// What the type changes from and to, for messages: `int to double (bigint to double precision)`.
    func summary(in dialect: SQLOptions.Dialect) -> String {
        let types = keepsStorage(in: dialect) ? "" : " (\(dialect.typeName(fromType)) to \(dialect.typeName(toType)))"
        return "\(from.schemaName) to \(to.schemaName)\(types)"
    }

    /// Whether the dialect stores both types alike (SQLite's `REAL` for `double` and `float`,
    /// Parse Server's `double precision` for every number), so the values stay as they are.
    func keepsStorage(in dialect: SQLOptions.Dialect) -> Bool {
        dialect.typeName(fromType) == dialect.typeName(toType)
    }

    /// Whether the conversion writes a floating-point number as text: PostgreSQL then needs
    /// `extra_float_digits` at 1 or more, its shortest text that reads back the same.
    var writesFloatAsText: Bool { to == .string && (fromType == .double || fromType == .real) }

    /// The expression that converts the value of `column` (quoted): PostgreSQL's `USING`,
    /// what SQLite's rebuild copies.
    func conversion(of x: String, in dialect: SQLOptions.Dialect) -> String {
        guard !keepsStorage(in: dialect) else { return x }
        switch (dialect, from, to) {
        case (.postgresql, .bool, .string):
            return "CASE \(x) WHEN true THEN 'true' WHEN false THEN 'false' END"
        case (.sqlite, .bool, .string):
            return "CASE \(x) WHEN 1 THEN 'true' WHEN 0 THEN 'false' END"
        case (.postgresql, .date, .string):
            // Parse's own form: 2024-01-31T12:00:00.000Z.
            return "to_char(\(x) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        case (.sqlite, _, .string) where fromType == .double || fromType == .real:
            // CAST(x AS TEXT) is not exact. An integer up to 2^53 is written as one; other
            // values in 15 digits, where the guard proves them exact.
            return "CASE WHEN \(Self.sqliteIsSmallInteger(x)) THEN CAST(CAST(\(x) AS INTEGER) AS TEXT) WHEN \(x) IS NOT NULL THEN printf('%.15g', \(x)) END"
        case (.postgresql, .int, .string) where fromType == .double:
            // Parse Server's layout keeps an int as a double, which PostgreSQL writes as 1e+15
            // from 10^15 on: an integer is written in its digits (exactly, through bigint).
            return "CASE WHEN \(x) = trunc(\(x)) AND \(x) >= -9223372036854775808 AND \(x) < 9223372036854775808 THEN \(x)::bigint::text ELSE \(x)::text END"
        case (.postgresql, _, _):
            return "\(x)::\(dialect.typeName(toType))"
        case (.sqlite, _, _):
            return "CAST(\(x) AS \(dialect.typeName(toType)))"
        }
    }

    /// A condition that holds for a row whose value would not convert exactly (never raising
    /// an error of its own, whatever the value); `nil` when every value does.
    func lossCondition(of x: String, in dialect: SQLOptions.Dialect) -> String? {
        let pg = dialect == .postgresql
        switch (from, to) {
        case (.bool, .string):
            return pg ? nil : "\(x) NOT IN (0, 1)"
        case (.date, .string):
            return pg ? "CASE WHEN \(x) >= '0001-01-01T00:00:00Z' AND \(x) < '10000-01-01T00:00:00Z' THEN date_trunc('milliseconds', \(x)) <> \(x) ELSE true END" : nil
        case (_, .string):
            // Integers write themselves exactly; PostgreSQL writes floats exactly (with
            // extra_float_digits, which the script sets); SQLite's 15 digits must be the value.
            // SQLite lets any value into an INTEGER column: only integers are written as they are.
            if !pg && fromType == .bigint { return "typeof(\(x)) <> 'integer'" }
            guard !pg, fromType == .double || fromType == .real else { return nil }
            return "CASE WHEN \(Self.sqliteIsSmallInteger(x)) THEN 0 ELSE \(Self.sqliteExactValue(of: "printf('%.15g', \(x))")) IS NOT \(x) END"
        case (.string, .int):
            return Self.textToInteger(x, storage: toType, dialect: dialect)
        case (.string, _):
            return pg ? Self.pgTextToFloat(x, real: toType == .real) : Self.sqliteTextToFloat(x)
        case (_, .int):
            // A fraction, NaN, infinity, or beyond the integers: only integral values in range.
            return pg ? "CASE WHEN \(x) >= -9223372036854775808 AND \(x) < 9223372036854775808 THEN \(x) <> trunc(\(x)) ELSE true END"
                : "CASE WHEN \(x) >= -9223372036854775808.0 AND \(x) < 9223372036854775808.0 THEN \(x) <> CAST(\(x) AS INTEGER) ELSE 1 END"
        case (.int, _):
            guard fromType == .bigint else { return nil }
            // BETWEEN, not abs(): abs of the smallest bigint overflows.
            let limit = pg && toType == .real ? Self.realExactLimit : Self.doubleExactLimit
            return "\(x) NOT BETWEEN -\(limit) AND \(limit)"
        case (_, .float):
            guard pg, fromType == .double, toType == .real else { return nil }
            // Out of real's range the cast itself fails; in it, the value must come back.
            return "CASE WHEN \(x) = 0 OR \(x) IN ('Infinity', '-Infinity', 'NaN') THEN false WHEN abs(\(x)) BETWEEN 1.401298464324817e-45 AND 3.4028234663852886e38 THEN \(x)::real::double precision <> \(x) ELSE true END"
        default:
            return nil
        }
    }

    /// What the rows the condition finds are, for the message.
    func reason(in dialect: SQLOptions.Dialect) -> String {
        let float = to == .float && dialect.typeName(toType) == "real" ? "float" : "double"
        return switch (from, to) {
        case (.bool, .string): "values that are not 0 or 1"
        case (.date, .string): "dates finer than a millisecond, or outside the years 1 to 9999"
        case (_, .string) where dialect == .sqlite && fromType == .bigint:
            "values that are not integers, which SQLite lets into an INTEGER column"
        case (_, .string):
            dialect == .sqlite ? "values SQLite cannot write exactly as text: more than 15 significant digits, or a decimal exponent beyond ±22"
                : "values that this database cannot write as text that reads back the same"
        case (.string, .int):
            toType == .bigint ? "text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or ' 7'), or beyond the 64-bit integers"
                : "text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or ' 7'), or beyond ±2^53, which a double does not hold exactly"
        case (.string, _):
            dialect == .sqlite ? "text that is not a number as JSON writes it, or that SQLite cannot read exactly: more than 15 significant digits, or a decimal exponent beyond ±22"
                : "text that is not a number as JSON writes it, or that a \(float) does not hold exactly (more digits than it keeps, or beyond its range)"
        case (_, .int): "values with a fraction, or beyond the 64-bit integers"
        case (.int, _): float == "float" ? "integers beyond ±2^24, which a float does not hold exactly" : "integers beyond ±2^53, which a double does not hold exactly"
        default: "values that a float does not hold exactly"
        }
    }

    /// The largest integer a `double` holds exactly (2^53), and a `real` (2^24).
    private static let doubleExactLimit = "9007199254740992"
    private static let realExactLimit = "16777216"

    /// An integer written as the integer writes itself (`007`, `+7`, `7.0` and ` 7` would all
    /// become 7), in range: the 64-bit integers, or ±2^53 where a double stores it.
    private static func textToInteger(_ x: String, storage: SQLValueType, dialect: SQLOptions.Dialect) -> String {
        let bigint = storage == .bigint
        switch dialect {
        case .postgresql:
            let range = bigint ? "-9223372036854775808 AND 9223372036854775807" : "-\(doubleExactLimit) AND \(doubleExactLimit)"
            return "CASE WHEN \(x) ~ '^(0|-?[1-9][0-9]{0,18})$' THEN \(x)::numeric NOT BETWEEN \(range) ELSE true END"
        case .sqlite:
            // CAST saturates beyond the 64-bit integers, so the text then differs too.
            let same = "CAST(CAST(\(x) AS INTEGER) AS TEXT) = \(x)"
            return bigint ? "NOT (\(same))"
                : "CASE WHEN \(same) THEN CAST(\(x) AS INTEGER) NOT BETWEEN -\(doubleExactLimit) AND \(doubleExactLimit) ELSE 1 END"
        }
    }

    /// PostgreSQL: a number as JSON writes it (at most three exponent digits, so that `numeric`
    /// holds it), in the type's range, whose value is the value of the float's shortest text.
    private static func pgTextToFloat(_ x: String, real: Bool) -> String {
        let type = real ? "real" : "double precision"
        let range = real ? "1.1754944e-38 AND 3.4028235e38" : "2.2250738585072014e-308 AND 1.7976931348623157e308"
        return """
            CASE WHEN \(x) !~ '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$' THEN true \
            WHEN \(x)::numeric = 0 THEN false \
            WHEN abs(\(x)::numeric) NOT BETWEEN \(range) THEN true \
            ELSE \(x)::\(type)::text::numeric <> \(x)::numeric END
            """
    }

    /// SQLite: a double that is an integer a double holds exactly, which SQLite converts to an
    /// integer exactly.
    private static func sqliteIsSmallInteger(_ x: String) -> String {
        "\(x) BETWEEN -\(doubleExactLimit) AND \(doubleExactLimit) AND \(x) = CAST(\(x) AS INTEGER)"
    }

    /// SQLite: a number as JSON writes it that SQLite reads exactly (see `sqliteExactValue`).
    private static func sqliteTextToFloat(_ x: String) -> String {
        // Characters, first and last: JSON5 (which newer SQLite's json_valid accepts) allows
        // +1, .5, 5. and 0x1F, JSON does not.
        let shape = "\(x) GLOB '*[^-+.0-9eE]*' OR NOT (\(x) GLOB '[0-9]*' OR \(x) GLOB '-[0-9]*') OR \(x) GLOB '*.' OR \(x) GLOB '*.[eE]*' OR NOT json_valid(\(x))"
        // An integer up to 2^53 converts exactly through the 64-bit integers.
        let integer = "CAST(CAST(\(x) AS INTEGER) AS TEXT) = \(x) AND CAST(\(x) AS INTEGER) BETWEEN -\(doubleExactLimit) AND \(doubleExactLimit)"
        return "CASE WHEN \(shape) THEN 1 WHEN \(integer) THEN CAST(CAST(\(x) AS INTEGER) AS REAL) IS NOT CAST(\(x) AS REAL) ELSE \(sqliteExactValue(of: x)) IS NOT CAST(\(x) AS REAL) END"
    }

    /// SQLite (3.40, as Debian and older Apple systems have it) reads and writes some doubles
    /// off by one in the last place: its text conversions are not correctly rounded. So a
    /// migration takes a number in text only where it can prove the double exact: at most 15
    /// significant digits (which name one double, and are its shortest text) and a decimal
    /// exponent within ±22, where the digits times the power of ten, both exact doubles, is
    /// one correctly rounded operation. This expression is that double, computed so, for the
    /// number `text` spells; `NULL` outside those bounds.
    private static func sqliteExactValue(of text: String) -> String {
        let hasExponent = "instr(lower(\"t\"), 'e') > 0"
        let parts = """
            SELECT CASE WHEN substr("t", 1, 1) = '-' THEN -1 ELSE 1 END AS "sign", \
            ltrim(CASE WHEN \(hasExponent) THEN substr("t", 1, instr(lower("t"), 'e') - 1) ELSE "t" END, '-') AS "mantissa", \
            CASE WHEN \(hasExponent) THEN CAST(substr("t", instr(lower("t"), 'e') + 1) AS INTEGER) ELSE 0 END AS "exponent" \
            FROM (SELECT \(text) AS "t")
            """
        let figures = """
            SELECT "sign", "exponent", replace("mantissa", '.', '') AS "figures", \
            CASE WHEN instr("mantissa", '.') > 0 THEN length("mantissa") - instr("mantissa", '.') ELSE 0 END AS "fraction" FROM (\(parts))
            """
        let scaled = """
            SELECT "sign", rtrim("figures", '0') AS "core", \
            "exponent" - "fraction" + length("figures") - length(rtrim("figures", '0')) AS "scale" FROM (\(figures))
            """
        return """
            (SELECT CASE WHEN ltrim("core", '0') = '' THEN 0.0 \
            WHEN length(ltrim("core", '0')) > 15 OR "scale" NOT BETWEEN -22 AND 22 THEN NULL \
            WHEN "scale" >= 0 THEN "sign" * (CAST("core" AS INTEGER) * CAST('1e' || "scale" AS REAL)) \
            ELSE "sign" * (CAST("core" AS INTEGER) / CAST('1e' || -"scale" AS REAL)) END FROM (\(scaled)))
            """
    }
}
