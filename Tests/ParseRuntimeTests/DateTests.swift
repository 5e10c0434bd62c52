import Foundation
import Testing
@testable import ParseRuntime
import ParseWire

@Suite struct DateTests {
    private struct Holder: Codable {
        var at: Date
    }

    @Test func formatsUTCWithExactlyThreeFractionDigits() {
        #expect(ParseDate.isoString(from: sampleDate) == "2023-11-14T22:13:20.123Z")
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: 1_700_000_000.5)) == "2023-11-14T22:13:20.500Z")
    }

    @Test func roundsToTheNearestMillisecond() {
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: 1_700_000_000.1239)) == "2023-11-14T22:13:20.124Z")
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: 1_700_000_000.9996)) == "2023-11-14T22:13:21.000Z")
    }

    @Test func formatsDatesBefore1970AndLeapDays() {
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500Z")
        let leapDay = Date(timeIntervalSince1970: 1_709_164_800) // 2024-02-29T00:00:00Z
        #expect(ParseDate.isoString(from: leapDay) == "2024-02-29T00:00:00.000Z")
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
    }

    @Test func agreesWithISO8601DateFormatterOverManyDates() throws {
        let oracle = ISO8601DateFormatter()
        oracle.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        oracle.timeZone = TimeZone(secondsFromGMT: 0)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let millis = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator) // 1900...2100
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let ours = try #require(ParseDate.isoString(from: date))
            #expect(ours == oracle.string(from: date))
            let parsed = try #require(ParseDate.date(fromISO: ours))
            #expect(Int64((parsed.timeIntervalSince1970 * 1000).rounded()) == millis)
        }
    }

    @Test func parsesWithAndWithoutFractionAndWithOffsets() throws {
        let noFraction = try #require(ParseDate.date(fromISO: "2023-11-14T22:13:20Z"))
        #expect(noFraction.timeIntervalSince1970 == 1_700_000_000)
        let micro = try #require(ParseDate.date(fromISO: "2023-11-14T22:13:20.123456Z"))
        #expect(abs(micro.timeIntervalSince1970 - 1_700_000_000.123456) < 1e-6)
        let offset = try #require(ParseDate.date(fromISO: "2023-11-15T00:13:20.123+02:00"))
        #expect(ParseDate.isoString(from: offset) == "2023-11-14T22:13:20.123Z")
    }

    @Test(arguments: [
        "2023-13-01T00:00:00.000Z", "2023-02-30T00:00:00Z", "2023-11-14 22:13:20Z", "2023-11-14T22:13:20",
        "2023-11-14T24:00:00Z", "2023-11-14T22:13:20.Z", "not a date", "", "2023-11-14T22:13:20.123Zjunk",
    ])
    func rejectsMalformedText(_ text: String) {
        #expect(ParseDate.date(fromISO: text) == nil)
    }

    @Test func normalizedTextIsWhatParsingAndWritingAgainGives() throws {
        // Parse's own form comes back as it is; every other form is written again.
        #expect(ISO8601Millis.normalized("2023-11-14T22:13:20.123Z") == "2023-11-14T22:13:20.123Z")
        #expect(ISO8601Millis.normalized("2023-11-14T22:13:20Z") == "2023-11-14T22:13:20.000Z")
        #expect(ISO8601Millis.normalized("2023-11-14t22:13:20.123z") == "2023-11-14T22:13:20.123Z")
        #expect(ISO8601Millis.normalized("2023-11-15T00:13:20.123+02:00") == "2023-11-14T22:13:20.123Z")
        #expect(ISO8601Millis.normalized("2023-11-14T22:13:20.1239Z") == "2023-11-14T22:13:20.124Z")
        for text in ["2023-13-01T00:00:00.000Z", "2023-02-30T00:00:00.000Z", "2023-11-14T22:13:20.12xZ", "2023-11-14T22:13:20.123"] {
            #expect(ISO8601Millis.normalized(text) == nil, "\(text)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let millis = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator) // years 1...9999
            let written = try #require(ISO8601Millis.string(from: Date(timeIntervalSince1970: Double(millis) / 1000)))
            let forms = [written, written.replacingOccurrences(of: ".", with: ".0").replacingOccurrences(of: "Z", with: "0Z"),
                         written.replacingOccurrences(of: "Z", with: "+00:00")]
            for form in forms {
                let expected = try #require(ISO8601Millis.date(from: form).flatMap(ISO8601Millis.string(from:)))
                #expect(ISO8601Millis.normalized(form) == expected, "\(form)")
            }
        }
    }

    @Test func decodesBothWireForms() throws {
        let decoder = ParseDecoder()
        let plain = try decoder.decode(Holder.self, from: Data(#"{"at":"2023-11-14T22:13:20.123Z"}"#.utf8))
        let typed = try decoder.decode(Holder.self, from: Data(#"{"at":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}}"#.utf8))
        let noMillis = try decoder.decode(Holder.self, from: Data(#"{"at":{"__type":"Date","iso":"2023-11-14T22:13:20Z"}}"#.utf8))
        #expect(ParseDate.isoString(from: plain.at) == "2023-11-14T22:13:20.123Z")
        #expect(plain.at == typed.at)
        #expect(noMillis.at == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func malformedDateFailsToDecode() {
        let decoder = ParseDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(Holder.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Holder.self, from: Data(#"{"at":{"__type":"Date","iso":"2023-02-30T00:00:00Z"}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Holder.self, from: Data(#"{"at":{"__type":"File","iso":"2023-11-14T22:13:20Z"}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Holder.self, from: Data(#"{"at":12345}"#.utf8))
        }
    }

    @Test func encoderWritesEveryDateAsAParseDate() throws {
        let data = try ParseEncoder().encode(Holder(at: sampleDate), skipKeys: .none)
        try expectJSON(data, equals: #"{"at":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}}"#)
    }

    @Test func parseDateWrapperKeepsItsShapeWithAPlainJSONEncoder() throws {
        let data = try JSONEncoder().encode(["at": ParseDate(sampleDate)])
        try expectJSON(data, equals: #"{"at":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}}"#)
        let back = try JSONDecoder().decode([String: ParseDate].self, from: data)
        #expect(back["at"]?.iso == "2023-11-14T22:13:20.123Z")
    }

    @Test func outOfRangeDateFailsToEncode() {
        #expect(ParseDate.isoString(from: Date(timeIntervalSince1970: 1e17)) == nil)
        #expect(throws: EncodingError.self) {
            try ParseEncoder().encode(Holder(at: Date(timeIntervalSince1970: 1e17)))
        }
    }

    @Test func modelGetterJSONEncoderUsesParseDates() throws {
        var genre = Genre()
        genre.createdAt = sampleDate
        let data = try Genre.getJSONEncoder().encode(genre)
        try expectJSON(data, equals: #"{"createdAt":{"__type":"Date","iso":"2023-11-14T22:13:20.123Z"}}"#)
        let back = try Genre.getDecoder().decode(Genre.self, from: data)
        #expect(back.createdAt == genre.createdAt)
    }
}
