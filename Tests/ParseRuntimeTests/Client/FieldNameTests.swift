import Foundation
import GameModels
import Testing
@testable import ParseRuntime

/// A field is the app's whatever its name: `score`, `id` and `emailVerified` (names the
/// ParseSwift SDK leaves out of saves) are sent by every kind of create and update, and an
/// update never turns a field it was given into a delete. Only what Parse Server owns
/// (`objectId`, `createdAt`, `updatedAt`, `className`, a user's `emailVerified`) stays out,
/// and an update that names one is refused before anything is sent.
@Suite struct FieldNameTests {
    private let created = json(201, #"{"objectId":"s1","createdAt":"\#(Fixture.createdAt)"}"#)
    private let updated = json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#)

    private func savedScore(_ score: Int? = 1337) -> GameScore {
        var gameScore = GameScore(score: score, playerName: "Sean Plott", cheatMode: false)
        gameScore.objectId = "s1"
        gameScore.createdAt = Fixture.createdDate
        return gameScore
    }

    // MARK: The REST guide's GameScore

    @Test func createSendsTheScoreAsTheGuideDoes() async throws {
        let transport = RecordingTransport(created)
        let gameScore = try await Fixture.client(transport).create(GameScore(score: 1337, playerName: "Sean Plott", cheatMode: false))
        try expectRequest(try transport.onlyRequest(), .post, "/parse/classes/GameScore", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":1337,"playerName":"Sean Plott","cheatMode":false}"#)
        #expect(gameScore.score == 1337)
        #expect(gameScore.objectId == "s1")
    }

    @Test func updateOfAChangedScoreSendsIt() async throws {
        let transport = RecordingTransport(updated)
        var gameScore = savedScore().mergeable
        gameScore.score = 1338
        let result = try await Fixture.client(transport).update(gameScore)
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/GameScore/s1", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":1338}"#)
        #expect(result.score == 1338)
        #expect(result.playerName == "Sean Plott")
    }

    @Test func updateWithoutAnOriginalSendsTheScoreWithEveryField() async throws {
        let transport = RecordingTransport(updated)
        _ = try await Fixture.client(transport).update(savedScore())
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/GameScore/s1", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":1337,"playerName":"Sean Plott","cheatMode":false}"#)
    }

    @Test func updateOfTheNamedScoreFieldSendsItsValueNeverADelete() async throws {
        let transport = RecordingTransport(updated)
        let result = try await Fixture.client(transport).update(savedScore(), fields: [GameScore.Field.score])
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/GameScore/s1", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":1337}"#)
        #expect(result.score == 1337)
    }

    @Test func aNamedScoreWithoutAValueIsDeletedAsDocumented() async throws {
        let transport = RecordingTransport(updated)
        let result = try await Fixture.client(transport).update(savedScore(nil), fields: [GameScore.Field.score])
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/GameScore/s1", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":{"__op":"Delete"}}"#)
        #expect(result.score == nil)
    }

    @Test func typedUpdatesOfTheScore() async throws {
        let transport = RecordingTransport(updated, json(200, #"{"updatedAt":"\#(Fixture.updatedAt)","score":1340}"#))
        let client = Fixture.client(transport)
        let set = try await client.update(ParseUpdate(savedScore()).set(GameScore.Field.score, to: 1339))
        let incremented = try await client.update(ParseUpdate<GameScore>(objectId: "s1").increment(GameScore.Field.score, by: 1))
        #expect(transport.requests.count == 2)
        try expectRequest(transport.requests[0], .put, "/parse/classes/GameScore/s1", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":1339}"#)
        try expectRequest(transport.requests[1], .put, "/parse/classes/GameScore/s1", headers: Fixture.restHeaders(json: true),
                          body: #"{"score":{"__op":"Increment","amount":1}}"#)
        #expect(set.score == 1339)
        #expect(incremented.score == 1340)
    }

    @Test func batchesSendTheScore() async throws {
        let transport = RecordingTransport(
            json(200, #"[{"success":{"objectId":"s2","createdAt":"\#(Fixture.createdAt)"}}]"#),
            json(200, #"[{"success":{"updatedAt":"\#(Fixture.updatedAt)"}}]"#))
        let client = Fixture.client(transport)
        let createdAll = try await client.createAll([GameScore(score: 10, playerName: "Ada")])
        var changed = savedScore().mergeable
        changed.score = 11
        let updatedAll = try await client.updateAll([changed])
        #expect(transport.requests.count == 2)
        try expectRequest(transport.requests[0], .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[{"method":"POST","path":"/parse/classes/GameScore","body":{"score":10,"playerName":"Ada","cheatMode":false}}]}
            """)
        try expectRequest(transport.requests[1], .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[{"method":"PUT","path":"/parse/classes/GameScore/s1","body":{"score":11}}]}
            """)
        #expect(try createdAll[0].get().score == 10)
        #expect(try updatedAll[0].get().score == 11)
    }

    // MARK: Every other name ParseSwift leaves out

    @Test func idScoreAndEmailVerifiedOfAnAppClassAreSentByEveryWrite() async throws {
        let transport = RecordingTransport(created, updated, updated, updated)
        let client = Fixture.client(transport)
        var tally = Tally()
        tally.id = "t-1"
        tally.score = 7
        tally.emailVerified = true
        _ = try await client.create(tally)
        tally.objectId = "t1"
        _ = try await client.update(tally)
        _ = try await client.update(tally, fields: [Tally.Field.id, Tally.Field.score, Tally.Field.emailVerified])
        _ = try await client.update(ParseUpdate(tally).set(Tally.Field.id, to: "t-2").set(Tally.Field.emailVerified, to: false))
        let everyField = #"{"id":"t-1","score":7,"emailVerified":true}"#
        let bodies = transport.requests.map { $0.body ?? Data() }
        #expect(transport.requests.count == 4)
        try expectJSON(bodies[0], equals: everyField)
        try expectJSON(bodies[1], equals: everyField)
        try expectJSON(bodies[2], equals: everyField)
        try expectJSON(bodies[3], equals: #"{"id":"t-2","emailVerified":false}"#)
    }

    // MARK: What Parse Server owns

    @Test func aUsersEmailVerifiedIsTheServersAndStaysOut() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var user = TodoApp.User()
        user.objectId = "u1"
        user.username = "ada"
        user.emailVerified = true
        _ = try await Fixture.client(transport).update(user)
        try expectRequest(try transport.onlyRequest(), .put, "/parse/users/u1", headers: Fixture.restHeaders(json: true),
                          body: #"{"username":"ada"}"#)
    }

    @Test func anUpdateNamingAFieldTheServerOwnsIsRefusedBeforeSending() async throws {
        let transport = RecordingTransport(updated)
        let client = Fixture.client(transport)
        var user = TodoApp.User()
        user.objectId = "u1"
        let refusals: [(ParseClientError?, String)] = [
            (await expectClientError { try await client.update(savedScore(), fields: [GameScore.Field.updatedAt]) }, "'updatedAt' of GameScore"),
            (await expectClientError { try await client.update(savedScore(), fields: [GameScore.Field.createdAt]) }, "'createdAt' of GameScore"),
            (await expectClientError { try await client.update(savedScore(), fields: [GameScore.Field.objectId]) }, "'objectId' of GameScore"),
            (await expectClientError { try await client.update(user, fields: [TodoApp.User.Field.emailVerified]) }, "'emailVerified' of _User"),
            (await expectClientError {
                try await client.update(ParseUpdate(savedScore()).set(GameScore.Field.createdAt, to: Fixture.createdDate))
            }, "'createdAt' of GameScore"),
            (await expectClientError { try await client.update(ParseUpdate(user).unset(TodoApp.User.Field.emailVerified)) }, "'emailVerified' of _User"),
        ]
        for (error, field) in refusals {
            guard case .invalidRequest(let parseError) = error else {
                Issue.record("expected .invalidRequest for \(field), got \(String(describing: error))")
                continue
            }
            #expect(parseError.code == .invalidKeyName)
            #expect(parseError.message == "\(field) is set by Parse Server; an update cannot change it.")
        }
        #expect(transport.requests.isEmpty, "nothing is sent, so nothing is deleted")
    }

    @Test func theSaveBodyLeavesOutOnlyWhatTheServerOwns() {
        #expect(ParseEncoder.SkipKeys.object.keys() == ["objectId", "createdAt", "updatedAt", "className", "originalData"])
        #expect(ParseEncoder.serverOwnedFields(of: GameScore.self) == ["objectId", "createdAt", "updatedAt", "className"])
        #expect(ParseEncoder.serverOwnedFields(of: TodoApp.User.self) == ["objectId", "createdAt", "updatedAt", "className", "emailVerified"])
    }
}

/// A class whose fields are named like ParseSwift's own properties, written the way modelgen
/// generates it (with a stored `id`, which `Identifiable` then uses).
struct Tally: ParseObject {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var id: String?
    var score: Int?
    var emailVerified: Bool?
    init() {}

    static let storedFields: [ParseStoredField<Tally>] = [
        .field("id", \.id), .field("score", \.score), .field("emailVerified", \.emailVerified),
    ]

    init(from decoder: any Decoder) throws {
        try self.init(from: decoder, fields: Self.storedFields)
    }

    func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, fields: Self.storedFields)
    }

    func merge(with object: Self) throws -> Self {
        try merge(with: object, fields: Self.storedFields)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        isEqual(lhs, rhs, fields: storedFields)
    }

    enum Field {
        static var id: ParseField<Tally, String> { .init("id") }
        static var score: ParseField<Tally, Int> { .init("score") }
        static var emailVerified: ParseField<Tally, Bool> { .init("emailVerified") }
    }
}
