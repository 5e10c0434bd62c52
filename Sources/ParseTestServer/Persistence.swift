// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// What `ParseTestServer.save(to:)` writes and `load(from:)` reads: the objects, the inferred
/// schema, relations, users' passwords, sessions, files, schema settings and config, as JSON.
/// Requests, faults, sent emails and Cloud Code are not data and are not kept.
struct StoreSnapshot: Codable {
    /// The file format; another number is refused.
    var format = 1
    var classes: [String: [Object]]
    var schema: [String: [String: Field]]
    var relations: [Relation]
    var passwords: [String: String]
    var sessions: [String: String]
    var files: [String: File]
    var schemaExtras: [String: Extras]
    var config: [String: JSON]

    struct Object: Codable {
        var objectId: String
        var createdAt: Date
        var updatedAt: Date
        var fields: [String: JSON]
    }

    struct Field: Codable {
        var name: String
        var targetClass: String?
    }

    struct Relation: Codable {
        var ownerClass: String
        var ownerId: String
        var key: String
        var ids: [String]
    }

    struct File: Codable {
        var data: Data
        var contentType: String?
    }

    struct Extras: Codable {
        var fieldOptions: [String: [String: JSON]]
        var classLevelPermissions: [String: JSON]?
        var indexes: [String: JSON]
    }

    init(_ store: Store) {
        classes = store.classes.mapValues { objects in
            objects.values.sorted { $0.objectId < $1.objectId }.map {
                Object(objectId: $0.objectId, createdAt: $0.createdAt, updatedAt: $0.updatedAt, fields: $0.fields)
            }
        }
        schema = store.schema.mapValues { $0.mapValues { Field(name: $0.name, targetClass: $0.targetClass) } }
        relations = store.relations.map { Relation(ownerClass: $0.key.ownerClass, ownerId: $0.key.ownerId, key: $0.key.key, ids: $0.value) }
            .sorted { ($0.ownerClass, $0.ownerId, $0.key) < ($1.ownerClass, $1.ownerId, $1.key) }
        passwords = store.passwords
        sessions = store.sessions
        files = store.files.mapValues { File(data: $0.data, contentType: $0.contentType) }
        schemaExtras = store.schemaExtras.mapValues {
            Extras(fieldOptions: $0.fieldOptions, classLevelPermissions: $0.classLevelPermissions, indexes: $0.indexes)
        }
        config = store.config
    }

    /// The store it describes.
    var store: Store {
        var store = Store()
        store.classes = classes.mapValues { objects in
            Dictionary(objects.map { ($0.objectId, StoredObject(objectId: $0.objectId, createdAt: $0.createdAt,
                                                                 updatedAt: $0.updatedAt, fields: $0.fields)) },
                       uniquingKeysWith: { _, last in last })
        }
        store.schema = schema.mapValues { $0.mapValues { FieldType(name: $0.name, targetClass: $0.targetClass) } }
        for relation in relations {
            store.relations[Store.RelationKey(ownerClass: relation.ownerClass, ownerId: relation.ownerId, key: relation.key)] = relation.ids
        }
        store.passwords = passwords
        store.sessions = sessions
        store.files = files.mapValues { Store.StoredFile(data: $0.data, contentType: $0.contentType) }
        store.schemaExtras = schemaExtras.mapValues {
            ClassSchemaExtras(fieldOptions: $0.fieldOptions, classLevelPermissions: $0.classLevelPermissions, indexes: $0.indexes)
        }
        store.config = config
        return store
    }
}

/// Why a data file could not be read or written.
public struct PersistenceError: Error, CustomStringConvertible {
    public var description: String
}

extension ParseTestServer {
    /// Writes what the server stores to `url` as JSON (atomically: the old file stays whole
    /// until the new one is complete). Keys are sorted, so the same data gives the same bytes.
    public func save(to url: URL) throws {
        let snapshot = state.withStore { StoreSnapshot($0) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        do {
            try encoder.encode(snapshot).write(to: url, options: .atomic)
        } catch {
            throw PersistenceError(description: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Replaces what the server stores with the data `save(to:)` wrote to `url`.
    public func load(from url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PersistenceError(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let snapshot: StoreSnapshot
        do {
            snapshot = try decoder.decode(StoreSnapshot.self, from: data)
        } catch {
            throw PersistenceError(description: "\(url.path) is not a data file of parse-test-server: \(error)")
        }
        guard snapshot.format == 1 else {
            throw PersistenceError(description: "\(url.path) has format \(snapshot.format); this server reads format 1")
        }
        state.replaceStore(snapshot.store)
    }
}
#endif
