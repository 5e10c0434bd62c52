import Foundation
import Testing

/// Canonical text of JSON: parsed with JSONSerialization (independent of the code under test)
/// and re-serialised with sorted keys, so two texts compare equal exactly when they are the
/// same JSON.
func canonicalJSON(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    let canonical = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: canonical, as: UTF8.self)
}

/// Expects `data` to be the same JSON as `expected`.
func expectJSON(_ data: Data, equals expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let actual = try canonicalJSON(data)
    let wanted = try canonicalJSON(Data(expected.utf8))
    #expect(actual == wanted, "got \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
}

/// The top-level keys of a JSON object.
func jsonKeys(_ data: Data) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: data)
    return Set((object as? [String: Any])?.keys.map { $0 } ?? [])
}

/// The test date 2023-11-14T22:13:20.123Z.
let sampleDate = Date(timeIntervalSince1970: 1_700_000_000.123)
