import Foundation
import ParseRuntime
import Testing
import TodoListModels

/// The TodoList sample: Parse's built-in `_User` and `_Role`, fields named like Swift keywords
/// and like `description`, string and int enums, an embedded value and an object field.
@Suite struct TodoListModelTests {
    @Test func keywordAndRenamedFieldsUseTheirParseNamesOnTheWire() throws {
        var item = TodoListItem(title: "Buy milk", list: TodoList(objectId: "l1"))
        item.description = "Two litres"
        item.isDefault = true
        item.class = "errand"
        item.status = .inProgress
        item.priority = .high
        item.metadata = ["source": "siri", "attempts": 2, "tags": ["a", "b"], "done": false, "none": nil]
        item.reminder = Reminder(at: sampleDate, repeatDays: [1, 3], channel: "email")
        try expectJSON(saveBody(item), """
            {"title": "Buy milk", "description": "Two litres", "default": true, "class": "errand",
             "list": {"__type": "Pointer", "className": "TodoList", "objectId": "l1"},
             "status": "in_progress", "priority": 2,
             "metadata": {"source": "siri", "attempts": 2, "tags": ["a", "b"], "done": false, "none": null},
             "reminder": {"at": {"__type": "Date", "iso": "2023-11-14T22:13:20.123Z"}, "repeatDays": [1, 3], "channel": "email"}}
            """)
        let decoded = try ParseDecoder().decode(TodoListItem.self, from: fullJSON(item))
        #expect(decoded == item)
        // Typed as the stored `String?`, `description` is the field; typed as `String`, it is the
        // printout every Parse object has (as with ParseSwift).
        let stored: String? = decoded.description
        #expect(stored == "Two litres")
        let field: KeyPath<TodoListItem, String?> = \.description
        #expect(decoded[keyPath: field] == "Two litres")
        #expect("\(decoded)".hasPrefix("{"))
        #expect(TodoListItem.Field.isDefault.name == "default")
    }

    @Test func embeddedDefaultsComeFromTheSchema() {
        let reminder = Reminder(at: sampleDate)
        #expect(reminder.channel == "push")
        #expect(reminder.repeatDays == nil)
    }

    @Test func theUserIsAParseUserWithItsBuiltinAndCustomFields() throws {
        let user = try decode(User.self, """
            {"objectId": "u1", "username": "ada", "email": "ada@example.com", "emailVerified": true,
             "displayName": "Ada", "avatar": {"__type": "File", "name": "a.png", "url": "https://files.example.com/a.png"},
             "location": {"__type": "GeoPoint", "latitude": 51.5, "longitude": -0.12},
             "authData": {"anonymous": {"id": "x"}}, "createdAt": "2023-11-14T22:13:20.123Z"}
            """)
        #expect(User.className == "_User")
        #expect(user.username == "ada")
        #expect(user.emailVerified == true)
        #expect(user.displayName == "Ada")
        #expect(user.avatar?.name == "a.png")
        #expect(user.avatar?.url == URL(string: "https://files.example.com/a.png"))
        #expect(user.location?.latitude == 51.5)
        #expect(user.authData?["anonymous"]??["id"] == "x")
        // The SDK never sends emailVerified, and the server owns createdAt.
        try expectJSON(saveBody(user), """
            {"username": "ada", "email": "ada@example.com", "displayName": "Ada",
             "avatar": {"__type": "File", "name": "a.png", "url": "https://files.example.com/a.png"},
             "location": {"__type": "GeoPoint", "latitude": 51.5, "longitude": -0.12},
             "authData": {"anonymous": {"id": "x"}}}
            """)
    }

    @Test func aRoleLinksToTheGeneratedUserAndTheListRelatesRoles() throws {
        #expect(Role.className == "_Role")
        let role = try decode(Role.self, #"{"objectId": "r1", "name": "Editors", "users": {"__type": "Relation", "className": "_User"}}"#)
        #expect(role.name == "Editors")
        var list = TodoList(title: "Groceries", owner: User(objectId: "u1"))
        list.objectId = "l1"
        let operation = try list.editorsRelation().add(TodoList.Field.editors.name, objects: [role])
        try expectJSON(ParseEncoder().encode(operation), """
            {"editors": {"__op": "AddRelation", "objects": [{"__type": "Pointer", "className": "_Role", "objectId": "r1"}]}}
            """)
    }

    @Test func stringEnumRawValuesAreTheSchemas() throws {
        #expect(Status.allCases.map(\.rawValue) == ["open", "in_progress", "done"])
        #expect(Priority.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(throws: DecodingError.self) { try decode(TodoListItem.self, #"{"status": "someday"}"#) }
    }
}
