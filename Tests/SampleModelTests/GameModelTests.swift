import Foundation
import GameModels
import ParseRuntime
import Testing

/// The Game sample, the Parse REST guide's own classes: its objects read and write exactly the
/// JSON the guide shows, `score` included.
@Suite struct GameModelTests {
    @Test func theGuidesGameScoreRoundTrips() throws {
        // The guide's "Retrieving Objects" answer.
        let gameScore = try decode(GameScore.self, """
            {"score": 1337, "playerName": "Sean Plott", "cheatMode": false, "skills": ["pwnage", "flying"],
             "createdAt": "2022-01-01T12:23:45.678Z", "updatedAt": "2022-01-01T12:23:45.678Z", "objectId": "Ed1nuqPvcm"}
            """)
        #expect(gameScore.score == 1337)
        #expect(gameScore.skills == ["pwnage", "flying"])
        #expect(gameScore.objectId == "Ed1nuqPvcm")
        try expectJSON(saveBody(gameScore), """
            {"score": 1337, "playerName": "Sean Plott", "cheatMode": false, "skills": ["pwnage", "flying"]}
            """)
    }

    @Test func aPlaceKeepsItsClassNameLocationAndBounds() throws {
        #expect(Place.className == "PlaceObject")
        let place = try decode(Place.self, """
            {"objectId": "p1", "name": "Sean's house",
             "location": {"__type": "GeoPoint", "latitude": 40.0, "longitude": -30.0},
             "bounds": {"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1], [1, 0]]}}
            """)
        #expect(place.location?.latitude == 40)
        #expect(place.location?.longitude == -30)
        try expectJSON(saveBody(place), """
            {"name": "Sean's house", "location": {"__type": "GeoPoint", "latitude": 40, "longitude": -30},
             "bounds": {"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1], [1, 0]]}}
            """)
    }
}
