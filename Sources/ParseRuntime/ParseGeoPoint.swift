import Foundation

/// A latitude/longitude point: `{"__type":"GeoPoint","latitude":40.0,"longitude":-30.0}`.
///
/// Latitude must lie in -90...90 and longitude in -180...180; creating, decoding or encoding a
/// point outside those ranges throws.
public struct ParseGeoPoint: ParseTypeable, Hashable, Sendable {
    static let earthRadiusMiles = 3958.8
    static let earthRadiusKilometers = 6371.0

    /// Latitude in degrees, -90...90.
    public var latitude: Double
    /// Longitude in degrees, -180...180.
    public var longitude: Double

    /// The point (0, 0).
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A point at the given coordinates.
    /// - Throws: ``ParseError`` when a coordinate is out of range or not a number.
    public init(latitude: Double, longitude: Double) throws {
        self.latitude = latitude
        self.longitude = longitude
        try validate()
    }

    /// Throws ParseSwift's errors for out-of-range coordinates (and for NaN).
    func validate() throws {
        if longitude.isNaN || latitude.isNaN {
            throw ParseError(code: .unknownError, message: "latitude and longitude should be numbers")
        } else if longitude < -180 {
            throw ParseError(code: .unknownError, message: "longitude should be > -180")
        } else if longitude > 180 {
            throw ParseError(code: .unknownError, message: "longitude should be < 180")
        } else if latitude < -90 {
            throw ParseError(code: .unknownError, message: "latitude should be > -90")
        } else if latitude > 90 {
            throw ParseError(code: .unknownError, message: "latitude should be < 90")
        }
    }

    /// The great-circle distance to `point` in radians.
    public func distanceInRadians(_ point: ParseGeoPoint) -> Double {
        let toRadians = Double.pi / 180
        let lat1 = latitude * toRadians
        let lat2 = point.latitude * toRadians
        let sinHalfDeltaLat = sin((lat1 - lat2) / 2)
        let sinHalfDeltaLong = sin((longitude - point.longitude) * toRadians / 2)
        // Haversine: the square of half the chord length between the points, clamped to [0, 1].
        let halfChordSquared = min(1, sinHalfDeltaLat * sinHalfDeltaLat
            + cos(lat1) * cos(lat2) * sinHalfDeltaLong * sinHalfDeltaLong)
        return 2 * asin(sqrt(halfChordSquared))
    }

    /// The great-circle distance to `point` in miles.
    public func distanceInMiles(_ point: ParseGeoPoint) -> Double {
        distanceInRadians(point) * Self.earthRadiusMiles
    }

    /// The great-circle distance to `point` in kilometres.
    public func distanceInKilometers(_ point: ParseGeoPoint) -> Double {
        distanceInRadians(point) * Self.earthRadiusKilometers
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case latitude
        case longitude
    }

    /// Decodes and validates `{"__type":"GeoPoint","latitude":...,"longitude":...}`.
    /// - Throws: `DecodingError` when `__type` is not `GeoPoint` or a coordinate is out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkParseType(["GeoPoint"], forKey: .type, decoding: Self.self)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try validate()
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Invalid GeoPoint (\(latitude), \(longitude)).",
                underlyingError: error
            ))
        }
    }

    /// Encodes `{"__type":"GeoPoint","latitude":...,"longitude":...}`.
    /// - Throws: ``ParseError`` when a coordinate is out of range.
    public func encode(to encoder: any Encoder) throws {
        try validate()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("GeoPoint", forKey: .type)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
