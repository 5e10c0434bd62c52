import Foundation
import ParseRuntime
import PeopleModels
import Testing

/// The People sample: geopoints, files, bytes, polygons, embedded addresses (single and
/// array), ACLs, and the built-in installation and session classes.
@Suite struct PeopleModelTests {
    @Test func geoPointsFilesAndPointersUseParseEncodings() throws {
        var person = Person(name: "Ada", birthday: sampleDate, location: try ParseGeoPoint(latitude: 40, longitude: -30),
                            dog: Dog(objectId: "d1"))
        var acl = ParseACL()
        acl.publicRead = true
        acl.setReadAccess(roleName: "Admins", value: true)
        acl.setWriteAccess(objectId: "u1", value: true)
        acl.setReadAccess(objectId: "u1", value: true)
        person.ACL = acl
        try expectJSON(saveBody(person), """
            {"name": "Ada", "birthday": {"__type": "Date", "iso": "2023-11-14T22:13:20.123Z"},
             "location": {"__type": "GeoPoint", "latitude": 40, "longitude": -30},
             "dog": {"__type": "Pointer", "className": "Dog", "objectId": "d1"},
             "ACL": {"*": {"read": true}, "role:Admins": {"read": true}, "u1": {"read": true, "write": true}}}
            """)
        #expect(throws: (any Error).self) { try ParseGeoPoint(latitude: 91, longitude: 0) }
    }

    @Test func filesBytesAndPolygons() throws {
        let dog = Dog(name: "Rex", photo: ParseFile(name: "rex.jpg", url: URL(string: "https://files.example.com/rex.jpg")!))
        try expectJSON(saveBody(dog), """
            {"name": "Rex", "photo": {"__type": "File", "name": "rex.jpg", "url": "https://files.example.com/rex.jpg"}}
            """)
        let business = Business(name: "Dog Spa", addresses: [Address(street: "1 Main St", city: "Springfield", country: "US")],
                                logo: ParseBytes(data: Data([0x68, 0x69])))
        try expectJSON(saveBody(business), """
            {"name": "Dog Spa", "addresses": [{"street": "1 Main St", "city": "Springfield", "country": "US"}],
             "logo": {"__type": "Bytes", "base64": "aGk="}}
            """)
        let club = try DogClub(name: "Walkers", area: ParsePolygon([
            ParseGeoPoint(latitude: 0, longitude: 0), ParseGeoPoint(latitude: 0, longitude: 1), ParseGeoPoint(latitude: 1, longitude: 1),
        ]))
        try expectJSON(saveBody(club), """
            {"name": "Walkers", "area": {"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1]]}}
            """)
        let decoded = try ParseDecoder().decode(DogClub.self, from: fullJSON(club))
        #expect(decoded == club)
    }

    @Test func aContactHoldsOneEmbeddedAddress() throws {
        let contact = try decode(Contact.self, #"{"objectId": "c1", "name": "Bo", "address": {"street": "2 High St", "city": "Leeds", "postalCode": "LS1"}}"#)
        #expect(contact.address == Address(street: "2 High St", city: "Leeds", postalCode: "LS1"))
    }

    @Test func sessionAndInstallationDecodeTheirBuiltinFields() throws {
        let session = try decode(Session.self, """
            {"objectId": "s1", "sessionToken": "r:0123456789abcdef0123456789abcdef", "restricted": false,
             "user": {"__type": "Pointer", "className": "_User", "objectId": "u1"},
             "createdWith": {"action": "login", "authProvider": "password"}, "installationId": "i-1",
             "expiresAt": {"__type": "Date", "iso": "2024-11-14T22:13:20.123Z"}}
            """)
        #expect(session.sessionToken == "r:0123456789abcdef0123456789abcdef")
        #expect(session.user.objectId == "u1")
        #expect(session.createdWith["action"] == "login")
        #expect(Session.className == "_Session")
        var installation = Installation()
        installation.deviceType = "ios"
        installation.channels = ["news"]
        installation.person = Person(objectId: "p1")
        try expectJSON(saveBody(installation), """
            {"deviceType": "ios", "channels": ["news"], "person": {"__type": "Pointer", "className": "Person", "objectId": "p1"}}
            """)
    }

    @Test func aTasksRelationOnTheUser() throws {
        var user = User()
        user.objectId = "u1"
        let relation = try user.tasksRelation()
        #expect(relation.className == "Task")
        #expect(User.Field.tasks.name == "tasks")
    }
}
