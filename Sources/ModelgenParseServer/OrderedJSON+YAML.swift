import ModelgenYAML

extension OrderedJSON {
    /// JSON read with modelgen's YAML reader (JSON is YAML 1.2), which keeps the order of keys
    /// and where each value was written. A quoted scalar is a string; a plain one is `null`,
    /// `true`, `false` or a number, as in JSON.
    public init(_ node: YAMLNode) {
        switch node.value {
        case .scalar(let scalar):
            if scalar.style != .plain {
                self = .string(scalar.text)
            } else if scalar.isNull {
                self = .null
            } else if let flag = scalar.bool {
                self = .bool(flag)
            } else if scalar.int != nil || scalar.double != nil {
                self = .number(scalar.text)
            } else {
                self = .string(scalar.text)
            }
        case .sequence(let items):
            self = .array(items.map(OrderedJSON.init))
        case .mapping(let entries):
            self = .object(entries.map { Member($0.key, OrderedJSON($0.value)) })
        }
    }
}
