import Foundation
import ParseLocalStore
import ParseRuntime
import PeopleModels
import Testing
import TodoListModels

/// Every kind of field, through a store and back unchanged: the People and TodoList samples hold
/// geo points, polygons, bytes, files, embedded values and arrays of them, int enums, `object`
/// maps, arrays of files, Swift keywords as field names, ACLs and Parse's built-in user class.
@Suite struct RoundTripTests {
    /// `object` as a pointer: its id only.
    static func pointer<T: ParseObject>(to object: T) -> T {
        var pointer = T()
        pointer.objectId = object.objectId
        return pointer
    }

    @Test func peopleFieldsComeBackUnchanged() async throws {
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: .people)
        let mother = try await store.create(Dog(name: "Laika", breed: "mixed",
                                                photo: ParseFile(name: "laika.jpg", url: try #require(URL(string: "https://files.example.com/laika.jpg")))))
        var puppy = Dog(name: "Strelka")
        puppy.mother = mother
        let dog = try await store.create(puppy)
        var person = Person(name: "Ada", birthday: Date(timeIntervalSince1970: 1_000_000_000.5),
                            location: try ParseGeoPoint(latitude: 51.5, longitude: -0.12), dog: dog)
        var acl = ParseACL()
        acl.publicRead = true
        acl.setWriteAccess(objectId: "someUser", value: true)
        person.ACL = acl
        let club = DogClub(name: "Walkers", area: try ParsePolygon([
            try ParseGeoPoint(latitude: 0, longitude: 0), try ParseGeoPoint(latitude: 0, longitude: 1),
            try ParseGeoPoint(latitude: 1, longitude: 1),
        ]))
        let business = Business(name: "Kennels", addresses: [
            Address(street: "1 Main St", city: "Springfield", postalCode: nil, country: "US"),
            Address(street: "2 High St", city: "London", postalCode: "N1", country: "GB"),
        ], logo: ParseBytes(data: Data([0, 1, 2, 254, 255])))

        for created in [try await store.create(person)] {
            let read = try await store.get(Person.self, id: try #require(created.objectId))
            // Pointers come back as pointers, as from the server.
            var expected = created
            expected.dog = Self.pointer(to: dog)
            #expect(read == expected)
            #expect(read.location == person.location)
            #expect(read.ACL == acl)
            #expect(read.dog?.objectId == dog.objectId)
        }
        let storedClub = try await store.create(club)
        #expect(try await store.get(DogClub.self, id: try #require(storedClub.objectId)) == storedClub)
        let storedBusiness = try await store.create(business)
        let readBusiness = try await store.get(Business.self, id: try #require(storedBusiness.objectId))
        #expect(readBusiness == storedBusiness)
        #expect(readBusiness.logo == business.logo)
        #expect(readBusiness.addresses == business.addresses)
        let readDog = try await store.find(Dog.query(Dog.Field.name == "Strelka").include(Dog.Field.mother))
        #expect(readDog.first?.mother?.photo?.url?.absoluteString == "https://files.example.com/laika.jpg")
        try store.close()
    }

    @Test func todoListFieldsComeBackUnchangedAndAPasswordIsNeverKept() async throws {
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: .todoList)
        var newUser = TodoListModels.User()
        newUser.username = "ada"
        newUser.password = "correct horse battery staple"
        newUser.email = "ada@example.com"
        newUser.displayName = "Ada"
        let user = try await store.create(newUser)
        let readUser = try await store.get(TodoListModels.User.self, id: try #require(user.objectId))
        #expect(readUser.username == "ada")
        #expect(readUser.password == nil)
        let file = try String(contentsOfFile: folder.path(), encoding: .isoLatin1)
        #expect(!file.contains("correct horse"))

        // The list's owner is a user the store holds; another list's owner is one it does not.
        let list = try await store.create(TodoList(title: "Chores", owner: user))
        var stranger = TodoListModels.User()
        stranger.objectId = "notStored1"
        _ = try await store.create(TodoList(title: "Theirs", owner: stranger))
        let item = TodoListItem(
            title: "Walk the dog", description: "Around the park", list: list, assignee: user, priority: .high,
            status: .done, dueDate: Date(timeIntervalSince1970: 1_700_000_000.25), completedAt: Date(timeIntervalSince1970: 1_700_000_100),
            estimateHours: 1.5, tags: ["outdoor", "dog"],
            reminder: Reminder(at: Date(timeIntervalSince1970: 1_700_000_050), repeatDays: [1, 3], channel: "email"),
            attachments: [ParseFile(name: "map.png", url: try #require(URL(string: "https://files.example.com/map.png")))],
            metadata: ["steps": 4200, "nested": ["ok": true, "list": [1, "two", nil]]], isDefault: true, class: "errand")
        let created = try await store.create(item)
        let read = try await store.get(TodoListItem.self, id: try #require(created.objectId))
        var expected = created
        expected.list = Self.pointer(to: list)
        expected.assignee = Self.pointer(to: user)
        #expect(read == expected)
        #expect(read.priority == .high)
        #expect(read.metadata == item.metadata)
        #expect(read.attachments == item.attachments)
        #expect(read.reminder == item.reminder)
        #expect(read.isDefault == true)
        #expect(read.class == "errand")
        let high = try await store.find(TodoListItem.query(TodoListItem.Field.priority >= .normal, TodoListItem.Field.list == list))
        #expect(high.map(\.objectId) == [created.objectId])
        try store.close()
    }
}
