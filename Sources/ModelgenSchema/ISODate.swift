/// Reads the dates a schema may give as defaults (`2024-01-31`, `2024-01-31T09:30:00Z`,
/// `2024-01-31T09:30:00.5+02:00`) and writes them the way Parse does: UTC, milliseconds, `Z`.
public enum ISODate {
    static func normalize(_ text: String) -> String? {
        guard let (minutesSinceEpoch, second, millisecond) = parse(text) else { return nil }
        let days = Int((Double(minutesSinceEpoch) / 1440).rounded(.down))
        let minutesOfDay = minutesSinceEpoch - days * 1440
        let (y, mo, d) = civil(fromDays: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(y, 4))-\(pad(mo, 2))-\(pad(d, 2))T\(pad(minutesOfDay / 60, 2)):\(pad(minutesOfDay % 60, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
    }

    /// Milliseconds since 1970-01-01T00:00:00Z of a date in any form `normalize` reads.
    public static func millisecondsSinceEpoch(_ text: String) -> Int? {
        guard let (minutes, second, millisecond) = parse(text) else { return nil }
        return (minutes * 60 + second) * 1000 + millisecond
    }

    private static func parse(_ text: String) -> (minutesSinceEpoch: Int, second: Int, millisecond: Int)? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            position += digits
            return value
        }
        func consume(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue! else { return false }
            position += 1
            return true
        }
        guard let year = number(4), consume("-"), let month = number(2), consume("-"), let day = number(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var hour = 0, minute = 0, second = 0, millisecond = 0, offsetMinutes = 0
        if position < bytes.count {
            guard consume("T") || consume(" ") else { return nil }
            guard let h = number(2), consume(":"), let m = number(2), h < 24, m < 60 else { return nil }
            hour = h; minute = m
            if consume(":") {
                guard let s = number(2), s < 60 else { return nil }
                second = s
                if consume(".") {
                    var digits = 0, fraction = 0
                    while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                        if digits < 3 { fraction = fraction * 10 + Int(bytes[position] - 0x30) }
                        digits += 1
                        position += 1
                    }
                    guard digits > 0 else { return nil }
                    if digits < 3 { for _ in digits..<3 { fraction *= 10 } }
                    millisecond = fraction
                }
            }
            if consume("Z") {
                offsetMinutes = 0
            } else if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
                let sign = bytes[position] == 0x2D ? -1 : 1
                position += 1
                guard let oh = number(2) else { return nil }
                _ = consume(":")
                guard let om = number(2), oh < 24, om < 60 else { return nil }
                offsetMinutes = sign * (oh * 60 + om)
            } else if position < bytes.count {
                return nil
            }
        }
        guard position == bytes.count else { return nil }
        let minutesSinceEpoch = daysFromCivil(year: year, month: month, day: day) * 1440 + hour * 60 + minute - offsetMinutes
        return (minutesSinceEpoch, second, millisecond)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
