import Foundation
import Testing
import ParseRuntime

@Suite struct ACLTests {
    @Test func encodesTheACLMap() throws {
        var acl = ParseACL()
        acl.publicRead = true
        acl.setReadAccess(roleName: "Admins", value: true)
        acl.setReadAccess(objectId: "u1", value: true)
        acl.setWriteAccess(objectId: "u1", value: true)
        let data = try ParseEncoder().encode(acl)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"*":{"read":true},"role:Admins":{"read":true},"u1":{"read":true,"write":true}}"#)
    }

    @Test func decodesTheACLMap() throws {
        let json = #"{"*":{"read":true},"role:Admins":{"read":true,"write":true},"u1":{"read":true,"write":false}}"#
        let acl = try ParseDecoder().decode(ParseACL.self, from: Data(json.utf8))
        #expect(acl.publicRead)
        #expect(!acl.publicWrite)
        #expect(acl.getReadAccess(roleName: "Admins"))
        #expect(acl.getWriteAccess(roleName: "Admins"))
        #expect(acl.getReadAccess(objectId: "u1"))
        #expect(!acl.getWriteAccess(objectId: "u1"))
        #expect(!acl.getReadAccess(objectId: "nobody"))
        // false values are dropped, so the re-encoded map has no "write":false
        try expectJSON(try ParseEncoder().encode(acl),
                       equals: #"{"*":{"read":true},"role:Admins":{"read":true,"write":true},"u1":{"read":true}}"#)
    }

    @Test func revokingTheLastAccessRemovesTheScope() throws {
        var acl = ParseACL()
        acl.setWriteAccess(objectId: "u1", value: true)
        acl.publicRead = true
        acl.setWriteAccess(objectId: "u1", value: false)
        acl.publicRead = false
        #expect(acl == ParseACL())
        try expectJSON(try ParseEncoder().encode(acl), equals: "{}")
    }

    @Test func acceptsUsersAndRoles() throws {
        var user = User()
        user.objectId = "u9"
        var role = try Role(name: "Editors")
        role.objectId = "r1"
        var acl = ParseACL()
        acl.setReadAccess(user: user, value: true)
        acl.setWriteAccess(role: role, value: true)
        acl.setReadAccess(user: User(), value: true) // unsaved: ignored
        #expect(acl.getReadAccess(user: user))
        #expect(!acl.getWriteAccess(user: user))
        #expect(acl.getWriteAccess(role: role))
        #expect(!acl.getReadAccess(role: role))
        #expect(acl.getWriteAccess(roleName: "Editors"))
        try expectJSON(try ParseEncoder().encode(acl), equals: #"{"u9":{"read":true},"role:Editors":{"write":true}}"#)
    }

    @Test func isPartOfTheSaveBody() throws {
        var genre = Genre()
        genre.name = "SF"
        var acl = ParseACL()
        acl.publicRead = true
        genre.ACL = acl
        try expectJSON(try ParseEncoder().encode(genre), equals: #"{"ACL":{"*":{"read":true}},"name":"SF"}"#)
    }
}
