import Foundation
import InjectionModels
import ParseRuntime
import Testing

/// The Swift generated from `Tests/InjectionModels/Injection.yaml` compiles (this target
/// builds it) and means exactly what the schema says: every value below is written here as a
/// Swift literal of its own, independently of the generator.
@Suite struct InjectionModelTests {
    @Test func enumRawValuesAreTheTextWritten() {
        let expected: [Quote: String] = [
            .single: "it's",
            .double: #"say "hi""#,
            .backslash: #"C:\temp\"#,
            .interpolation: #"\(1 + 1)"#,
            .unicodeEscape: #"\u{41}"#,
            .newline: "line 1\nline 2",
            .crlf: "line 1\r\nline 2",
            .tab: "a\tb",
            .hashes: ##"#"raw"# ##"##,
            .tripleQuote: "\"\"\"",
            .comment: "*/ -- /*",
            .statement: #"'); DROP TABLE "Payload"; --"#,
            .lineSeparator: "a\u{2028}b",
            .bidi: "abc\u{202E}dcb",
            .emoji: "😀 e\u{301}",
        ]
        #expect(Quote.allCases.count == expected.count)
        for (value, raw) in expected {
            #expect(value.rawValue == raw)
            #expect(Array(value.rawValue.unicodeScalars) == Array(raw.unicodeScalars), "not just equivalent: the same scalars")
            #expect(Quote(rawValue: raw) == value)
        }
        #expect(Level.lowest.rawValue == Int.min && Level.highest.rawValue == Int.max)
    }

    @Test func titlesAreTheTextWritten() {
        #expect(Quote.single.title == "Title: 'single' \"double\" \\ \n newline \t tab")
        #expect(Quote.statement.title == #"'; DROP TABLE "Payload"; --"#)
        #expect(Quote.interpolation.title == #"\(title)"#)
        #expect(Quote.tab.title == "tab")
    }

    @Test func embeddedDefaultsAreTheValuesWritten() {
        let text = Text()
        #expect(text.plain == #"x"; fatalError(); let y = ""#)
        #expect(Array(text.controls!.unicodeScalars) == Array("line1\nline2\r\nline3\t\u{1}\u{7F}\u{2028}\u{202E}".unicodeScalars))
        #expect(text.path == #"..\..\etc/passwd"#)
        #expect(text.sql == #"'); DROP TABLE "Payload"; --"#)
        #expect(text.interpolation == #"\(1 + 1) \u{41}"#)
        #expect(text.raw == ###"#"raw"# ##"""##"###)
        #expect(Array(text.unicode!.unicodeScalars) == Array("😀 e\u{301} \u{FEFF} end".unicodeScalars))
        #expect(text.quote == .statement)
        #expect(text.level == .lowest)
        #expect(text.biggest == Int.max && text.smallest == Int.min)
        #expect(text.tiny == Double.leastNonzeroMagnitude, "the smallest subnormal, written 5e-324")
        #expect(text.huge == Double.greatestFiniteMagnitude)
        #expect(text.flag == false)
    }

    @Test func keywordFieldsKeepTheirParseNames() throws {
        var payload = Payload()
        payload.class = "c"
        payload.default = "d"
        payload.`Type` = 1
        payload.`init` = 2
        payload.protocol = "p"
        payload.true = true
        payload.null = "n"
        payload.select = "s"
        let json = try JSONSerialization.jsonObject(with: ParseEncoder().encode(payload)) as? [String: Any]
        let keys = Set(json?.keys.map { $0 } ?? [])
        #expect(keys.isSuperset(of: ["class", "default", "Type", "init", "protocol", "true", "null", "select"]), "\(keys)")
        #expect(json?["default"] as? String == "d")
        #expect(Payload.className == "Payload" && Select.className == "Select")
        var select = Select()
        select.`Protocol` = 3
        #expect(select.`Protocol` == 3)
    }

    @Test func valuesSurviveTheWireFormat() throws {
        var payload = Payload()
        payload.quote = .statement
        payload.text = Text()
        let data = try ParseEncoder().encode(payload)
        let decoded = try ParseDecoder().decode(Payload.self, from: data)
        #expect(decoded.quote == .statement)
        #expect(decoded.text == Text())
    }
}

/// The local schema of the injection models (`localStore: true`) compiles with every hostile
/// name and text in its statements, and holds exactly the statements of the committed
/// `sqlite.sql`: each raw string literal means its text, scalar for scalar.
@Suite struct InjectionLocalSchemaValueTests {
    /// The lines of the committed SQLite script between `BEGIN;` and `COMMIT;` that are neither
    /// blank nor comments: the statements, as the emitter leaves out their descriptions.
    static func scriptStatementLines() throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("InjectionModels/Generated/SQL/sqlite.sql").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex(of: "BEGIN;"))
        let commit = try #require(lines.lastIndex(of: "COMMIT;"))
        return lines[(begin + 1)..<commit].filter { !$0.isEmpty && !$0.drop { $0 == " " }.hasPrefix("--") }.joined(separator: "\n")
    }

    @Test func statementsAreTheScriptsScalarForScalar() throws {
        let schema = LocalSchema.injection
        let statements = schema.statements.joined(separator: "\n")
        #expect(Array(statements.unicodeScalars) == Array(try Self.scriptStatementLines().unicodeScalars))
        #expect(statements.contains(###"'#"raw"# ##"""##'"###) && statements.contains("line3\t'"))
        // FNV-1a, 64 bits, of the statements joined by newlines.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in statements.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        #expect(schema.version == String(repeating: "0", count: 16 - digits.count) + digits)
        #expect(schema.name == "Injection")
    }

    @Test func classesAndFieldsKeepTheirParseNames() {
        let schema = LocalSchema.injection
        #expect(schema.classes.map(\.name) == ["Payload", "Select", "Peer", "Leaf", "Node", "_Session", "_User"])
        #expect(schema.class(named: "Payload")?.field(named: "class") == LocalSchema.Field("class", .string))
        #expect(schema.class(named: "Payload")?.field(named: "true")?.kind == .bool)
        #expect(schema.class(named: "Select")?.fields.map(\.name) == ["from", "where", "order", "Protocol"])
        #expect(schema.class(named: "Select")?.field(named: "where")?.kind == .relation(to: "Payload"))
        #expect(schema.class(named: "Peer")?.field(named: "node") == LocalSchema.Field("node", .pointer(to: "Node", onDelete: .cascade), required: true))
    }
}
