import Foundation
import Testing
import ParseRuntime

/// `ParseDecoder.decode(_:from: JSONValue)` reads the tree directly; these tests decode the same
/// trees through the old path (the tree written as JSON text, read by
/// `ParseDecoder.jsonDecoder()`) and expect the same values and, where decoding fails, the same
/// error: case, coding path, message, and the client's report of it.
///
/// One thing is left out on purpose: a dictionary (`[String: T]`, `[Int: T]`, an ACL) is read
/// in the order of its keys in a Swift `Dictionary`, which differs from one dictionary to the
/// next, so when two of its members fail, which error comes first is chance, in JSONDecoder as
/// here. The random objects given to dictionaries have at most one bad member (and the random
/// objects have no key `ACL`, which a model reads as a dictionary of scopes).
@Suite struct TreeDecoderTests {
    // MARK: What JSONDecoder does, spelled out

    @Test func readsWholeNumbersIntoIntegersAsJSONDecoderDoes() throws {
        let decoder = ParseDecoder()
        #expect(try decoder.decode(Int.self, from: .double(1.0)) == 1)
        #expect(try decoder.decode(Int.self, from: .double(1e3)) == 1000)
        #expect(try decoder.decode(Int.self, from: .double(-0.0)) == 0)
        #expect(try decoder.decode(UInt8.self, from: .double(255)) == 255)
        // Past 2^53 JSONDecoder reads the text again as a Decimal: 9.223372036854775e+18, not
        // the Double's exact 9223372036854774784.
        #expect(try decoder.decode(Int.self, from: .double(9.223372036854775e18)) == 9_223_372_036_854_775_000)
        #expect(try decoder.decode(Double.self, from: .int(3)) == 3.0)
        #expect(try decoder.decode(Float.self, from: .double(0.1)) == Float(0.1))
        #expect(try decoder.decode(Decimal.self, from: .double(0.1)) == Decimal(string: "0.1"))
        expectSameEverywhere([.int(1), .double(1.0), .double(1e3), .double(-0.0), .double(9.223372036854775e18)])
    }

    @Test func numbersThatDoNotFitAreInvalidJSONAtTheTop() {
        // JSONDecoder throws its own error for these, which reaches the caller as "not valid JSON"
        // with an empty path, however deep the number was.
        let cases: [(JSONValue, any Decodable.Type)] = [
            (["a": [.int(300)]], [String: [UInt8]].self),
            (.int(-1), UInt.self),
            (.double(1.5), Int.self),
            (.double(1e300), Float.self),
            (.double(1e-50), Float.self),
            (.double(1e19), Int.self),
            (.double(-9.223372036854776e18), Int.self),
        ]
        for (json, type) in cases {
            do {
                _ = try ParseDecoder().decode(type, from: json)
                Issue.record("\(json) decoded as \(type)")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.isEmpty)
                #expect(context.debugDescription == "The given data was not valid JSON.")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func aJSONValueIsTheSubtreeWithWholeDoublesReadAsIntegers() throws {
        let tree: JSONValue = ["a": [.double(2.0), .double(2.5), .int(3), "x", nil], "b": .double(1e20), "c": .double(-0.0)]
        let decoded = try ParseDecoder().decode(JSONValue.self, from: tree)
        #expect(decoded == ["a": [.int(2), .double(2.5), .int(3), "x", nil], "b": .double(1e20), "c": .int(0)])
        expectSameDecoding(JSONValue.self, from: tree)
        expectSameDecoding([String: JSONValue].self, from: tree)
    }

    @Test func nullIsATypeMismatchForBoolAndAMissingValueForTheRest() {
        let outcome = expectSameDecoding(RequiredPrimitives.self, from: ["bool": nil])
        #expect(outcome.description.contains("typeMismatch(Bool)"), "\(outcome)")
        expectSameDecoding(RequiredPrimitives.self, from: ["bool": true, "string": nil])
        expectSameDecoding(RequiredPrimitives.self, from: ["bool": true])
    }

    @Test func aTreeWithANonFiniteNumberFailsAsItsTextDid() {
        for number in [Double.nan, .infinity, -.infinity] {
            for tree: JSONValue in [.double(number), ["a": ["b": .double(number)]], [.int(1), .double(number)], ["z": 1, "a": .double(number)]] {
                let outcome = expectSameDecoding(JSONValue.self, from: tree)
                #expect(!outcome.isValue)
                expectSameDecoding(Int.self, from: tree)
            }
        }
    }

    @Test func classInheritanceThroughSuperDecoder() {
        for json: JSONValue in [
            ["breed": "collie", "super": ["name": "Lassie"]],
            ["super": ["name": "Rex"]],
            ["breed": "pug"],
            ["breed": "pug", "super": nil],
            ["breed": 3, "super": ["name": "Rex"]],
            ["super": ["name": 1]],
            ["super": "Rex"],
        ] {
            expectSameDecoding(DogValue.self, from: json)
        }
    }

    // MARK: Random trees

    @Test func singleValuesOfEveryKind() {
        var random = RandomJSON(seed: 1)
        var values = RandomJSON.edgeIntegers.map(JSONValue.int) + RandomJSON.edgeDoubles.map(JSONValue.double)
        values += RandomJSON.strings.map(JSONValue.string) + [.null, .bool(true), .bool(false), [], [:]]
        for _ in 0 ..< 800 {
            values.append(random.value())
        }
        var decoded = 0
        for value in values {
            expectSameDecoding(SingleValueProbe.self, from: value)
            expectSameDecoding(JSONValue.self, from: value)
            for outcome in [
                expectSameDecoding(Int.self, from: value).isValue,
                expectSameDecoding(Double.self, from: value).isValue,
                expectSameDecoding(Date.self, from: value).isValue,
                expectSameDecoding(String?.self, from: value).isValue,
                expectSameDecoding([JSONValue].self, from: value).isValue,
                expectSameDecoding([String: JSONValue].self, from: value).isValue,
                expectSameDecoding(ParseDate.self, from: value).isValue,
            ] where outcome {
                decoded += 1
            }
        }
        #expect(decoded > values.count, "too few values decoded to test much: \(decoded)")
    }

    @Test func objectsReadEveryWay() {
        var random = RandomJSON(seed: 2)
        var decoded = 0
        for _ in 0 ..< 700 {
            var members: [String: JSONValue] = [:]
            for _ in 0 ..< random.random.int(in: 0 ... 12) {
                members[random.key()] = random.chance(0.7) ? random.scalar() : random.value(depth: 2)
            }
            let json = JSONValue.object(members)
            expectSameDecoding(KeyedProbe.self, from: json)
            if expectSameDecoding(OptionalPrimitives.self, from: json).isValue { decoded += 1 }
            expectSameDecoding(RequiredPrimitives.self, from: json)
            if expectSameDecoding(Enums.self, from: json).isValue { decoded += 1 }
            expectSameDecoding(DogValue.self, from: json)
        }
        #expect(decoded > 25, "too few objects decoded to test much: \(decoded)")
    }

    @Test func primitivesFromValuesOfTheirKind() {
        // Objects whose every member is at least a number for a number, a string for a string:
        // many decode, and the failures are the numbers that do not fit.
        var random = RandomJSON(seed: 3)
        var decoded = 0
        for _ in 0 ..< 1000 {
            var members: [String: JSONValue] = [:]
            for name in ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
                         "float", "double", "decimal"] where random.chance(0.3) {
                members[name] = random.chance(0.7) ? .int(random.int(in: 0 ... 127)) : random.number()
            }
            if random.chance(0.5) { members["bool"] = .bool(random.chance(0.5)) }
            if random.chance(0.5) { members["string"] = .string(random.string()) }
            if random.chance(0.5) { members["date"] = random.chance(0.5) ? .string(random.string()) : random.parseObject() }
            if random.chance(0.5) { members["data"] = .string(random.string()) }
            if random.chance(0.5) { members["url"] = .string(random.string()) }
            if random.chance(0.5) { members["json"] = random.value() }
            if random.chance(0.1) { members[random.key()] = random.scalar() }
            let json = JSONValue.object(members)
            if expectSameDecoding(OptionalPrimitives.self, from: json).isValue { decoded += 1 }
            expectSameDecoding(KeyedProbe.self, from: json)
        }
        #expect(decoded > 150, "too few objects decoded to test much: \(decoded)")
    }

    @Test func arraysReadEveryWay() {
        var random = RandomJSON(seed: 4)
        for _ in 0 ..< 600 {
            let elements = (0 ..< random.random.int(in: 0 ... 7)).map { _ in
                random.chance(0.75) ? random.scalar() : random.value(depth: 2)
            }
            let json = JSONValue.array(elements)
            expectSameDecoding(UnkeyedProbe.self, from: json)
            expectSameDecoding([Int].self, from: json)
            expectSameDecoding([Int?].self, from: json)
            expectSameDecoding([UInt8].self, from: json)
            expectSameDecoding([Float?].self, from: json)
            expectSameDecoding([String].self, from: json)
            expectSameDecoding([Bool?].self, from: json)
            expectSameDecoding([Date].self, from: json)
            expectSameDecoding([Color].self, from: json)
            expectSameDecoding(Set<Level>.self, from: json)
            expectSameDecoding([[JSONValue]].self, from: json)
            expectSameDecoding([SingleValueProbe].self, from: json)
            // An array of alternating keys and values is how a dictionary whose keys are
            // neither strings nor integers decodes.
            expectSameDecoding([Level: String].self, from: json)
        }
    }

    @Test func collectionsWithAtMostOneBadMemberPerDictionary() {
        var random = RandomJSON(seed: 5)
        var decoded = 0
        for _ in 0 ..< 1500 {
            var members: [String: JSONValue] = [:]
            func list(_ element: (inout RandomJSON) -> JSONValue) -> JSONValue {
                .array((0 ..< random.random.int(in: 0 ... 4)).map { _ in element(&random) })
            }
            if random.chance(0.4) { members["ints"] = list { $0.chance(0.9) ? .int($0.integer()) : $0.scalar() } }
            if random.chance(0.4) { members["smallInts"] = list { $0.number() } }
            if random.chance(0.4) { members["unsigned"] = list { $0.number() } }
            if random.chance(0.4) { members["floats"] = list { $0.number() } }
            if random.chance(0.4) { members["optionals"] = list { $0.chance(0.3) ? .null : $0.number() } }
            if random.chance(0.4) { members["flags"] = list { $0.chance(0.8) ? .bool(true) : $0.scalar() } }
            if random.chance(0.4) { members["nested"] = list { [.string($0.string()), "b"] } }
            if random.chance(0.4) { members["set"] = list { .string($0.string()) } }
            if random.chance(0.4) { members["jsons"] = list { $0.value() } }
            if random.chance(0.4) { members["objects"] = random.value() }
            if random.chance(0.4) { members["dates"] = list { $0.chance(0.7) ? "2023-11-14T22:13:20.123Z" : $0.parseObject() } }
            if random.chance(0.4) { members["blobs"] = list { .string($0.string()) } }
            if random.chance(0.4) { members["decimals"] = list { $0.chance(0.9) ? $0.number() : $0.scalar() } }
            if random.chance(0.4) {
                var byName: [String: JSONValue] = [:]
                for _ in 0 ..< random.random.int(in: 0 ... 4) { byName[random.key()] = .int(random.integer()) }
                if random.chance(0.3), let key = byName.keys.sorted().first { byName[key] = random.scalar() }
                members["byName"] = random.chance(0.9) ? .object(byName) : random.scalar()
            }
            if random.chance(0.4) {
                var byNumber: [String: JSONValue] = [:]
                for _ in 0 ..< random.random.int(in: 0 ... 4) { byNumber[String(random.integer())] = .string(random.string()) }
                if random.chance(0.2) {
                    byNumber[random.pick(["x", "1.5", "", " 1"])] = "not a number key"
                } else if random.chance(0.2), let key = byNumber.keys.sorted().first {
                    byNumber[key] = random.scalar()
                }
                members["byNumber"] = random.chance(0.9) ? .object(byNumber) : random.scalar()
            }
            if expectSameDecoding(Collections.self, from: .object(members)).isValue { decoded += 1 }
        }
        #expect(decoded > 150, "too few objects decoded to test much: \(decoded)")
    }

    @Test func parseTypesRightAndWrong() {
        var random = RandomJSON(seed: 6)
        for _ in 0 ..< 1500 {
            let json = random.chance(0.8) ? random.parseObject() : random.value()
            expectSameDecoding(ParseDate.self, from: json)
            expectSameDecoding(ParseGeoPoint.self, from: json)
            expectSameDecoding(ParseFile.self, from: json) { [$0.name, $0.url?.absoluteString] }
            expectSameDecoding(ParseBytes.self, from: json)
            expectSameDecoding(ParsePolygon.self, from: json)
            expectSameDecoding(ParseRelation<Book>.self, from: json)
            expectSameDecoding(Pointer<Genre>.self, from: json)
            expectSameDecoding(Genre.self, from: json, comparing: fields)
            expectSameDecoding(ParseError.self, from: json)
            expectSameDecoding(Ingredient.self, from: json)
        }
    }

    @Test func accessControlListsWithAtMostOneBadScope() {
        var random = RandomJSON(seed: 7)
        for _ in 0 ..< 500 {
            var scopes: [String: JSONValue] = [:]
            for scope in ["*", "u1", "role:admin", "u2"] where random.chance(0.5) {
                scopes[scope] = ["read": .bool(random.chance(0.7)), "write": .bool(random.chance(0.3))]
            }
            if random.chance(0.3) {
                scopes[random.pick(["*", "u3"])] = random.chance(0.5) ? random.scalar() : ["read": random.scalar()]
            }
            let json = JSONValue.object(scopes)
            expectSameDecoding(ParseACL.self, from: random.chance(0.95) ? json : random.scalar())
        }
    }

    /// Expects the same outcome for each value read every way as a single value.
    private func expectSameEverywhere(_ values: [JSONValue], sourceLocation: SourceLocation = #_sourceLocation) {
        for value in values {
            expectSameDecoding(SingleValueProbe.self, from: value, sourceLocation: sourceLocation)
            expectSameDecoding(JSONValue.self, from: value, sourceLocation: sourceLocation)
        }
    }
}
