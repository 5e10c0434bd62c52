import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import ParseTestServer
import Testing

/// A process killed at any point of its writes and syncs loses no change and doubles no object:
/// a child process (`store-syncer`) creates products, appends to one product's tags (an Add,
/// which counts twice if run twice), deletes and syncs with a ParseTestServer in this process,
/// and is killed at a random moment, again and again on one file. A last sync, then: the server
/// and the device hold the same products, every create whose call returned is there once, every
/// delete done, and the tags hold every appended token exactly once.
@Suite struct SyncKillTests {
    /// Reads from `handle` until `lines` lines have come (or it ends), on a thread of its own.
    private static func read(lines: Int, from handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                var text = Data()
                while text.filter({ $0 == UInt8(ascii: "\n") }).count < lines {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    text.append(chunk)
                }
                continuation.resume(returning: String(decoding: text, as: UTF8.self))
            }
            thread.start()
        }
    }

    @Test(arguments: ["custom", "server"])
    func killedAnywhereInASyncNothingIsLostOrDoubled(objectIds: String) async throws {
        let world = try await SyncWorld(allowCustomObjectId: objectIds == "custom", idempotency: .init(paths: ["classes/.*"]))
        defer { world.finish() }
        _ = try await world.client().create(product("COUNTER", tags: []))
        let path = world.folder.path()
        var random = SystemRandomNumberGenerator()
        var created: Set<String> = []
        var added: [String] = []
        var deleted: Set<String> = []
        // Deletes begun: done or not, when the kill came before their call returned.
        var deleting: Set<String> = []
        var syncs = 0
        let rounds = 30
        for round in 0..<rounds {
            let output = Pipe()
            let process = Process()
            process.executableURL = try childExecutable("store-syncer")
            process.arguments = [path, world.server.serverURL.absoluteString, world.server.configuration.applicationId,
                                 world.server.configuration.restAPIKey ?? "", String(round), objectIds]
            process.standardOutput = output
            try process.run()
            // Wait until it has done a random number of calls (however slow the machine), then
            // kill it a random moment later, somewhere inside the calls that follow.
            let lines = Int.random(in: 1...10, using: &random)
            var printed = await Self.read(lines: lines, from: output.fileHandleForReading)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &random)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the syncer ended by itself")
            printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            for line in printed.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                switch (parts.first, parts.count > 1 ? parts[1] : nil) {
                case ("created", let sku?): created.insert(sku)
                case ("added", let token?): added.append(token)
                case ("deleting", let sku?): deleting.insert(sku)
                case ("deleted", let sku?): deleted.insert(sku)
                case ("synced", nil): syncs += 1
                default: Issue.record("round \(round): unexpected line \(line)")
                }
            }
        }

        let device = try await LocalStore(path: path, schema: .inventory)
        let report = try await device.sync(with: world.client(), options: LocalStore.SyncOptions(objectIds: objectIds == "custom" ? .custom : .server))
        #expect(report.parked.isEmpty, "parked: \(report.parked)")
        #expect(try await device.pendingChanges() == 0)

        let serverSkus = world.server.storedObjects("Product").compactMap { $0["sku"]?.stringValue }
        #expect(serverSkus.count == Set(serverSkus).count, "the server holds a product twice")
        let localSkus = try await device.find(Product.query().limit(10_000)).compactMap(\.sku)
        #expect(Set(serverSkus) == Set(localSkus))
        #expect(localSkus.count == Set(localSkus).count)
        for sku in created.subtracting(deleting) {
            #expect(serverSkus.contains(sku), "created \(sku) is not on the server")
        }
        for sku in deleted {
            #expect(!serverSkus.contains(sku), "deleted \(sku) is still on the server")
        }
        // Every token whose Add returned is there once; none is there twice; each names a product made.
        let serverTags = world.server.storedObjects("Product").first { $0["sku"] == "COUNTER" }?["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(serverTags.count == Set(serverTags).count, "an Add ran twice")
        for token in added {
            #expect(serverTags.contains(token), "the Add of \(token) is lost")
        }
        let localCounter = try await device.first(Product.query(Product.Field.sku == "COUNTER"))
        #expect(Set(localCounter?.tags ?? []) == Set(serverTags))
        #expect(syncs >= rounds, "every round syncs once before its first create")
        print("SyncKillTests(\(objectIds)): \(created.count) creates, \(added.count) adds, \(deleted.count) deletes, \(syncs) syncs confirmed over \(rounds) kills")
        try device.close()
    }
}
