import Foundation

/// The keyed container of ``ParseTreeEncoder``; leaves out the keys in `skipKeys`.
struct ParseKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ParseTreeEncoder.Options
    let skipKeys: Set<String>

    /// The node for `key`, or `nil` when the key is skipped. Values replace what was written
    /// before under the key; nested containers (`reuse`) continue it, as with `JSONEncoder`.
    private func slot(_ key: Key, reuse: Bool = false) -> EncodingNode? {
        skipKeys.contains(key.stringValue) ? nil : node.member(key.stringValue, reuse: reuse)
    }

    private func write(_ value: @autoclosure () throws -> JSONValue, forKey key: Key) throws {
        guard let slot = slot(key) else { return }
        slot.set(try value())
    }

    mutating func encodeNil(forKey key: Key) throws { try write(.null, forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try write(.bool(value), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try write(.string(value), forKey: key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try write(try PrimitiveJSON.double(value, codingPath: codingPath + [key]), forKey: key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try write(try PrimitiveJSON.float(value, codingPath: codingPath + [key]), forKey: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try write(.int(value), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try write(.int(Int(value)), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try write(.int(Int(value)), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try write(.int(Int(value)), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try write(.int(Int(value)), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try write(.int(Int(value)), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, forKey: key) }

    private func integer<I: BinaryInteger>(_ value: I, forKey key: Key) throws {
        try write(try PrimitiveJSON.integer(value, codingPath: codingPath + [key]), forKey: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let slot = slot(key) else { return }
        try ParseTreeEncoder.encode(value, into: slot, codingPath: codingPath + [key], options: options)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = slot(key, reuse: true) ?? EncodingNode()
        child.becomeObject()
        return KeyedEncodingContainer(ParseKeyedEncodingContainer<NestedKey>(
            node: child, codingPath: codingPath + [key], options: options, skipKeys: []
        ))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot(key, reuse: true) ?? EncodingNode()
        child.becomeArray()
        return ParseUnkeyedEncodingContainer(node: child, codingPath: codingPath + [key], options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let key = AnyCodingKey("super")
        return ParseTreeEncoder(
            node: node.member(key.stringValue), codingPath: codingPath + [key], options: options, skipKeys: []
        )
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ParseTreeEncoder(
            node: slot(key) ?? EncodingNode(), codingPath: codingPath + [key], options: options, skipKeys: []
        )
    }
}

/// The unkeyed (array) container of ``ParseTreeEncoder``.
struct ParseUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ParseTreeEncoder.Options

    var count: Int { node.elementCount }

    private var nextPath: [any CodingKey] { codingPath + [IndexCodingKey(count)] }

    private func append(_ value: JSONValue) {
        node.appendElement().set(value)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try PrimitiveJSON.double(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try PrimitiveJSON.float(value, codingPath: nextPath)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(try PrimitiveJSON.integer(value, codingPath: nextPath)) }
    mutating func encode(_ value: UInt) throws { append(try PrimitiveJSON.integer(value, codingPath: nextPath)) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(try PrimitiveJSON.integer(value, codingPath: nextPath)) }
    mutating func encode(_ value: UInt64) throws { append(try PrimitiveJSON.integer(value, codingPath: nextPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try ParseTreeEncoder.encode(value, into: node.appendElement(), codingPath: path, options: options)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = node.appendElement()
        child.becomeObject()
        return KeyedEncodingContainer(ParseKeyedEncodingContainer<NestedKey>(
            node: child, codingPath: path, options: options, skipKeys: []
        ))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = node.appendElement()
        child.becomeArray()
        return ParseUnkeyedEncodingContainer(node: child, codingPath: path, options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return ParseTreeEncoder(node: node.appendElement(), codingPath: path, options: options, skipKeys: [])
    }
}

/// The single-value container of ``ParseTreeEncoder``.
struct ParseSingleValueEncodingContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: ParseTreeEncoder.Options

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try PrimitiveJSON.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { node.set(try PrimitiveJSON.float(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { node.set(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.set(try PrimitiveJSON.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt) throws { node.set(try PrimitiveJSON.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt8) throws { node.set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { node.set(try PrimitiveJSON.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt64) throws { node.set(try PrimitiveJSON.integer(value, codingPath: codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try ParseTreeEncoder.encode(value, into: node, codingPath: codingPath, options: options)
    }
}
