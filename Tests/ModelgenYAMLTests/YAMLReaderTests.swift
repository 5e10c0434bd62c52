import Foundation
import ModelgenDiagnostics
@testable import ModelgenYAML
import Testing

/// Reads `text` and returns the tree, failing the test on a refusal.
private func tree(_ text: String, limits: YAMLLimits = .default) throws -> YAMLNode {
    let node = try YAMLReader.parse(text, file: "t.yaml", limits: limits)
    return try #require(node)
}

/// The refusal's rendered diagnostic, or `nil` when the text was accepted.
private func refusal(_ text: String, limits: YAMLLimits = .default) -> String? {
    refusal(bytes: Array(text.utf8), limits: limits)
}

private func refusal(bytes: [UInt8], limits: YAMLLimits = .default) -> String? {
    do {
        _ = try YAMLReader.parse(bytes, file: "t.yaml", limits: limits)
        return nil
    } catch {
        return error.diagnostic.description
    }
}

private func entry(_ node: YAMLNode, _ key: String) throws -> YAMLMappingEntry {
    try #require(node.mapping?.first { $0.key == key })
}

@Suite struct LocationTests {
    @Test func blockStyleKeysAndValuesKnowTheirLineAndColumn() throws {
        let root = try tree("""
            version: 1
            classes:
              Book:
                fields:
                  title: string!
            """)
        let classes = try entry(root, "classes")
        #expect(classes.keyLocation == SourceLocation(file: "t.yaml", line: 2, column: 1))
        let book = try entry(classes.value, "Book")
        #expect(book.keyLocation == SourceLocation(file: "t.yaml", line: 3, column: 3))
        let title = try entry(try entry(book.value, "fields").value, "title")
        #expect(title.keyLocation == SourceLocation(file: "t.yaml", line: 5, column: 7))
        #expect(title.value.location == SourceLocation(file: "t.yaml", line: 5, column: 14))
        #expect(title.value.scalar?.text == "string!")
    }

    @Test func flowStyleItemsKnowTheirColumns() throws {
        let root = try tree("a: {type: double, min: 0}\nb: [x, \"y\", 'z']\n")
        let a = try entry(root, "a")
        #expect(a.value.location.column == 4)
        let min = try entry(a.value, "min")
        #expect(min.keyLocation == SourceLocation(file: "t.yaml", line: 1, column: 19))
        #expect(min.value.location.column == 24)
        let items = try #require(try entry(root, "b").value.sequence)
        #expect(items.map(\.location.column) == [5, 8, 13])
        #expect(items.map { $0.scalar!.style } == [.plain, .doubleQuoted, .singleQuoted])
    }

    @Test func multiLineScalarsStartWhereTheyAreIntroduced() throws {
        let root = try tree("""
            first: x
            text: |
              line one
              line two
            after: y
            """)
        let text = try entry(root, "text")
        #expect(text.value.location.line == 2)
        #expect(text.value.scalar?.text == "line one\nline two\n")
        #expect(text.value.scalar?.style == .literal)
        #expect(try entry(root, "after").keyLocation.line == 5)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try tree("émoji: {ñ: 1, b: 2}\n")
        let inner = try entry(root, "émoji").value
        #expect(try entry(inner, "b").keyLocation.column == 15)
    }

    @Test func sequencesOfMappingsLocateEachItem() throws {
        let root = try tree("indexes:\n  - [a, b]\n  - {fields: [c], unique: true}\n")
        let items = try #require(try entry(root, "indexes").value.sequence)
        #expect(items.map(\.location.line) == [2, 3])
        #expect(items.map(\.location.column) == [5, 5])
    }
}

@Suite struct RefusalTests {
    @Test func duplicateKeyAtTopLevel() {
        #expect(refusal("a: 1\nb: 2\na: 3\n") == """
            t.yaml:3:1: error: duplicate key 'a'
            t.yaml:1:1: note: 'a' was first defined here
            """)
    }

    @Test func duplicateKeyDeepInside() {
        #expect(refusal("c:\n  B:\n    fields: {x: int, y: int, x: string}\n") == """
            t.yaml:3:30: error: duplicate key 'x'
            t.yaml:3:14: note: 'x' was first defined here
            """)
    }

    /// Nested mappings keep their keys on top of their parents' (one stack for all): a key
    /// repeated in the parent after a nested mapping, or in a nested mapping that a key of its
    /// parent is still waiting on, is found in its own mapping and only there.
    @Test func duplicateKeysAcrossNestedMappings() {
        #expect(refusal("a:\n  b: 1\n  a: {b: 2, a: 3}\nb: [a, {a: 1}]\na: 4\n") == """
            t.yaml:5:1: error: duplicate key 'a'
            t.yaml:1:1: note: 'a' was first defined here
            """)
        #expect(refusal("a:\n  b:\n    c: 1\n    b: 2\n    c: 3\n") == """
            t.yaml:5:5: error: duplicate key 'c'
            t.yaml:3:5: note: 'c' was first defined here
            """)
        let keys = (0..<70).map { "  k\($0): {k\($0): [k\($0)]}" }.joined(separator: "\n")
        #expect(refusal("m:\n" + keys + "\n  k69: again\n")?.hasPrefix("t.yaml:72:3: error: duplicate key 'k69'\nt.yaml:71:3: note:") == true)
        #expect(refusal("m:\n" + keys + "\n  n: {k1: 1, k2: 2, k1: 3}\n")?.hasPrefix("t.yaml:72:21: error: duplicate key 'k1'\nt.yaml:72:7: note:") == true)
        let tree = try? YAMLReader.parse(Array(("m:\n" + keys + "\n").utf8), file: "t.yaml")
        #expect(tree?.mapping?.first?.value.mapping?.count == 70)
        #expect(tree?.mapping?.first?.value.mapping?.last?.value.mapping?.first?.value.sequence?.first?.scalar?.text == "k69")
    }

    @Test func duplicateKeyInAMappingPastTheScannedSize() {
        let keys = (0..<100).map { "k\($0): \($0)" }.joined(separator: "\n")
        #expect(refusal(keys + "\nk3: again\n")?.hasPrefix("t.yaml:101:1: error: duplicate key 'k3'\nt.yaml:4:1: note:") == true)
    }

    @Test func duplicateKeyInALargeMapping() {
        let keys = (0..<40).map { "k\($0): \($0)" }.joined(separator: "\n")
        #expect(refusal(keys + "\nk17: again\n")?.hasPrefix("t.yaml:41:1: error: duplicate key 'k17'\nt.yaml:18:1: note:") == true)
    }

    @Test func billionLaughsIsRefusedAtTheAliasThatCrossesTheBound() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(aliases)]")
        }
        let message = try #require(refusal(lines.joined(separator: "\n") + "\n"))
        #expect(message.hasPrefix("t.yaml:4:"))
        #expect(message.contains("error: aliases expand to more than 10000 nodes"))
    }

    @Test func modestAliasesAreAccepted() throws {
        let root = try tree("base: &b {type: string, maxLength: 10}\nother: *b\n")
        #expect(try entry(root, "other").value == entry(root, "base").value)
    }

    @Test func unknownAlias() {
        #expect(refusal("a: *nothing\n")?.hasPrefix("t.yaml:1:4: error: unknown alias '*nothing'") == true)
    }

    @Test func nestingBeyondTheBound() {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        #expect(refusal(deep) == "t.yaml:1:65: error: nesting is deeper than 64 levels")
        #expect(refusal(String(repeating: "[", count: 10) + String(repeating: "]", count: 10)) == nil)
    }

    @Test func fileBeyondTheSizeBound() {
        let limits = YAMLLimits(maxFileSize: 100)
        #expect(refusal(String(repeating: "a", count: 101), limits: limits)
                == "t.yaml:1:1: error: file is 101 bytes, over the limit of 100 bytes")
        #expect(refusal(String(repeating: "a", count: 100), limits: limits) == nil)
    }

    @Test func fileBeyondTheSizeBoundIsNotReadIntoMemory() throws {
        let path = NSTemporaryDirectory() + "modelgen-yaml-size-\(UUID().uuidString).yaml"
        try String(repeating: "# filler\n", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: YAMLError.self) { try YAMLReader.read(path: path, limits: YAMLLimits(maxFileSize: 1000)) }
        do throws(YAMLError) {
            _ = try YAMLReader.read(path: path, displayPath: "big.yaml", limits: YAMLLimits(maxFileSize: 1000))
        } catch {
            #expect(error.diagnostic.description == "big.yaml:1:1: error: file is 1800 bytes, over the limit of 1000 bytes")
        }
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("a: ok\nb: x".utf8)
        bytes += [0xC3, 0x28]
        #expect(refusal(bytes: bytes) == "t.yaml:2:5: error: invalid UTF-8 byte 0xC3; save the file as UTF-8")
        #expect(refusal(bytes: Array("a: ".utf8) + [0xED, 0xA0, 0x80]) != nil, "UTF-16 surrogates are not UTF-8")
        #expect(refusal(bytes: Array("a: ".utf8) + [0xC0, 0xAF]) != nil, "overlong encodings are refused")
        #expect(refusal(bytes: Array("a: ".utf8) + [0xE2, 0x82]) == "t.yaml:1:4: error: truncated UTF-8 sequence at the end of the file")
    }

    /// The check skips eight ASCII bytes at a time and counts lines only once it knows of a
    /// failure: it accepts exactly the well-formed text the standard library accepts, wherever
    /// a sequence falls against those eight-byte words, and locates the first failure.
    @Test func wellFormedUTF8AgreesWithTheStandardLibrary() {
        func check(_ bytes: [UInt8]) -> UTF8Check.Failure? {
            bytes.withUnsafeBufferPointer { UTF8Check.firstInvalid(in: $0) }
        }
        var sequences: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            sequences.append([lead])
            for second: UInt8 in [0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                sequences.append([lead, second])
                for third: UInt8 in [0x80, 0xBF, 0xC0] {
                    sequences.append([lead, second, third])
                    sequences.append([lead, second, third, 0x80])
                }
            }
        }
        var compared = 0
        for sequence in sequences {
            for before in [0, 1, 5, 7, 8, 15] {
                let bytes = Array(repeating: UInt8(ascii: "x"), count: before) + sequence + Array("\nok: 1\n".utf8)
                let valid = String(validating: bytes, as: UTF8.self) != nil
                let failure = check(bytes)
                #expect((failure == nil) == valid, "\(bytes)")
                if let failure { #expect(failure.line == 1 && failure.column <= before + 2, "\(bytes)") }
                compared += 1
            }
        }
        #expect(compared == sequences.count * 6)
        let mixed = Array("description: café, naïve, 日本語, 🙂\n".utf8)
        #expect(check(Array(repeating: mixed, count: 40).flatMap { $0 }) == nil)
        var late = Array(repeating: mixed, count: 40).flatMap { $0 }
        late.insert(0xFF, at: late.count - 3)
        #expect(check(late).map { "\($0.line):\($0.column)" } == "40:32", "the emoji whose sequence the 0xFF breaks")
    }

    @Test func utf16IsRefusedWithAHint() {
        #expect(refusal(bytes: [0xFF, 0xFE, 0x61, 0x00]) == "t.yaml:1:1: error: the file is UTF-16 encoded; save it as UTF-8")
    }

    @Test func utf8ByteOrderMarkIsAccepted() throws {
        let node = try YAMLReader.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), file: "t.yaml")
        #expect(node?.mapping?.first?.key == "a")
    }

    @Test func multipleDocuments() {
        #expect(refusal("a: 1\n---\nb: 2\n") == """
            t.yaml:2:1: error: a schema file holds one YAML document; found a second one
            t.yaml:2:1: note: put each document in a file of its own
            """)
    }

    @Test func foreignTagsAreRefusedCoreTagsAccepted() throws {
        #expect(refusal("a: !!python/object:os.system x\n") == """
            t.yaml:1:4: error: YAML tag '!!python/object:os.system' is not supported
            t.yaml:1:4: note: schemas use plain YAML values; remove the tag
            """)
        #expect(refusal("a: !custom {b: 1}\n")?.contains("YAML tag '!custom' is not supported") == true)
        let root = try tree("a: !!str 1\n")
        #expect(try entry(root, "a").value.scalar?.string == "1")
    }

    @Test func nonScalarKeys() {
        #expect(refusal("? [a, b]\n: 1\n") == "t.yaml:1:3: error: a mapping key must be a scalar, not a sequence")
    }

    @Test func malformedYAMLIsLocated() {
        #expect(refusal("a: [1, 2\nb: 3\n") == """
            t.yaml:2:2: error: malformed YAML: while parsing a flow sequence: did not find expected ',' or ']'
            t.yaml:1:4: note: the construct started here
            """)
        #expect(refusal("a:\n\tb: 1\n") == """
            t.yaml:2:1: error: malformed YAML: while scanning for the next token: found character that cannot start any token
            t.yaml:2:1: note: YAML does not allow tabs for indentation; use spaces
            """)
        #expect(refusal("a: 1\n\tb: 2\n")?.contains("note: YAML does not allow tabs for indentation; use spaces") == true)
    }

    @Test func emptyDocumentIsNil() throws {
        #expect(try YAMLReader.parse("# only a comment\n", file: "t.yaml") == nil)
        #expect(try YAMLReader.parse("", file: "t.yaml") == nil)
    }

    @Test func missingFileIsAnError() {
        #expect(throws: YAMLError.self) { try YAMLReader.read(path: "/nonexistent/x.yaml") }
    }

    @Test func nodesBeyondTheBound() {
        let limits = YAMLLimits(maxNodes: 10)
        // The mapping, its key and the sequence are 3 nodes; 7 items fit, the 8th does not.
        #expect(refusal("a: [1, 2, 3, 4, 5, 6, 7]\n", limits: limits) == nil)
        #expect(refusal("a: [1, 2, 3, 4, 5, 6, 7, 8]\n", limits: limits) == """
            t.yaml:1:26: error: the file holds more than 10 YAML nodes
            t.yaml:1:26: note: no hand-written schema is this large; split a generated one into several files
            """)
        #expect(refusal("{a: {b: {c: {d: {e: {f: 1}}}}}}\n", limits: limits)?.contains("more than 10 YAML nodes") == true,
                "mappings count as nodes")
    }

    @Test func utf16AndUTF32AreNamedWithOrWithoutAByteOrderMark() {
        let text = "a: 1\n"
        func utf16(_ bigEndian: Bool) -> [UInt8] { text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        func utf32(_ bigEndian: Bool) -> [UInt8] { text.unicodeScalars.flatMap { bigEndian ? [0, 0, 0, UInt8($0.value)] : [UInt8($0.value), 0, 0, 0] } }
        let sixteen = "t.yaml:1:1: error: the file is UTF-16 encoded; save it as UTF-8"
        let thirtyTwo = "t.yaml:1:1: error: the file is UTF-32 encoded; save it as UTF-8"
        #expect(refusal(bytes: [0xFE, 0xFF] + utf16(true)) == sixteen)
        #expect(refusal(bytes: utf16(true)) == sixteen)
        #expect(refusal(bytes: utf16(false)) == sixteen)
        #expect(refusal(bytes: [0xFF, 0xFE, 0, 0] + utf32(false)) == thirtyTwo)
        #expect(refusal(bytes: [0, 0, 0xFE, 0xFF] + utf32(true)) == thirtyTwo)
        #expect(refusal(bytes: utf32(false)) == thirtyTwo)
        #expect(refusal(bytes: utf32(true)) == thirtyTwo)
        // A NUL at the start that is not UTF-16 is a NUL.
        #expect(refusal(bytes: [0] + Array("abc: 1\n".utf8)) == "t.yaml:1:1: error: malformed YAML: control characters are not allowed (byte 0x00)")
    }

    @Test func controlCharactersAreNamed() {
        #expect(refusal(bytes: Array("a: x".utf8) + [0x7F]) == "t.yaml:1:5: error: malformed YAML: control characters are not allowed (byte 0x7F)")
        #expect(refusal(bytes: Array("a: x".utf8) + [0xC2, 0x80]) == "t.yaml:1:5: error: malformed YAML: control characters are not allowed (U+0080)")
    }

    @Test func unsupportedYAMLVersionAndLongKeysGetNotes() throws {
        #expect(refusal("%YAML 2.0\n---\na: 1\n") == """
            t.yaml:1:1: error: malformed YAML: found incompatible YAML document
            t.yaml:1:1: note: modelgen reads YAML 1.2 and 1.1; remove the %YAML directive or make it %YAML 1.2
            """)
        let key = String(repeating: "k", count: 1_100)
        #expect(refusal("\(key): 1\n")?.contains("note: a key longer than 1024 characters must be written as an explicit key") == true)
        #expect(try tree("? \(key)\n: 1\n").mapping?.first?.key == key)
    }

    @Test func aDocumentWithoutContentIsNoDocument() throws {
        #expect(try YAMLReader.parse("---\n", file: "t.yaml") == nil)
        #expect(try YAMLReader.parse("---\n...\n", file: "t.yaml") == nil)
        #expect(try YAMLReader.parse("~\n", file: "t.yaml")?.scalar?.isNull == true, "a written null is a null")
        #expect(try YAMLReader.parse("''\n", file: "t.yaml")?.scalar?.text == "", "a quoted empty string is a string")
    }

    @Test func aNamedPipeIsRefusedWithoutWaiting() throws {
        let path = NSTemporaryDirectory() + "modelgen-yaml-fifo-\(UUID().uuidString).yaml"
        #expect(mkfifo(path, 0o644) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do throws(YAMLError) {
            _ = try YAMLReader.read(path: path, displayPath: "pipe.yaml")
            Issue.record("a named pipe was read")
        } catch {
            #expect(error.diagnostic.description == "modelgen: error: cannot read 'pipe.yaml': not a regular file")
        }
    }

    @Test func diagnosticsEscapeControlCharactersFromTheInput() {
        #expect(refusal("\"a\\nb\\u001B[2J\\u202E\": 1\n\"a\\nb\\u001B[2J\\u202E\": 2\n") == """
            t.yaml:2:1: error: duplicate key 'a\\nb\\u{1B}[2J\\u{202E}'
            t.yaml:1:1: note: 'a\\nb\\u{1B}[2J\\u{202E}' was first defined here
            """)
        // The zero-width no-break space too, which generated code escapes as well: one list.
        #expect(refusal("\"a\\uFEFFb\": 1\n\"a\\uFEFFb\": 2\n") == """
            t.yaml:2:1: error: duplicate key 'a\\u{FEFF}b'
            t.yaml:1:1: note: 'a\\u{FEFF}b' was first defined here
            """)
    }
}

@Suite struct ScalarResolutionTests {
    @Test func coreSchemaResolution() {
        #expect(YAMLScalar("42").int == 42)
        #expect(YAMLScalar("-0x1F").int == -31)
        #expect(YAMLScalar("0o17").int == 15)
        #expect(YAMLScalar("42", style: .doubleQuoted).int == nil)
        #expect(YAMLScalar("42", style: .doubleQuoted).string == "42")
        #expect(YAMLScalar("99999999999999999999").int == nil)
        #expect(YAMLScalar("99999999999999999999").looksLikeInteger)
        // The short-decimal path (up to 18 digits) and the general one agree at their border.
        #expect(YAMLScalar("+12").int == 12)
        #expect(YAMLScalar("-0").int == 0)
        #expect(YAMLScalar("012").int == 12)
        #expect(YAMLScalar("-999999999999999999").int == -999_999_999_999_999_999)
        #expect(YAMLScalar("1000000000000000000").int == 1_000_000_000_000_000_000)
        #expect(YAMLScalar("9223372036854775807").int == Int.max)
        #expect(YAMLScalar("-9223372036854775808").int == Int.min)
        #expect(YAMLScalar("9223372036854775808").int == nil)
        for text in ["", "-", "+", "--1", "1-", "1 ", " 1", "1_000", "1.0", "٣"] {
            #expect(YAMLScalar(text).int == nil, "\(text)")
        }
        #expect(YAMLScalar("1.5e3").double == 1500)
        #expect(YAMLScalar(".inf").double == .infinity)
        #expect(YAMLScalar(".nan").double?.isNaN == true)
        #expect(YAMLScalar("1.2.3").double == nil)
        #expect(YAMLScalar("true").bool == true)
        #expect(YAMLScalar("yes").bool == nil, "YAML 1.2: yes is a string")
        #expect(YAMLScalar("yes").string == "yes")
        #expect(YAMLScalar("~").isNull)
        // Ruled out by the first byte, or decided by the whole spelling.
        for text in ["~", "null", "Null", "NULL"] { #expect(YAMLScalar(text).isNull, "\(text)") }
        for text in ["nul", "nULL", "None", "~~", "x", "0"] { #expect(!YAMLScalar(text).isNull, "\(text)") }
        for text in ["true", "True", "TRUE"] { #expect(YAMLScalar(text).bool == true, "\(text)") }
        for text in ["false", "False", "FALSE"] { #expect(YAMLScalar(text).bool == false, "\(text)") }
        for text in ["tRUE", "t", "fals", "yes", "", "1"] { #expect(YAMLScalar(text).bool == nil, "\(text)") }
        #expect(YAMLScalar("null", tag: "tag:yaml.org,2002:null").isNull)
        #expect(YAMLScalar("x", tag: "tag:yaml.org,2002:null").isNull)
        #expect(YAMLScalar("TRUE", tag: "tag:yaml.org,2002:bool").bool == true)
        #expect(YAMLScalar("").isNull)
        #expect(YAMLScalar("", style: .singleQuoted).isNull == false)
        #expect(YAMLScalar("null").string == nil)
        #expect(YAMLScalar("3").string == nil)
    }
}

/// What `YAMLReader.stream` hands on, one line per part: `section/key` for a section's entry,
/// `key` for a root entry, then the value's shape and the key's place.
private func streamed(_ text: String, sections: Set<String> = ["classes", "embedded"]) throws -> (parts: [String], end: YAMLStreamEnd) {
    var parts: [String] = []
    let end = try YAMLReader.stream(text, file: "t.yaml", sections: sections) { part in
        switch part {
        case .entry(let entry):
            parts.append("\(entry.key) \(entry.value.kindDescription) \(entry.value.mapping?.count ?? 0) at \(entry.keyLocation)")
        case .sectionEntry(let section, let entry):
            parts.append("\(section)/\(entry.key) \(entry.value.kindDescription) at \(entry.keyLocation)")
        }
    }
    return (parts, end)
}

private func streamRefusal(_ text: String) -> String? {
    do {
        _ = try YAMLReader.stream(text, file: "t.yaml", sections: ["classes"]) { _ in }
        return nil
    } catch {
        return error.diagnostic.description
    }
}

@Suite struct StreamTests {
    @Test func partsComeInDocumentOrderWithEachSectionsEntriesBeforeTheSection() throws {
        let (parts, end) = try streamed("""
            version: 1
            classes:
              Author: {fields: {name: string}}
              Book:
                fields: {title: string}
            enums:
              Genre: [a, b]
            embedded: {Address: {}}
            """)
        #expect(parts == [
            "version a scalar 0 at t.yaml:1:1",
            "classes/Author a mapping at t.yaml:3:3",
            "classes/Book a mapping at t.yaml:4:3",
            "classes a mapping 0 at t.yaml:2:1",
            "enums a mapping 1 at t.yaml:6:1",
            "embedded/Address a mapping at t.yaml:8:12",
            "embedded a mapping 0 at t.yaml:8:1",
        ])
        guard case .mapping(let at) = end else { Issue.record("expected a mapping root, got \(end)"); return }
        #expect(at == SourceLocation(file: "t.yaml", line: 1, column: 1))
    }

    @Test func aStreamedEntryIsTheSameSubtreeTheWholeTreeHolds() throws {
        let text = "classes:\n  Book:\n    fields: {title: string!, year: {type: int, min: 0}}\n    indexes: [[title]]\n"
        var received: [YAMLMappingEntry] = []
        _ = try YAMLReader.stream(text, file: "t.yaml", sections: ["classes"]) { part in
            if case .sectionEntry(_, let entry) = part { received.append(entry) }
        }
        let whole = try #require(try entry(tree(text), "classes").value.mapping)
        #expect(received == whole)
    }

    @Test func sectionsThatCannotBeStreamedComeWhole() throws {
        // Anchored (an alias may repeat it), not a mapping, or not at the root.
        #expect(try streamed("classes: &all {A: {}}\n").parts == ["classes a mapping 1 at t.yaml:1:1"])
        #expect(try streamed("classes: [A]\n").parts == ["classes a sequence 0 at t.yaml:1:1"])
        #expect(try streamed("classes:\n").parts == ["classes null 0 at t.yaml:1:1"])
        #expect(try streamed("other: {classes: {A: {}}}\n").parts == ["other a mapping 1 at t.yaml:1:1"])
        #expect(try streamed("classes: {A: {}}\n", sections: []).parts == ["classes a mapping 1 at t.yaml:1:1"])
    }

    @Test func theEndSaysWhatTheRootWas() throws {
        guard case .empty = try streamed("# nothing\n").end else { Issue.record("expected no document"); return }
        guard case .other(let root) = try streamed("[1, 2]\n").end else { Issue.record("expected a sequence root"); return }
        #expect(root.sequence?.count == 2)
        guard case .other(let scalar) = try streamed("just text\n").end else { Issue.record("expected a scalar root"); return }
        #expect(scalar.scalar?.text == "just text")
    }

    @Test func duplicateKeysAreFoundInStreamedMappings() {
        #expect(streamRefusal("a: 1\nclasses: {}\na: 3\n") == """
            t.yaml:3:1: error: duplicate key 'a'
            t.yaml:1:1: note: 'a' was first defined here
            """)
        #expect(streamRefusal("classes:\n  A: {}\n  B: {}\n  A: {}\n") == """
            t.yaml:4:3: error: duplicate key 'A'
            t.yaml:2:3: note: 'A' was first defined here
            """)
        let many = (0..<100).map { "  C\($0): {}" }.joined(separator: "\n")
        #expect(streamRefusal("classes:\n" + many + "\n  C70: {}\n")?.hasPrefix("t.yaml:102:3: error: duplicate key 'C70'\nt.yaml:72:3: note:") == true)
    }

    @Test func aRefusalAfterSomePartsStillThrows() {
        #expect(streamRefusal("classes:\n  A: {}\n  B: [unclosed\n")?.hasPrefix("t.yaml:") == true)
        #expect(streamRefusal("classes:\n  A: {}\n---\nb: 1\n")?.contains("found a second one") == true)
    }
}

/// The tree builder takes libyaml's events in batches: however they are cut, the parts, their
/// order, the end and the first error are the same.
@Suite struct EventBatchTests {
    /// Parts, end and error, each as text, the events read in batches of `batchSize`.
    private func streamed(_ text: String, batchSize: Int) -> [String] {
        var lines: [String] = []
        do {
            let end = try YAMLReader.stream(Array(text.utf8), file: "t.yaml", limits: .default, sections: ["classes", "embedded"],
                                            batchSize: batchSize) { lines.append(describe($0)) }
            lines.append("end: \(end)")
        } catch {
            lines.append("error: " + error.diagnostic.description)
        }
        return lines
    }

    private func describe(_ part: YAMLStreamPart) -> String {
        switch part {
        case .entry(let entry): "\(entry.key) = \(entry.value) at \(entry.keyLocation)"
        case .sectionEntry(let section, let entry): "\(section)/\(entry.key) = \(entry.value) at \(entry.keyLocation)"
        }
    }

    static let documents = [
        // Parts, anchors and aliases, tags, styles, a multi-line scalar, a streamed section.
        """
        version: 1
        description: |
          Two
          lines
        classes:
          Author: &author {fields: {name: 'string!', born: {type: date}}}
          Book:
            fields: {title: "string", author: pointer<Author>, tags: !!str array<string>}
          Copy: *author
        enums: {Genre: [a, b, c]}
        embedded: {Address: {fields: {street: string}}}
        """,
        "",
        "# only a comment\n",
        "---\n",
        "[1, 2, 3]\n",
        "plain scalar\n",
        // The first error of each kind, some after parts were handed on.
        "classes:\n  A: {}\n  B: {}\n  A: {}\n",
        "a: 1\nclasses: {}\na: 3\n",
        "classes:\n  A: {}\n  B: [unclosed\n",
        "classes:\n  A: {}\n---\nb: 1\n",
        "a: !custom 1\n",
        "a: *nowhere\n",
        "classes:\n  A: {fields: {x: string}}\n  A: {}\n  B: [unclosed\n",
        "{[a]: 1}\n",
    ]

    @Test(arguments: documents)
    func theBatchSizeChangesNothing(document: String) {
        let expected = streamed(document, batchSize: YAMLReader.batchSize)
        for batchSize in [1, 2, 3, 7, 512] {
            #expect(streamed(document, batchSize: batchSize) == expected, "batches of \(batchSize)")
        }
    }
}
