import Foundation
import Testing
import ParseRuntime

@Suite struct ParseObjectTests {
    @Test func classNamesDefaultToTheTypeNameUnlessOverridden() {
        #expect(Genre.className == "Genre")
        #expect(Book.className == "Books")
        #expect(Book().className == "Books")
        #expect(User.className == "_User")
        #expect(Role.className == "_Role")
        #expect(Installation.className == "_Installation")
        #expect(Session.className == "_Session")
    }

    @Test func idIsTheObjectIdOrAFreshUUID() {
        #expect(Genre(objectId: "g1").id == "g1")
        let unsaved = Genre()
        #expect(unsaved.id != unsaved.id)
        #expect(UUID(uuidString: unsaved.id) != nil)
    }

    @Test func sameObjectIdNeedsSameClassAndANonNilId() {
        #expect(Genre(objectId: "x").hasSameObjectId(as: Genre(objectId: "x")))
        #expect(!Genre(objectId: "x").hasSameObjectId(as: Author(objectId: "x")))
        #expect(!Genre(objectId: "x").hasSameObjectId(as: Genre(objectId: "y")))
        #expect(!Genre().hasSameObjectId(as: Genre()))
        #expect(Genre(objectId: "x").isSaved)
        #expect(!Genre().isSaved)
    }

    @Test func equalityIsMemberwiseAndHashingFollowsIt() {
        var first = Genre(objectId: "g1")
        first.name = "SF"
        var second = Genre(objectId: "g1")
        second.name = "SF"
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        second.name = "Fantasy"
        #expect(first != second)
        #expect(first.hashValue == second.hashValue) // hashing uses objectId only, never a synthesised memberwise hash
        #expect(Set([first, second, first]).count == 2)
        var unsaved = Genre()
        unsaved.name = "A"
        #expect(Set([unsaved, unsaved]).count == 1)
    }

    @Test func mergeParseRefusesDifferentObjects() {
        var updated = Genre(objectId: "g1")
        #expect(throws: ParseError.self) { try updated.mergeParse(with: Genre(objectId: "g2")) }
        #expect(throws: ParseError.self) { try Genre().mergeParse(with: Genre()) }
        updated.objectId = nil
        #expect(throws: ParseError.self) { try updated.mergeParse(with: Genre(objectId: "g1")) }
    }

    @Test func mergeParseRestoresACLOnlyWhenTheUpdateHasNone() throws {
        var acl = ParseACL()
        acl.publicRead = true
        var original = Genre(objectId: "g1")
        original.ACL = acl
        original.name = "SF"
        let merged = try Genre(objectId: "g1").mergeParse(with: original)
        #expect(merged.ACL == acl)
        #expect(merged.name == nil) // mergeParse handles Parse fields only
        var newACL = ParseACL()
        newACL.publicWrite = true
        var update = Genre(objectId: "g1")
        update.ACL = newACL
        #expect(try update.mergeParse(with: original).ACL == newACL)
    }

    @Test func shouldRestoreKeyIsTrueOnlyForNilOverNonNil() {
        var original = Book()
        original.title = "Dune"
        var update = Book()
        #expect(update.shouldRestoreKey(\.title, original: original))
        #expect(!update.shouldRestoreKey(\.pageCount, original: original)) // both nil
        update.title = "Dune Messiah"
        #expect(!update.shouldRestoreKey(\.title, original: original))
        update.title = "Dune"
        #expect(!update.shouldRestoreKey(\.title, original: original))
    }

    @Test func generatedMergeRestoresUntouchedFields() throws {
        var original = Book()
        original.objectId = "b1"
        original.title = "Dune"
        original.pageCount = 412
        original.genre = Genre(objectId: "g1")
        original.metadata = ["a": 1]
        var update = original.mergeable
        update.pageCount = 500
        let merged = try update.merge(with: original)
        #expect(merged.title == "Dune")
        #expect(merged.pageCount == 500)
        #expect(merged.genre == Genre(objectId: "g1"))
        #expect(merged.metadata == ["a": 1])
        #expect(throws: ParseError.self) { try Book().merge(with: original) }
    }

    @Test func defaultMergeOverlaysEncodedFields() throws {
        var original = Note()
        original.objectId = "n1"
        original.text = "hello"
        original.stars = 3
        var genre = Genre(objectId: "g1")
        genre.name = "SF"
        original.genre = genre
        var update = original.mergeable
        update.stars = 5
        let merged = try update.merge(with: original)
        #expect(merged.text == "hello")
        #expect(merged.stars == 5)
        #expect(merged.genre?.name == "SF") // nested objects survive the automatic merge whole
    }

    @Test func userAndInstallationMergeTheirBuiltInFields() throws {
        var user = User()
        user.objectId = "u1"
        user.username = "ada"
        user.email = "ada@example.com"
        user.authData = ["anonymous": ["id": "1"]]
        user.nickname = "A"
        let mergedUser = try User(objectId: "u1").mergeParse(with: user)
        #expect(mergedUser.username == "ada")
        #expect(mergedUser.email == "ada@example.com")
        #expect(mergedUser.authData == user.authData)
        #expect(mergedUser.nickname == nil)

        var installation = Installation()
        installation.objectId = "i1"
        installation.channels = ["news"]
        installation.badge = 3
        installation.deviceType = "ios"
        var update = Installation(objectId: "i1")
        update.badge = 0
        let mergedInstallation = try update.mergeParse(with: installation)
        #expect(mergedInstallation.channels == ["news"])
        #expect(mergedInstallation.badge == 0)
        #expect(mergedInstallation.deviceType == "ios")
    }

    @Test func installationStoresDeviceTokensAsHex() {
        var installation = Installation()
        installation.setDeviceToken(Data([0x00, 0x0F, 0xAB, 0xFF]))
        #expect(installation.deviceToken == "000fabff")
    }

    @Test func mergeableSetGetAndRevert() throws {
        var original = Book()
        original.objectId = "b1"
        original.createdAt = sampleDate
        original.title = "Dune"
        let mergeable = original.mergeable
        #expect(mergeable.objectId == "b1")
        #expect(mergeable.createdAt == sampleDate)
        #expect(mergeable.title == nil)
        #expect(mergeable.originalData != nil)
        #expect(Book().mergeable == Book()) // unsaved objects are returned unchanged

        let changed = original.set(\.pageCount, to: 9)
        #expect(changed.pageCount == 9)
        #expect(changed.title == nil)
        #expect(try changed.revert(\.pageCount).pageCount == nil)
        #expect(try changed.revert().title == "Dune")
        #expect(try original.get(\.title) == "Dune")
        #expect(throws: ParseError.self) { try original.get(\.pageCount) }
        #expect(throws: ParseError.self) { try original.revert() }

        // The save body of a mergeable copy holds only the changed field.
        try expectJSON(try ParseEncoder().encode(changed), equals: #"{"pages":9}"#)
    }

    @Test func rolesCheckNamesAndHashByName() throws {
        let role = try Role(name: "Admin Team_1-a")
        #expect(role.name == "Admin Team_1-a")
        #expect(throws: ParseError.self) { try Role(name: "bad/name") }
        var acl = ParseACL()
        acl.publicRead = true
        #expect(try Role(name: "Readers", acl: acl).ACL == acl)
        var a = try Role(name: "Same")
        a.objectId = "r1"
        #expect(a.hashValue == (try Role(name: "Same")).hashValue)
    }

    @Test func fieldsArePhantomTypedNames() {
        let title: ParseField<Book, String> = Book.Field.title
        #expect(title.name == "title")
        #expect(title.description == "title")
        #expect("\(Book.Field.pageCount)" == "pages")
        #expect(Set([title, ParseField<Book, String>("title")]).count == 1)
        #expect(ParseField<Book, String>("title") != ParseField<Book, String>("subtitle"))
    }

    @Test func sessionExposesItsUser() {
        var session = Session()
        session.user.objectId = "u1"
        #expect(session.user.className == "_User")
        #expect(session.expiresAt == Date(timeIntervalSince1970: 0))
    }
}
