// Generated from Templates/*.mustache by the test CompiledTemplatesTests; do not edit.
// Regenerate with: MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter CompiledTemplatesTests

/// The default templates compiled to Swift: `TemplateSet` renders with these unless the user
/// overrides the template or one of its partials. CompiledTemplatesTests proves they give the
/// interpreter's bytes.
enum CompiledTemplates {
    /// The templates each template includes as partials, directly or not.
    static let partials: [String: [String]] = [
        "sql-postgresql": ["sql-table"],
        "sql-sqlite": ["sql-table"],
        "sql-table": [],
        "swift-class": [],
        "swift-embedded": [],
        "swift-enum": [],
        "swift-json-value": [],
        "swift-parse-field": [],
    ]

    /// Renders the template `name` into `output`; `false` when there is no such template.
    static func render(_ name: String, _ stack: inout TemplateStack, _ output: inout String) -> Bool {
        switch name {
        case "sql-postgresql": sqlPostgresql(&stack, &output)
        case "sql-sqlite": sqlSqlite(&stack, &output)
        case "sql-table": sqlTable(&stack, &output)
        case "swift-class": swiftClass(&stack, &output)
        case "swift-embedded": swiftEmbedded(&stack, &output)
        case "swift-enum": swiftEnum(&stack, &output)
        case "swift-json-value": swiftJsonValue(&stack, &output)
        case "swift-parse-field": swiftParseField(&stack, &output)
        default: return false
        }
        return true
    }

    // sql-postgresql.mustache
    private static func sqlPostgresql(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("summary", &output) { stack, output in
            output += "-- "
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\nBEGIN;\n"
        stack.section("tables", &output) { stack, output in
            output += "\n"
            sqlTable(&stack, &output)
            stack.section("comments", &output) { stack, output in
                output += "COMMENT ON "
                stack.append("kind", to: &output)
                output += " "
                stack.append("target", to: &output)
                output += " IS "
                stack.append("text", to: &output)
                output += ";\n"
            }
        }
        stack.section("hasDeferredForeignKeys", &output) { stack, output in
            output += "\n-- Foreign keys that close a cycle of references, added once every table exists. PostgreSQL\n-- has no ADD CONSTRAINT IF NOT EXISTS, so each is added only when the catalog lacks it.\n"
        }
        stack.section("deferredForeignKeys", &output) { stack, output in
            output += "DO $$\nBEGIN\n    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint\n                   WHERE conrelid = "
            stack.append("ownerLiteral", to: &output)
            output += "::regclass AND conname = "
            stack.append("constraintNameLiteral", to: &output)
            output += ") THEN\n        ALTER TABLE "
            stack.append("owner", to: &output)
            output += " ADD CONSTRAINT "
            stack.append("constraintName", to: &output)
            output += "\n            FOREIGN KEY ("
            stack.append("column", to: &output)
            output += ") REFERENCES "
            stack.append("target", to: &output)
            output += " ("
            stack.append("targetColumn", to: &output)
            output += ") ON DELETE "
            stack.append("onDelete", to: &output)
            output += ";\n    END IF;\nEND\n$$;\n"
        }
        output += "\nCOMMIT;\n"
    }

    // sql-sqlite.mustache
    private static func sqlSqlite(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("summary", &output) { stack, output in
            output += "-- "
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\nPRAGMA foreign_keys = ON;\n\nBEGIN;\n"
        stack.section("tables", &output) { stack, output in
            output += "\n"
            sqlTable(&stack, &output)
        }
        output += "\nCOMMIT;\n"
    }

    // sql-table.mustache
    private static func sqlTable(_ stack: inout TemplateStack, _ output: inout String) {
        output += "CREATE TABLE IF NOT EXISTS "
        stack.append("tableName", to: &output)
        output += " (\n"
        stack.section("tableComment", &output) { stack, output in
            output += "    -- "
            stack.append(".", to: &output)
            output += "\n"
        }
        stack.section("elements", &output) { stack, output in
            stack.section("comment", &output) { stack, output in
                output += "    -- "
                stack.append(".", to: &output)
                output += "\n"
            }
            stack.section("column", &output) { stack, output in
                output += "    "
                stack.append("name", to: &output)
                output += " "
                stack.append("type", to: &output)
                stack.section("notNull", &output) { stack, output in
                    output += " NOT NULL"
                }
                stack.section("defaultValue", &output) { stack, output in
                    output += " DEFAULT "
                    stack.append(".", to: &output)
                }
                stack.section("checks", &output) { stack, output in
                    output += " CHECK ("
                    stack.append(".", to: &output)
                    output += ")"
                }
                stack.append("comma", to: &output)
                output += "\n"
            }
            stack.section("primaryKey", &output) { stack, output in
                output += "    PRIMARY KEY ("
                stack.append(".", to: &output)
                output += ")"
                stack.append("comma", to: &output)
                output += "\n"
            }
            stack.section("foreignKey", &output) { stack, output in
                output += "    CONSTRAINT "
                stack.append("constraintName", to: &output)
                output += " FOREIGN KEY ("
                stack.append("column", to: &output)
                output += ") REFERENCES "
                stack.append("target", to: &output)
                output += " ("
                stack.append("targetColumn", to: &output)
                output += ") ON DELETE "
                stack.append("onDelete", to: &output)
                stack.append("comma", to: &output)
                output += "\n"
            }
        }
        output += ");\n"
        stack.section("indexes", &output) { stack, output in
            output += "CREATE "
            stack.section("unique", &output) { stack, output in
                output += "UNIQUE "
            }
            output += "INDEX IF NOT EXISTS "
            stack.append("indexName", to: &output)
            output += " ON "
            stack.append("owner", to: &output)
            stack.section("method", &output) { stack, output in
                output += " USING "
                stack.append(".", to: &output)
            }
            output += " ("
            stack.append("keys", to: &output)
            output += ");\n"
        }
    }

    // swift-class.mustache
    private static func swiftClass(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("imports", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\n"
        stack.section("doc", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        stack.append("access", to: &output)
        output += "struct "
        stack.append("typeName", to: &output)
        output += ": "
        stack.append("conformance", to: &output)
        output += ", Sendable {\n"
        stack.section("className", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "static var className: String { "
            stack.append(".", to: &output)
            output += " }\n\n"
        }
        stack.section("typeAliases", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "typealias "
            stack.append("name", to: &output)
            output += " = "
            stack.append("type", to: &output)
            output += "\n\n"
        }
        output += "    "
        stack.append("access", to: &output)
        output += "var originalData: "
        stack.append("dataType", to: &output)
        output += "?\n    "
        stack.append("access", to: &output)
        output += "var objectId: String?\n    "
        stack.append("access", to: &output)
        output += "var createdAt: "
        stack.append("dateType", to: &output)
        output += "?\n    "
        stack.append("access", to: &output)
        output += "var updatedAt: "
        stack.append("dateType", to: &output)
        output += "?\n    "
        stack.append("access", to: &output)
        output += "var ACL: ParseACL?\n"
        stack.section("fields", &output) { stack, output in
            stack.section("blankLineBefore", &output) { stack, output in
                output += "\n"
            }
            stack.section("doc", &output) { stack, output in
                output += "    "
                stack.append(".", to: &output)
                output += "\n"
            }
            output += "    "
            stack.append("propertyWrapper", to: &output)
            stack.append("access", to: &output)
            output += "var "
            stack.append("name", to: &output)
            output += ": "
            stack.append("type", to: &output)
            output += "\n"
        }
        output += "\n"
        stack.invertedSection("hasInitialValues", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "init() {}\n"
        }
        stack.section("hasInitialValues", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "init() {\n"
            stack.section("initialValues", &output) { stack, output in
                output += "        "
                stack.append("name", to: &output)
                output += " = "
                stack.append("value", to: &output)
                output += "\n"
            }
            output += "    }\n"
        }
        stack.section("codingKeys", &output) { stack, output in
            output += "\n    enum CodingKeys: String, CodingKey {\n"
            stack.section("keys", &output) { stack, output in
                output += "        case "
                stack.append(".", to: &output)
                output += "\n"
            }
            output += "    }\n"
        }
        output += "}\n\nextension "
        stack.append("typeName", to: &output)
        output += " {\n"
        stack.section("memberwiseInit", &output) { stack, output in
            output += "    /// A new `"
            stack.append("typeName", to: &output)
            output += "` with the given field values; every other field is `nil`.\n    "
            stack.append("access", to: &output)
            output += "init(\n"
            stack.section("parameters", &output) { stack, output in
                output += "        "
                stack.append("label", to: &output)
                output += ": "
                stack.append("type", to: &output)
                stack.append("comma", to: &output)
                output += "\n"
            }
            output += "    ) {\n        self.init()\n"
            stack.section("parameters", &output) { stack, output in
                output += "        self."
                stack.append("label", to: &output)
                output += " = "
                stack.append("label", to: &output)
                output += "\n"
            }
            output += "    }\n\n"
        }
        stack.section("parseSwift", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "func merge(with object: Self) throws -> Self {\n"
            stack.invertedSection("mergeFields", &output) { stack, output in
                output += "        try mergeParse(with: object)\n"
            }
            stack.section("hasMergeFields", &output) { stack, output in
                output += "        var updated = try mergeParse(with: object)\n"
                stack.section("mergeFields", &output) { stack, output in
                    output += "        if updated.shouldRestoreKey(\\."
                    stack.append(".", to: &output)
                    output += ", original: object) {\n            updated."
                    stack.append(".", to: &output)
                    output += " = object."
                    stack.append(".", to: &output)
                    output += "\n        }\n"
                }
                output += "        return updated\n"
            }
            output += "    }\n"
        }
        stack.section("parseRuntime", &output) { stack, output in
            output += "    /// The stored fields by Parse name: how `"
            stack.append("typeName", to: &output)
            output += "` is decoded, encoded, merged and compared.\n"
            stack.section("hasStoredFields", &output) { stack, output in
                output += "    static let storedFields: [ParseStoredField<"
                stack.append("typeName", to: &output)
                output += ">] = [\n"
                stack.section("storedFields", &output) { stack, output in
                    output += "        ."
                    stack.append("kind", to: &output)
                    output += "("
                    stack.append("key", to: &output)
                    output += ", \\."
                    stack.append("name", to: &output)
                    output += "),\n"
                }
                output += "    ]\n"
            }
            stack.invertedSection("hasStoredFields", &output) { stack, output in
                output += "    static let storedFields: [ParseStoredField<"
                stack.append("typeName", to: &output)
                output += ">] = []\n"
            }
            output += "\n    /// Decodes the object from Parse JSON: a missing or `null` field is `nil`.\n    "
            stack.append("access", to: &output)
            output += "init(from decoder: any Decoder) throws {\n        try self.init(from: decoder, fields: Self.storedFields)\n    }\n\n    /// Encodes the object as Parse JSON, leaving out the fields that are `nil`.\n    "
            stack.append("access", to: &output)
            output += "func encode(to encoder: any Encoder) throws {\n        try encode(to: encoder, fields: Self.storedFields)\n    }\n\n    /// This updated copy merged with the original `object`: a field it has no value for keeps the original's.\n    "
            stack.append("access", to: &output)
            output += "func merge(with object: Self) throws -> Self {\n        try merge(with: object, fields: Self.storedFields)\n    }\n\n    /// Whether the two objects are equal in every property.\n    "
            stack.append("access", to: &output)
            output += "static func == (lhs: Self, rhs: Self) -> Bool {\n        isEqual(lhs, rhs, fields: storedFields)\n    }\n"
        }
        output += "}\n\nextension "
        stack.append("typeName", to: &output)
        output += " {\n    /// The keys of `"
        stack.append("typeName", to: &output)
        output += "`'s fields, typed by their values, for queries without string literals.\n    "
        stack.append("access", to: &output)
        output += "enum Field {\n"
        stack.section("fieldKeys", &output) { stack, output in
            output += "        "
            stack.append("access", to: &output)
            output += "static var "
            stack.append("name", to: &output)
            output += ": "
            stack.append("keyType", to: &output)
            output += "<"
            stack.append("typeName", to: &output)
            output += ", "
            stack.append("valueType", to: &output)
            output += "> { .init("
            stack.append("parseName", to: &output)
            output += ") }\n"
        }
        output += "    }\n}\n"
        stack.section("hasRelations", &output) { stack, output in
            output += "\nextension "
            stack.append("typeName", to: &output)
            output += " {\n"
            stack.section("relations", &output) { stack, output in
                stack.section("blankLineBefore", &output) { stack, output in
                    output += "\n"
                }
                stack.section("doc", &output) { stack, output in
                    output += "    "
                    stack.append(".", to: &output)
                    output += "\n    ///\n"
                }
                output += "    /// The `"
                stack.append("parseName", to: &output)
                output += "` relation, to add or remove `"
                stack.append("target", to: &output)
                output += "` objects: save the operation\n    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.\n    "
                stack.append("access", to: &output)
                output += "func "
                stack.append("helper", to: &output)
                output += "Relation() throws -> ParseRelation<"
                stack.append("typeName", to: &output)
                output += "> {\n        try relation(Field."
                stack.append("key", to: &output)
                output += ".name, className: "
                stack.append("target", to: &output)
                output += ".className)\n    }\n"
                stack.section("parseSwift", &output) { stack, output in
                    output += "\n    /// A query for the `"
                    stack.append("target", to: &output)
                    output += "` objects in the `"
                    stack.append("parseName", to: &output)
                    output += "` relation.\n    "
                    stack.append("access", to: &output)
                    output += "func "
                    stack.append("helper", to: &output)
                    output += "Query() throws -> Query<"
                    stack.append("target", to: &output)
                    output += "> {\n        try "
                    stack.append("target", to: &output)
                    output += ".queryRelations(Field."
                    stack.append("key", to: &output)
                    output += ".name, parent: self)\n    }\n"
                }
                stack.section("parseRuntime", &output) { stack, output in
                    output += "\n    /// A query for the `"
                    stack.append("target", to: &output)
                    output += "` objects in the `"
                    stack.append("parseName", to: &output)
                    output += "` relation (`$relatedTo`); run it\n    /// with a `ParseClient`. It fails when it runs if this object has no `objectId` yet.\n    "
                    stack.append("access", to: &output)
                    output += "func "
                    stack.append("helper", to: &output)
                    output += "Query() -> ParseQuery<"
                    stack.append("target", to: &output)
                    output += "> {\n        "
                    stack.append("target", to: &output)
                    output += ".query(.relatedTo(self, through: Field."
                    stack.append("key", to: &output)
                    output += "))\n    }\n"
                }
            }
            output += "}\n"
        }
        stack.section("hasQueries", &output) { stack, output in
            output += "\nextension "
            stack.append("typeName", to: &output)
            output += " {\n"
            stack.section("inverses", &output) { stack, output in
                stack.section("blankLineBefore", &output) { stack, output in
                    output += "\n"
                }
                stack.section("doc", &output) { stack, output in
                    output += "    "
                    stack.append(".", to: &output)
                    output += "\n    ///\n"
                }
                stack.section("parseSwift", &output) { stack, output in
                    output += "    /// A query for the `"
                    stack.append("owner", to: &output)
                    output += "` objects whose `"
                    stack.append("ownerField", to: &output)
                    output += "` links to this object.\n    "
                    stack.append("access", to: &output)
                    output += "func "
                    stack.append("helper", to: &output)
                    output += "Query() throws -> Query<"
                    stack.append("owner", to: &output)
                    output += "> {\n        try "
                    stack.append("owner", to: &output)
                    output += ".query("
                    stack.append("owner", to: &output)
                    output += ".Field."
                    stack.append("ownerKey", to: &output)
                    output += ".name == self)\n    }\n"
                }
                stack.section("parseRuntime", &output) { stack, output in
                    output += "    /// A query for the `"
                    stack.append("owner", to: &output)
                    output += "` objects whose `"
                    stack.append("ownerField", to: &output)
                    output += "` links to this object; run it with\n    /// a `ParseClient`. It fails when it runs if this object has no `objectId` yet.\n    "
                    stack.append("access", to: &output)
                    output += "func "
                    stack.append("helper", to: &output)
                    output += "Query() -> ParseQuery<"
                    stack.append("owner", to: &output)
                    output += "> {\n        "
                    stack.append("owner", to: &output)
                    output += ".query("
                    stack.append("owner", to: &output)
                    output += ".Field."
                    stack.append("ownerKey", to: &output)
                    output += " == self)\n    }\n"
                }
            }
            output += "}\n"
        }
        stack.section("userHelpers", &output) { stack, output in
            output += "\nextension "
            stack.append("typeName", to: &output)
            output += " {\n    /// Signs up a new user (`POST /users`). The client keeps the new session token and sends it\n    /// with later requests; the returned user has its `objectId` and no password.\n    "
            stack.append("access", to: &output)
            output += "static func signUp(\n        username: String,\n        password: String,\n        email: String? = nil,\n"
            stack.section("parameters", &output) { stack, output in
                output += "        "
                stack.append("label", to: &output)
                output += ": "
                stack.append("type", to: &output)
                output += ",\n"
            }
            output += "        on "
            stack.append("client", to: &output)
            output += ": ParseClient\n    ) async throws(ParseClientError) -> "
            stack.append("typeName", to: &output)
            output += " {\n"
            stack.section("hasParameters", &output) { stack, output in
                output += "        var user = "
                stack.append("typeName", to: &output)
                output += "("
                stack.append("arguments", to: &output)
                output += ")\n"
            }
            stack.invertedSection("hasParameters", &output) { stack, output in
                output += "        var user = "
                stack.append("typeName", to: &output)
                output += "()\n"
            }
            output += "        user.username = username\n        user.password = password\n        user.email = email\n        return try await "
            stack.append("client", to: &output)
            output += ".signUp(user)\n    }\n\n    /// Logs in (`POST /login`); the client keeps the session token.\n    "
            stack.append("access", to: &output)
            output += "static func logIn(username: String, password: String, on client: ParseClient) async throws(ParseClientError) -> "
            stack.append("typeName", to: &output)
            output += " {\n        try await client.logIn("
            stack.append("typeName", to: &output)
            output += ".self, username: username, password: password)\n    }\n\n    /// Starts using a session token from an earlier login and returns its user (`GET /users/me`).\n    "
            stack.append("access", to: &output)
            output += "static func become(sessionToken: String, on client: ParseClient) async throws(ParseClientError) -> "
            stack.append("typeName", to: &output)
            output += " {\n        try await client.become("
            stack.append("typeName", to: &output)
            output += ".self, sessionToken: sessionToken)\n    }\n\n    /// The user whose session token the client holds (`GET /users/me`).\n    "
            stack.append("access", to: &output)
            output += "static func current(on client: ParseClient) async throws(ParseClientError) -> "
            stack.append("typeName", to: &output)
            output += " {\n        try await client.currentUser("
            stack.append("typeName", to: &output)
            output += ".self)\n    }\n\n    /// Logs out (`POST /logout`) and makes the client forget the session token.\n    "
            stack.append("access", to: &output)
            output += "static func logOut(on client: ParseClient) async throws(ParseClientError) {\n        try await client.logOut()\n    }\n}\n"
        }
    }

    // swift-embedded.mustache
    private static func swiftEmbedded(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("imports", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\n"
        stack.section("doc", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        stack.append("access", to: &output)
        output += "struct "
        stack.append("typeName", to: &output)
        output += ": Codable, Hashable, Sendable {\n"
        stack.section("fields", &output) { stack, output in
            stack.section("blankLineBefore", &output) { stack, output in
                output += "\n"
            }
            stack.section("doc", &output) { stack, output in
                output += "    "
                stack.append(".", to: &output)
                output += "\n"
            }
            output += "    "
            stack.append("access", to: &output)
            output += "var "
            stack.append("name", to: &output)
            output += ": "
            stack.append("type", to: &output)
            output += "\n"
        }
        output += "\n"
        stack.invertedSection("parameters", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "init() {}\n"
        }
        stack.section("hasParameters", &output) { stack, output in
            output += "    "
            stack.append("access", to: &output)
            output += "init(\n"
            stack.section("parameters", &output) { stack, output in
                output += "        "
                stack.append("label", to: &output)
                output += ": "
                stack.append("type", to: &output)
                stack.append("comma", to: &output)
                output += "\n"
            }
            output += "    ) {\n"
            stack.section("parameters", &output) { stack, output in
                output += "        self."
                stack.append("label", to: &output)
                output += " = "
                stack.append("label", to: &output)
                output += "\n"
            }
            output += "    }\n"
        }
        stack.section("codingKeys", &output) { stack, output in
            output += "\n    enum CodingKeys: String, CodingKey {\n"
            stack.section("keys", &output) { stack, output in
                output += "        case "
                stack.append(".", to: &output)
                output += "\n"
            }
            output += "    }\n"
        }
        output += "}\n"
    }

    // swift-enum.mustache
    private static func swiftEnum(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("imports", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\n"
        stack.section("doc", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        stack.invertedSection("unknownCase", &output) { stack, output in
            stack.append("access", to: &output)
            output += "enum "
            stack.append("typeName", to: &output)
            output += ": "
            stack.append("rawType", to: &output)
            output += ", Codable, CaseIterable, Hashable, Sendable {\n"
            stack.section("cases", &output) { stack, output in
                output += "    case "
                stack.append("name", to: &output)
                output += " = "
                stack.append("rawValue", to: &output)
                output += "\n"
            }
            stack.section("hasTitles", &output) { stack, output in
                output += "\n    /// The title to show for the value.\n    "
                stack.append("access", to: &output)
                output += "var title: String {\n        switch self {\n"
                stack.section("cases", &output) { stack, output in
                    output += "        case ."
                    stack.append("name", to: &output)
                    output += ": "
                    stack.append("title", to: &output)
                    output += "\n"
                }
                output += "        }\n    }\n"
            }
            output += "}\n"
        }
        stack.section("unknownCase", &output) { stack, output in
            stack.append("access", to: &output)
            output += "enum "
            stack.append("typeName", to: &output)
            output += ": RawRepresentable, Codable, CaseIterable, Hashable, Sendable {\n"
            stack.section("cases", &output) { stack, output in
                output += "    case "
                stack.append("name", to: &output)
                output += "\n"
            }
            output += "    /// A value added on the server after this code was generated.\n    case unknown("
            stack.append("rawType", to: &output)
            output += ")\n\n    "
            stack.append("access", to: &output)
            output += "static let allCases: ["
            stack.append("typeName", to: &output)
            output += "] = ["
            stack.append("allCases", to: &output)
            output += "]\n\n    "
            stack.append("access", to: &output)
            output += "init(rawValue: "
            stack.append("rawType", to: &output)
            output += ") {\n        switch rawValue {\n"
            stack.section("cases", &output) { stack, output in
                output += "        case "
                stack.append("rawValue", to: &output)
                output += ": self = ."
                stack.append("name", to: &output)
                output += "\n"
            }
            output += "        default: self = .unknown(rawValue)\n        }\n    }\n\n    "
            stack.append("access", to: &output)
            output += "var rawValue: "
            stack.append("rawType", to: &output)
            output += " {\n        switch self {\n"
            stack.section("cases", &output) { stack, output in
                output += "        case ."
                stack.append("name", to: &output)
                output += ": "
                stack.append("rawValue", to: &output)
                output += "\n"
            }
            output += "        case .unknown(let rawValue): rawValue\n        }\n    }\n"
            stack.section("hasTitles", &output) { stack, output in
                output += "\n    /// The title to show for the value; an unknown value shows as its raw value.\n    "
                stack.append("access", to: &output)
                output += "var title: String {\n        switch self {\n"
                stack.section("cases", &output) { stack, output in
                    output += "        case ."
                    stack.append("name", to: &output)
                    output += ": "
                    stack.append("title", to: &output)
                    output += "\n"
                }
                output += "        case .unknown(let rawValue): \"\\(rawValue)\"\n        }\n    }\n"
            }
            output += "}\n"
        }
    }

    // swift-json-value.mustache
    private static func swiftJsonValue(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("imports", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\n/// Any JSON value: what a Parse `Object` field holds. ParseSwift has no public type for it,\n/// so modelgen generates this one, the same as ParseRuntime's.\n"
        stack.append("access", to: &output)
        output += "enum JSONValue: Codable, Hashable, Sendable {\n    case null\n    case bool(Bool)\n    case int(Int)\n    case double(Double)\n    case string(String)\n    case array([JSONValue])\n    case object([String: JSONValue])\n\n    "
        stack.append("access", to: &output)
        output += "init(from decoder: any Decoder) throws {\n        let container = try decoder.singleValueContainer()\n        if container.decodeNil() {\n            self = .null\n        } else if let value = try? container.decode(Bool.self) {\n            self = .bool(value)\n        } else if let value = try? container.decode(Int.self) {\n            self = .int(value)\n        } else if let value = try? container.decode(Double.self) {\n            self = .double(value)\n        } else if let value = try? container.decode(String.self) {\n            self = .string(value)\n        } else if let value = try? container.decode([JSONValue].self) {\n            self = .array(value)\n        } else if let value = try? container.decode([String: JSONValue].self) {\n            self = .object(value)\n        } else {\n            throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Expected a JSON value\")\n        }\n    }\n\n    "
        stack.append("access", to: &output)
        output += "func encode(to encoder: any Encoder) throws {\n        var container = encoder.singleValueContainer()\n        switch self {\n        case .null: try container.encodeNil()\n        case .bool(let value): try container.encode(value)\n        case .int(let value): try container.encode(value)\n        case .double(let value): try container.encode(value)\n        case .string(let value): try container.encode(value)\n        case .array(let value): try container.encode(value)\n        case .object(let value): try container.encode(value)\n        }\n    }\n}\n"
    }

    // swift-parse-field.mustache
    private static func swiftParseField(_ stack: inout TemplateStack, _ output: inout String) {
        stack.section("imports", &output) { stack, output in
            stack.append(".", to: &output)
            output += "\n"
        }
        output += "\n/// The name of a field of `Model` whose values are `Value`: the typed keys in each model's\n/// `Field` enum, the same as ParseRuntime's.\n"
        stack.append("access", to: &output)
        output += "struct ParseField<Model, Value>: Sendable, Hashable, CustomStringConvertible {\n    /// The field's name on the server.\n    "
        stack.append("access", to: &output)
        output += "let name: String\n\n    "
        stack.append("access", to: &output)
        output += "init(_ name: String) {\n        self.name = name\n    }\n\n    "
        stack.append("access", to: &output)
        output += "var description: String { name }\n}\n\n/// The name of a relation field of `Model` whose objects are `Target`s: the typed keys of\n/// relation fields in each model's `Field` enum, the same as ParseRuntime's.\n"
        stack.append("access", to: &output)
        output += "struct ParseRelationField<Model, Target>: Sendable, Hashable, CustomStringConvertible {\n    /// The field's name on the server.\n    "
        stack.append("access", to: &output)
        output += "let name: String\n\n    "
        stack.append("access", to: &output)
        output += "init(_ name: String) {\n        self.name = name\n    }\n\n    "
        stack.append("access", to: &output)
        output += "var description: String { name }\n}\n"
    }
}
