import ModelgenEmitter
import ModelgenSQLEmitter
import ModelgenSwiftEmitter

/// The emitters a generator knows, in the order they run.
public struct EmitterRegistry: Sendable {
    public var descriptors: [EmitterDescriptor]

    public init(_ descriptors: [EmitterDescriptor]) {
        self.descriptors = descriptors
    }

    public func descriptor(named name: String) -> EmitterDescriptor? {
        descriptors.first { $0.name == name }
    }

    /// The emitters that ship with modelgen. Each output kind (Swift models, REST clients,
    /// SQL) registers here as it is built.
    public static let builtin = EmitterRegistry([
        SwiftModelEmitter.descriptor,
        SQLEmitter.descriptor,
    ])
}
