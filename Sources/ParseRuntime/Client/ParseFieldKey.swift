import Foundation

/// A field of `Model` whatever its value type, so that lists of fields (`keys`, `include`,
/// `order`) can mix types: `Book.Field.title` and `Book.Field.publishingYear` are both
/// `any ParseFieldKey<Book>`.
public protocol ParseFieldKey<Model>: Sendable {
    /// The model the field belongs to.
    associatedtype Model
    /// The field's name in Parse.
    var name: String { get }
}

extension ParseField: ParseFieldKey {}

extension ParseField where Value: ParseObject {
    /// The dot path from this pointer field into a field of the object it points to, for
    /// `include` (`Book.Field.genre.appending(Genre.Field.parent)` is `genre.parent`).
    /// - Parameter child: A field of the target class.
    public func appending<Child>(_ child: ParseField<Value, Child>) -> ParseField<Model, Child> {
        ParseField<Model, Child>(name + "." + child.name)
    }
}

/// A value that Parse can order and compare with `$lt`, `$lte`, `$gt` and `$gte`: numbers,
/// strings and dates. Fields of other types (pointers, booleans, arrays, files...) cannot be
/// used with comparison constraints.
public protocol ParseComparable: Encodable, Sendable {}

/// A number, for `Increment` operations.
public protocol ParseNumeric: ParseComparable {}

extension Int: ParseNumeric {}
extension Int8: ParseNumeric {}
extension Int16: ParseNumeric {}
extension Int32: ParseNumeric {}
extension Int64: ParseNumeric {}
extension UInt: ParseNumeric {}
extension UInt8: ParseNumeric {}
extension UInt16: ParseNumeric {}
extension UInt32: ParseNumeric {}
extension UInt64: ParseNumeric {}
extension Double: ParseNumeric {}
extension Float: ParseNumeric {}
extension Decimal: ParseNumeric {}
extension String: ParseComparable {}
extension Date: ParseComparable {}
