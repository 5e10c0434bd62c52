import ModelgenDiagnostics
@testable import ModelgenSchema
import Testing

/// `permissions:` as the schema model holds it: groups expanded, single operations winning,
/// audiences and protected fields in written order.
@Suite struct PermissionsTests {
    private func permissions(_ text: String, of className: String = "Book") throws -> ClassPermissions? {
        let result = SchemaLoading.load(sources: [("p.yaml", text)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.schema?.classDefinition(named: className)).permissions
    }

    @Test func groupsSingleOperationsAndAudiences() throws {
        let loaded = try #require(try permissions("""
            classes:
              Book:
                fields:
                  owner: pointer<_User>
                  editors: array<pointer<_User>>
                  price: double
                permissions:
                  read: public
                  count: []
                  write: authenticated
                  update: [pointer:owner, role:Admin, user:Ab12Cd34Ef]
                  addField: role:Schema Editors
                  readUserFields: [owner]
                  writeUserFields: [editors, owner]
                  protectedFields:
                    public: [price, owner]
                    pointer:owner: []
                    role:Admin: []
            """))
        #expect(loaded.operations == [
            .find: [.everyone], .get: [.everyone], .count: [],
            .create: [.authenticated], .delete: [.authenticated],
            .update: [.pointer("owner"), .role("Admin"), .user("Ab12Cd34Ef")],
            .addField: [.role("Schema Editors")],
        ])
        #expect(loaded.readUserFields == ["owner"])
        #expect(loaded.writeUserFields == ["editors", "owner"])
        #expect(loaded.protectedFields == [
            .init(audience: .everyone, fields: ["price", "owner"]),
            .init(audience: .pointer("owner"), fields: []),
            .init(audience: .role("Admin"), fields: []),
        ])
        #expect(loaded.location == SourceLocation(file: "p.yaml", line: 7, column: 5))
        #expect(loaded.audiences(of: .count) == [])
    }

    @Test func aClassWithoutPermissionsHasNoneAndAnEmptyOneAllowsOnlyTheMasterKey() throws {
        #expect(try permissions("classes:\n  Book:\n    fields:\n      title: string\n") == nil)
        let empty = try #require(try permissions("classes:\n  Book:\n    permissions: {}\n"))
        #expect(empty.operations.isEmpty)
        #expect(ClassPermissions.Operation.allCases.allSatisfy { empty.audiences(of: $0).isEmpty })
    }

    @Test func builtInClassesProtectTheirPredefinedFields() throws {
        let user = try #require(try permissions("""
            classes:
              _User:
                fields:
                  displayName: string
                permissions:
                  read: authenticated
                  create: public
                  protectedFields:
                    public: [email, authData, emailVerified]
                    authenticated: [email]
            """, of: "_User"))
        #expect(user.protectedFields.map(\.fields) == [["email", "authData", "emailVerified"], ["email"]])
        #expect(user.audiences(of: .create) == [.everyone])
    }

    @Test func audiencesReadBackAsWritten() {
        for text in ["public", "authenticated", "role:Admin", "role:Schema Editors", "user:Ab12", "pointer:owner"] {
            guard case .success(let audience) = ClassPermissions.Audience.parse(text) else {
                Issue.record("\(text) did not parse")
                continue
            }
            #expect(audience.description == text)
        }
    }
}
