// docs/RESTClient.md, Swift block 6, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime
import GameModels

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock6(client: ParseClient) async throws {
    let here = try ParseGeoPoint(latitude: 30, longitude: -20)
    // where={"location":{"$nearSphere":{"__type":"GeoPoint","latitude":30,"longitude":-20}}}&limit=10
    let nearest = try await client.find(Place.query(.near(Place.Field.location, here)).limit(10))
    // ..."$maxDistance":0.0025260179852480548 (10 miles over the Earth's radius, 3,958.8 miles)
    let close = try await client.find(Place.query(.near(Place.Field.location, here, within: .miles(10))))
    let inBox = try await client.find(Place.query(.withinBox(Place.Field.location,
        southwest: try ParseGeoPoint(latitude: 37.71, longitude: -122.53),
        northeast: try ParseGeoPoint(latitude: 37.82, longitude: -122.37))))
    let covering = try await client.find(Place.query(.polygonContains(Place.Field.bounds, here)))

    _ = here
    _ = nearest
    _ = close
    _ = inBox
    _ = covering
}
