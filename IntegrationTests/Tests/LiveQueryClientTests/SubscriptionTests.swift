import AsyncTestSupport
import Foundation
import InventoryModels
import PeopleModels
import ParseRuntime
import ParseTestServer
import Testing

/// `ParseClient.subscribe` against ParseTestServer's LiveQuery over loopback: typed events in
/// order, what the server sends nothing for, keys and watched fields, ACLs.
@Suite("LiveQuery client: subscriptions and events")
struct SubscriptionTests {
    @Test("One object's create, update, leave, enter and delete, in order; nothing for an object outside the query")
    func lifecycle() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let subscription = try await client.subscribe(Product.query(Product.Field.unit == .litre))
            let events = Events(subscription)

            // Outside the query: no event. The next event is the milk's, so none came for it.
            _ = try await writer.create(Product.sample("nails", unit: .piece))
            var milk = try await writer.create(Product.sample("milk"))
            let created = try await events.next()
            #expect(created == .create(created.object))
            #expect(created.object.objectId == milk.objectId)
            #expect(created.object.sku == "milk")
            #expect(created.object.unit == .litre)

            milk.price = 2
            milk = try await writer.update(milk)
            let updated = try await events.next()
            #expect(updated.name == "update")
            #expect(updated.object.price == 2)

            milk.unit = .kilogram
            milk = try await writer.update(milk)
            let left = try await events.next()
            #expect(left.name == "leave")
            #expect(left.object.unit == .kilogram)

            milk.unit = .litre
            milk = try await writer.update(milk)
            let entered = try await events.next()
            #expect(entered.name == "enter")
            #expect(entered.object.unit == .litre)

            try await writer.delete(milk)
            let deleted = try await events.next()
            #expect(deleted.name == "delete")
            #expect(deleted.object.objectId == milk.objectId)

            await events.stop()
        }
    }

    @Test("The query's keys limit the fields events carry; with fields to watch, a change to another field sends nothing")
    func keysAndWatchedFields() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let query = Product.query(Product.Field.unit == .litre, Product.Field.price > 1).keys(Product.Field.name, Product.Field.price)
            let events = Events(try await client.subscribe(query, fields: [Product.Field.price]))

            var juice = try await writer.create(Product.sample("juice", price: 3))
            let created = try await events.next()
            // Only the keys (and objectId, dates, ACL) are sent.
            #expect(created.object.name == "Product juice")
            #expect(created.object.price == 3)
            #expect(created.object.sku == nil)
            #expect(created.object.unit == nil)

            // A change to a field not watched sends nothing; the next event is the price change.
            juice.name = "Orange juice"
            juice = try await writer.update(juice)
            juice.price = 4
            juice = try await writer.update(juice)
            let updated = try await events.next()
            #expect(updated.name == "update")
            #expect(updated.object.price == 4)
            #expect(updated.object.name == "Orange juice")
            await events.stop()
        }
    }

    @Test("An object the subscribing user cannot read sends nothing; one it can read does")
    func acl() async throws {
        try await withServer { server in
            let writer = makeWriter(server)
            let alice = makeClient(server)
            let bob = makeClient(server)
            var aliceUser = User()
            aliceUser.username = "alice"
            aliceUser.password = "alice-password"
            aliceUser = try await alice.signUp(aliceUser)
            var bobUser = User()
            bobUser.username = "bob"
            bobUser.password = "bob-password"
            bobUser = try await bob.signUp(bobUser)

            let events = Events(try await alice.subscribe(Product.query(Product.Field.unit == .litre)))
            var onlyBob = ParseACL()
            onlyBob.setReadAccess(user: bobUser, value: true)
            var bobsMilk = Product.sample("bob-milk")
            bobsMilk.ACL = onlyBob
            _ = try await writer.create(bobsMilk)

            var onlyAlice = ParseACL()
            onlyAlice.setReadAccess(user: aliceUser, value: true)
            var alicesMilk = Product.sample("alice-milk")
            alicesMilk.ACL = onlyAlice
            alicesMilk = try await writer.create(alicesMilk)
            let first = try await events.next()
            #expect(first.name == "create")
            #expect(first.object.sku == "alice-milk")

            // Public again: visible.
            _ = try await writer.create(Product.sample("public-milk"))
            #expect(try await events.next().object.sku == "public-milk")

            // Alice loses read access: to her the object leaves the query.
            alicesMilk.ACL = onlyBob
            _ = try await writer.update(alicesMilk)
            let left = try await events.next()
            #expect(left.name == "leave")
            #expect(left.object.sku == "alice-milk")
            await events.stop()
        }
    }

    @Test("Logging in while subscribed subscribes again with the user's session: objects only the user can read start to arrive")
    func loggingInFollowsTheUser() async throws {
        try await withServer { server in
            let writer = makeWriter(server)
            var alice = User()
            alice.username = "alice"
            alice.password = "alice-password"
            alice = try await makeClient(server).signUp(alice)
            var onlyAlice = ParseACL()
            onlyAlice.setReadAccess(user: alice, value: true)

            // Subscribed without a session: Alice's objects do not arrive, public ones do.
            let client = makeClient(server)
            let events = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
            var hers = Product.sample("alice-0")
            hers.ACL = onlyAlice
            _ = try await writer.create(hers)
            _ = try await writer.create(Product.sample("public-0"))
            #expect(try await events.next().object.sku == "public-0")

            // Logged in, the client subscribes again with her session; an object created while
            // it does may be missed (as in any reconnection), so objects come until one arrives.
            _ = try await client.logIn(User.self, username: "alice", password: "alice-password")
            var received: String?
            for attempt in 1...50 where received == nil {
                var next = Product.sample("alice-\(attempt)")
                next.ACL = onlyAlice
                _ = try await writer.create(next)
                received = try await events.next(within: .milliseconds(200))?.object.sku
            }
            #expect(received?.hasPrefix("alice-") == true && received != "alice-0")
            #expect(server.liveQueryConnectionCount == 1)
            await events.stop()
        }
    }

    @Test("Many subscriptions share one socket; each gets its own events; the socket closes after the last")
    func manySubscriptionsOneSocket() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let litres = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
            let kilos = Events(try await client.subscribe(Product.query(Product.Field.unit == .kilogram)))
            let pieces = Events(try await client.subscribe(Product.query(Product.Field.unit == .piece)))
            let all = Events(try await client.subscribe(Product.query()))
            #expect(server.liveQueryConnectionCount == 1)
            #expect(server.liveQuerySubscriptionCount == 4)

            _ = try await writer.create(Product.sample("flour", unit: .kilogram))
            _ = try await writer.create(Product.sample("egg", unit: .piece))
            _ = try await writer.create(Product.sample("milk", unit: .litre))
            #expect(try await kilos.next().object.sku == "flour")
            #expect(try await pieces.next().object.sku == "egg")
            #expect(try await litres.next().object.sku == "milk")
            #expect(try await all.next().object.sku == "flour")
            #expect(try await all.next().object.sku == "egg")
            #expect(try await all.next().object.sku == "milk")

            for events in [litres, kilos, pieces] {
                await events.stop()
            }
            await all.stop()
            try await eventually("the socket closed") { server.liveQueryConnectionCount == 0 }
        }
    }

    @Test("Cancelling the task that reads a subscription unsubscribes it (the server sees it); the socket stays for the others")
    func cancelUnsubscribes() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let litres = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
            let kilos = Events(try await client.subscribe(Product.query(Product.Field.unit == .kilogram)))
            #expect(server.liveQuerySubscriptionCount == 2)

            await litres.stop()
            try await eventually("the server dropped the subscription") { server.liveQuerySubscriptionCount == 1 }
            #expect(server.liveQueryConnectionCount == 1)
            #expect(await litres.ends())

            _ = try await writer.create(Product.sample("flour", unit: .kilogram))
            #expect(try await kilos.next().object.sku == "flour")
            await kilos.stop()
            try await eventually("the socket closed") { server.liveQueryConnectionCount == 0 }
        }
    }

    @Test("Breaking out of the loop unsubscribes, though the subscription value is still in scope")
    func breakUnsubscribes() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let subscription = try await client.subscribe(Product.query(Product.Field.unit == .litre))
            _ = try await writer.create(Product.sample("milk"))
            var seen: [String] = []
            for try await event in subscription {
                seen.append(event.object.sku ?? "")
                break
            }
            #expect(seen == ["milk"])
            try await eventually("the server dropped the subscription and the socket") {
                server.liveQuerySubscriptionCount == 0 && server.liveQueryConnectionCount == 0
            }
            #expect(subscription.requestId == 1)
        }
    }

    @Test("A second subscribe after the socket closed opens a new one")
    func resubscribeAfterClose() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let first = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
            await first.stop()
            try await eventually("the socket closed") { server.liveQueryConnectionCount == 0 }
            let second = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
            _ = try await writer.create(Product.sample("milk"))
            #expect(try await second.next().object.sku == "milk")
            await second.stop()
        }
    }
}
