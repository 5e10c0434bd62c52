import ModelgenSchema

/// A live app's schema (a `GET /schemas` response, one class's, or a defined schema's array)
/// written as a schema file of this format: classes in the server's order, fields as the
/// server lists them, indexes by name, permissions; built-in fields and indexes left out.
///
/// Where Parse's schema says less than this format needs (`Number` is an int or a double,
/// an `Array` has no element type, an `Object` no shape), the YAML holds a guess and a
/// comment starting `import:` beside it, and `reviews` lists them.
public struct ParseSchemaImport {
    /// What `Number` becomes.
    public var numbers: ScalarType = .double
    /// Fields to leave out, as `Class.field`.
    public var skipped: Set<String> = []
    /// Where the schema came from, for the file's first comment.
    public var source: String

    public init(source: String, numbers: ScalarType = .double, skipped: Set<String> = []) {
        self.source = source
        self.numbers = numbers
        self.skipped = skipped
    }

    /// The YAML, and what it says about it.
    public struct Output: Sendable {
        public var yaml: String
        /// `Class.field (why)` for every guess the YAML marks with `import:`.
        public var reviews: [String]
        /// Classes of Parse's own that a schema does not declare (`_PushStatus`, ...), and
        /// `_Session` and `_Installation` without fields of their own.
        public var leftOut: [String]
        /// The line of the YAML where each class (`Class`) and field (`Class.field`) is
        /// written, to name them in errors about the YAML.
        public var lines: [String: Int]
    }

    /// Why a response cannot be imported.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The YAML of `json`, checked as `lint` checks a schema: a name or value this format
    /// refuses fails the import, naming the class and field, before anything is written.
    public func checkedYAML(from json: OrderedJSON) throws(Failure) -> Output {
        let output = try yaml(from: json)
        let loaded = SchemaLoading.load(sources: [("imported.yaml", output.yaml)])
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return output }
        let places = output.lines.sorted { $0.value < $1.value }
        let described = errors.map { error -> String in
            let line = error.location?.line ?? 0
            let place = places.last { $0.value <= line }?.key ?? "the schema"
            let fix = place.contains(".") ? " (leave it out with --skip \(place), or rename it on the server)" : ""
            return "\(place): \(error.message)\(fix)"
        }
        throw Failure(description: "the schema cannot be written in this format:\n" + described.joined(separator: "\n"))
    }

    public func yaml(from json: OrderedJSON) throws(Failure) -> Output {
        let classes = try ParseSchemaJSON.classes(in: json)
        var writer = YAMLWriter()
        var output = Output(yaml: "", reviews: [], leftOut: [], lines: [:])
        writer.line("# Imported by modelgen from \(source).")
        writer.line("# Review every comment starting with 'import:', then delete the comment.")
        writer.line("version: 1")
        writer.line("")
        writer.line("classes:")
        var wroteClass = false
        for item in classes {
            guard let className = item["className"]?.stringValue else {
                throw Failure(description: "a class without a className: \(item.rendered().prefix(80))")
            }
            let builtin = BuiltinClass(rawValue: className)
            if ParseSchemaJSON.isParsesOwnClass(className) {
                output.leftOut.append(className)
                continue
            }
            let fields = try customFields(of: item, className: className, builtin: builtin)
            if (builtin == .session || builtin == .installation), fields.isEmpty {
                output.leftOut.append(className)
                continue
            }
            output.lines[className] = writer.lineCount + 1
            writer.line("  \(YAMLWriter.key(className)):")
            wroteClass = true
            if !fields.isEmpty {
                writer.line("    fields:")
                for (name, spec) in fields {
                    output.lines["\(className).\(name)"] = writer.lineCount + 1
                    let (text, review) = try fieldText(spec, className: className, field: name)
                    if let review { output.reviews.append("\(className).\(name) (\(review))") }
                    writer.line("      \(YAMLWriter.key(name)): \(text)" + (review.map { "   # import: \($0)" } ?? ""))
                }
            }
            let indexes = try self.indexes(of: item, className: className, builtin: builtin, fieldTypes: Dictionary(
                fields.map { ($0.name, $0.spec["type"]?.stringValue ?? "") }, uniquingKeysWith: { first, _ in first }))
            if !indexes.written.isEmpty {
                writer.line("    indexes:")
                for index in indexes.written { writer.line("      - \(index)") }
            }
            output.reviews += indexes.reviews
            if let permissions = item["classLevelPermissions"] {
                let lines = try ParsePermissionsYAML.lines(of: permissions, className: className)
                if !lines.isEmpty {
                    writer.line("    permissions:")
                    for line in lines { writer.line("      " + line) }
                }
            }
        }
        if !wroteClass { writer.replaceLast("classes: {}") }
        output.yaml = writer.text
        return output
    }

    /// The class's own fields in the server's order: not Parse's four, not a built-in class's
    /// predefined ones, not those skipped.
    private func customFields(of item: OrderedJSON, className: String, builtin: BuiltinClass?)
        throws(Failure) -> [(name: String, spec: OrderedJSON)] {
        guard let members = ParseSchemaJSON.ownFields(of: item, builtin: builtin) else {
            throw Failure(description: "class '\(className)': 'fields' is not an object")
        }
        return members.filter { !skipped.contains("\(className).\($0.key)") }.map { ($0.key, $0.value) }
    }

    /// A field as the schema writes it, and the guess to review, if any.
    private func fieldText(_ spec: OrderedJSON, className: String, field: String) throws(Failure) -> (String, String?) {
        guard let typeName = spec["type"]?.stringValue, let type = ParseType(rawValue: typeName) else {
            throw Failure(description: "\(className).\(field): unknown Parse type \(spec["type"]?.rendered() ?? "(none)")")
        }
        guard let (typeText, guess) = ParseTypeMapping.schemaType(of: type, targetClass: spec["targetClass"]?.stringValue, numbers: numbers)
        else {
            throw Failure(description: "\(className).\(field): a \(typeName) field "
                          + (type == .acl ? "cannot be declared (every object has its ACL)" : "has no targetClass"))
        }
        let required = spec["required"] == .bool(true)
        var review = guess
        var defaultText: String?
        if let value = spec["defaultValue"], value != .null {
            switch (value, type) {
            case (.string(let text), .string): defaultText = YAMLWriter.scalar(text, quoteAlways: true)
            case (.number(let text), .number): defaultText = text
            case (.bool(let flag), .boolean): defaultText = flag ? "true" : "false"
            case (_, .date) where value["__type"] == .string("Date"):
                defaultText = value["iso"]?.stringValue.map { YAMLWriter.scalar($0, quoteAlways: true) }
            default:
                review = [review, "the default \(value.rendered().replacingOccurrences(of: "\n", with: " ")) has no form in this schema and was left out"]
                    .compactMap { $0 }.joined(separator: "; ")
            }
        }
        let typed = typeText + (required ? "!" : "")
        guard let defaultText else { return (typed, review) }
        return ("{type: \(typed), default: \(defaultText)}", review)
    }

    /// The indexes to write (`{fields: [...], name: ...}`): not `_id_` or a built-in class's,
    /// pointer fields without Parse's `_p_`; text indexes and indexes on relations are left out
    /// for review.
    private func indexes(of item: OrderedJSON, className: String, builtin: BuiltinClass?, fieldTypes: [String: String])
        throws(Failure) -> (written: [String], reviews: [String]) {
        guard let members = item["indexes"]?.members else { return ([], []) }
        var written: [String] = []
        var reviews: [String] = []
        for member in members where !ParseSchemaJSON.isParsesOwnIndex(member.key, builtin: builtin) {
            guard let keys = member.value.members, !keys.isEmpty else {
                throw Failure(description: "\(className): index '\(member.key)' is not an object of fields")
            }
            let fields = keys.map { ParseSchemaJSON.fieldName(ofIndexKey: $0.key) }
            if keys.contains(where: { $0.value == .string("text") }) {
                reviews.append("\(className) index \(member.key) (a text index, which this schema cannot declare: left out)")
                continue
            }
            if let relation = fields.first(where: { fieldTypes[$0] == ParseType.relation.rawValue }) {
                reviews.append("\(className) index \(member.key) (on the relation \(relation): left out)")
                continue
            }
            guard NamingRules.isValidName(member.key) else {
                reviews.append("\(className) index \(member.key) (a name this schema cannot write: left out)")
                continue
            }
            written.append("{fields: [\(fields.map(YAMLWriter.key).joined(separator: ", "))], name: \(member.key)}")
        }
        return (written, reviews)
    }
}

/// Lines of YAML, and the quoting this format's names and values need.
struct YAMLWriter {
    private(set) var lines: [String] = []
    var lineCount: Int { lines.count }
    var text: String { lines.map { $0 + "\n" }.joined() }

    mutating func line(_ text: String) { lines.append(text) }
    mutating func replaceLast(_ text: String) { lines[lines.count - 1] = text }

    /// A mapping key or list item: plain when it reads back as the same text.
    static func key(_ text: String) -> String { scalar(text, quoteAlways: false) }

    /// A scalar, double-quoted when plain YAML would read it otherwise (or always).
    static func scalar(_ text: String, quoteAlways: Bool) -> String {
        let plainSafe = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "_-:. ".contains($0) }
            && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.contains(": ") && !text.hasSuffix(":")
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
            && Double(text) == nil && Int(text) == nil && !(text.first?.isNumber ?? false)
        if plainSafe && !quoteAlways { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
