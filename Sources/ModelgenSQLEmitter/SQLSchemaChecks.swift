import ModelgenDiagnostics
import ModelgenSchema

/// The problems that only SQL has, found before any script is written and reported at the
/// schema's own locations: names that would collide in a database, names SQLite reserves,
/// indexes PostgreSQL cannot build, and text a SQL literal cannot hold.
///
/// The tables are visited one at a time (for a large schema, each is made for the visit, in
/// outline, and dropped after it); what the checks keep of them is only the names, and
/// `finish` reports.
struct SQLSchemaChecks {
    let schema: Schema
    let options: SQLOptions
    /// The names tables, PostgreSQL's primary-key indexes and indexes take, in that order.
    private var tableNames: [Owner] = []
    private var primaryKeyNames: [Owner] = []
    private var indexNames: [Owner] = []
    /// Tables, then indexes, whose names SQLite reserves.
    private var reservedTableNames: [Owner] = []
    private var reservedIndexNames: [Owner] = []
    private var spatialProblems = DiagnosticCollector()

    init(schema: Schema, options: SQLOptions) {
        self.schema = schema
        self.options = options
    }

    /// Takes what the checks need of `table`.
    mutating func visit(_ table: SQLTable) {
        tableNames.append(Owner(name: table.name, what: table.origin, location: table.location))
        if options.dialects.contains(.postgresql) && !table.primaryKey.isEmpty {
            let kept = String(decoding: table.name.utf8.prefix(SQLSyntax.identifierLimit - 5), as: UTF8.self)
            primaryKeyNames.append(Owner(name: kept + "_pkey", kind: .primaryKey, what: table.origin, location: table.location))
        }
        for index in table.indexes {
            indexNames.append(Owner(name: index.name, kind: .index(ofClass: table.name), what: index.origin, location: index.location))
        }
        if options.dialects.contains(.sqlite) {
            if Self.isReservedBySQLite(table.name) {
                reservedTableNames.append(Owner(name: table.name, what: table.origin, location: table.location))
            }
            for index in table.indexes where Self.isReservedBySQLite(index.name) {
                reservedIndexNames.append(Owner(name: index.name, what: index.origin, location: index.location))
            }
        }
        if options.dialects.contains(.postgresql) { checkSpatialIndexes(of: table, diagnostics: &spatialProblems) }
    }

    /// Reports every problem, once every table is visited.
    func finish(diagnostics: inout DiagnosticCollector) {
        checkLiterals(diagnostics: &diagnostics)
        checkNames(diagnostics: &diagnostics)
        diagnostics.append(contentsOf: spatialProblems.diagnostics)
        if options.layout == .parseServer { checkParseServerIndexes(diagnostics: &diagnostics) }
    }

    // MARK: Literals

    /// PostgreSQL text cannot hold U+0000, and a NUL ends a statement in SQLite's C API.
    private func checkLiterals(diagnostics: inout DiagnosticCollector) {
        var enumsInColumns = Set<String>()
        for definition in schema.classes {
            for field in definition.fields {
                if case .enumeration(let name) = field.type { enumsInColumns.insert(name) }
                if case .string(let text)? = field.defaultValue, text.unicodeScalars.contains("\0") {
                    diagnostics.error("the default of field '\(field.name)' of class '\(definition.name)' contains a NUL character, which SQL text cannot hold",
                                      at: field.location, notes: [.init("remove the \\0 from the default")])
                }
            }
        }
        for definition in schema.enums where enumsInColumns.contains(definition.name) {
            for item in definition.cases {
                guard case .string(let text) = item.rawValue, text.unicodeScalars.contains("\0") else { continue }
                diagnostics.error("the raw value of case '\(item.name)' of enum '\(definition.name)' contains a NUL character, which SQL text cannot hold",
                                  at: item.location, notes: [.init("the raw value goes into a CHECK constraint; remove the \\0")])
            }
        }
    }

    // MARK: Names

    /// What one SQL name belongs to. Its description is composed only for a message: a large
    /// schema has tens of thousands of names and, with luck, no clash.
    private struct Owner {
        enum Kind {
            case table
            case primaryKey
            case index(ofClass: String)
        }

        var name: String
        var kind: Kind = .table
        /// What the table or index is ("the table of class 'Book'").
        var what: SQLOrigin
        var location: SourceLocation?

        var origin: String {
            switch kind {
            case .table: return what.description
            case .primaryKey: return "PostgreSQL's primary-key index of \(what)"
            case .index(let className): return "\(what) of class '\(className)'"
            }
        }
    }

    /// Tables and indexes share one namespace in both dialects (PostgreSQL's schema, SQLite's
    /// database), and SQLite compares names ignoring case. PostgreSQL also names each primary
    /// key's index `<table>_pkey`. A clash would make `IF NOT EXISTS` silently skip a table
    /// or an index, so it is an error.
    private func checkNames(diagnostics: inout DiagnosticCollector) {
        // Where each name was first claimed: a position in `owners`, kept small, since a large
        // schema has tens of thousands of names.
        let groups = [tableNames, primaryKeyNames, indexNames]
        var seen: [String: (group: Int8, index: Int32)] = [:]
        seen.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for (group, owners) in groups.enumerated() {
            for (index, owner) in owners.enumerated() {
                // One hash for a new name (nearly every one); a clash puts the first back.
                let key = owner.name.lowercased()
                guard let firstPosition = seen.updateValue((Int8(group), Int32(index)), forKey: key) else { continue }
                seen[key] = firstPosition
                let first = groups[Int(firstPosition.group)][Int(firstPosition.index)]
                let (earlier, later) = owner.location == nil && first.location != nil ? (owner, first) : (first, owner)
                var notes: [Diagnostic.Note] = []
                if let location = earlier.location, location != later.location { notes.append(.init("\(earlier.origin) is declared here", at: location)) }
                notes.append(.init(first.name == owner.name ? "tables and indexes share one namespace in PostgreSQL and SQLite"
                                   : "SQLite ignores case in names, so '\(first.name)' and '\(owner.name)' are the same name"))
                diagnostics.error("SQL name '\(later.name)' of \(later.origin) is already the name of \(earlier.origin)",
                                  at: later.location ?? earlier.location, notes: notes)
            }
        }
        for owner in reservedTableNames + reservedIndexNames {
            diagnostics.error("SQL name '\(owner.name)' of \(owner.origin) starts with 'sqlite_', which SQLite reserves for itself",
                              at: owner.location, notes: [.init("choose a name that does not start with 'sqlite_'")])
        }
    }

    private static func isReservedBySQLite(_ name: String) -> Bool {
        // An ASCII name (nearly every one) is compared byte by byte, without the lowered copy.
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return bytes.count >= reservedPrefix.count
                && zip(bytes, reservedPrefix).allSatisfy { $0 | 0x20 == $1 || $0 == $1 }
        } ?? nil
        return ascii ?? name.lowercased().hasPrefix("sqlite_")
    }

    private static let reservedPrefix = Array("sqlite_".utf8)

    // MARK: Indexes

    /// PostgreSQL indexes `point` and `polygon` only with GiST, which cannot be unique and
    /// cannot mix them with other columns (that needs the btree_gist extension).
    private func checkSpatialIndexes(of table: SQLTable, diagnostics: inout DiagnosticCollector) {
        for index in table.indexes where index.isSpatial {
            let types = index.keys.map { table.column(named: $0.column)?.type }
            if index.isUnique {
                diagnostics.error("\(index.origin) of class '\(table.name)' is unique, but PostgreSQL cannot make a unique index on a geopoint or polygon",
                                  at: index.location, notes: [.init("PostgreSQL indexes points and polygons with GiST, which has no unique indexes")])
            } else if types.contains(where: { $0?.isSpatial != true }) {
                diagnostics.error("\(index.origin) of class '\(table.name)' mixes a geopoint or polygon with other fields, which PostgreSQL cannot index together",
                                  at: index.location, notes: [.init("index the geopoint or polygon on its own")])
            }
        }
    }

    /// Parse Server's tables have no column for some of modelgen's predefined fields.
    private func checkParseServerIndexes(diagnostics: inout DiagnosticCollector) {
        for definition in schema.classes {
            for index in definition.indexes {
                for field in index.fields where ParseServerLayout.columnName(of: field, in: definition.builtin) == nil {
                    diagnostics.error("index names '\(field)', which Parse Server's \(definition.name) table has no column for",
                                      at: index.location, notes: [.init("the parse-server layout writes exactly Parse Server's tables")])
                }
            }
        }
    }
}
