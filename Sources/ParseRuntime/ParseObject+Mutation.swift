import Foundation

extension ParseObject {
    /// An empty copy holding only `objectId`, `createdAt` and the encoded original in
    /// ``ParseObject/originalData``; returns `self` when unsaved or already mergeable.
    public var mergeable: Self {
        guard isSaved, originalData == nil else { return self }
        var object = Self()
        object.objectId = objectId
        object.createdAt = createdAt
        object.originalData = try? Self.snapshotEncoder.encode(self, skipKeys: .none)
        return object
    }

    /// Returns a copy with `keyPath` set to `value`, starting from ``mergeable`` so that only
    /// changed fields are sent in an update.
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - value: The new value.
    public func set<W>(_ keyPath: WritableKeyPath<Self, W?>, to value: W) -> Self where W: Equatable {
        var updated = mergeable
        updated[keyPath: keyPath] = value
        return updated
    }

    /// The unwrapped value at `keyPath`.
    /// - Throws: ``ParseError`` when the value is `nil`.
    @discardableResult
    public func get<W>(_ keyPath: KeyPath<Self, W?>) throws -> W where W: Equatable {
        guard let value = self[keyPath: keyPath] else {
            throw ParseError(code: .unknownError, message: "Could not unwrap value")
        }
        return value
    }

    /// Reverts `keyPath` to its value in ``ParseObject/originalData``.
    /// - Throws: ``ParseError`` when there is no original data or it is another object.
    public func revert<W>(_ keyPath: WritableKeyPath<Self, W?>) throws -> Self where W: Equatable {
        let original = try decodedOriginal()
        var updated = self
        if original[keyPath: keyPath] != self[keyPath: keyPath] {
            updated[keyPath: keyPath] = original[keyPath: keyPath]
        }
        return updated
    }

    /// The object as it was in ``ParseObject/originalData``.
    /// - Throws: ``ParseError`` when there is no original data or it is another object.
    public func revert() throws -> Self {
        try decodedOriginal()
    }

    /// The encoder for `originalData` and automatic merges: every key, nested objects inline.
    static var snapshotEncoder: ParseEncoder {
        ParseEncoder(nestedObjects: .includedObject)
    }

    private func decodedOriginal() throws -> Self {
        guard let originalData else {
            throw ParseError(code: .unknownError, message: "Missing original data to revert to")
        }
        let original = try ParseDecoder().decode(Self.self, from: originalData)
        guard hasSameObjectId(as: original) else {
            throw ParseError(code: .unknownError,
                             message: "The current object does not have the same objectId as the original")
        }
        return original
    }

    /// Overlays every key this copy encodes onto the encoded original and decodes the result.
    func mergeAutomatically(_ original: Self) throws -> Self {
        let encoder = Self.snapshotEncoder
        guard case .object(let updatedFields) = try encoder.encodeJSONValue(self, skipKeys: .none),
              case .object(var mergedFields) = try encoder.encodeJSONValue(original, skipKeys: .none) else {
            throw ParseError(code: .unknownError, message: "Could not encode/decode necessary objects")
        }
        mergedFields.merge(updatedFields) { _, updated in updated }
        return try ParseDecoder().decode(Self.self, from: .object(mergedFields))
    }
}
