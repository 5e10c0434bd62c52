import Foundation

/// An app installation, stored in Parse's `_Installation` class (ParseSwift's
/// `ParseInstallation` requirements).
public protocol ParseInstallation: ParseObject {
    /// The device type, such as `"ios"` or `"android"`.
    var deviceType: String? { get set }
    /// The installation's unique id.
    var installationId: String? { get set }
    /// The push token.
    var deviceToken: String? { get set }
    /// The app icon badge number.
    var badge: Int? { get set }
    /// The device's time zone name.
    var timeZone: String? { get set }
    /// The push channels subscribed to.
    var channels: [String]? { get set }
    /// The app's name.
    var appName: String? { get set }
    /// The app's bundle identifier.
    var appIdentifier: String? { get set }
    /// The app's version.
    var appVersion: String? { get set }
    /// The Parse SDK version.
    var parseVersion: String? { get set }
    /// The device's locale identifier.
    var localeIdentifier: String? { get set }
}

extension ParseInstallation {
    /// `"_Installation"`.
    public static var className: String {
        "_Installation"
    }

    /// Restores `ACL` and every built-in installation field from `object` where this copy has none.
    /// - Throws: ``ParseError`` when the objects' `objectId`s differ or are `nil`.
    public func mergeParse(with object: Self) throws -> Self {
        try checkSameObjectId(as: object)
        var updated = self
        updated.restore(\.ACL, from: object)
        updated.restore(\.deviceType, from: object)
        updated.restore(\.installationId, from: object)
        updated.restore(\.deviceToken, from: object)
        updated.restore(\.badge, from: object)
        updated.restore(\.timeZone, from: object)
        updated.restore(\.channels, from: object)
        updated.restore(\.appName, from: object)
        updated.restore(\.appIdentifier, from: object)
        updated.restore(\.appVersion, from: object)
        updated.restore(\.parseVersion, from: object)
        updated.restore(\.localeIdentifier, from: object)
        return updated
    }

    /// Merges by overlaying this copy's encoded fields on the original's; falls back to
    /// ``mergeParse(with:)`` if that fails.
    public func merge(with object: Self) throws -> Self {
        do {
            return try mergeAutomatically(object)
        } catch {
            return try mergeParse(with: object)
        }
    }

    /// Sets ``deviceToken`` to the lowercase hex form of a push token.
    /// - Parameter data: The token as the system delivers it.
    public mutating func setDeviceToken(_ data: Data) {
        let token = data.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 0x10 ? "0" + hex : hex
        }.joined()
        if deviceToken != token {
            deviceToken = token
        }
    }

    private mutating func restore<W: Equatable>(_ key: WritableKeyPath<Self, W?>, from original: Self) {
        if shouldRestoreKey(key, original: original) {
            self[keyPath: key] = original[keyPath: key]
        }
    }
}
