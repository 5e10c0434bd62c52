import Foundation
import ParseLocalStore
import ParseRuntime
import Testing

/// How the store walks a model's kept migrations, on small hand-written histories: where it
/// starts, what it runs, and that a stopped migration leaves the file as it was.
@Suite struct MigrationMechanicsTests {
    /// A class `Note` with `text`, then (v2) `priority` with a default, then (v3) `text` made
    /// at most 5 characters long.
    static let createV1 = [#"CREATE TABLE IF NOT EXISTS "Note" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL, "updatedAt" TEXT NOT NULL, "ACL" TEXT, "text" TEXT, PRIMARY KEY ("objectId"))"#]
    static let init1 = LocalSchema.Migration("0001_init", statements: [
        #"CREATE TABLE IF NOT EXISTS "modelgen_migrations" ("name" TEXT NOT NULL PRIMARY KEY, "appliedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"#,
    ] + createV1 + [#"INSERT INTO "modelgen_migrations" ("name") VALUES ('0001_init')"#])
    static let addPriority = LocalSchema.Migration("0002_add_priority", statements: [
        #"ALTER TABLE "Note" ADD COLUMN "priority" INTEGER DEFAULT 0"#,
        #"INSERT INTO "modelgen_migrations" ("name") VALUES ('0002_add_priority')"#,
    ])
    static let shortText = LocalSchema.Migration("0003_short_text", statements: [
        #"SELECT 'modelgen: Note.text: some values are too long: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("objectId", ', ') AS "modelgen_keys" FROM (SELECT "objectId" FROM "Note" WHERE length("text") > 5 ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL"#,
        #"CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Note.text: some values are too long: change them first" CHECK ("passed"))"#,
        #"INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Note" WHERE length("text") > 5)"#,
        #"DROP TABLE "modelgen_guard""#,
        #"INSERT INTO "modelgen_migrations" ("name") VALUES ('0003_short_text')"#,
    ])

    static func fields(_ names: [String]) -> [LocalSchema.Class] {
        [LocalSchema.Class("Note", fields: names.map { LocalSchema.Field($0, $0 == "priority" ? .int : .string) })]
    }

    static let v1 = LocalSchema(name: "Notes", version: "v1", classes: fields(["text"]), statements: createV1, migrations: [init1])
    static let v2 = LocalSchema(name: "Notes", version: "v2", classes: fields(["text", "priority"]), statements: [
        #"CREATE TABLE IF NOT EXISTS "Note" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL, "updatedAt" TEXT NOT NULL, "ACL" TEXT, "text" TEXT, "priority" INTEGER DEFAULT 0, PRIMARY KEY ("objectId"))"#,
    ], migrations: [init1, addPriority])
    static let v3 = LocalSchema(name: "Notes", version: "v3", classes: v2.classes, statements: v2.statements,
                                migrations: [init1, addPriority, shortText])

    /// Stores notes with the given texts through a store of `schema`.
    private func write(_ texts: [String], at path: String, schema: LocalSchema) async throws -> [String] {
        let store = try await LocalStore(path: path, schema: schema)
        var ids: [String] = []
        for text in texts {
            var note = Note()
            note.text = text
            ids.append(try #require(try await store.create(note).objectId))
        }
        try store.close()
        return ids
    }

    @Test func anOlderFileRunsThePendingMigrationsAndKeepsItsRows() async throws {
        let folder = try StoreFolder()
        let ids = try await write(["a", "bb"], at: folder.path(), schema: Self.v1)
        let store = try await LocalStore(path: folder.path(), schema: Self.v3)
        let notes = try await store.find(Note.query().order(.ascending(Note.Field.text)))
        #expect(notes.map(\.objectId) == ids)
        #expect(notes.map(\.text) == ["a", "bb"])
        #expect(notes.map(\.priority) == [0, 0])
        try store.close()
        // Opening again runs nothing more.
        let again = try await LocalStore(path: folder.path(), schema: Self.v3)
        #expect(try await again.count(Note.query()) == 2)
        try again.close()
    }

    @Test func aNewFileRecordsTheWholeHistory() async throws {
        let folder = try StoreFolder()
        _ = try await write(["a"], at: folder.path(), schema: Self.v2)
        // Made at v2, it runs only 0003 when the app moves to v3.
        let store = try await LocalStore(path: folder.path(), schema: Self.v3)
        #expect(try await store.count(Note.query()) == 1)
        try store.close()
    }

    @Test func aMigrationThatStopsLeavesTheFileAsItWas() async throws {
        let folder = try StoreFolder()
        let ids = try await write(["short", "far too long"], at: folder.path(), schema: Self.v1)
        let error = await storeError { _ = try await LocalStore(path: folder.path(), schema: Self.v3) }
        #expect(error?.kind == .migrationStopped)
        #expect(error?.className == "Note")
        #expect(error?.field == "text")
        #expect(error?.message.contains("0003_short_text stopped") == true)
        #expect(error?.message.contains(ids[1]) == true)
        // Not even 0002 ran: the file opens at v1 as it was.
        let old = try await LocalStore(path: folder.path(), schema: Self.v1)
        #expect(try await old.count(Note.query()) == 2)
        try old.close()
    }

    @Test func aFileFromANewerAppOrWithoutARecordIsRefused() async throws {
        let folder = try StoreFolder()
        _ = try await write(["a"], at: folder.path(), schema: Self.v3)
        let newer = await storeError { _ = try await LocalStore(path: folder.path(), schema: Self.v2) }
        #expect(newer?.kind == .schemaMismatch)
        #expect(newer?.message.contains("0003_short_text") == true)

        let unrecorded = LocalSchema(name: "Notes", version: "v0", classes: Self.v1.classes, statements: Self.createV1)
        let other = try StoreFolder()
        _ = try await write(["a"], at: other.path(), schema: unrecorded)
        let refused = await storeError { _ = try await LocalStore(path: other.path(), schema: Self.v2) }
        #expect(refused?.kind == .schemaMismatch)
        let rebuilt = try await LocalStore(path: other.path(), schema: Self.v2, onSchemaChange: .rebuild)
        #expect(try await rebuilt.count(Note.query()) == 0)
        try rebuilt.close()
    }
}

/// The hand-written model of ``MigrationMechanicsTests``.
struct Note: ParseObject {
    static let className = "Note"
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var text: String?
    var priority: Int?

    enum Field {
        static var text: ParseField<Note, String> { .init("text") }
    }
}
