// The child process of LocalStoreTests' sync kill test: writes to a store and syncs it with a
// ParseTestServer until it is killed, printing what each call did once it has returned.
//
//     store-syncer <store path> <server URL> <application id> <REST key> <round> <custom|server>
//
// Each step: create a product `R<round>-<n>`; append the token `R<round>-<n>` to the tags of
// the product `COUNTER` (an Add: not safe to repeat); every third step delete the product made
// two steps before; every second step sync. Lines printed: `created <sku>`, `added <token>`,
// `deleting <sku>` (before the call), `deleted <sku>`, `synced`.
import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime

let arguments = CommandLine.arguments
guard arguments.count == 7, let serverURL = URL(string: arguments[2]), let round = Int(arguments[5]) else {
    FileHandle.standardError.write(Data("usage: store-syncer <store path> <server URL> <application id> <REST key> <round> <custom|server>\n".utf8))
    exit(64)
}
let store = try await LocalStore(path: arguments[1], schema: .inventory)
let client = ParseClient(configuration: ParseClientConfiguration(
    serverURL: serverURL, applicationId: arguments[3], restAPIKey: arguments[4], retryPolicy: .never))
let options = LocalStore.SyncOptions(objectIds: arguments[6] == "custom" ? .custom : .server)

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

try await store.sync(with: client, options: options)
say("synced")
var made: [Product] = []
var step = 0
while true {
    let name = "R\(round)-\(step)"
    made.append(try await store.create(Product(sku: name, name: "Round \(round)", price: Double(step))))
    say("created \(name)")
    guard let counter = try await store.first(Product.query(Product.Field.sku == "COUNTER")) else {
        FileHandle.standardError.write(Data("no COUNTER product\n".utf8))
        exit(1)
    }
    _ = try await store.update(ParseUpdate(counter).add(Product.Field.tags, [name]))
    say("added \(name)")
    if step % 3 == 2 {
        let doomed = made[made.count - 3]
        // Said before the call too: a kill after the delete and before `deleted` leaves it done.
        say("deleting \(doomed.sku ?? "")")
        try await store.delete(doomed)
        say("deleted \(doomed.sku ?? "")")
    }
    if step % 2 == 1 {
        try await store.sync(with: client, options: options)
        say("synced")
    }
    step += 1
}
