import Foundation

/// A polygon of at least three points: `{"__type":"Polygon","coordinates":[[lat,lng],...]}`.
///
/// Coordinates are written latitude first, the order Parse Server and the JavaScript SDK use
/// for the REST format (Parse Server converts to GeoJSON's longitude-first order for storage).
public struct ParsePolygon: ParseTypeable, Hashable, Sendable {
    /// The polygon's points, in order.
    public let coordinates: [ParseGeoPoint]

    /// A polygon through `coordinates`.
    /// - Throws: ``ParseError`` when there are fewer than three points.
    public init(_ coordinates: [ParseGeoPoint]) throws {
        self.coordinates = coordinates
        try validate()
    }

    /// A polygon through the given points.
    /// - Throws: ``ParseError`` when there are fewer than three points.
    public init(_ coordinates: ParseGeoPoint...) throws {
        try self.init(coordinates)
    }

    func validate() throws {
        if coordinates.count < 3 {
            throw ParseError(code: .unknownError, message: "Polygon must have at least 3 ParseGeoPoint's or Points")
        }
    }

    /// Whether `point` lies inside the polygon (even-odd rule, treating degrees as plane coordinates).
    /// - Parameter point: The point to test.
    public func containsPoint(_ point: ParseGeoPoint) -> Bool {
        let latitudes = coordinates.map(\.latitude)
        let longitudes = coordinates.map(\.longitude)
        guard let minLat = latitudes.min(), let maxLat = latitudes.max(),
              let minLong = longitudes.min(), let maxLong = longitudes.max(),
              (minLat...maxLat).contains(point.latitude),
              (minLong...maxLong).contains(point.longitude) else {
            return false
        }
        var inside = false
        var previous = coordinates[coordinates.count - 1]
        for current in coordinates {
            let crosses = (current.longitude > point.longitude) != (previous.longitude > point.longitude)
            if crosses {
                let latitudeAtCrossing = (previous.latitude - current.latitude)
                    * (point.longitude - current.longitude) / (previous.longitude - current.longitude)
                    + current.latitude
                if point.latitude < latitudeAtCrossing {
                    inside.toggle()
                }
            }
            previous = current
        }
        return inside
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case coordinates
    }

    /// Decodes `{"__type":"Polygon","coordinates":[[lat,lng],...]}`.
    /// - Throws: `DecodingError` when `__type` is not `Polygon`, a pair is not two numbers, a
    ///   point is out of range, or there are fewer than three points.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkParseType(["Polygon"], forKey: .type, decoding: Self.self)
        let pairs = try container.decode([[Double]].self, forKey: .coordinates)
        do {
            coordinates = try pairs.map { pair in
                guard pair.count == 2 else {
                    throw ParseError(code: .unknownError, message: "Each coordinate must be [latitude, longitude].")
                }
                return try ParseGeoPoint(latitude: pair[0], longitude: pair[1])
            }
            try validate()
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .coordinates, in: container,
                debugDescription: "Invalid Polygon coordinates \(pairs): \(error)"
            )
        }
    }

    /// Encodes `{"__type":"Polygon","coordinates":[[lat,lng],...]}`.
    /// - Throws: ``ParseError`` when there are fewer than three points or a point is out of range.
    public func encode(to encoder: any Encoder) throws {
        try validate()
        for point in coordinates { try point.validate() }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Polygon", forKey: .type)
        var pairs = container.nestedUnkeyedContainer(forKey: .coordinates)
        for point in coordinates {
            try pairs.encode([point.latitude, point.longitude])
        }
    }
}
