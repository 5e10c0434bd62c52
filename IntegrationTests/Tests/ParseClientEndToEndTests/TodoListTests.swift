import Foundation
import ParseRuntime
import ParseTestServer
import Testing
import TodoListModels

/// The TodoList sample (the `_User` class with its own fields, pointers to users, enums,
/// an embedded struct, arrays, relations to users and roles) over HTTP.
@Suite("TodoList over HTTP")
struct TodoListTests {
    @Test("users: sign up, log in, current user, become, log out, and the session token on every request")
    func users() async throws {
        try await withServer { server, client in
            var ada = User(displayName: "Ada")
            ada.username = "ada"
            ada.password = "correct horse battery staple"
            ada.email = "ada@example.com"
            let signedUp = try await client.signUp(ada)
            let adaId = try #require(signedUp.objectId)
            #expect(isParseObjectId(adaId))
            #expect(signedUp.password == nil)
            #expect(signedUp.username == "ada")
            #expect(signedUp.displayName == "Ada")
            let firstToken = try #require(client.sessionToken)
            #expect(firstToken.hasPrefix("r:") && firstToken.count == 34)
            #expect(try await server.sessionUser(firstToken) == adaId)
            let signUpRequest = try #require(server.requests(method: "POST", path: "/parse/users").first)
            #expect(signUpRequest.status == 201)
            #expect(signUpRequest.json?["password"] == "correct horse battery staple")
            #expect(signUpRequest.headers["x-parse-session-token"] == nil)
            // The server keeps no password among the fields.
            let stored = try #require(try await server.storedObject("_User", adaId))
            #expect(stored["password"] == nil)
            #expect(stored["displayName"] == "Ada")

            // The token rides on later requests.
            _ = try await client.find(TodoList.query())
            #expect(server.requests.last?.headers["x-parse-session-token"] == firstToken)

            try await client.logOut()
            #expect(!client.isLoggedIn)
            #expect(try await server.sessionUser(firstToken) == nil)
            #expect(server.requests(method: "POST", path: "/parse/logout").first?.headers["x-parse-session-token"] == firstToken)
            _ = try await client.find(TodoList.query())
            #expect(server.requests.last?.headers["x-parse-session-token"] == nil)

            let loggedIn: User = try await client.logIn(username: "ada", password: "correct horse battery staple")
            #expect(loggedIn.objectId == adaId)
            #expect(loggedIn.displayName == "Ada")
            #expect(loggedIn.email == "ada@example.com")
            let secondToken = try #require(client.sessionToken)
            #expect(secondToken != firstToken)
            #expect(try await server.sessionUser(secondToken) == adaId)

            let current = try await client.currentUser(User.self)
            #expect(current.objectId == adaId)
            #expect(current.username == "ada")
            #expect(server.requests(method: "GET", path: "/parse/users/me").last?.headers["x-parse-session-token"] == secondToken)

            // A user may change itself with its session.
            let renamed = try await client.update(current.set(\.displayName, to: "Ada L."))
            #expect(renamed.displayName == "Ada L.")
            #expect(try await server.storedObject("_User", adaId)?["displayName"] == "Ada L.")

            // Restoring a session on another client.
            let other = makeClient(for: server)
            let restored = try await other.become(User.self, sessionToken: secondToken)
            #expect(restored.objectId == adaId)
            #expect(other.sessionToken == secondToken)

            // A token the server does not know is not kept.
            let refused = await failure { try await other.become(User.self, sessionToken: "r:ffffffffffffffffffffffffffffffff") }
            #expect(refused?.parseError?.code == .invalidSessionToken)
            #expect(other.sessionToken == secondToken)

            // Wrong password: 404 / 101, and no session is made.
            let sessions = try await server.sessionCount()
            let wrong = await failure { try await makeClient(for: server).logIn(User.self, username: "ada", password: "nope") }
            #expect(wrong?.parseError?.code == .objectNotFound)
            #expect(wrong?.httpStatus == 404)
            #expect(try await server.sessionCount() == sessions)

            // Taken username and email: 202 and 203.
            var copycat = User()
            copycat.username = "ada"
            copycat.password = "x"
            let taken = await failure { try await makeClient(for: server).signUp(copycat) }
            #expect(taken?.parseError?.code == .usernameTaken)
            #expect(taken?.httpStatus == 400)
            copycat.username = "ada2"
            copycat.email = "ADA@example.com"
            let emailTaken = await failure { try await makeClient(for: server).signUp(copycat) }
            #expect(emailTaken?.parseError?.code == .userEmailTaken)

            // Another user cannot change Ada: only she may write her (101, as if she did not exist).
            var bob = User(displayName: "Bob")
            bob.username = "bob"
            bob.password = "builder"
            let bobClient = makeClient(for: server)
            _ = try await bobClient.signUp(bob)
            let forbidden = await failure { try await bobClient.update(ParseUpdate(current).set(User.Field.displayName, to: "Hacked")) }
            #expect(forbidden?.parseError?.code == .objectNotFound)
            #expect(try await server.storedObject("_User", adaId)?["displayName"] == "Ada L.")

            // Log out, then the old token is refused with 209 on every request.
            try await client.logOut()
            #expect(try await server.sessionUser(secondToken) == nil)
            client.setSessionToken(secondToken)
            let stale = await failure { try await client.currentUser(User.self) }
            #expect(stale?.parseError?.code == .invalidSessionToken)
            #expect(stale?.httpStatus == 400)
            let staleFind = await failure { try await client.find(TodoList.query()) }
            #expect(staleFind?.parseError?.code == .invalidSessionToken)
            // Logging out a session the server no longer knows still logs out locally.
            try await client.logOut()
            #expect(!client.isLoggedIn)
        }
    }

    @Test("generated helpers: User.signUp with the schema's fields, logIn, become, current, logOut; itemsQuery() and membersQuery()")
    func generatedHelpers() async throws {
        try await withServer { server, client in
            let ada = try await User.signUp(username: "ada", password: "correct horse battery staple", email: "ada@example.com",
                                            displayName: "Ada", on: client)
            let adaId = try #require(ada.objectId)
            #expect(ada.displayName == "Ada")
            #expect(ada.password == nil)
            #expect(try await server.storedObject("_User", adaId)?["displayName"] == "Ada")
            let token = try #require(client.sessionToken)
            #expect(try await User.current(on: client).objectId == adaId)

            let groceries = try await client.create(TodoList(title: "Groceries", owner: ada))
            let chores = try await client.create(TodoList(title: "Chores", owner: ada))
            _ = try await client.create(TodoListItem(title: "Milk", list: groceries))
            _ = try await client.create(TodoListItem(title: "Eggs", list: groceries))
            _ = try await client.create(TodoListItem(title: "Sweep", list: chores))
            let items = try await client.find(groceries.itemsQuery().order(.ascending(TodoListItem.Field.title)))
            #expect(items.compactMap(\.title) == ["Eggs", "Milk"])
            #expect(server.requests(method: "GET", path: "/parse/classes/TodoListItem").last?.whereJSON
                == ["list": pointer("TodoList", groceries.objectId)])

            _ = try await client.update(try groceries.membersRelation().add([ada]))
            #expect(try await client.find(groceries.membersQuery()).compactMap(\.objectId) == [adaId])
            #expect(try await client.find(chores.membersQuery()).isEmpty)

            try await User.logOut(on: client)
            #expect(client.sessionToken == nil)
            #expect(try await server.sessionUser(token) == nil)
            #expect(await failure { try await User.current(on: client) }?.parseError?.code == .invalidSessionToken)

            let again = try await User.logIn(username: "ada", password: "correct horse battery staple", on: client)
            #expect(again.objectId == adaId)
            let second = makeClient(for: server)
            #expect(try await User.become(sessionToken: try #require(client.sessionToken), on: second).objectId == adaId)
            #expect(await failure { try await User.logIn(username: "ada", password: "wrong", on: second) }?.parseError?.code == .objectNotFound)
        }
    }

    @Test("lists and items: pointers to users, dotted include, enums, dates, embedded structs and array operations")
    func listsAndItems() async throws {
        try await withServer { server, client in
            let me = try await client.signUp(Self.user("ada", displayName: "Ada"))
            let list = try await client.create(TodoList(title: "Groceries", owner: me))
            let listId = try #require(list.objectId)
            #expect(try await server.storedObject("TodoList", listId)?["owner"] == pointer("_User", me.objectId))
            #expect(try await server.fieldType("TodoList", "owner") == "Pointer<_User>")

            let due = date("2030-01-02T03:04:05.678Z")
            let milk = try await client.create(TodoListItem(
                title: "Milk", description: "Semi-skimmed", list: list, priority: .high, status: .open, dueDate: due,
                estimateHours: 0.5, tags: ["dairy"], reminder: Reminder(at: due, repeatDays: [1, 3]),
                metadata: ["aisle": 4, "organic": true], isDefault: true, class: "A"))
            let bread = try await client.create(TodoListItem(title: "Bread", list: list, priority: .low, status: .done,
                                                             dueDate: date("2029-12-31T00:00:00.000Z"), tags: ["bakery"]))
            _ = try await client.create(TodoListItem(title: "Eggs", list: list, priority: .normal, status: .inProgress,
                                                     tags: ["dairy", "urgent"]))
            let milkId = try #require(milk.objectId)

            // What went over the wire: raw enum values, a Parse Date, keywords as field names.
            let stored = try #require(try await server.storedObject("TodoListItem", milkId))
            #expect(stored["priority"] == 2)
            #expect(stored["status"] == "open")
            #expect(stored["dueDate"] == parseDate("2030-01-02T03:04:05.678Z"))
            #expect(stored["default"] == true)
            #expect(stored["class"] == "A")
            #expect(stored["reminder"]?["at"] == parseDate("2030-01-02T03:04:05.678Z"))
            #expect(stored["list"] == pointer("TodoList", listId))
            #expect(try await server.fieldType("TodoListItem", "dueDate") == "Date")
            #expect(try await server.fieldType("TodoListItem", "reminder") == "Object")

            // Get with a dotted include: the list and its owner, whole.
            let fetched = try await client.get(TodoListItem.self, id: milkId, include: ["list.owner"])
            #expect(fetched.list?.title == "Groceries")
            #expect(fetched.list?.owner?.displayName == "Ada")
            #expect(fetched.list?.owner?.username == "ada")
            #expect(fetched.dueDate == due)
            #expect(fetched.reminder == Reminder(at: due, repeatDays: [1, 3]))
            #expect(fetched.priority == .high)
            #expect(fetched.status == .open)
            #expect(fetched.metadata?["aisle"] == 4)
            #expect(fetched.isDefault == true)
            #expect(fetched.class == "A")
            // `fetched.description` compared with a String picks ParseTypeable's JSON description;
            // an explicit `String?` context selects the schema's `description` field.
            let itemDescription: String? = fetched.description
            #expect(itemDescription == "Semi-skimmed")

            // Queries: pointer equality, enum comparisons, dates, $all, array contains.
            func titles(_ query: ParseQuery<TodoListItem>) async throws -> [String] {
                try await client.find(query.order(.ascending(TodoListItem.Field.title))).compactMap(\.title)
            }
            #expect(try await titles(TodoListItem.query(TodoListItem.Field.list == list)) == ["Bread", "Eggs", "Milk"])
            #expect(try await titles(TodoListItem.query(.greaterThanOrEqualTo(TodoListItem.Field.priority, .normal)))
                == ["Eggs", "Milk"])
            #expect(try await titles(TodoListItem.query(TodoListItem.Field.status == .inProgress)) == ["Eggs"])
            #expect(try await titles(TodoListItem.query(.containedIn(TodoListItem.Field.status, [.open, .done]))) == ["Bread", "Milk"])
            #expect(try await titles(TodoListItem.query(TodoListItem.Field.dueDate < date("2030-01-01T00:00:00.000Z"))) == ["Bread"])
            #expect(try await titles(TodoListItem.query(.containsAll(TodoListItem.Field.tags, ["dairy", "urgent"]))) == ["Eggs"])
            #expect(try await titles(TodoListItem.query(.contains(TodoListItem.Field.tags, "dairy"))) == ["Eggs", "Milk"])
            #expect(try await titles(TodoListItem.query(.containsNone(TodoListItem.Field.tags, ["dairy"]))) == ["Bread"])
            #expect(try await titles(TodoListItem.query(TodoListItem.Field.isDefault == true)) == ["Milk"])
            #expect(try await titles(TodoListItem.query(.matchesQuery(
                TodoListItem.Field.list, TodoList.query(TodoList.Field.owner == me)))) == ["Bread", "Eggs", "Milk"])
            let withOwners = try await client.find(TodoListItem.query(TodoListItem.Field.status == .done).include(paths: ["list.owner"]))
            #expect(withOwners.first?.list?.owner?.displayName == "Ada")
            let sent = try #require(server.requests(method: "GET", path: "/parse/classes/TodoListItem").last)
            #expect(sent.query["include"] == "list.owner")
            #expect(sent.whereJSON == ["status": "done"])

            // Array operations: AddUnique, Add, Remove, with the server's new arrays merged.
            let tagged = try await client.update(ParseUpdate(milk)
                .addUnique(TodoListItem.Field.tags, ["urgent", "dairy"])
                .set(TodoListItem.Field.status, to: .inProgress))
            #expect(tagged.tags == ["dairy", "urgent"])
            #expect(tagged.status == .inProgress)
            let added = try await client.update(ParseUpdate(tagged).add(TodoListItem.Field.tags, ["dairy"]))
            #expect(added.tags == ["dairy", "urgent", "dairy"])
            let removed = try await client.update(ParseUpdate(added).remove(TodoListItem.Field.tags, ["dairy"]))
            #expect(removed.tags == ["urgent"])
            #expect(try await server.storedObject("TodoListItem", milkId)?["tags"] == ["urgent"])
            let completed = date("2030-01-01T12:00:00.000Z")
            let done = try await client.update(ParseUpdate(removed)
                .set(TodoListItem.Field.completedAt, to: completed)
                .set(TodoListItem.Field.reminder, to: Reminder(at: completed, channel: "email"))
                .increment(TodoListItem.Field.estimateHours, by: 1.25))
            #expect(done.estimateHours == 1.75)
            #expect(try await server.storedObject("TodoListItem", milkId)?["completedAt"] == parseDate("2030-01-01T12:00:00.000Z"))
            #expect(try await client.get(TodoListItem.self, id: milkId).reminder?.channel == "email")

            // Delete.
            try await client.delete(bread)
            #expect(try await titles(TodoListItem.query(TodoListItem.Field.list == list)) == ["Eggs", "Milk"])
            let gone = await failure { try await client.get(TodoListItem.self, id: bread.objectId ?? "") }
            #expect(gone?.parseError?.code == .objectNotFound)
        }
    }

    @Test("relations to users and roles: members and editors, their children and owners")
    func sharing() async throws {
        try await withServer { server, client in
            let ada = try await client.signUp(Self.user("ada", displayName: "Ada"))
            let bobClient = makeClient(for: server)
            let bob = try await bobClient.signUp(Self.user("bob", displayName: "Bob"))
            let carolClient = makeClient(for: server)
            let carol = try await carolClient.signUp(Self.user("carol", displayName: "Carol"))
            let groceries = try await client.create(TodoList(title: "Groceries", owner: ada))
            let chores = try await client.create(TodoList(title: "Chores", owner: ada, archived: true))

            _ = try await client.update(ParseUpdate(groceries).addRelation(TodoList.Field.members, [bob, carol]))
            _ = try await client.update(try chores.membersRelation().add([bob]))
            #expect(try await server.fieldType("TodoList", "members") == "Relation<_User>")

            // Children: GET /parse/users?where={"$relatedTo":…}
            let members = try await client.find(User.query(.relatedTo(groceries, through: TodoList.Field.members))
                .order(.ascending(User.Field.username)))
            #expect(members.compactMap(\.username) == ["bob", "carol"])
            #expect(members.allSatisfy { $0.password == nil })
            #expect(server.requests(method: "GET", path: "/parse/users").last?.whereJSON?["$relatedTo"]?["key"] == "members")

            // Owners: the lists a user is a member of.
            let bobsLists = try await client.find(TodoList.query(TodoList.Field.members == bob).order(.ascending(TodoList.Field.title)))
            #expect(bobsLists.compactMap(\.title) == ["Chores", "Groceries"])
            #expect(try await client.find(TodoList.query(TodoList.Field.members == carol, TodoList.Field.archived != true))
                .compactMap(\.title) == ["Groceries"])

            _ = try await client.update(ParseUpdate(groceries).removeRelation(TodoList.Field.members, [bob]))
            #expect(try await client.count(User.query(.relatedTo(groceries, through: TodoList.Field.members))) == 1)

            // Roles are `/roles`; a relation to them works the same way.
            var editors = Role()
            editors.name = "Editors"
            editors.ACL = Self.publicRead
            editors = try await client.create(editors)
            #expect(server.requests(method: "POST", path: "/parse/roles").first?.status == 201)
            _ = try await client.update(ParseUpdate(groceries).addRelation(TodoList.Field.editors, [editors]))
            let roles = try await client.find(Role.query(.relatedTo(groceries, through: TodoList.Field.editors)))
            #expect(roles.compactMap(\.name) == ["Editors"])
            #expect(try await server.relatedIds("TodoList", groceries.objectId ?? "", key: "editors") == Set([editors.objectId].compactMap { $0 }))
        }
    }

    @Test("ACLs: a private list is invisible to other users until a role grants them read access")
    func accessControl() async throws {
        try await withServer { server, client in
            let ada = try await client.signUp(Self.user("ada", displayName: "Ada"))
            let bobClient = makeClient(for: server)
            let bob = try await bobClient.signUp(Self.user("bob", displayName: "Bob"))
            var acl = ParseACL()
            acl.setReadAccess(user: ada, value: true)
            acl.setWriteAccess(user: ada, value: true)
            acl.setReadAccess(roleName: "Editors", value: true)
            var secret = TodoList(title: "Secret", owner: ada)
            secret.ACL = acl
            secret = try await client.create(secret)
            _ = try await client.create(TodoList(title: "Public", owner: ada))
            let secretId = try #require(secret.objectId)
            #expect(try await server.storedObject("TodoList", secretId)?["ACL"] == [
                try #require(ada.objectId): ["read": true, "write": true], "role:Editors": ["read": true],
            ])
            #expect(try await client.get(TodoList.self, id: secretId).ACL?.getWriteAccess(user: ada) == true)

            // Bob sees only the public list; the private one answers 101 as if it did not exist.
            #expect(try await bobClient.find(TodoList.query()).compactMap(\.title) == ["Public"])
            #expect(await failure { try await bobClient.get(TodoList.self, id: secretId) }?.parseError?.code == .objectNotFound)
            #expect(await failure { try await bobClient.update(ParseUpdate(secret).set(TodoList.Field.title, to: "Mine")) }?
                .parseError?.code == .objectNotFound)
            #expect(try await server.storedObject("TodoList", secretId)?["title"] == "Secret")

            // A role whose users relation holds Bob grants him read access, not write access.
            var editors = Role()
            editors.name = "Editors"
            var roleACL = Self.publicRead
            roleACL.setWriteAccess(user: ada, value: true)
            editors.ACL = roleACL
            editors = try await client.create(editors)
            let roleUsers = ParseRelationField<Role, User>("users")
            _ = try await client.update(ParseUpdate(editors).addRelation(roleUsers, [bob]))
            #expect(try await bobClient.find(TodoList.query().order(.ascending(TodoList.Field.title))).compactMap(\.title)
                == ["Public", "Secret"])
            #expect(await failure { try await bobClient.delete(secret) }?.parseError?.code == .objectNotFound)
            // The master key reads and writes everything.
            let master = makeClient(for: server, masterKey: server.configuration.masterKey)
            _ = try await master.update(ParseUpdate(secret).set(TodoList.Field.archived, to: true), options: .masterKey)
            try await client.delete(secret)
            #expect(try await server.storedObject("TodoList", secretId) == nil)
        }
    }

    /// A user to sign up, whom other users may read (Parse Server keeps users private unless
    /// their ACL says otherwise).
    /// An ACL that lets everyone read (a role needs one).
    static var publicRead: ParseACL {
        var acl = ParseACL()
        acl.publicRead = true
        return acl
    }

    static func user(_ name: String, displayName: String) -> User {
        var user = User(displayName: displayName)
        user.username = name
        user.password = "password of \(name)"
        user.ACL = publicRead
        return user
    }
}
