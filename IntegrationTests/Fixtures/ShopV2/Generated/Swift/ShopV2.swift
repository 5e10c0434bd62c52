import ParseRuntime

/// The Shop model's version 2, as an app ships it: `LocalSchema.shop` of this module, by a name
/// of its own. ShopV1Models and ShopV2Models both extend `LocalSchema` with a static `shop`,
/// which is ambiguous in a file that imports both; `ShopV2.schema` is not.
///
/// Written by hand, not generated: `modelgen gen` leaves a file without its header alone.
public enum ShopV2 {
    /// The on-device store's schema of this version (`LocalSchema.shop`).
    public static let schema: LocalSchema = .shop
}
