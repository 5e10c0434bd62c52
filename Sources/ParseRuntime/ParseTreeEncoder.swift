import Foundation

/// Types whose keys are never skipped, even at the top level (their `className`/`objectId`
/// are their content, not server-managed fields).
protocol SkipKeysExempt {}

/// String-keyed dictionaries: their keys are data, so skip keys never apply (as in ParseSwift).
protocol StringKeyedDictionaryMarker {}
extension Dictionary: StringKeyedDictionaryMarker where Key == String {}

/// The `Encoder` behind ``ParseEncoder``: writes values into an ``EncodingNode`` tree, turning
/// nested Parse objects into pointers and dates into Parse Date objects on the way.
final class ParseTreeEncoder: Encoder {
    /// Settings shared by the whole encoding.
    struct Options {
        /// Keys left out of the top-level value.
        let topLevelSkipKeys: Set<String>
        /// How nested Parse objects are written.
        let nestedObjects: ParseEncoder.NestedObjectEncoding
        /// With pointers: what to write for a nested object without an `objectId` (`nil` from
        /// it, or no function, is the usual error).
        var unsavedObject: ((any ParseObject, [any CodingKey]) throws -> JSONValue?)?
    }

    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: Options
    /// Keys left out of keyed containers requested from this encoder.
    let skipKeys: Set<String>

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: EncodingNode, codingPath: [any CodingKey], options: Options, skipKeys: Set<String>) {
        self.node = node
        self.codingPath = codingPath
        self.options = options
        self.skipKeys = skipKeys
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(ParseKeyedEncodingContainer<Key>(
            node: node, codingPath: codingPath, options: options, skipKeys: skipKeys
        ))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return ParseUnkeyedEncodingContainer(node: node, codingPath: codingPath, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ParseSingleValueEncodingContainer(node: node, codingPath: codingPath, options: options)
    }

    // MARK: Encoding one value

    /// Encodes `value` into `node`. An empty `codingPath` means `value` is the top-level value.
    static func encode<T: Encodable>(
        _ value: T, into node: EncodingNode, codingPath: [any CodingKey], options: Options
    ) throws {
        if let special = try specialValue(value, codingPath: codingPath) {
            node.set(special)
            return
        }
        let isTopLevel = codingPath.isEmpty
        if !isTopLevel, let object = value as? any ParseObject {
            switch options.nestedObjects {
            case .pointer:
                if object.objectId == nil, let replacement = try options.unsavedObject?(object, codingPath) {
                    node.set(replacement)
                } else {
                    node.set(try pointer(to: object, codingPath: codingPath))
                }
            case .includedObject:
                let encoder = ParseTreeEncoder(
                    node: node, codingPath: codingPath, options: options, skipKeys: ["originalData"]
                )
                try value.encode(to: encoder)
                node.member("__type").set(.string("Object"))
                node.member("className").set(.string(object.className))
            }
            return
        }
        var skipKeys: Set<String> = []
        if isTopLevel, !(value is any SkipKeysExempt), !(value is any StringKeyedDictionaryMarker) {
            skipKeys = options.topLevelSkipKeys
        }
        if value is any ParseObject {
            skipKeys.insert("originalData")
        }
        try value.encode(to: ParseTreeEncoder(node: node, codingPath: codingPath, options: options, skipKeys: skipKeys))
    }

    /// The JSON for values that do not encode themselves the Parse way: `Date`, `Data`, `URL`,
    /// `Decimal` and ``JSONValue``; `nil` for everything else.
    private static func specialValue<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue? {
        switch value {
        case let date as Date:
            guard let json = ParseDate.jsonValue(for: date) else {
                throw EncodingError.invalidValue(date, EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(date) is outside the range of a Parse (JavaScript) Date."
                ))
            }
            return json
        case let data as Data:
            return .string(data.base64EncodedString())
        case let url as URL:
            return .string(url.absoluteString)
        case let decimal as Decimal:
            let number = NSDecimalNumber(decimal: decimal)
            if let integer = Int(exactly: number.doubleValue), Decimal(integer) == decimal {
                return .int(integer)
            }
            return try PrimitiveJSON.double(number.doubleValue, codingPath: codingPath)
        case let json as JSONValue:
            return json
        default:
            return nil
        }
    }

    /// The pointer JSON for a nested Parse object.
    private static func pointer(to object: any ParseObject, codingPath: [any CodingKey]) throws -> JSONValue {
        guard let objectId = object.objectId else {
            let path = codingPath.map(\.stringValue).joined(separator: ".")
            throw EncodingError.invalidValue(object, EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot encode the \(object.className) at \"\(path)\" as a pointer: "
                    + "it has no objectId. Save it first."
            ))
        }
        return .object([
            "__type": .string("Pointer"),
            "className": .string(object.className),
            "objectId": .string(objectId),
        ])
    }
}

/// Converts numbers to ``JSONValue``, rejecting what JSON cannot hold.
enum PrimitiveJSON {
    static func double(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) is not representable in JSON."
            ))
        }
        return .double(value)
    }

    /// A `Float` keeps its own shortest decimal form (0.1 stays 0.1, not 0.100000001490116).
    static func float(_ value: Float, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) is not representable in JSON."
            ))
        }
        return .double(Double(value.description) ?? Double(value))
    }

    static func integer<I: BinaryInteger>(_ value: I, codingPath: [any CodingKey]) throws -> JSONValue {
        guard let int = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) does not fit in a 64-bit signed integer."
            ))
        }
        return .int(int)
    }
}
