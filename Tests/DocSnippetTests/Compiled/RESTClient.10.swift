// docs/RESTClient.md, Swift block 10, compiled by DocSnippetTests.
// Generated: edit the page, then run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter DocSnippetTests.
import Foundation
import ParseRuntime

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func restClientBlock10(admin: ParseClient) async throws {
    let all = try await admin.schemas()                       // GET /parse/schemas
    let book = try await admin.schema(of: "Book")             // GET /parse/schemas/Book
    let publisher = book.fields["publisher"]                  // ParseSchemaField(.pointer(to: "Publisher"), required: true)
    _ = try await admin.createSchema(ParseSchema(className: "City", fields: [
        "name": ParseSchemaField(.string, required: true),
        "population": ParseSchemaField(.number),
    ]), indexes: [ParseSchemaIndex("name_population", on: ["name", "population"])])   // POST /parse/schemas/City
    _ = try await admin.updateSchema("City", ParseSchemaUpdate()
        .addField("founded", .date)
        .deleteField("nickname")                              // deletes the field's data too
        .addIndex("founded_name", on: ["founded", "name"])
        .deleteIndex("old_index"))                            // PUT /parse/schemas/City
    try await admin.deleteSchema("City")                      // DELETE /parse/schemas/City; the class must be empty

    _ = all
    _ = book
    _ = publisher
}
