import Foundation

/// A distance on the Earth's surface, for geo queries.
public enum ParseDistance: Sendable, Hashable {
    /// Statute miles.
    case miles(Double)
    /// Kilometres.
    case kilometers(Double)
    /// An angle at the Earth's centre, in radians.
    case radians(Double)

    /// The distance in radians, with the Earth radii ``ParseGeoPoint`` measures with.
    public var inRadians: Double {
        switch self {
        case .miles(let miles): miles / ParseGeoPoint.earthRadiusMiles
        case .kilometers(let kilometers): kilometers / ParseGeoPoint.earthRadiusKilometers
        case .radians(let radians): radians
        }
    }

    /// The number as given.
    var given: Double {
        switch self {
        case .miles(let value), .kilometers(let value), .radians(let value): value
        }
    }
}

// Geo queries, as in the REST guide: the nearest points first, points within a distance, a
// box or a polygon, and polygons that contain a point.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseConstraint {
    /// The geopoint `field`, nearest to `point` first: `$nearSphere`. On MongoDB an explicit
    /// `order` takes precedence over the distance; Parse Server's PostgreSQL adapter always
    /// sorts by distance.
    /// - Parameters:
    ///   - field: A geopoint field.
    ///   - point: Where to measure from.
    public static func near(_ field: ParseField<T, ParseGeoPoint>, _ point: ParseGeoPoint) -> ParseConstraint {
        encoded(point) { .operators(field.name, ["$nearSphere": $0]) }
    }

    /// The geopoint `field` no farther than `maxDistance` from `point`, nearest first:
    /// `$nearSphere` with `$maxDistance` in radians, as the JavaScript SDK and ParseSwift send
    /// it (miles and kilometres divided by the Earth radii ``ParseGeoPoint`` uses). It is the
    /// one form both of Parse Server's database adapters read: PostgreSQL's ignores
    /// `$maxDistanceInMiles` and the like, and would return every point.
    /// - Parameters:
    ///   - field: A geopoint field.
    ///   - point: Where to measure from.
    ///   - maxDistance: The greatest distance, zero or more.
    public static func near(
        _ field: ParseField<T, ParseGeoPoint>, _ point: ParseGeoPoint, within maxDistance: ParseDistance
    ) -> ParseConstraint {
        if let failure = invalid(maxDistance) { return failure }
        return encoded(point) { .operators(field.name, ["$nearSphere": $0, "$maxDistance": .double(maxDistance.inRadians)]) }
    }

    /// The geopoint `field` no farther than `distance` from `center`, in no particular order:
    /// `{"$geoWithin":{"$centerSphere":[center, radians]}}`.
    /// - Parameters:
    ///   - field: A geopoint field.
    ///   - distance: The greatest distance, zero or more.
    ///   - center: The centre of the circle.
    public static func within(
        _ field: ParseField<T, ParseGeoPoint>, _ distance: ParseDistance, of center: ParseGeoPoint
    ) -> ParseConstraint {
        if let failure = invalid(distance) { return failure }
        return encoded(center) { .operators(field.name, ["$geoWithin": ["$centerSphere": [$0, .double(distance.inRadians)]]]) }
    }

    /// The geopoint `field` inside the box between two corners: `{"$within":{"$box":[southwest, northeast]}}`.
    /// - Parameters:
    ///   - field: A geopoint field.
    ///   - southwest: The south-west corner.
    ///   - northeast: The north-east corner.
    public static func withinBox(
        _ field: ParseField<T, ParseGeoPoint>, southwest: ParseGeoPoint, northeast: ParseGeoPoint
    ) -> ParseConstraint {
        encodedList([southwest, northeast]) { .operators(field.name, ["$within": ["$box": $0]]) }
    }

    /// The geopoint `field` inside (or on the edge of) the polygon through `corners`, open or
    /// closed: `{"$geoWithin":{"$polygon":[GeoPoint, ...]}}`.
    /// - Parameters:
    ///   - field: A geopoint field.
    ///   - corners: At least three points.
    public static func withinPolygon(_ field: ParseField<T, ParseGeoPoint>, _ corners: [ParseGeoPoint]) -> ParseConstraint {
        guard corners.count >= 3 else {
            return ParseConstraint(.failure(.invalidRequest(ParseError(
                code: .invalidJSON, message: "A $polygon needs at least 3 points; \(field.name) was given \(corners.count)."))))
        }
        return encodedList(corners) { .operators(field.name, ["$geoWithin": ["$polygon": $0]]) }
    }

    /// The geopoint `field` inside (or on the edge of) `polygon`. Sent as its corners
    /// (`$polygon` of GeoPoints), the form whose coordinate order Parse Server cannot misread.
    /// - Parameters:
    ///   - field: A geopoint field.
    ///   - polygon: The area.
    public static func withinPolygon(_ field: ParseField<T, ParseGeoPoint>, _ polygon: ParsePolygon) -> ParseConstraint {
        withinPolygon(field, polygon.coordinates)
    }

    /// The polygon `field` contains `point`: `{"$geoIntersects":{"$point":point}}`.
    /// - Parameters:
    ///   - field: A polygon field.
    ///   - point: The point the polygons must contain.
    public static func polygonContains(_ field: ParseField<T, ParsePolygon>, _ point: ParseGeoPoint) -> ParseConstraint {
        encoded(point) { .operators(field.name, ["$geoIntersects": ["$point": $0]]) }
    }

    /// A failing constraint when `distance` is negative or not a number.
    private static func invalid(_ distance: ParseDistance) -> ParseConstraint? {
        let value = distance.given
        guard !(value >= 0 && value.isFinite) else { return nil }
        return ParseConstraint(.failure(.invalidRequest(ParseError(
            code: .invalidJSON, message: "A geo query's distance must be a finite number, zero or more; got \(value)."))))
    }
}
