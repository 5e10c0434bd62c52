import Foundation

/// What Parse Server's LiveQuery can evaluate of a query, per its matcher
/// (`src/LiveQuery/QueryTools.js`, `matchesQuery` and `matchesKeyConstraints`): anything else
/// either never matches there (`$relatedTo`, an operator it does not know, `null`, an object
/// compared without an operator) or is not sent at all (order, paging, includes), so a
/// subscription using it is refused before anything is sent.
enum LiveQueryConstraints {
    /// The field operators `matchesKeyConstraints` evaluates (`$options` and `$maxDistance`
    /// only qualify `$regex` and `$nearSphere`). Everything else falls to its `default`, which
    /// never matches: `$inQuery`, `$notInQuery`, `$select`, `$dontSelect`, `$text`,
    /// `$maxDistanceInKilometers` and the like, `$regex` options given apart...
    static let operators: Set<String> = [
        "$lt", "$lte", "$gt", "$gte", "$eq", "$ne", "$in", "$nin", "$all", "$exists", "$regex", "$options",
        "$nearSphere", "$maxDistance", "$within", "$containedBy", "$geoWithin", "$geoIntersects",
    ]

    /// The top-level keys it evaluates, each an array of clauses. `$relatedTo` is not one
    /// ("We can't handle relational queries locally": never matches).
    static let clauses: Set<String> = ["$or", "$and", "$nor"]

    /// The first thing in `where` LiveQuery cannot evaluate, named as Parse writes it, or `nil`.
    /// Keys are visited in sorted order, so the answer does not depend on dictionary order.
    static func refusal(in whereJSON: JSONValue) -> String? {
        guard case .object(let members) = whereJSON else { return nil }
        for key in members.keys.sorted() {
            let value = members[key] ?? .null
            if clauses.contains(key) {
                guard case .array(let list) = value else { return key }
                for clause in list {
                    if let refused = refusal(in: clause) { return refused }
                }
                continue
            }
            if key.hasPrefix("$") {
                return key
            }
            switch value {
            case .null:
                // `matchesKeyConstraints` returns false for `null` (a find reads it as "missing").
                return "null (for \(key))"
            case .object(let object) where object["__type"] == nil:
                if let name = object.keys.sorted().first(where: { !operators.contains($0) }) {
                    // An operator it does not know, or an object value compared without one.
                    return name.hasPrefix("$") ? name : "an object value (for \(key))"
                }
            default:
                break
            }
        }
        return nil
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseQuery {
    /// This query as a LiveQuery subscription watching `fields`, or the first thing in it that
    /// LiveQuery cannot evaluate.
    /// - Throws: ``ParseLiveQueryError/unsupportedConstraint(_:)`` naming it, or
    ///   ``ParseLiveQueryError/invalidQuery(_:)`` when a value could not be encoded.
    func liveQuerySubscription(watching fields: [String]?) throws(ParseLiveQueryError) -> LiveQuerySubscriptionQuery {
        // Options LiveQuery does not take: a subscription has no order, no page and no includes.
        let options: [(String, Bool)] = [
            ("order", !sortKeys.isEmpty), ("limit", limitCount != nil), ("skip", skipCount != nil),
            ("include", !includedPaths.isEmpty), ("excludeKeys", excludedKeys != nil),
            (readPreferenceNames.first ?? "readPreference", !readPreferenceNames.isEmpty),
        ]
        if let refused = options.first(where: \.1) {
            throw .unsupportedConstraint(refused.0)
        }
        let whereJSON: JSONValue
        do {
            whereJSON = try self.whereJSON()
        } catch {
            throw .invalidQuery(error)
        }
        if let refused = LiveQueryConstraints.refusal(in: whereJSON) {
            throw .unsupportedConstraint(refused)
        }
        // RequestSchema.js takes `keys` and `watch` with at least one name and none twice.
        return LiveQuerySubscriptionQuery(
            className: T.className, whereJSON: whereJSON,
            keys: Self.distinct(selectedKeys), watch: Self.distinct(fields))
    }

    private static func distinct(_ names: [String]?) -> [String]? {
        guard let names, !names.isEmpty else { return nil }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
