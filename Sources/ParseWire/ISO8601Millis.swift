import Foundation

/// Formats and parses Parse's timestamps, `yyyy-MM-ddTHH:mm:ss.SSSZ`, without `DateFormatter`
/// (which is neither `Sendable` nor cheap), using proleptic Gregorian calendar arithmetic.
package enum ISO8601Millis {
    /// Milliseconds JavaScript `Date` can represent on either side of 1970 (±100,000,000 days).
    package static let maxMilliseconds: Int64 = 8_640_000_000_000_000

    /// The UTC text for `date`, rounded to the nearest millisecond, with exactly three fraction
    /// digits and a `Z`; `nil` when the date is not finite or is outside JavaScript's range.
    package static func string(from date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) <= Double(maxMilliseconds) else { return nil }
        let total = Int64(milliseconds)
        let (days, millisOfDay) = floorDivision(total, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = millisOfDay / 3_600_000
        let minute = millisOfDay / 60_000 % 60
        let second = millisOfDay / 1000 % 60
        let millis = millisOfDay % 1000
        let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
            + "\(pad(second, 2)).\(pad(millis, 3))Z"
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss`, an optional fraction of any length, then `Z` or `±HH:mm`.
    /// Returns `nil` for anything else, including out-of-range fields such as month 13.
    package static func date(from text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
              let month = scanner.number(digits: 2), scanner.take("-"),
              let day = scanner.number(digits: 2), scanner.take("T") || scanner.take("t"),
              let hour = scanner.number(digits: 2), scanner.take(":"),
              let minute = scanner.number(digits: 2), scanner.take(":"),
              let second = scanner.number(digits: 2) else { return nil }
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        var fraction = 0.0
        if scanner.take(".") {
            guard let digits = scanner.digitRun(), !digits.isEmpty,
                  let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        var offsetSeconds: Int64 = 0
        if scanner.take("Z") || scanner.take("z") {
            offsetSeconds = 0
        } else if let sign = scanner.sign() {
            guard let offsetHours = scanner.number(digits: 2), scanner.take(":"),
                  let offsetMinutes = scanner.number(digits: 2),
                  (0...23).contains(offsetHours), (0...59).contains(offsetMinutes) else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let days = days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// A timestamp's text as ``string(from:)`` writes it, or `nil` when ``date(from:)`` does not
    /// read it. Text already in that form (what Parse Server sends) comes back as it is, without
    /// being written again.
    package static func normalized(_ text: String) -> String? {
        guard let date = date(from: text) else { return nil }
        // Read as a date, 24 bytes with `T`, `.` and `Z` in these places can only be
        // `yyyy-MM-ddTHH:mm:ss.SSSZ`, which ``string(from:)`` would write the same.
        let bytes = text.utf8
        if bytes.count == 24, bytes.last == UInt8(ascii: "Z"),
           bytes[bytes.index(bytes.startIndex, offsetBy: 10)] == UInt8(ascii: "T"),
           bytes[bytes.index(bytes.startIndex, offsetBy: 19)] == UInt8(ascii: ".") {
            return text
        }
        return string(from: date)
    }

    // MARK: Calendar arithmetic (H. Hinnant's days_from_civil / civil_from_days)

    package static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        mutating func sign() -> Int64? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }

        /// Exactly `digits` ASCII digits as a number.
        mutating func number(digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + digits] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += digits
            return value
        }

        /// The longest run of ASCII digits as text.
        mutating func digitRun() -> String? {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return String(bytes: bytes[start..<index], encoding: .ascii)
        }
    }
}
