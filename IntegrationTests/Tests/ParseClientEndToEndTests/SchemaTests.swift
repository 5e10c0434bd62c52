import Foundation
import GameModels
import ParseRuntime
import ParseTestServer
import Testing

/// The schema API over HTTP: read the schema writes inferred, create a class, add and delete
/// fields and indexes, delete a class, and Parse's errors.
@Suite("Schemas over HTTP")
struct SchemaTests {
    @Test("Read, create, change and delete class schemas with the master key")
    func schemaLifecycle() async throws {
        try await withServer { server, client in
            let admin = makeClient(for: server, masterKey: server.configuration.masterKey)
            _ = try await client.create(GameScore(score: 1337, playerName: "Sean Plott"))
            let inferred = try await admin.schema(of: "GameScore")
            #expect(inferred.fields["score"]?.type == .number)
            #expect(inferred.fields["playerName"]?.type == .string)
            #expect(inferred.fields["objectId"]?.type == .string)

            let city = try await admin.createSchema(ParseSchema(className: "City", fields: [
                "name": ParseSchemaField(.string, required: true), "country": ParseSchemaField(.pointer(to: "Country")),
            ]))
            #expect(city.fields["name"] == ParseSchemaField(.string, required: true))
            #expect(city.fields["country"]?.type == .pointer(to: "Country"))
            #expect(try await appClasses(admin) == ["City", "GameScore"])

            // The REST guide's class with its indexes, in one request.
            let town = try await admin.createSchema(
                ParseSchema(className: "Town", fields: ["name": ParseSchemaField(.string), "population": ParseSchemaField(.number)]),
                indexes: [ParseSchemaIndex("population_name", on: ["population", "name"])])
            #expect(town.indexes?["population_name"] == ["population": 1, "name": 1])
            #expect(await failure { try await admin.createSchema(ParseSchema(className: "Village"), indexes: [ParseSchemaIndex("x", on: ["nope"])]) }?
                .parseError?.code == .invalidQuery)
            try await admin.deleteSchema("Town")

            let changed = try await admin.updateSchema("City", ParseSchemaUpdate()
                .addField("population", .number, defaultValue: 0)
                .deleteField("country")
                .addIndex("name_population", on: ["name", "population"]))
            #expect(changed.fields["population"] == ParseSchemaField(.number, defaultValue: 0))
            #expect(changed.fields["country"] == nil)
            #expect(changed.indexes?["name_population"] == ["name": 1, "population": 1])
            let sent = String(decoding: server.requests(method: "PUT", path: "/parse/schemas/City").last?.body ?? Data(), as: UTF8.self)
            #expect(sent.contains(#""name_population":{"name":1,"population":1}"#), "\(sent)")

            // Parse's errors, typed.
            func code(_ call: () async throws -> some Any) async -> ParseError.Code? { await failure(call)?.parseError?.code }
            #expect(await code { try await admin.createSchema(ParseSchema(className: "City")) } == .invalidClassName)
            #expect(await code { try await admin.updateSchema("City", ParseSchemaUpdate().addField("population", .string)) }
                == .invalidSchemaOperation)
            #expect(await code { try await admin.updateSchema("City", ParseSchemaUpdate().deleteField("nope")) } == .invalidSchemaOperation)
            #expect(await code { try await admin.updateSchema("City", ParseSchemaUpdate().deleteField("createdAt")) } == .changedImmutableField)
            #expect(await code { try await admin.updateSchema("City", ParseSchemaUpdate().addIndex("name_population", on: ["name"])) }
                == .invalidQuery)
            #expect(await code { try await admin.updateSchema("City", ParseSchemaUpdate().deleteIndex("missing")) } == .invalidQuery)
            #expect(await code { try await admin.updateSchema("City", ParseSchemaUpdate().addIndex("x", on: ["nope"])) } == .invalidQuery)
            #expect(await code { try await admin.schema(of: "Nowhere") } == .invalidClassName)
            #expect(await code { try await admin.deleteSchema("GameScore") } == .invalidSchemaOperation, "a class with objects stays")
            #expect(await code { try await client.schemas() } == .operationForbidden, "no master key: refused before sending")

            try await admin.deleteSchema("City")
            #expect(try await appClasses(admin) == ["GameScore"])
        }
    }

    /// The app's classes on the server, sorted: Parse Server lists its own (`_User`, `_Role`…) too.
    private func appClasses(_ admin: ParseClient) async throws -> [String] {
        try await admin.schemas().map(\.className).filter { !$0.hasPrefix("_") }.sorted()
    }
}
