#if LocalStore
import Foundation
import GRDB
import ParseRuntime
import ParseWire

/// Parse JSON values to column values and back, by field kind: the one place that knows how
/// each kind is kept (docs/LocalStore.md, "How values are kept").
enum ColumnValues {
    // MARK: JSON to column

    /// The column value of `value` for `field` of `className`, or a typed error when the value
    /// does not fit the field.
    static func column(_ value: JSONValue, for field: LocalSchema.Field, className: String) throws(LocalStoreError) -> DatabaseValue {
        if value == .null { return .null }
        func refuse(_ expected: String) -> LocalStoreError {
            LocalStoreError(.invalidValue, className: className, field: field.name, message: "expects \(expected).")
        }
        switch field.kind {
        case .string:
            guard case .string(let text) = value else { throw refuse("a string") }
            return text.databaseValue
        case .int:
            switch value {
            case .int(let number): return number.databaseValue
            case .double(let number) where number.rounded() == number && abs(number) < 9.2e18: return Int64(number).databaseValue
            default: throw refuse("an integer")
            }
        case .double:
            guard let number = value.doubleValue, !value.isBool else { throw refuse("a number") }
            return number.databaseValue
        case .bool:
            guard case .bool(let flag) = value else { throw refuse("a boolean") }
            return (flag ? 1 : 0).databaseValue
        case .date:
            guard let text = dateText(value) else { throw refuse("a date") }
            return text.databaseValue
        case .bytes:
            guard value["__type"] == "Bytes", let base64 = value["base64"]?.stringValue, let data = Data(base64Encoded: base64) else {
                throw refuse("bytes")
            }
            return data.databaseValue
        case .file:
            guard value["__type"] == "File", let name = value["name"]?.stringValue else { throw refuse("a file") }
            return name.databaseValue
        case .geoPoint:
            guard value["__type"] == "GeoPoint", let latitude = value["latitude"]?.doubleValue,
                  let longitude = value["longitude"]?.doubleValue else { throw refuse("a GeoPoint") }
            return try jsonText(["latitude": .double(latitude), "longitude": .double(longitude)], field: field, className: className)
        case .polygon:
            guard value["__type"] == "Polygon", let coordinates = value["coordinates"], case .array = coordinates else {
                throw refuse("a Polygon")
            }
            return try jsonText(coordinates, field: field, className: className)
        case .json:
            return try jsonText(value, field: field, className: className)
        case .pointer(let target, _):
            guard let objectId = pointerId(value, to: target) else { throw refuse("a pointer to \(target)") }
            return objectId.databaseValue
        case .relation:
            throw refuse("relation operations (AddRelation, RemoveRelation)")
        }
    }

    /// The ACL column of an `ACL` value.
    static func aclColumn(_ value: JSONValue?, className: String) throws(LocalStoreError) -> DatabaseValue {
        guard let value, value != .null else { return .null }
        guard case .object = value else {
            throw LocalStoreError(.invalidValue, className: className, field: "ACL", message: "expects an ACL object.")
        }
        return try jsonText(value, field: LocalSchema.Field("ACL", .json), className: className)
    }

    /// The objectId of a pointer to `target`, or `nil` when `value` is not one.
    static func pointerId(_ value: JSONValue, to target: String) -> String? {
        guard value["__type"] == "Pointer" || value["__type"] == "Object",
              value["className"]?.stringValue == target, let objectId = value["objectId"]?.stringValue else { return nil }
        return objectId
    }

    /// A date's text as Parse writes it (`2024-05-01T10:00:00.123Z`), from a Parse Date or an
    /// ISO 8601 string, so that text order is time order.
    static func dateText(_ value: JSONValue) -> String? {
        let text: String?
        if case .string(let plain) = value {
            text = plain
        } else if value["__type"] == "Date" {
            text = value["iso"]?.stringValue
        } else {
            text = nil
        }
        return text.flatMap(ISO8601Millis.normalized)
    }

    /// Compact JSON text with sorted keys: the same value always gives the same text, so
    /// equality of texts is equality of values.
    static func jsonText(_ value: JSONValue, field: LocalSchema.Field, className: String) throws(LocalStoreError) -> DatabaseValue {
        do {
            return try value.serializedString().databaseValue
        } catch {
            throw LocalStoreError(.invalidValue, className: className, field: field.name, message: "holds a number JSON cannot write (NaN or infinity).")
        }
    }

    // MARK: Column to JSON

    /// The Parse JSON of a column value of `field`, `nil` for NULL. A file has only its name;
    /// the reader adds its URL.
    static func json(_ value: DatabaseValue, for field: LocalSchema.Field) -> JSONValue? {
        switch value.storage {
        case .null:
            return nil
        case .int64(let number):
            switch field.kind {
            case .bool: return .bool(number != 0)
            case .double: return .double(Double(number))
            default: return .int(Int(number))
            }
        case .double(let number):
            return .double(number)
        case .blob(let data):
            return ["__type": "Bytes", "base64": .string(data.base64EncodedString())]
        case .string(let text):
            switch field.kind {
            case .date: return ["__type": "Date", "iso": .string(text)]
            case .file: return ["__type": "File", "name": .string(text)]
            case .pointer(let target, _): return ["__type": "Pointer", "className": .string(target), "objectId": .string(text)]
            case .geoPoint:
                guard let point = parse(text) else { return nil }
                return ["__type": "GeoPoint", "latitude": point["latitude"] ?? .null, "longitude": point["longitude"] ?? .null]
            case .polygon:
                guard let coordinates = parse(text) else { return nil }
                return ["__type": "Polygon", "coordinates": coordinates]
            case .json:
                return parse(text)
            default:
                return .string(text)
            }
        }
    }

    /// JSON text parsed, or `nil` when it is not JSON (the table's CHECK prevents that).
    static func parse(_ text: String) -> JSONValue? {
        try? JSONValue(parsing: Data(text.utf8))
    }
}

extension JSONValue {
    /// Whether this is a boolean (which ``doubleValue`` would not read, but to be sure).
    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }
}
#endif
