import ModelgenDiagnostics
import ModelgenSchema
import Testing

/// A field's bounds are held out of line, in a shared immutable box; they must still behave as
/// plain stored values: copies independent, equality and hashing by value.
@Suite struct FieldDefinitionTests {
    private let at = SourceLocation(file: "T.yaml", line: 1, column: 1)

    @Test func boundsAreValuesWhereverTheyAreSet() {
        var field = FieldDefinition(name: "age", type: .scalar(.int), min: .int(0), maxLength: 4, location: at)
        #expect(field.min == .int(0) && field.max == nil && field.maxLength == 4 && field.minCount == nil)

        let copy = field
        field.max = .double(1.5)
        field.minCount = 2
        #expect(copy.max == nil && copy.minCount == nil, "a copy keeps its own bounds")
        #expect(field.max == .double(1.5) && field.minCount == 2 && field.min == .int(0))

        // Set one by one or all at once, the same bounds make equal fields with equal hashes.
        let direct = FieldDefinition(name: "age", type: .scalar(.int), min: .int(0), max: .double(1.5), maxLength: 4,
                                     minCount: 2, location: at)
        #expect(field == direct && field.hashValue == direct.hashValue)
        #expect(field != copy)

        // Cleared, they are as if never set.
        field.max = nil
        field.minCount = nil
        field.min = nil
        field.maxLength = nil
        #expect(field == FieldDefinition(name: "age", type: .scalar(.int), location: at))
        #expect(field.min == nil && field.maxCount == nil && field.minLength == nil)
    }
}
