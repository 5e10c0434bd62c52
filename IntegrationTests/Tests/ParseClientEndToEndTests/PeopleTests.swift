import Foundation
import ParseRuntime
import ParseTestServer
import PeopleModels
import Testing

/// The People sample (geo points, polygons, bytes, embedded addresses, relations with inverses,
/// a `_User` that owns a relation, an `_Installation`) over HTTP. The Parse class `Task` is the
/// Swift type `TaskObject` (its `swiftName`), so it does not hide Swift's `Task`.
@Suite("People over HTTP")
struct PeopleTests {
    @Test("people and dogs: geo points, dates, a pointer included, a to-many relation and the clubs inverse")
    func peopleAndDogs() async throws {
        try await withServer { server, client in
            let rex = try await client.create(Dog(name: "Rex", breed: "Collie"))
            let fido = try await client.create(Dog(name: "Fido", breed: "Beagle"))
            let home = try ParseGeoPoint(latitude: 52.52, longitude: 13.405)
            let birthday = date("1990-06-15T00:00:00.000Z")
            let alice = try await client.create(Person(name: "Alice", birthday: birthday, location: home, dog: rex))
            let bob = try await client.create(Person(name: "Bob", birthday: date("1985-01-01T00:00:00.000Z")))
            let aliceId = try #require(alice.objectId)

            #expect(try await server.storedObject("Person", aliceId)?["location"] == ["__type": "GeoPoint", "latitude": 52.52, "longitude": 13.405])
            #expect(try await server.fieldType("Person", "location") == "GeoPoint")
            let fetched = try await client.get(Person.self, id: aliceId, include: ["dog"])
            #expect(fetched.dog?.name == "Rex")
            #expect(fetched.dog?.breed == "Collie")
            #expect(fetched.location == home)
            #expect(fetched.birthday == birthday)

            #expect(try await client.find(Person.query(Person.Field.birthday < date("1989-01-01T00:00:00.000Z"))).compactMap(\.name)
                == ["Bob"])
            #expect(try await client.find(Person.query(Person.Field.dog == rex)).compactMap(\.name) == ["Alice"])
            #expect(try await client.find(Person.query(.doesNotExist(Person.Field.dog))).compactMap(\.name) == ["Bob"])

            // Dogs: a to-many relation, through the generated ParseRelation.
            _ = try await client.update(try alice.dogsRelation().add([rex, fido]))
            #expect(try await server.relatedIds("Person", aliceId, key: "dogs").count == 2)
            let dogs = try await client.find(Dog.query(.relatedTo(alice, through: Person.Field.dogs)).order(.ascending(Dog.Field.name)))
            #expect(dogs.compactMap(\.name) == ["Fido", "Rex"])
            _ = try await client.update(try alice.dogsRelation().remove([fido]))
            #expect(try await client.find(Dog.query(.relatedTo(alice, through: Person.Field.dogs))).compactMap(\.name) == ["Rex"])
            #expect(try await client.find(Person.query(Person.Field.dogs == rex)).compactMap(\.name) == ["Alice"])

            // Clubs: Person.clubs is the inverse of DogClub.members.
            let area = try ParsePolygon([
                ParseGeoPoint(latitude: 52.5, longitude: 13.3), ParseGeoPoint(latitude: 52.6, longitude: 13.4),
                ParseGeoPoint(latitude: 52.5, longitude: 13.5),
            ])
            let walkers = try await client.create(DogClub(name: "Walkers", area: area))
            let runners = try await client.create(DogClub(name: "Runners"))
            #expect(try await server.fieldType("DogClub", "area") == "Polygon")
            _ = try await client.update(ParseUpdate(walkers).addRelation(DogClub.Field.members, [alice, bob]))
            _ = try await client.update(ParseUpdate(runners).addRelation(DogClub.Field.members, [alice]))
            let alicesClubs = try await client.find(DogClub.query(DogClub.Field.members == alice).order(.ascending(DogClub.Field.name)))
            #expect(alicesClubs.compactMap(\.name) == ["Runners", "Walkers"])
            #expect(try await client.find(DogClub.query(DogClub.Field.members == bob)).compactMap(\.name) == ["Walkers"])
            // Parse Server closes a polygon: its first point comes back last too.
            #expect(try await client.get(DogClub.self, id: walkers.objectId ?? "").area?.coordinates == area.coordinates + [area.coordinates[0]])
            #expect(try await client.count(Person.query(.relatedTo(walkers, through: DogClub.Field.members))) == 2)

            // Update and delete.
            let renamed = try await client.update(ParseUpdate(bob).set(Person.Field.name, to: "Robert").set(Person.Field.dog, to: fido))
            #expect(renamed.name == "Robert")
            #expect(try await server.storedObject("Person", bob.objectId ?? "")?["dog"] == pointer("Dog", fido.objectId))
            #expect(try await client.find(Person.query(.startsWith(Person.Field.name, "Rob")).include(Person.Field.dog))
                .first?.dog?.name == "Fido")
            try await client.delete(fido)
            // The pointer to a deleted dog stays, but an include cannot resolve it.
            let robert = try await client.get(Person.self, id: bob.objectId ?? "", include: ["dog"])
            #expect(robert.dog == nil)
            #expect(try await client.get(Person.self, id: bob.objectId ?? "").dog?.objectId == fido.objectId)
        }
    }

    @Test("contacts and businesses: an embedded address, an array of them, bytes; queries on the embedded value")
    func embedded() async throws {
        try await withServer { server, client in
            let berlin = Address(street: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE")
            let paris = Address(street: "1 Rue de Rivoli", city: "Paris", country: "FR")
            let ada = try await client.create(Contact(name: "Ada", address: berlin))
            _ = try await client.create(Contact(name: "Blaise", address: paris))
            #expect(try await server.storedObject("Contact", ada.objectId ?? "")?["address"]?["city"] == "Berlin")
            #expect(try await client.get(Contact.self, id: ada.objectId ?? "").address == berlin)
            #expect(try await client.find(Contact.query(Contact.Field.address == paris)).compactMap(\.name) == ["Blaise"])

            let logo = ParseBytes(data: Data([0, 1, 2, 254, 255]))
            let shop = try await client.create(Business(name: "Shop", addresses: [berlin, paris], logo: logo))
            let id = try #require(shop.objectId)
            #expect(try await server.fieldType("Business", "logo") == "Bytes")
            #expect(try await server.storedObject("Business", id)?["logo"] == ["__type": "Bytes", "base64": "AAEC/v8="])
            let fetched = try await client.get(Business.self, id: id)
            #expect(fetched.addresses == [berlin, paris])
            #expect(fetched.logo == logo)
            let moved = try await client.update(ParseUpdate(fetched).remove(Business.Field.addresses, [paris]))
            #expect(moved.addresses == [berlin])
            #expect(try await client.find(Business.query(.contains(Business.Field.addresses, berlin))).compactMap(\.name) == ["Shop"])
            try await client.delete(moved)
            #expect(try await client.count(Business.query()) == 0)
        }
    }

    @Test("a user's tasks relation, its inverse Task.assignee, and an installation pointing to a person")
    func usersAndTasks() async throws {
        try await withServer { server, client in
            var grace = User()
            grace.username = "grace"
            grace.password = "hopper"
            grace = try await client.signUp(grace)
            let graceId = try #require(grace.objectId)
            let write = try await client.create(TaskObject(title: "Write compiler"))
            let test = try await client.create(TaskObject(title: "Test compiler", done: false))

            // Changing a user needs its own session (or the master key).
            _ = try await client.update(ParseUpdate(grace).addRelation(User.Field.tasks, [write, test]))
            #expect(server.requests(method: "PUT", path: "/parse/users/\(graceId)").last?.status == 200)
            #expect(try await server.relatedIds("_User", graceId, key: "tasks").count == 2)
            let tasks = try await client.find(TaskObject.query(.relatedTo(grace, through: User.Field.tasks))
                .order(.ascending(TaskObject.Field.title)))
            #expect(tasks.compactMap(\.title) == ["Test compiler", "Write compiler"])
            let assignees = try await client.find(User.query(User.Field.tasks == write))
            #expect(assignees.compactMap(\.username) == ["grace"])

            let anonymous = makeClient(for: server)
            let refused = await failure {
                try await anonymous.update(ParseUpdate(grace).removeRelation(User.Field.tasks, [write]))
            }
            #expect(refused?.parseError?.code == .userCannotBeAlteredWithoutSession)
            let master = makeClient(for: server, masterKey: server.configuration.masterKey)
            _ = try await master.update(ParseUpdate(grace).removeRelation(User.Field.tasks, [write]), options: .masterKey)
            let masterRequest = try #require(server.requests(method: "PUT", path: "/parse/users/\(graceId)").last)
            #expect(masterRequest.headers["x-parse-master-key"] == server.configuration.masterKey)
            #expect(masterRequest.headers["x-parse-rest-api-key"] == nil)
            #expect(try await client.find(User.query(User.Field.tasks == write)).isEmpty)

            let done = try await client.update(ParseUpdate(test).set(TaskObject.Field.done, to: true))
            #expect(done.done == true)
            #expect(try await client.find(TaskObject.query(TaskObject.Field.done == true)).compactMap(\.title)
                == ["Test compiler"])

            // An installation: Parse's own class at /installations.
            let person = try await client.create(Person(name: "Grace"))
            var installation = Installation(person: person)
            installation.installationId = "6b1f"
            installation.deviceType = "ios"
            installation.channels = ["news"]
            installation = try await client.create(installation)
            let installed = try #require(server.requests(method: "POST", path: "/parse/installations").first)
            #expect(installed.status == 201)
            let fetched = try await client.get(Installation.self, id: installation.objectId ?? "", include: ["person"])
            #expect(fetched.person?.name == "Grace")
            #expect(fetched.channels == ["news"])
            // Installations are found with the master key only.
            let withNews = try await master.find(Installation.query(.contains(Installation.Field.channels, "news")), options: .masterKey)
            #expect(withNews.count == 1)
            #expect(await failure { try await client.find(Installation.query()) }?.parseError?.code == .operationForbidden)

            try await client.delete(write)
            #expect(try await server.storedObject("Task", write.objectId ?? "") == nil)
        }
    }
}
