import ParseRuntime

// Hand-written code next to the generated models: the plugin's output is part of this module.
extension Product {
    /// The price with tax, for display.
    public func price(withTaxRate rate: Double) -> Double? {
        price.map { $0 * (1 + rate) }
    }
}
