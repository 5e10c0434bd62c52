/// Finds a case by its name: what `init(rawValue:)` does for a `String` enum, without its cost.
/// The synthesized initializer compares the name with every case in turn as `String`s; this
/// looks only at the cases of the name's length and compares bytes.
struct CaseNames<Value: RawRepresentable & CaseIterable & Sendable>: Sendable where Value.RawValue == String {
    /// The cases by the length of their name, each with its name's bytes.
    private let byLength: [[(name: [UInt8], value: Value)]]

    init() {
        var byLength: [[(name: [UInt8], value: Value)]] = []
        for value in Value.allCases {
            let name = Array(value.rawValue.utf8)
            while byLength.count <= name.count { byLength.append([]) }
            byLength[name.count].append((name, value))
        }
        self.byLength = byLength
    }

    /// The case named `name`, or `nil`.
    func callAsFunction(_ name: String) -> Value? {
        let count = name.utf8.count
        guard count < byLength.count else { return nil }
        let candidates = byLength[count]
        if candidates.isEmpty { return nil }
        return name.utf8.withContiguousStorageIfAvailable { bytes in
            candidates.first { $0.name.elementsEqual(bytes) }?.value
        } ?? Value(rawValue: name)
    }
}
