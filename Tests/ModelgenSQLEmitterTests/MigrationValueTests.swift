import Foundation
import ModelgenSQLEmitter
import Testing

/// The migration rule for values, as a property on real databases: through every change of type
/// that converts, in both dialects and both layouts, every value either converts exactly (read
/// back as the old type, it is the old value) or the migration stops with modelgen's message
/// naming the field and the first rows, and the database keeps every value it had. Values that
/// convert exactly must not be refused.
///
/// Seeded, so a failure reproduces: the message names the change and the value.
@Suite(.postgreSQLServer, .serialized) struct MigrationValueTests {
    enum Kind: String, Sendable, CaseIterable {
        case int, double, float, string, bool, date
    }

    struct Change: Sendable, CustomStringConvertible {
        var from: Kind
        var to: Kind
        var description: String { "\(from.rawValue) to \(to.rawValue)" }
    }

    static let changes: [Change] = [
        .init(from: .int, to: .double), .init(from: .int, to: .float), .init(from: .int, to: .string),
        .init(from: .double, to: .int), .init(from: .double, to: .float), .init(from: .double, to: .string),
        .init(from: .float, to: .int), .init(from: .float, to: .double), .init(from: .float, to: .string),
        .init(from: .string, to: .int), .init(from: .string, to: .double), .init(from: .string, to: .float),
        .init(from: .bool, to: .string), .init(from: .date, to: .string),
    ]

    @Test(arguments: SQLOptions.Dialect.allCases, SQLOptions.Layout.allCases)
    func everyValueConvertsExactlyOrTheMigrationStopsNamingIt(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout) async throws {
        var random = SeededRandom(seed: 0x6D6F_6465_6C67_656E)
        for change in Self.changes {
            let setting = Setting(change: change, dialect: dialect, layout: layout)
            let good = setting.goodValues(&random)
            try await setting.check(values: good, mustPass: true)
            try await setting.check(values: setting.edgeValues() + good.prefix(4), mustPass: false)
        }
    }

    /// One change in one dialect and layout.
    struct Setting {
        var change: Change
        var dialect: SQLOptions.Dialect
        var layout: SQLOptions.Layout
        var pg: Bool { dialect == .postgresql }
        /// Parse Server's layout stores every number as a double.
        var numbersAreDoubles: Bool { layout == .parseServer }
        /// PostgreSQL's relational layout stores a float as `real`.
        var floatIsReal: Bool { pg && layout == .relational }

        /// Creates the old table, inserts `values` (SQL literals) and a NULL, migrates, and checks
        /// the rule row by row. When the migration stops, the rows it names are taken out and
        /// the rest migrated again on a fresh database, until one runs: so every value that a
        /// migration takes is checked for exactness, even among values that stop it.
        func check(values: [String], mustPass: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let old = try loadSchema("classes:\n  Item:\n    fields:\n      v: \(change.from.rawValue)\n")
            let new = try loadSchema("classes:\n  Item:\n    fields:\n      v: \(change.to.rawValue)\n")
            let step = try migration(from: old, to: new, dialect: dialect, layout: layout)
            let context = "\(change), \(dialect), \(layout.rawValue)"
            #expect(step.losses.isEmpty, "\(context): \(step.losses)", sourceLocation: sourceLocation)

            var rows = (values + ["NULL"]).enumerated().map { ("r" + String(format: "%03d", $0.offset), $0.element) }
            while !rows.isEmpty {
                guard let database = try await MigrationDatabase.make(dialect) else { return }
                defer { database.remove() }
                try await database.execute(createScript(old, dialect: dialect, layout: layout))
                let tuples = rows.map { "('\($0.0)', \($0.1))" }
                try await database.execute(#"INSERT INTO "Item" ("objectId", "v") VALUES "# + tuples.joined(separator: ", ") + ";")
                let before = try await read(database, kind: change.from)

                let result = try await database.run(step.script)
                let after = try await read(database, kind: result.succeeded ? change.to : change.from)
                if result.succeeded {
                    for (id, value) in before {
                        let converted = after[id] ?? nil
                        #expect(isExact(value, converted), "\(context): \(id) held \(value ?? "NULL") and now holds \(converted ?? "NULL")",
                                sourceLocation: sourceLocation)
                    }
                    return
                }
                #expect(!mustPass, "\(context): refused values that convert exactly (\(values.joined(separator: ", "))): \(result.stderr)\(result.stdout)",
                        sourceLocation: sourceLocation)
                #expect(result.stderr.contains("Item.v changes from \(change.from.rawValue) to \(change.to.rawValue)"),
                        "\(context): not modelgen's message: \(result.stderr)", sourceLocation: sourceLocation)
                #expect(after == before, "\(context): a refused migration changed values", sourceLocation: sourceLocation)
                // The first rows it stops on: in PostgreSQL's message, on the line SQLite prints first.
                let named = Self.namedRows(in: pg ? result.stderr : result.stdout)
                #expect(!named.isEmpty && named.allSatisfy { id in rows.contains { $0.0 == id } },
                        "\(context): the rows are not named: \(result.stderr)\(result.stdout)", sourceLocation: sourceLocation)
                guard !mustPass, !named.isEmpty else { return }
                #expect(!named.contains { id in before[id] == .some(nil) }, "\(context): a NULL stopped the migration", sourceLocation: sourceLocation)
                rows.removeAll { named.contains($0.0) }
            }
        }

        /// The objectIds in `(first rows: objectId r001, r004)`.
        static func namedRows(in text: String) -> [String] {
            guard let start = text.range(of: "(first rows: objectId ") else { return [] }
            let rest = text[start.upperBound...]
            return rest.prefix { $0 != ")" }.components(separatedBy: ", ")
        }

        /// Every row's value as text that holds it exactly, by objectId.
        func read(_ database: MigrationDatabase, kind: Kind) async throws -> [String: String?] {
            let text: String
            switch (dialect, kind) {
            case (.postgresql, .date):
                text = #"to_char("v" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')"#
            case (.postgresql, _):
                text = #""v"::text"#
            case (.sqlite, _):
                // quote() writes a double in as many digits as it takes to read back the same.
                text = #"CASE typeof("v") WHEN 'real' THEN 'real:' || quote("v") WHEN 'integer' THEN 'integer:' || "v" WHEN 'text' THEN 'text:' || "v" END"#
            }
            let lines = try await database.values(#"SELECT "objectId" || '|' || COALESCE("# + text + #", '\N') FROM "Item" ORDER BY "objectId""#)
            var values: [String: String?] = [:]
            for line in lines {
                let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                let value = String(parts[1])
                values[String(parts[0])] = value == "\\N" ? nil : value
            }
            return values
        }

        /// Whether `new` (as the new type holds it) is `old` (as the old type held it) exactly.
        func isExact(_ old: String?, _ new: String?) -> Bool {
            guard let old, let new else { return old == nil && new == nil }
            let (_, oldText) = split(old), (newType, newText) = split(new)
            switch (change.from, change.to) {
            case (.bool, .string):
                return newType != "real" && newType != "integer" && newText == (["1", "true", "t"].contains(oldText) ? "true" : "false")
            case (.date, .string):
                guard pg else { return newText == oldText }
                // Microseconds as PostgreSQL holds them; Parse's text keeps milliseconds.
                let fraction = oldText.index(oldText.endIndex, offsetBy: -4)
                return oldText[fraction...] == "000Z" && newText == oldText[..<fraction] + "Z"
            case (_, .string):
                guard newType != "real" && newType != "integer" else { return false }
                if change.from == .int && !numbersAreDoubles { return newText == oldText }
                // Read back as the old type, the text is the value, in no more digits than that
                // takes (PostgreSQL writes some integral doubles beyond 2^53 in 17 digits where
                // 16 read back the same).
                guard let a = number(oldText, change.from), let b = number(newText, change.from) else { return false }
                // An int is written in its digits, wherever it is stored (as a double, where it
                // is a 64-bit integer: beyond, PostgreSQL writes the double).
                if change.from == .int, a == a.rounded(), let integer = Int64(exactly: a) {
                    return newText == String(integer)
                }
                return a == b && significantDigits(newText).count <= (change.from == .float && floatIsReal ? 9 : 17)
            case (.string, .int):
                guard let number = Double(newText), number == number.rounded(),
                      let integer = numbersAreDoubles ? Int64(exactly: number) : Int64(newText)
                else { return false }
                return String(integer) == oldText
            case (.string, _):
                // The text and the float's shortest text are the same decimal number.
                guard let value = number(newText, change.to), value.isFinite else { return false }
                let shortest = change.to == .float && floatIsReal ? "\(Float(value))" : "\(value)"
                return DecimalNumber(text: oldText) == DecimalNumber(text: shortest)
            case (.int, _) where !numbersAreDoubles:
                guard let integer = Int64(oldText), let value = number(newText, change.to) else { return false }
                return Int64(exactly: value) == integer
            default:
                guard let a = number(oldText, change.from), let b = number(newText, change.to) else { return false }
                return a == b && (change.to != .int || b == b.rounded())
            }
        }

        /// A number as a column of `kind` holds it: PostgreSQL's `real` as a float.
        private func number(_ text: String, _ kind: Kind) -> Double? {
            kind == .float && floatIsReal ? Float(text).map(Double.init) : Double(text)
        }

        /// SQLite's text carries its storage class (`real:0.1`); PostgreSQL's is the value.
        private func split(_ text: String) -> (type: String, text: String) {
            guard !pg, let colon = text.firstIndex(of: ":") else { return ("", text) }
            var value = String(text[text.index(after: colon)...])
            let type = String(text[..<colon])
            if type == "real", value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
            return (type, value)
        }

        // MARK: Values

        /// Values that convert exactly: the migration must take them all.
        func goodValues(_ random: inout SeededRandom) -> [String] {
            (0..<12).map { _ in
                switch (change.from, change.to) {
                case (.int, .float) where floatIsReal: return String(random.int(in: -16_777_216...16_777_216))
                case (.int, .double), (.int, .float): return String(random.int(in: -(1 << 53)...(1 << 53)))
                case (.int, _): return numbersAreDoubles ? String(random.int(in: -(1 << 53)...(1 << 53))) : String(random.int64())
                case (.double, .int), (.float, .int): return String(random.int(in: -(1 << 24)...(1 << 24)))
                case (.double, .string) where !pg, (.float, .string) where !pg:
                    // What SQLite writes exactly: at most 15 digits, exponents within ±22.
                    return "\(random.int(in: -999_999_999...999_999_999))e\(random.int(in: -22...13))"
                case (.double, .float), (.float, _): return doubleLiteral(Double(random.normalFloat()))
                case (.double, _): return doubleLiteral(random.normalDouble())
                case (.string, .int): return literal(numbersAreDoubles ? String(random.int(in: -(1 << 53)...(1 << 53))) : String(random.int64()))
                case (.string, .float) where floatIsReal: return literal("\(random.normalFloat())")
                case (.string, _):
                    // SQLite takes what it reads exactly: at most 15 digits, exponents within ±22.
                    var text = "\(random.normalDouble())"
                    if !pg {
                        text = random.bool() ? "\(random.int(in: -999_999_999...999_999_999))e\(random.int(in: -22...13))"
                            : String(random.int(in: -(1 << 53)...(1 << 53)))
                    }
                    return literal(random.bool() ? text : text.replacingOccurrences(of: "e", with: "E"))
                case (.bool, _): return random.bool() ? boolLiteral(true) : boolLiteral(false)
                case (.date, _): return literal(random.date(microseconds: false))
                }
            }
        }

        /// Values at and beyond every limit: each converts exactly or stops the migration.
        func edgeValues() -> [String] {
            switch change.from {
            case .int:
                return ["0", "-1", "16777217", "1000000000000000", "9007199254740992", "9007199254740993", "-9007199254740993",
                        "9223372036854775807", "-9223372036854775808", "9223372036854775806", "1152921504606846976"]
            case .double:
                return [0.1, 0.30000000000000004, 1e300, -1e300, 1e-50, .leastNonzeroMagnitude, 2.5, -2.5, 1.2345678901234568e17, 9.3e18, -9.3e18,
                        1.7976931348623157e308, 1e22, 123456789.125, 3.4028235677973366e38, 16777217].map(doubleLiteral)
            case .float:
                return [Float(0.1), .leastNonzeroMagnitude, 3.4028235e38, 16777216, 0.5, -7.25, 1e20].map { doubleLiteral(Double($0)) }
            case .string:
                return ["42", "-7", "007", "+7", "7.0", " 7", "7 ", "-0", "", "abc", "0x1F", ".5", "5.", "1e5", "1E5", "1.50",
                        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "9007199254740993", "12.75",
                        "1e400", "1e-400", "0.30000000000000004", "0.300000000000000041", "12345678901234567890", "1.2345678901234568e17",
                        "1e1000", "3.4028236e38", "3.4028235e38", "1e-45", "NaN", "Infinity", "1e0001", "9007199254740992"].map(literal)
            case .bool:
                return [boolLiteral(true), boolLiteral(false)]
            case .date:
                return ["2024-05-06T07:08:09.123Z", "2024-05-06T07:08:09.123456Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z",
                        "1970-01-01T00:00:00.000Z"].map(literal)
            }
        }

        private func literal(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }

        private func doubleLiteral(_ value: Double) -> String {
            // As a double, whatever the column: PostgreSQL reads a bare literal as numeric.
            pg ? "'\(value)'::double precision" : "\(value)"
        }

        private func boolLiteral(_ value: Bool) -> String {
            pg ? (value ? "true" : "false") : (value ? "1" : "0")
        }
    }
}

/// A small, seeded generator (SplitMix64), so that every run draws the same values.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func int64() -> Int64 { Int64(bitPattern: next()) }
    mutating func bool() -> Bool { next() & 1 == 1 }

    /// A finite, normal double from any bit pattern (every magnitude is as likely as any other).
    mutating func normalDouble() -> Double {
        while true {
            let value = Double(bitPattern: next())
            if value.isNormal { return value }
        }
    }

    mutating func normalFloat() -> Float {
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
            if value.isNormal { return value }
        }
    }

    /// An ISO 8601 date between 1970 and 2100, in milliseconds (or microseconds).
    mutating func date(microseconds: Bool) -> String {
        let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &self)
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fraction = microseconds ? String(format: "%06lld", milliseconds % 1000 * 1000 + 1) : String(format: "%03lld", milliseconds % 1000)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
            + fraction + "Z"
    }
}

/// A decimal number as its sign, significant digits and exponent, so two texts of one number
/// compare equal (`1.50`, `1.5`, `15e-1`); `nil` for text that is not a number.
struct DecimalNumber: Equatable {
    var negative: Bool
    var digits: String
    var exponent: Int

    init?(text: String) {
        var text = Substring(text)
        negative = text.hasPrefix("-")
        if negative || text.hasPrefix("+") { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(text[text.index(after: e)...]) else { return nil }
            exponent = value
            text = text[..<e]
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole + fraction).isEmpty, (whole + fraction).allSatisfy(\.isNumber) else { return nil }
        var all = String(whole + fraction)
        exponent -= fraction.count
        while all.hasSuffix("0") { all.removeLast(); exponent += 1 }
        while all.hasPrefix("0") { all.removeFirst() }
        if all.isEmpty { (negative, exponent) = (false, 0) }
        digits = all
        self.exponent = exponent
    }
}

/// The significant digits of a number's text: what "shortest" counts.
func significantDigits(_ text: String) -> String {
    DecimalNumber(text: text)?.digits ?? text
}
