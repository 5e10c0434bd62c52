import Foundation
import ParseRuntime
import Testing

/// Parses JSON text into Foundation objects, so two documents compare as JSON (key order and
/// number spelling do not matter; values do).
func jsonObject(_ data: Data) throws -> NSObject {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
}

/// Expects `data` to be the JSON document `expected`.
func expectJSON(_ data: Data, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let actual = try jsonObject(data)
    let wanted = try jsonObject(Data(expected.utf8))
    #expect(actual == wanted, "got \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
}

/// The body the SDK would send to save `value` (server-owned keys left out).
func saveBody<T: Encodable>(_ value: T) throws -> Data {
    try ParseEncoder().encode(value, skipKeys: .object)
}

/// Every key, for local storage and round trips.
func fullJSON<T: Encodable>(_ value: T) throws -> Data {
    try ParseEncoder().encode(value, skipKeys: .none)
}

func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try ParseDecoder().decode(type, from: Data(json.utf8))
}

/// 2023-11-14T22:13:20.123Z
let sampleDate = Date(timeIntervalSince1970: 1_700_000_000.123)
