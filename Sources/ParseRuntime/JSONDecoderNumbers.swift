import Foundation

/// How Foundation's `JSONDecoder` turns a JSON number into an integer when the number's text is
/// not plain digits (`1.0`, `1e3`, `9.2e+18`) or its digits overflow: ``ParseTreeDecoder`` and
/// ``JSONReader`` give the values `JSONDecoder` gave before them, so they follow the same steps.
///
/// `JSONDecoder` reads such a number as a `Double` first. A `Double` that is not a whole number in
/// the integer type's range is refused. Below 2^53 the `Double` is exact and is the answer. From
/// 2^53 up a `Double` no longer holds every integer, so `JSONDecoder` reads the number's text
/// again as a `Decimal` and converts that, which can give a different integer than the `Double`
/// (`9007199254740993.5` reads as 9007199254740993, the `Double` is 9007199254740994).
enum JSONDecoderNumbers {
    /// 2^53: below it, every integer is exactly a `Double`.
    static let exactDoubleLimit: Double = 9_007_199_254_740_992

    /// The integer `JSONDecoder` reads from a number whose value as a `Double` is `double` and
    /// whose JSON text is `text`, or `nil` when it refuses the number.
    static func integer<T: FixedWidthInteger>(
        _ type: T.Type, from double: Double, text: @autoclosure () -> String
    ) -> T? {
        guard let value = T(exactly: double) else { return nil }
        if double.magnitude < exactDoubleLimit {
            return value
        }
        return integer(T.self, fromDecimalText: text())
    }

    /// `text` read as a `Decimal` and converted to `T` as `JSONDecoder` does it: the decimal's
    /// digits (trailing zeros dropped) must fit in a `UInt64`; a negative exponent then drops the
    /// fraction digits (truncating), a positive one multiplies by ten, and the result must fit `T`.
    private static func integer<T: FixedWidthInteger>(_ type: T.Type, fromDecimalText text: String) -> T? {
        guard let decimal = Decimal(string: text), !decimal.isNaN,
              let digits = UInt64(decimal.significand.description) else {
            return nil
        }
        var magnitude = digits
        if decimal.exponent < 0 {
            for _ in 0 ..< -decimal.exponent {
                magnitude /= 10
            }
        } else {
            for _ in 0 ..< decimal.exponent {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = product
            }
        }
        guard let value = T(exactly: magnitude) else { return nil }
        if decimal.sign == .minus {
            guard T.isSigned else { return nil }
            return value * -1
        }
        return value
    }
}
