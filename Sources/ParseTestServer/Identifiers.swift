// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
import ParseWire

/// Parse's date text: UTC, exactly three fraction digits, `Z` (`2023-11-14T22:13:20.123Z`).
enum ISODate {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// `date` as Parse writes it, rounded down to the millisecond.
    ///
    /// Queries on `createdAt` and `updatedAt` write it for every object they look at, so it is
    /// ParseWire's arithmetic; a calendar does the dates outside JavaScript's range.
    static func string(_ date: Date) -> String {
        let wholeMilliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        if let text = ISO8601Millis.string(from: Date(timeIntervalSince1970: wholeMilliseconds / 1000)) {
            return text
        }
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let wholeSeconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = milliseconds - wholeSeconds * 1000
        let seconds = Date(timeIntervalSince1970: Double(wholeSeconds))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: seconds)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                      parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, Int(fraction))
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fff...]Z`; `nil` for anything else.
    static func date(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 20, scalars.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"), scalars[10] == UInt8(ascii: "T"),
              scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else {
            return nil
        }
        var fraction = 0.0
        if scalars[19] == UInt8(ascii: ".") {
            let digits = scalars[20..<(scalars.count - 1)]
            guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }),
                  let value = Double("0." + String(decoding: digits, as: UTF8.self)) else { return nil }
            fraction = value
        } else if scalars.count != 20 {
            return nil
        }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction)
    }
}

/// Issues timestamps that strictly increase by at least one millisecond, so `updatedAt` always
/// moves forward and `createdAt` orders objects as they were made.
struct Clock {
    private var last: Int64 = 0

    mutating func now() -> Date {
        var milliseconds = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        if milliseconds <= last {
            milliseconds = last + 1
        }
        last = milliseconds
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

enum Identifiers {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// A Parse objectId: 10 characters of `[A-Za-z0-9]`.
    static func objectId() -> String {
        String((0..<10).map { _ in alphanumerics.randomElement() ?? "x" })
    }

    /// A Parse session token: `r:` and 32 hex digits.
    static func sessionToken() -> String {
        "r:" + (0..<32).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
    }

    /// The prefix Parse Server gives an uploaded file's name: 32 hex digits.
    static func filePrefix() -> String {
        (0..<32).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
    }
}
#endif
