import Foundation

/// The JSON forms the client sends and merges, with encoding failures as typed errors.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package enum WireJSON {
    /// Save bodies: nested objects as pointers, server-managed keys left out.
    static let saveEncoder = ParseEncoder()
    /// Local snapshots: every key, nested objects whole (what ``ParseObject/mergeable`` stores).
    static let snapshotEncoder = ParseEncoder(nestedObjects: .includedObject)

    /// `value` as it appears inside a query or an operation: a Parse object as a pointer, a
    /// date as a Parse Date, an enum as its raw value.
    package static func value<Value: Encodable>(_ value: Value) throws(ParseClientError) -> JSONValue {
        try element(value, encoder: saveEncoder)
    }

    /// `value` as it is kept locally: a Parse object whole.
    package static func localValue<Value: Encodable>(_ value: Value) throws(ParseClientError) -> JSONValue {
        try element(value, encoder: snapshotEncoder)
    }

    /// Encodes `value` as the only element of an array, so that the encoder treats it as a
    /// nested value (a Parse object becomes a pointer rather than a save body).
    private static func element<Value: Encodable>(
        _ value: Value, encoder: ParseEncoder
    ) throws(ParseClientError) -> JSONValue {
        let json = try encode { try encoder.encodeJSONValue([value], skipKeys: .none) }
        guard case .array(let elements) = json, let first = elements.first, elements.count == 1 else {
            throw .encoding("\(Value.self) did not encode as one JSON value.")
        }
        return first
    }

    /// The save body of `object`: its non-nil fields, nested objects as pointers (an unsaved
    /// one to its copy in `saved`, or an error when it has none).
    package static func saveFields<T: ParseObject>(
        _ object: T, keepObjectId: Bool = false, saved: SavedChildren = SavedChildren()
    ) throws(ParseClientError) -> [String: JSONValue] {
        let skipKeys: ParseEncoder.SkipKeys = keepObjectId ? .customObjectId : .object
        return try members(of: try encode {
            if saved.isEmpty {
                return try saveEncoder.encodeJSONValue(object, skipKeys: skipKeys)
            }
            return try saveEncoder.encodeJSONValue(object, skipKeys: skipKeys) { nested, _ in try saved.pointer(to: nested) }
        })
    }

    /// Every field of `object`, nested objects whole: the base that responses are merged into.
    package static func snapshot<T: ParseObject>(_ object: T) throws(ParseClientError) -> [String: JSONValue] {
        try members(of: try encode { try snapshotEncoder.encodeJSONValue(object, skipKeys: .none) })
    }

    /// The original fields stored in `object.originalData`, or `nil` when there are none or
    /// they cannot be read.
    package static func original<T: ParseObject>(of object: T) -> [String: JSONValue]? {
        guard let data = object.originalData, let json = try? JSONValue(parsing: data) else { return nil }
        return json.objectValue
    }

    /// `members` as compact JSON text.
    package static func body(_ members: [String: JSONValue]) throws(ParseClientError) -> Data {
        try body(JSONValue.object(members))
    }

    /// `json` as compact JSON text.
    package static func body(_ json: JSONValue) throws(ParseClientError) -> Data {
        try encode { try json.serialized() }
    }

    /// Decodes a model from merged fields.
    package static func decode<T: Decodable>(
        _ type: T.Type, from members: [String: JSONValue], status: Int, redactor: Redactor
    ) throws(ParseClientError) -> T {
        do {
            return try ParseDecoder().decode(type, from: JSONValue.object(members))
        } catch {
            throw .decoding(ParseDecodingFailure.from(error, status: status, redactor: redactor))
        }
    }

    /// Parameters of a Cloud Code call: every key kept, nested objects as pointers.
    static func parameters<Value: Encodable>(_ value: Value) throws(ParseClientError) -> JSONValue {
        try encode { try saveEncoder.encodeJSONValue(value, skipKeys: .none) }
    }

    /// Decodes one member of an answer, such as a Cloud Code `result` (`null` when there was
    /// none), so that errors name it in their path.
    static func decodeResult<Result: Decodable>(
        _ type: Result.Type, from value: JSONValue, status: Int, redactor: Redactor, key: String = "result"
    ) throws(ParseClientError) -> Result {
        do {
            let container = try ParseDecoder().decode(Member<Result>.self, from: JSONValue.object([key: value]))
            return container.value
        } catch {
            throw .decoding(ParseDecodingFailure.from(error, status: status, redactor: redactor))
        }
    }

    /// The only member of a JSON object, whatever its key.
    private struct Member<Value: Decodable>: Decodable {
        var value: Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "empty object"))
            }
            value = try container.decode(Value.self, forKey: key)
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func members(of json: JSONValue) throws(ParseClientError) -> [String: JSONValue] {
        guard case .object(let members) = json else {
            throw .encoding("A Parse object did not encode as a JSON object.")
        }
        return members
    }

    /// Runs an encoding step, turning its errors into ``ParseClientError/encoding(_:)``.
    static func encode<Result>(_ body: () throws -> Result) throws(ParseClientError) -> Result {
        do {
            return try body()
        } catch let error as ParseClientError {
            throw error
        } catch let error as EncodingError {
            switch error {
            case .invalidValue(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw .encoding(path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)")
            @unknown default:
                throw .encoding("\(error)")
            }
        } catch let error as ParseError {
            throw .encoding(error.message)
        } catch {
            throw .encoding("\(error)")
        }
    }
}
