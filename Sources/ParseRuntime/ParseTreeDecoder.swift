import Foundation

/// The `Decoder` behind `ParseDecoder().decode(_:from: JSONValue)`: reads a ``JSONValue`` tree
/// directly, the reverse of ``ParseTreeEncoder``.
///
/// It gives what `ParseDecoder.jsonDecoder()` (a Foundation `JSONDecoder` with Parse's date
/// strategy) gives for the tree's JSON text, value for value and error for error, without
/// writing and reading that text:
///
/// - dates through ``ParseDate/decodeDate(from:)``, `Data` from base64, `URL` from its string,
///   `Decimal` from a number, as `JSONDecoder` special-cases them;
/// - numbers as `JSONDecoder` reads their text: an integer type takes a whole number that fits
///   (`1.0` and `1e3` included, see ``JSONDecoderNumbers``), a `Float` refuses a number it would
///   round to infinity or to zero; a number that does not fit is the error `JSONDecoder` throws
///   for it, `DecodingError.dataCorrupted` at the top with an empty path;
/// - the same `DecodingError` cases, coding paths (an array element is `Index 0`) and messages;
/// - a ``JSONValue`` is the subtree itself, read back as its text would be (see
///   ``readBack(_:)``).
///
/// Each nested value that decodes itself gets a decoder of its own; a decoder knows its parent
/// and the key that leads to it, and builds its coding path from them when asked.
final class ParseTreeDecoder: Decoder {
    /// The value this decoder reads.
    let value: JSONValue
    private let parent: ParseTreeDecoder?
    /// The key of ``value`` in the parent's value; `nil` at the top, and for a value that a
    /// single value container hands on unchanged.
    private let key: (any CodingKey)?

    init(value: JSONValue, parent: ParseTreeDecoder?, key: (any CodingKey)?) {
        self.value = value
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var decoder: ParseTreeDecoder? = self
        while let current = decoder {
            if let key = current.key {
                path.append(key)
            }
            decoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// This decoder's path with `key` appended (when there is one): where a value read from
    /// this decoder's value under `key` is.
    func path(appending key: (any CodingKey)?) -> [any CodingKey] {
        guard let key else { return codingPath }
        return codingPath + [key]
    }

    // MARK: Decoding a value

    /// Decodes the top-level value `json`.
    static func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        do {
            return try ParseTreeDecoder(value: json, parent: nil, key: nil).decode(type, from: json, key: nil)
        } catch is NumberDoesNotFit {
            // `JSONDecoder` reports a number that does not fit the type as invalid JSON.
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON."
            ))
        }
    }

    /// Decodes `value`, found in this decoder's value under `key` (or this decoder's own value
    /// when `key` is `nil`), as a `T`.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, key: (any CodingKey)?) throws -> T {
        // The types JSONDecoder reads itself rather than through their own `init(from:)`.
        if T.self == Date.self {
            try checkNotNull(value, Date.self, key: key)
            return try ParseDate.decodeDate(from: decoder(for: value, key: key)) as! T
        }
        if T.self == Data.self {
            return try data(value, key: key) as! T
        }
        if T.self == URL.self {
            return try url(value, key: key) as! T
        }
        if T.self == Decimal.self {
            return try decimal(value, key: key) as! T
        }
        if T.self == JSONValue.self {
            return Self.readBack(value) as! T
        }
        // The common primitives without a decoder of their own: `String(from:)` and the like
        // would ask that decoder's single value container for the same reading.
        if T.self == String.self {
            return try string(value, key: key) as! T
        }
        if T.self == Int.self {
            return try integer(value, as: Int.self, key: key) as! T
        }
        if T.self == Double.self {
            return try double(value, key: key) as! T
        }
        if T.self == Bool.self {
            return try bool(value, key: key) as! T
        }
        return try T(from: decoder(for: value, key: key))
    }

    /// A decoder for `value`, found under `key`.
    func decoder(for value: JSONValue, key: (any CodingKey)?) -> ParseTreeDecoder {
        ParseTreeDecoder(value: value, parent: self, key: key)
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let members):
            return KeyedDecodingContainer(ParseTreeKeyedDecodingContainer<Key>(decoder: self, members: members))
        case .null:
            throw DecodingError.valueNotFound([String: Any].self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot get keyed decoding container -- found null value instead"
            ))
        default:
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected to decode \([String: Any].self) but found \(Self.describe(value)) instead."
            ))
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements):
            return ParseTreeUnkeyedDecodingContainer(decoder: self, elements: elements)
        case .null:
            throw DecodingError.valueNotFound([Any].self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot get unkeyed decoding container -- found null value instead"
            ))
        default:
            throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected to decode \([Any].self) but found \(Self.describe(value)) instead."
            ))
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: Reading primitives

    // Each reads `value`, found under `key`, and reports errors at `path(appending: key)`.

    func bool(_ value: JSONValue, key: (any CodingKey)?) throws -> Bool {
        // JSONDecoder has no null check for Bool: `null` is a type mismatch, not a missing value.
        guard case .bool(let flag) = value else {
            throw typeMismatch(Bool.self, value, key: key)
        }
        return flag
    }

    func string(_ value: JSONValue, key: (any CodingKey)?) throws -> String {
        try checkNotNull(value, String.self, key: key)
        guard case .string(let text) = value else {
            throw typeMismatch(String.self, value, key: key)
        }
        return text
    }

    func integer<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type, key: (any CodingKey)?) throws -> T {
        try checkNotNull(value, T.self, key: key)
        switch value {
        case .int(let number):
            guard let result = T(exactly: number) else { throw NumberDoesNotFit() }
            return result
        case .double(let number):
            guard let result = JSONDecoderNumbers.integer(T.self, from: number, text: number.description) else {
                throw NumberDoesNotFit()
            }
            return result
        default:
            throw typeMismatch(T.self, value, key: key)
        }
    }

    func double(_ value: JSONValue, key: (any CodingKey)?) throws -> Double {
        try checkNotNull(value, Double.self, key: key)
        switch value {
        case .int(let number):
            return Double(number)
        case .double(let number):
            return number
        default:
            throw typeMismatch(Double.self, value, key: key)
        }
    }

    func float(_ value: JSONValue, key: (any CodingKey)?) throws -> Float {
        try checkNotNull(value, Float.self, key: key)
        switch value {
        case .int(let number):
            return Float(number)
        case .double(let number):
            // JSONDecoder reads a Float from the number's text (which can round differently
            // from the Double), and refuses one that overflows to infinity or underflows to 0.
            guard let result = Float(number.description), result.isFinite, result != 0 || number == 0 else {
                throw NumberDoesNotFit()
            }
            return result
        default:
            throw typeMismatch(Float.self, value, key: key)
        }
    }

    private func data(_ value: JSONValue, key: (any CodingKey)?) throws -> Data {
        try checkNotNull(value, Data.self, key: key)
        guard case .string(let text) = value else {
            throw typeMismatch(String.self, value, key: key)
        }
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path(appending: key), debugDescription: "Encountered Data is not valid Base64."
            ))
        }
        return data
    }

    private func url(_ value: JSONValue, key: (any CodingKey)?) throws -> URL {
        try checkNotNull(value, URL.self, key: key)
        guard let url = URL(string: try string(value, key: key)) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path(appending: key), debugDescription: "Invalid URL string."
            ))
        }
        return url
    }

    private func decimal(_ value: JSONValue, key: (any CodingKey)?) throws -> Decimal {
        try checkNotNull(value, Decimal.self, key: key)
        let text: String
        switch value {
        case .int(let number): text = String(number)
        case .double(let number): text = number.description
        default:
            throw DecodingError.typeMismatch(Decimal.self, DecodingError.Context(
                codingPath: path(appending: key), debugDescription: ""
            ))
        }
        guard let decimal = Decimal(string: text) else { throw NumberDoesNotFit() }
        return decimal
    }

    // MARK: Errors

    private func checkNotNull(_ value: JSONValue, _ type: Any.Type, key: (any CodingKey)?) throws {
        if case .null = value {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: path(appending: key),
                debugDescription: "Cannot get value of type \(type) -- found null value instead"
            ))
        }
    }

    private func typeMismatch(_ type: Any.Type, _ value: JSONValue, key: (any CodingKey)?) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path(appending: key),
            debugDescription: "Expected to decode \(type) but found \(Self.describe(value)) instead."
        ))
    }

    /// How JSONDecoder names the kind of a value in its messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int, .double: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    /// A number that does not fit the type asked for. JSONDecoder reports it (from wherever it
    /// is met) as invalid JSON; ``decode(_:from:)`` turns it into that error.
    struct NumberDoesNotFit: Error {}

    // MARK: JSONValue

    /// `value` as `JSONValue`'s own `init(from:)` reads its JSON text back: the same value,
    /// except that a double that is a whole number an `Int` holds reads back as that `Int`
    /// (`2.0` is written `2.0`, and read as `.int(2)`, see ``JSONDecoderNumbers``).
    static func readBack(_ value: JSONValue) -> JSONValue {
        guard hasWholeDouble(value) else { return value }
        return convertingWholeDoubles(value)
    }

    private static func hasWholeDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number):
            return wholeNumber(number) != nil
        case .array(let elements):
            return elements.contains(where: hasWholeDouble)
        case .object(let members):
            return members.values.contains(where: hasWholeDouble)
        case .null, .bool, .int, .string:
            return false
        }
    }

    private static func convertingWholeDoubles(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let number):
            return wholeNumber(number).map(JSONValue.int) ?? value
        case .array(let elements):
            return .array(elements.map(convertingWholeDoubles))
        case .object(let members):
            return .object(members.mapValues(convertingWholeDoubles))
        case .null, .bool, .int, .string:
            return value
        }
    }

    private static func wholeNumber(_ number: Double) -> Int? {
        JSONDecoderNumbers.integer(Int.self, from: number, text: number.description)
    }
}

// MARK: - Single value container

extension ParseTreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        value == .null
    }

    func decode(_ type: Bool.Type) throws -> Bool { try bool(value, key: nil) }
    func decode(_ type: String.Type) throws -> String { try string(value, key: nil) }
    func decode(_ type: Double.Type) throws -> Double { try double(value, key: nil) }
    func decode(_ type: Float.Type) throws -> Float { try float(value, key: nil) }
    func decode(_ type: Int.Type) throws -> Int { try integer(value, as: type, key: nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(value, as: type, key: nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(value, as: type, key: nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(value, as: type, key: nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(value, as: type, key: nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(value, as: type, key: nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(value, as: type, key: nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(value, as: type, key: nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(value, as: type, key: nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(value, as: type, key: nil) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try integer(value, as: type, key: nil) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(value, as: type, key: nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(type, from: value, key: nil)
    }
}

// MARK: - Keyed container

/// The members of a JSON object, by key.
struct ParseTreeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ParseTreeDecoder
    let members: [String: JSONValue]

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        members.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        members[key.stringValue] != nil
    }

    /// The member under `key`, which must be there.
    private func member(_ key: some CodingKey) throws -> JSONValue {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."
            ))
        }
        return member
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try member(key) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(member(key), key: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(member(key), key: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.double(member(key), key: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.float(member(key), key: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(member(key), as: type, key: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(member(key), as: type, key: key) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decoder.integer(member(key), as: type, key: key) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decoder.integer(member(key), as: type, key: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, from: member(key), key: key)
    }

    // The other `decodeIfPresent`s are the protocol's: `nil` for a missing key or `null`, as
    // here and in JSONDecoder. This one, the most used, is written out to look the key up once.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let member = members[key.stringValue], member != .null else { return nil }
        return try decoder.decode(type, from: member, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.decoder(for: member(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.decoder(for: member(key), key: key).unkeyedContainer()
    }

    /// A decoder for the member `"super"`, or for `null` when there is none.
    func superDecoder() throws -> any Decoder {
        let key = AnyCodingKey("super")
        return decoder.decoder(for: members[key.stringValue] ?? .null, key: key)
    }

    /// A decoder for the member under `key`, or for `null` when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.decoder(for: members[key.stringValue] ?? .null, key: key)
    }
}

// MARK: - Unkeyed container

/// The elements of a JSON array, in order.
struct ParseTreeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ParseTreeDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: ParseTreeDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The key of the current element in coding paths.
    private var currentKey: IndexCodingKey { IndexCodingKey(currentIndex) }

    /// The current element, for reading a `type`; past the end, JSONDecoder's error.
    private func current<T>(for type: T.Type, message: String = "Unkeyed container is at end.") throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [currentKey], debugDescription: message
            ))
        }
        return elements[currentIndex]
    }

    /// Reads the current element with `read` (given the decoder, the element and its key) and
    /// moves past it.
    private mutating func next<T>(
        _ type: T.Type, _ read: (ParseTreeDecoder, JSONValue, any CodingKey) throws -> T
    ) throws -> T {
        let result = try read(decoder, current(for: type), currentKey)
        currentIndex += 1
        return result
    }

    /// Reads the current element with `read` unless it is `null`, and moves past it. Past the
    /// end it is `nil`, and JSONDecoder still counts it as read (``currentIndex`` goes up).
    private mutating func nextIfPresent<T>(_ read: (ParseTreeDecoder, JSONValue, any CodingKey) throws -> T) throws -> T? {
        var result: T?
        if !isAtEnd, elements[currentIndex] != .null {
            result = try read(decoder, elements[currentIndex], currentKey)
        }
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(for: Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.bool($1, key: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.string($1, key: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.double($1, key: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.float($1, key: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.integer($1, as: type, key: $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.integer($1, as: type, key: $2) } }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try next(type) { try $0.integer($1, as: type, key: $2) } }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try next(type) { try $0.integer($1, as: type, key: $2) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { try $0.decode(type, from: $1, key: $2) }
    }

    // JSONDecoder writes these out rather than taking the protocol's, which differ past the end.
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try nextIfPresent { try $0.bool($1, key: $2) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try nextIfPresent { try $0.string($1, key: $2) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try nextIfPresent { try $0.double($1, key: $2) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try nextIfPresent { try $0.float($1, key: $2) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try nextIfPresent { try $0.integer($1, as: type, key: $2) } }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try nextIfPresent { try $0.decode(type, from: $1, key: $2) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.decoder(for: $1, key: $2).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.decoder(for: $1, key: $2).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = try current(for: (any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
        let superDecoder = decoder.decoder(for: element, key: currentKey)
        currentIndex += 1
        return superDecoder
    }
}
