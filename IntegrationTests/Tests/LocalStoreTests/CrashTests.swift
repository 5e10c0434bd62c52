import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import Testing

/// A process killed while it saves leaves each call all or nothing: a child process saves
/// batches of 50 products (one `save` call each) and is killed at a random moment, again and
/// again on the same file; every reopening finds whole batches only, and every batch whose call
/// returned before the kill.
@Suite struct CrashTests {
    @Test func killedMidSaveEachCallIsAllOrNothing() async throws {
        let folder = try StoreFolder()
        let path = folder.path()
        var random = SystemRandomNumberGenerator()
        var confirmed: Set<Int> = []
        var nextBatch = 0
        for round in 0..<40 {
            let output = Pipe()
            let process = Process()
            process.executableURL = try childExecutable("store-writer")
            process.arguments = [path, String(nextBatch)]
            process.standardOutput = output
            try process.run()
            // Let it open the store and save a few batches, then kill it wherever it is.
            try await Task.sleep(for: .milliseconds(Int.random(in: 100...400, using: &random)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer ended by itself")
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            confirmed.formUnion(printed.split(separator: "\n").compactMap { Int($0) })

            let store = try await LocalStore(path: path, schema: .inventory)
            let total = try await store.count(Product.query())
            #expect(total % 50 == 0, "round \(round): \(total) products is not whole batches")
            // The batches are numbered in order: check this round's, up to the first not stored.
            var batch = nextBatch
            while true {
                let size = try await store.count(Product.query(Product.Field.name == "Batch \(batch)"))
                #expect(size == 0 || size == 50, "round \(round): batch \(batch) has \(size) of its 50 products")
                if size == 0 { break }
                batch += 1
            }
            for confirmedBatch in confirmed where confirmedBatch >= nextBatch {
                #expect(confirmedBatch < batch, "round \(round): batch \(confirmedBatch) returned but is not stored")
            }
            #expect(total == batch * 50, "round \(round): \(total) products for \(batch) batches")
            try store.close()
            nextBatch = batch
        }
        #expect(confirmed.count > 10, "the writer should have saved batches before most kills")
        print("CrashTests: \(confirmed.count) batches confirmed, \(nextBatch) stored")
    }
}
