import Foundation
import Testing
@testable import ParseRuntime

/// How ParseRuntime read JSON before it read trees directly: the oracle of the differential
/// tests, kept here and nowhere in the library.
enum OldDecodingPath {
    /// `ParseDecoder.decode(_:from: JSONValue)` as it was: the tree written as JSON text, and
    /// that text read by `ParseDecoder.jsonDecoder()`.
    static func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        try ParseDecoder.jsonDecoder().decode(type, from: try json.serialized())
    }

    /// `JSONValue(parsing:)` as it was: a `JSONDecoder` decoding `JSONValue`.
    static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }
}

/// What a decoding gave: its value, or its error described in full.
enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case error(String)

    init(_ body: () throws -> Value) {
        do {
            self = .value(try body())
        } catch {
            self = .error(describeError(error))
        }
    }

    var isValue: Bool {
        if case .value = self { true } else { false }
    }

    var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .error(let error): "error \(error)"
        }
    }
}

/// An error as everything a caller can read of it: for a `DecodingError` its case, type or key,
/// coding path (string and int value of each key) and message, and what
/// `ParseDecodingFailure.from` (the client's report of it) makes of it.
func describeError(_ error: any Error) -> String {
    let failure = ParseDecodingFailure.from(error, status: 200, redactor: Redactor(secrets: []))
    let report = "[failure path \"\(failure.path)\", message \"\(failure.message)\"]"
    switch error {
    case let error as DecodingError:
        switch error {
        case .typeMismatch(let type, let context):
            return "typeMismatch(\(type)) \(describeContext(context)) \(report)"
        case .valueNotFound(let type, let context):
            return "valueNotFound(\(type)) \(describeContext(context)) \(report)"
        case .keyNotFound(let key, let context):
            return "keyNotFound(\(describePath([key]))) \(describeContext(context)) \(report)"
        case .dataCorrupted(let context):
            return "dataCorrupted \(describeContext(context)) \(report)"
        @unknown default:
            return "unknown DecodingError \(error)"
        }
    case let error as EncodingError:
        return "EncodingError \(error)"
    default:
        // JSONDecoder's internal error for a number that does not fit, which a custom
        // `init(from:)` can catch before JSONDecoder turns it into `dataCorrupted`; the tree
        // decoder has its own.
        return "another error"
    }
}

private func describeContext(_ context: DecodingError.Context) -> String {
    "at [\(describePath(context.codingPath))]: \(context.debugDescription)"
}

/// A coding path with each key's string and int value.
func describePath(_ path: [any CodingKey]) -> String {
    path.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ", ")
}

/// Decodes `json` as a `T` through the old path and through `ParseDecoder`'s tree decoder and
/// expects the same outcome. Returns it.
@discardableResult
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, from json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
) -> Outcome<T> {
    let old = Outcome { try OldDecodingPath.decode(T.self, from: json) }
    let new = Outcome { try ParseDecoder().decode(T.self, from: json) }
    #expect(new == old, "decoding \(T.self) from \(json)", sourceLocation: sourceLocation)
    return new
}

/// The same, comparing what `view` makes of the two values (for types whose `==` is not a
/// comparison of their content, such as a `ParseFile` without a URL, equal only to itself).
@discardableResult
func expectSameDecoding<T: Decodable, View: Equatable>(
    _ type: T.Type, from json: JSONValue, comparing view: (T) throws -> View,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Outcome<View> {
    let old = Outcome { try view(try OldDecodingPath.decode(T.self, from: json)) }
    let new = Outcome { try view(try ParseDecoder().decode(T.self, from: json)) }
    #expect(new == old, "decoding \(T.self) from \(json)", sourceLocation: sourceLocation)
    return new
}

/// A model as its fields: everything `ParseEncoder` writes of it (nested objects whole, every
/// key), and its `originalData`, which it does not write.
func fields<T: ParseObject>(_ object: T) throws -> [JSONValue] {
    let json = try ParseEncoder(nestedObjects: .includedObject).encodeJSONValue(object, skipKeys: .none)
    return [json, object.originalData.map { .string($0.base64EncodedString()) } ?? .null]
}

/// A small, seeded generator (SplitMix64), so that every run draws the same values.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0 ..< 1, using: &self) < p
    }

    mutating func pick<C: Collection>(_ choices: C) -> C.Element {
        choices.randomElement(using: &self)!
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }
}
