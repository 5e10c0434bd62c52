import Foundation
import ParseWire

/// Reads the dates a schema may give as defaults (`2024-01-31`, `2024-01-31T09:30:00Z`,
/// `2024-01-31T09:30:00.5+02:00`) and writes them the way Parse does: UTC, milliseconds, `Z`.
/// The calendar arithmetic and the writing are ParseWire's `ISO8601Millis`, which ParseRuntime
/// codes dates with, so a default reads back on the wire exactly as it was normalized; only the
/// schema's looser forms (a date alone, no seconds, a space for `T`) are read here.
public enum ISODate {
    static func normalize(_ text: String) -> String? {
        guard let milliseconds = millisecondsSinceEpoch(text) else { return nil }
        return ISO8601Millis.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
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
              (1...12).contains(month), day >= 1, day <= ISO8601Millis.daysInMonth(year: Int64(year), month: Int64(month)) else { return nil }
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
        let days = Int(ISO8601Millis.days(fromCivil: Int64(year), Int64(month), Int64(day)))
        let minutesSinceEpoch = days * 1440 + hour * 60 + minute - offsetMinutes
        return (minutesSinceEpoch, second, millisecond)
    }

}
