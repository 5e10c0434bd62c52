@testable import ModelgenSchema
import Testing

/// `CaseNames` finds exactly what `init(rawValue:)` finds.
@Suite struct CaseNamesTests {
    @Test func findsWhatRawValueFinds() {
        let names = FieldKey.allCases.map(\.rawValue) + ScalarType.allCases.map(\.rawValue) + [
            "", "type", "Required", "required ", "minlength", "minLengthX", "mi", "a-very-long-name-beyond-every-case",
            "stríng", "int\u{0}", "geopoint", "polygon", "object",
        ]
        for name in names {
            #expect(FieldKey.named(name) == FieldKey(rawValue: name), "\(name.debugDescription)")
            #expect(ScalarType.named(name) == ScalarType(rawValue: name), "\(name.debugDescription)")
        }
        // A string without contiguous UTF-8 (bridged or lazily built) still finds its case.
        let built = String("minCount".reversed().reversed())
        #expect(FieldKey.named(built) == .minCount)
    }
}
