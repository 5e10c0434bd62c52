// The benchmark's products, drawn from a fixed seed, as the store's models and as the
// hand-written GRDB record with the same columns and the same values.
import Foundation
import GRDB
import InventoryModels
import ParseRuntime

/// SplitMix64: the same sequence on every platform and Swift version.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// One product's field values, before either side turns them into its own type.
struct ProductValues {
    var sku: String
    var name: String
    var price: Double
    var quantity: Int
    var unit: InventoryModels.Unit
    var active: Bool
    var category: String
    var tags: [String]
    var dimensions: Dimensions
    var releasedAt: Date
}

enum Catalog {
    /// Categories the products are spread over, round robin: at 100,000 products, 1,000 each.
    static let categoryCount = 100
    static let tagWords = ["steel", "wood", "garden", "kitchen", "outdoor", "tool", "paint", "light", "spare", "sale"]

    /// The categories' objectIds, fixed so that both sides point at the same ones.
    static func categoryId(_ index: Int) -> String {
        let digits = String(index)
        return "C" + String(repeating: "0", count: 9 - digits.count) + digits
    }

    /// Products `range`, the same values for the same index whatever the range.
    static func products(_ range: Range<Int>) -> [ProductValues] {
        range.map { index in
            var rng = SplitMix64(state: 0x6D6F_6465_6C67_656E &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
            let tagCount = 1 + rng.below(3)
            return ProductValues(
                sku: "SKU-\(index)",
                name: "Product \(index)",
                price: Double(rng.below(100_000)) / 100,
                quantity: rng.below(500),
                unit: [.piece, .kilogram, .litre][rng.below(3)],
                active: rng.below(10) != 0,
                category: categoryId(index % categoryCount),
                tags: (0..<tagCount).map { _ in tagWords[rng.below(tagWords.count)] },
                dimensions: Dimensions(width: Double(rng.below(1000)) / 10, height: Double(rng.below(1000)) / 10,
                                       depth: Double(rng.below(1000)) / 10),
                releasedAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(rng.below(100_000_000_000)) / 1000))
        }
    }

    /// The categories as the store saves them (with their fixed ids).
    static func categories() -> [InventoryModels.Category] {
        (0..<categoryCount).map { index in
            var category = InventoryModels.Category(name: "Category \(index)")
            category.objectId = categoryId(index)
            return category
        }
    }

    /// A pointer to a category, as an app holds one.
    static func categoryPointer(_ objectId: String) -> InventoryModels.Category {
        var category = InventoryModels.Category()
        category.objectId = objectId
        return category
    }

    static func storeProduct(_ values: ProductValues) -> Product {
        Product(sku: values.sku, name: values.name, price: values.price, quantity: values.quantity, unit: values.unit,
                active: values.active, category: categoryPointer(values.category), tags: values.tags,
                dimensions: values.dimensions, releasedAt: values.releasedAt)
    }

    static func record(_ values: ProductValues) -> ProductRecord {
        ProductRecord(objectId: "", createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0),
                      ACL: nil, sku: values.sku, name: values.name, price: values.price, quantity: values.quantity,
                      unit: values.unit, active: values.active, category: values.category, tags: values.tags,
                      dimensions: values.dimensions, releasedAt: values.releasedAt, photo: nil)
    }
}

// MARK: - The hand-written GRDB side

/// The Product table as a GRDB user writes it by hand: a Codable record with the table's
/// columns. GRDB keeps `tags` and `dimensions` as JSON text (sorted keys), `unit` as its raw
/// value, and the dates, with the strategies below, as Parse's ISO 8601 text with milliseconds.
struct ProductRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "Product"
    var objectId: String
    var createdAt: Date
    var updatedAt: Date
    var ACL: String?
    var sku: String
    var name: String
    var price: Double?
    var quantity: Int?
    var unit: InventoryModels.Unit?
    var active: Bool?
    var category: String?
    var tags: [String]?
    var dimensions: Dimensions?
    var releasedAt: Date?
    var photo: String?

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { date in ISOMillis.string(date) }
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in String.fromDatabaseValue(value).flatMap(ISOMillis.date) }
    }
}

extension InventoryModels.Unit: DatabaseValueConvertible {}

/// Parse's date text (`2024-05-01T10:00:00.123Z`) written and read by hand, for the GRDB side.
enum ISOMillis {
    static func string(_ date: Date) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var days = total / 86_400_000
        var millisOfDay = total % 86_400_000
        if millisOfDay < 0 { millisOfDay += 86_400_000; days -= 1 }
        // H. Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func put(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(year, 4); bytes.append(45); put(month, 2); bytes.append(45); put(day, 2); bytes.append(84)
        put(millisOfDay / 3_600_000, 2); bytes.append(58); put(millisOfDay / 60_000 % 60, 2); bytes.append(58)
        put(millisOfDay / 1000 % 60, 2); bytes.append(46); put(millisOfDay % 1000, 3); bytes.append(90)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Exactly `yyyy-MM-ddTHH:mm:ss.SSSZ`, as both sides write it.
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 24 else { return nil }
            func number(_ start: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for index in start..<(start + count) {
                    let digit = Int64(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
                  let minute = number(14, 2), let second = number(17, 2), let millis = number(20, 3) else { return nil }
            // H. Hinnant's days_from_civil.
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
            let yearOfEra = shiftedYear - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            let milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
    }
}

/// Object ids as Parse Server (and the store) makes them: 10 letters and digits.
enum RecordIds {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 10)
        for index in 0..<10 { bytes[index] = alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
