import Foundation
import ParseWire

/// A date in Parse's wire form, `{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}`.
///
/// Model properties are plain `Date`s: ``ParseEncoder`` writes every `Date` in this form and
/// ``ParseDecoder`` reads it back. Use `ParseDate` where a `Date` must keep this shape whatever
/// encoder is used, for example inside a hand-built query or a ``JSONValue``.
public struct ParseDate: Codable, Hashable, Sendable {
    /// The date.
    public var date: Date

    /// Wraps a date.
    /// - Parameter date: The date.
    public init(_ date: Date) {
        self.date = date
    }

    /// The `iso` text: UTC, exactly three fraction digits (rounded to the nearest millisecond),
    /// `Z`; `nil` when the date is outside the range a JavaScript `Date` can hold.
    public var iso: String? {
        ISO8601Millis.string(from: date)
    }

    /// Formats a date as Parse's `iso` text, `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC.
    /// - Parameter date: The date; it is rounded to the nearest millisecond.
    /// - Returns: The text, or `nil` when the date is outside JavaScript's `Date` range.
    public static func isoString(from date: Date) -> String? {
        ISO8601Millis.string(from: date)
    }

    /// Parses an ISO 8601 timestamp as Parse sends it: `yyyy-MM-ddTHH:mm:ss`, an optional
    /// fraction of any length, then `Z` or a `±HH:mm` offset.
    /// - Parameter iso: The text.
    /// - Returns: The date, or `nil` when the text is not such a timestamp.
    public static func date(fromISO iso: String) -> Date? {
        ISO8601Millis.date(from: iso)
    }

    /// The JSON object for `date`, or `nil` when it is outside JavaScript's `Date` range.
    static func jsonValue(for date: Date) -> JSONValue? {
        guard let iso = ISO8601Millis.string(from: date) else { return nil }
        return .object(["__type": .string("Date"), "iso": .string(iso)])
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case iso
    }

    /// Decodes `{"__type":"Date","iso":...}` or a bare ISO string.
    public init(from decoder: any Decoder) throws {
        date = try Self.decodeDate(from: decoder)
    }

    /// Encodes `{"__type":"Date","iso":...}`.
    public func encode(to encoder: any Encoder) throws {
        guard let iso else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "\(date) is outside the range of a Parse (JavaScript) Date."
            ))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Date", forKey: .type)
        try container.encode(iso, forKey: .iso)
    }

    /// Reads a date that is either a bare ISO string (as Parse sends `createdAt`/`updatedAt`)
    /// or a Parse Date object; the decoding strategy of ``ParseDecoder``.
    static func decodeDate(from decoder: any Decoder) throws -> Date {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let date = ISO8601Millis.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription: "\"\(text)\" is not an ISO 8601 date such as 2023-11-14T22:13:20.123Z."
                )
            }
            return date
        }
        let container: KeyedDecodingContainer<CodingKeys>
        do {
            container = try decoder.container(keyedBy: CodingKeys.self)
        } catch {
            throw DecodingError.typeMismatch(Date.self, DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected an ISO 8601 string or {\"__type\":\"Date\",\"iso\":...}.",
                underlyingError: error
            ))
        }
        try container.checkParseType(["Date"], forKey: .type, decoding: Date.self)
        let text = try container.decode(String.self, forKey: .iso)
        guard let date = ISO8601Millis.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .iso,
                in: container,
                debugDescription: "\"\(text)\" is not an ISO 8601 date such as 2023-11-14T22:13:20.123Z."
            )
        }
        return date
    }
}
