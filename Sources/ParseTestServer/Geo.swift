// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// Geo queries as Parse Server answers them: `$nearSphere` (with `$maxDistance`,
/// `$maxDistanceInRadians`, `InMiles`, `InKilometers`), `$within` `$box`, `$geoWithin`
/// `$polygon` and `$centerSphere` on geopoint fields, and `$geoIntersects` `$point` on polygon
/// fields. Distances are great-circle distances on a sphere; boxes and polygons are plane
/// figures over degrees, as in PostgreSQL's `point <@ box` and `point <@ polygon`.
enum Geo {
    /// The radii Parse Server divides `$maxDistanceInMiles` and `InKilometers` by.
    static let earthRadiusMiles = 3959.0
    static let earthRadiusKilometers = 6371.0

    struct Point: Equatable {
        var latitude: Double
        var longitude: Double
    }

    /// A `{"__type":"GeoPoint",…}` value.
    static func point(_ value: JSON?) -> Point? {
        guard let value, value["__type"]?.stringValue == "GeoPoint",
              let latitude = value["latitude"]?.doubleValue, let longitude = value["longitude"]?.doubleValue,
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        return Point(latitude: latitude, longitude: longitude)
    }

    /// The great-circle distance in radians (haversine).
    static func distance(_ first: Point, _ second: Point) -> Double {
        let toRadians = Double.pi / 180
        let lat1 = first.latitude * toRadians
        let lat2 = second.latitude * toRadians
        let halfDeltaLat = sin((lat2 - lat1) / 2)
        let halfDeltaLng = sin((second.longitude - first.longitude) * toRadians / 2)
        let chord = min(1, halfDeltaLat * halfDeltaLat + cos(lat1) * cos(lat2) * halfDeltaLng * halfDeltaLng)
        return 2 * asin(sqrt(chord))
    }

    /// The `$nearSphere` point of a `where` object, for sorting by distance: the first field
    /// (by name) that has one.
    static func nearSphere(in constraints: [String: JSON]) -> (key: String, point: Point)? {
        for key in constraints.keys.sorted() {
            if let point = point(constraints[key]?["$nearSphere"]) { return (key, point) }
        }
        return nil
    }

    /// Whether a field's `value` satisfies the geo operator `name`, or `nil` when `name` is
    /// not a geo operator.
    static func matches(_ name: String, _ operand: JSON, _ value: JSON?, operators: [String: JSON]) throws(ParseFailure) -> Bool? {
        switch name {
        case "$nearSphere":
            guard let center = point(operand) else { throw .invalidJSON("bad $nearSphere value") }
            guard let stored = point(value) else { return false }
            guard let limit = try maxDistance(operators) else { return true }
            return distance(center, stored) <= limit
        case "$maxDistance", "$maxDistanceInRadians", "$maxDistanceInMiles", "$maxDistanceInKilometers":
            guard operators["$nearSphere"] != nil else { throw .invalidQuery("\(name) needs $nearSphere") }
            return true
        case "$within":
            guard let corners = operand["$box"]?.arrayValue?.compactMap(point), corners.count == 2 else {
                throw .invalidJSON("malformatted $within arg")
            }
            guard let stored = point(value) else { return false }
            let latitudes = [corners[0].latitude, corners[1].latitude]
            let longitudes = [corners[0].longitude, corners[1].longitude]
            return (latitudes.min()!...latitudes.max()!).contains(stored.latitude)
                && (longitudes.min()!...longitudes.max()!).contains(stored.longitude)
        case "$geoWithin":
            guard let stored = point(value) else {
                if operand["$polygon"] == nil && operand["$centerSphere"] == nil { throw .invalidJSON("bad $geoWithin value") }
                return false
            }
            if let polygon = operand["$polygon"] {
                return contains(try corners(ofGeoWithin: polygon), stored)
            }
            guard let sphere = operand["$centerSphere"]?.arrayValue, sphere.count == 2,
                  let center = point(sphere[0]) ?? lngLat(sphere[0]),
                  let radians = sphere[1].doubleValue, radians >= 0 else {
                throw .invalidJSON("bad $geoWithin value; $centerSphere should be an array of a GeoPoint and a distance")
            }
            return distance(center, stored) <= radians
        case "$geoIntersects":
            guard let inner = point(operand["$point"]) else {
                throw .invalidJSON("bad $geoIntersect value; $point should be GeoPoint")
            }
            guard value?["__type"]?.stringValue == "Polygon", let pairs = value?["coordinates"]?.arrayValue else { return false }
            // A stored polygon's coordinates are [latitude, longitude] pairs.
            let corners = pairs.compactMap { pair -> Point? in
                guard let numbers = pair.arrayValue, numbers.count == 2,
                      let latitude = numbers[0].doubleValue, let longitude = numbers[1].doubleValue else { return nil }
                return Point(latitude: latitude, longitude: longitude)
            }
            return contains(corners, inner)
        default:
            return nil
        }
    }

    /// The limit of a `$nearSphere`, in radians.
    private static func maxDistance(_ operators: [String: JSON]) throws(ParseFailure) -> Double? {
        let scales: [(String, Double)] = [("$maxDistance", 1), ("$maxDistanceInRadians", 1),
                                          ("$maxDistanceInMiles", earthRadiusMiles), ("$maxDistanceInKilometers", earthRadiusKilometers)]
        for (name, scale) in scales {
            guard let operand = operators[name] else { continue }
            guard let number = operand.doubleValue, number >= 0 else { throw .invalidJSON("bad \(name) value") }
            return number / scale
        }
        return nil
    }

    /// The corners of a `$geoWithin` `$polygon`: GeoPoints, or a Polygon object whose pairs
    /// Parse Server reads as [longitude, latitude] here (unlike a stored polygon's).
    private static func corners(ofGeoWithin polygon: JSON) throws(ParseFailure) -> [Point] {
        let items: [JSON]
        if polygon["__type"]?.stringValue == "Polygon" {
            guard let coordinates = polygon["coordinates"]?.arrayValue, coordinates.count >= 3 else {
                throw .invalidJSON("bad $geoWithin value; Polygon.coordinates should contain at least 3 lon/lat pairs")
            }
            items = coordinates
        } else if let array = polygon.arrayValue {
            guard array.count >= 3 else { throw .invalidJSON("bad $geoWithin value; $polygon should contain at least 3 GeoPoints") }
            items = array
        } else {
            throw .invalidJSON("bad $geoWithin value; $polygon should be Polygon object or Array of Parse.GeoPoint's")
        }
        var corners: [Point] = []
        for item in items {
            guard let corner = point(item) ?? lngLat(item) else { throw .invalidJSON("bad $geoWithin value") }
            corners.append(corner)
        }
        return corners
    }

    /// A `[longitude, latitude]` pair.
    private static func lngLat(_ value: JSON) -> Point? {
        guard let numbers = value.arrayValue, numbers.count == 2,
              let longitude = numbers[0].doubleValue, let latitude = numbers[1].doubleValue,
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        return Point(latitude: latitude, longitude: longitude)
    }

    /// Whether `point` is inside the polygon through `corners` or on its edge (even-odd rule
    /// over degrees; the polygon closes itself).
    static func contains(_ corners: [Point], _ point: Point) -> Bool {
        guard corners.count >= 3 else { return false }
        var inside = false
        var previous = corners[corners.count - 1]
        for current in corners {
            if onSegment(point, previous, current) { return true }
            if (current.latitude > point.latitude) != (previous.latitude > point.latitude) {
                let crossing = (previous.longitude - current.longitude) * (point.latitude - current.latitude)
                    / (previous.latitude - current.latitude) + current.longitude
                if point.longitude < crossing { inside.toggle() }
            }
            previous = current
        }
        return inside
    }

    private static func onSegment(_ point: Point, _ start: Point, _ end: Point) -> Bool {
        let cross = (end.longitude - start.longitude) * (point.latitude - start.latitude)
            - (end.latitude - start.latitude) * (point.longitude - start.longitude)
        guard abs(cross) < 1e-12 else { return false }
        return (min(start.longitude, end.longitude)...max(start.longitude, end.longitude)).contains(point.longitude)
            && (min(start.latitude, end.latitude)...max(start.latitude, end.latitude)).contains(point.latitude)
    }
}
#endif
