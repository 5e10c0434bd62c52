import Foundation
import GroceryModels
import ParseRuntime
import Testing

/// The Grocery sample: a class whose Swift name differs from its Parse name, and a to-one
/// pointer whose other side is an inverse.
@Suite struct GroceryModelTests {
    @Test func theSwiftNameDiffersButTheWireUsesTheParseClassName() throws {
        #expect(GroceryItem.className == "Item")
        var item = GroceryItem(name: "Apples", quantity: 1.5, unit: Unit(objectId: "kg"))
        item.objectId = "i1"
        #expect(try item.toPointer().className == "Item")
        // `bought` was left out: it has the schema's default.
        #expect(item.bought == false)
        try expectJSON(saveBody(item), """
            {"name": "Apples", "quantity": 1.5, "bought": false, "unit": {"__type": "Pointer", "className": "Unit", "objectId": "kg"}}
            """)
        #expect(GroceryItem().bought == nil, "the empty initializer, which decoding starts from, sets nothing")
        let holder = try decode(GroceryItem.self, #"{"objectId": "i2", "unit": {"__type": "Object", "className": "Unit", "objectId": "kg", "name": "kilogram"}}"#)
        #expect(holder.unit?.name == "kilogram")
    }

    @Test func anUnsavedPointerTargetIsAnEncodingError() {
        let item = GroceryItem(name: "Pears", unit: Unit(name: "piece"))
        #expect(throws: EncodingError.self) { try saveBody(item) }
    }
}
