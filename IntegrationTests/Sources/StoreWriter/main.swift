// The child process of LocalStoreTests' crash test: saves batches of products into a store
// until it is killed, printing each batch's number once its save has returned.
//
//     store-writer <store path> <first batch number>
import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime

let arguments = CommandLine.arguments
guard arguments.count == 3, let first = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: store-writer <store path> <first batch number>\n".utf8))
    exit(64)
}
let store = try await LocalStore(path: arguments[1], schema: .inventory)
var batch = first
while true {
    // One call: 50 products, all or none.
    let products = (0..<50).map { index in
        Product(sku: "B\(batch)-\(index)", name: "Batch \(batch)", price: Double(index), tags: ["batch-\(batch)"])
    }
    _ = try await store.save(products)
    FileHandle.standardOutput.write(Data("\(batch)\n".utf8))
    batch += 1
}
