import ModelgenSchema

/// How Parse's schema JSON is read, by `import` and `drift` alike: which classes an answer
/// holds, and which of their fields and indexes are Parse's own rather than the app's.
enum ParseSchemaJSON {
    /// The classes of a `GET /schemas` answer (`{"results": [...]}`), of one class's answer,
    /// or of a defined schema's array.
    static func classes(in json: OrderedJSON) throws(ParseSchemaImport.Failure) -> [OrderedJSON] {
        if case .array(let items) = json { return items }
        if case .array(let items)? = json["results"] { return items }
        if json["className"] != nil { return [json] }
        throw ParseSchemaImport.Failure(description: "this is not a GET /schemas response: expected {\"results\": [...]}, one "
                                        + "class ({\"className\": ...}) or an array of class definitions")
    }

    /// A class Parse keeps for itself (`_PushStatus`, `_JobStatus`, ...): a `_` name other than
    /// the four built-in classes a schema may declare.
    static func isParsesOwnClass(_ name: String) -> Bool {
        name.hasPrefix("_") && BuiltinClass(rawValue: name) == nil
    }

    /// The fields of a class's JSON that are the app's: not the ones every object has, nor a
    /// built-in class's predefined ones. `nil` when `fields` is there but no object.
    static func ownFields(of item: OrderedJSON, builtin: BuiltinClass?) -> [OrderedJSON.Member]? {
        guard let fields = item["fields"] else { return [] }
        guard let members = fields.members else { return nil }
        let predefined = Set(NamingRules.parseObjectFieldNames + (builtin?.predefinedFields.map(\.name) ?? []))
        return members.filter { !predefined.contains($0.key) }
    }

    /// Indexes Parse Server makes itself: `_id_` on every class, and those of its built-in
    /// classes (`username_1`, `case_insensitive_email`, `name_1` of `_Role`, ...).
    static func isParsesOwnIndex(_ name: String, builtin: BuiltinClass?) -> Bool {
        name == "_id_" || (builtin != nil && builtinIndexes.contains(name))
    }

    private static let builtinIndexes: Set<String> = ["username_1", "email_1", "case_insensitive_username",
                                                      "case_insensitive_email", "name_1", "reqId_1"]

    /// An index key as the field's name: Parse's MongoDB form names a pointer `_p_<field>`.
    static func fieldName(ofIndexKey key: String) -> String {
        key.hasPrefix("_p_") ? String(key.dropFirst(3)) : key
    }
}
