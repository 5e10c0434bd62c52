import Foundation
import GameModels
import Testing
@testable import ParseRuntime

/// Geo queries: each example of the REST guide's "Geo Queries" written with the typed API
/// sends the guide's `where` (compared as JSON), and bad input fails before anything is sent.
@Suite struct GeoQueryTests {
    private func point(_ latitude: Double, _ longitude: Double) throws -> ParseGeoPoint {
        try ParseGeoPoint(latitude: latitude, longitude: longitude)
    }

    private func whereJSON(_ query: ParseQuery<Place>) throws -> Data {
        try query.whereJSON().serialized()
    }

    @Test func theTenPlacesNearestAPoint() async throws {
        let transport = RecordingTransport(json(200, """
            {"results":[{"objectId":"iFEPN5Gwoz","location":{"__type":"GeoPoint","latitude":40.0,"longitude":-30.0}},
                        {"objectId":"LAyNKSNTHT","location":{"__type":"GeoPoint","latitude":60.0,"longitude":-20.0}}]}
            """))
        let places = try await Fixture.client(transport).find(Place.query(.near(Place.Field.location, try point(30, -20))).limit(10))
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/PlaceObject", query: ["limit": "10"], jsonQuery: ["where": """
            {"location":{"$nearSphere":{"__type":"GeoPoint","latitude":30.0,"longitude":-20.0}}}
            """], headers: Fixture.restHeaders())
        #expect(places.map(\.objectId) == ["iFEPN5Gwoz", "LAyNKSNTHT"], "the server's distance order is kept")
        #expect(places.first?.location == (try point(40, -30)))
    }

    @Test func nearWithinAMaximumDistanceInEachUnit() throws {
        let here = try point(30, -20)
        let nearSphere = #""$nearSphere":{"__type":"GeoPoint","latitude":30.0,"longitude":-20.0}"#
        // Always `$maxDistance` in radians, as the SDKs send it: the only form Parse Server's
        // PostgreSQL adapter reads. 10 miles and 16.5 km over the radii Parse Server uses.
        try expectJSON(try whereJSON(Place.query(.near(Place.Field.location, here, within: .miles(10)))),
                       equals: #"{"location":{\#(nearSphere),"$maxDistance":0.0025260179852480548}}"#)
        try expectJSON(try whereJSON(Place.query(.near(Place.Field.location, here, within: .kilometers(16.5)))),
                       equals: #"{"location":{\#(nearSphere),"$maxDistance":0.0025898603045047875}}"#)
        try expectJSON(try whereJSON(Place.query(.near(Place.Field.location, here, within: .radians(0.25)))),
                       equals: #"{"location":{\#(nearSphere),"$maxDistance":0.25}}"#)
    }

    @Test func withinABoxAPolygonAndASphere() throws {
        try expectJSON(try whereJSON(Place.query(.withinBox(Place.Field.location, southwest: try point(37.71, -122.53),
                                                                 northeast: try point(30.82, -122.37)))), equals: """
            {"location":{"$within":{"$box":[{"__type":"GeoPoint","latitude":37.71,"longitude":-122.53},
                                            {"__type":"GeoPoint","latitude":30.82,"longitude":-122.37}]}}}
            """)
        let corners = [try point(25.774, -80.190), try point(18.466, -66.118), try point(32.321, -64.757)]
        let polygon = """
            {"location":{"$geoWithin":{"$polygon":[{"__type":"GeoPoint","latitude":25.774,"longitude":-80.19},
                                                   {"__type":"GeoPoint","latitude":18.466,"longitude":-66.118},
                                                   {"__type":"GeoPoint","latitude":32.321,"longitude":-64.757}]}}}
            """
        try expectJSON(try whereJSON(Place.query(.withinPolygon(Place.Field.location, corners))), equals: polygon)
        // A ParsePolygon is sent as its corners, never as [lat,lng] pairs Parse Server would read as [lng,lat].
        try expectJSON(try whereJSON(Place.query(.withinPolygon(Place.Field.location, try ParsePolygon(corners)))), equals: polygon)
        try expectJSON(try whereJSON(Place.query(.within(Place.Field.location, .radians(0.5), of: try point(40, -30)))), equals: """
            {"location":{"$geoWithin":{"$centerSphere":[{"__type":"GeoPoint","latitude":40.0,"longitude":-30.0},0.5]}}}
            """)
        let tenMiles = try Place.query(.within(Place.Field.location, .miles(10), of: try point(40, -30))).whereJSON()
        let radians = tenMiles["location"]?["$geoWithin"]?["$centerSphere"]?.arrayValue?.last?.doubleValue
        #expect(radians == 10 / 3958.8)
        #expect(ParseDistance.kilometers(6371).inRadians == 1)
    }

    @Test func polygonsContainingAPoint() throws {
        try expectJSON(try whereJSON(Place.query(.polygonContains(Place.Field.bounds, try point(0.5, 0.5)))), equals: """
            {"bounds":{"$geoIntersects":{"$point":{"__type":"GeoPoint","latitude":0.5,"longitude":0.5}}}}
            """)
    }

    @Test func badDistancesAndPolygonsFailBeforeSending() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport)
        let here = try point(30, -20)
        let queries: [(ParseQuery<Place>, String)] = [
            (Place.query(.near(Place.Field.location, here, within: .miles(-1))), "got -1.0"),
            (Place.query(.within(Place.Field.location, .kilometers(.nan), of: here)), "got nan"),
            (Place.query(.near(Place.Field.location, here, within: .radians(.infinity))), "got inf"),
            (Place.query(.withinPolygon(Place.Field.location, [here, here])), "location was given 2"),
        ]
        for (query, detail) in queries {
            let error = await expectClientError { try await client.find(query) }
            guard case .invalidRequest(let parseError) = error else {
                Issue.record("expected .invalidRequest, got \(String(describing: error))")
                continue
            }
            #expect(parseError.code == .invalidJSON)
            #expect(parseError.message.contains(detail), "\(parseError.message)")
        }
        #expect(transport.requests.isEmpty)
    }
}
