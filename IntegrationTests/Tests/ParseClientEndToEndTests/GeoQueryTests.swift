import Foundation
import GameModels
import ParseRuntime
import ParseTestServer
import Testing

/// The REST guide's geo queries over HTTP, on the Game sample's `PlaceObject`: nearest first,
/// within a distance in each unit, a box, a polygon and a sphere, and polygons containing a
/// point.
@Suite("Geo queries over HTTP")
struct GeoQueryTests {
    private func point(_ latitude: Double, _ longitude: Double) throws -> ParseGeoPoint {
        try ParseGeoPoint(latitude: latitude, longitude: longitude)
    }

    /// Places around the guide's reference point (30, -20), and two in the Bermuda triangle.
    private func createPlaces(_ client: ParseClient) async throws {
        let places: [(String, Double, Double)] = [
            ("far north", 60, -20), ("guide", 40, -30), ("next door", 30.05, -20.05), ("same spot", 30, -20),
            ("Bermuda", 25, -70), ("Miami", 25.774, -80.19), ("San Francisco", 37.77, -122.42),
        ]
        for (name, latitude, longitude) in places {
            _ = try await client.create(Place(name: name, location: try point(latitude, longitude)))
        }
    }

    private func names(_ client: ParseClient, _ query: ParseQuery<Place>) async throws -> [String] {
        try await client.find(query).compactMap(\.name)
    }

    @Test("$nearSphere sorts by great-circle distance, and $maxDistance in each unit cuts it off")
    func nearest() async throws {
        try await withServer { server, client in
            try await createPlaces(client)
            let here = try point(30, -20)
            #expect(try await names(client, Place.query(.near(Place.Field.location, here)).limit(3))
                == ["same spot", "next door", "guide"])
            // "next door" is 4.5 miles (7.2 km) away, "guide" about 880 miles.
            #expect(try await names(client, Place.query(.near(Place.Field.location, here, within: .miles(10))))
                == ["same spot", "next door"])
            #expect(try await names(client, Place.query(.near(Place.Field.location, here, within: .kilometers(5)))) == ["same spot"])
            #expect(try await names(client, Place.query(.near(Place.Field.location, here, within: .radians(0.3))))
                == ["same spot", "next door", "guide"])
            // An explicit order takes precedence over the distance.
            #expect(try await names(client, Place.query(.near(Place.Field.location, here, within: .miles(10)))
                .order(.ascending(Place.Field.name))) == ["next door", "same spot"])
            let sent = try #require(server.requests(method: "GET", path: "/parse/classes/PlaceObject").first?.whereJSON)
            #expect(sent == ["location": ["$nearSphere": ["__type": "GeoPoint", "latitude": 30, "longitude": -20]]])
        }
    }

    @Test("$within $box, $geoWithin $polygon and $centerSphere")
    func withinAreas() async throws {
        try await withServer { _, client in
            try await createPlaces(client)
            #expect(try await names(client, Place.query(.withinBox(Place.Field.location, southwest: try point(37.71, -122.53),
                                                                      northeast: try point(37.82, -122.37)))) == ["San Francisco"])
            let triangle = [try point(25.774, -80.190), try point(18.466, -66.118), try point(32.321, -64.757)]
            #expect(try await names(client, Place.query(.withinPolygon(Place.Field.location, triangle)).order(.ascending(Place.Field.name)))
                == ["Bermuda", "Miami"], "inside or on the edge: Miami is a corner")
            #expect(try await names(client, Place.query(.withinPolygon(Place.Field.location, try ParsePolygon(triangle))))
                .sorted() == ["Bermuda", "Miami"])
            #expect(try await names(client, Place.query(.within(Place.Field.location, .kilometers(100), of: try point(30, -20)))
                .order(.ascending(Place.Field.name))) == ["next door", "same spot"])
        }
    }

    @Test("$geoIntersects finds the polygons that contain a point")
    func polygonsContainingAPoint() async throws {
        try await withServer { _, client in
            let square = try ParsePolygon([try point(0, 0), try point(0, 1), try point(1, 1), try point(1, 0)])
            let strip = try ParsePolygon([try point(0, 0), try point(0, 10), try point(0.2, 10), try point(0.2, 0)])
            _ = try await client.create(Place(name: "square", bounds: square))
            _ = try await client.create(Place(name: "strip", bounds: strip))
            _ = try await client.create(Place(name: "no bounds"))
            #expect(try await names(client, Place.query(.polygonContains(Place.Field.bounds, try point(0.5, 0.5)))) == ["square"])
            #expect(try await names(client, Place.query(.polygonContains(Place.Field.bounds, try point(0.1, 0.5)))).sorted()
                == ["square", "strip"])
            #expect(try await names(client, Place.query(.polygonContains(Place.Field.bounds, try point(0.1, 5)))) == ["strip"])
            #expect(try await names(client, Place.query(.polygonContains(Place.Field.bounds, try point(5, 5)))).isEmpty)
        }
    }
}
