import ModelgenDiagnostics
import ModelgenSchema

/// The renames a new schema version declares with `formerly`, found against the old version.
///
/// A class whose name the old version lacks, but which names an old class in `formerly`, was
/// renamed from it; a field likewise within its class. (A `formerly` that names nothing in the
/// old version is from an earlier rename, and says nothing here.) `renamedOld` is the old
/// version as it would be with the new names: its tables, made by the layout, have the names a
/// fresh database has, and the migration first renames the database's to them, then changes
/// the rest as for any two versions.
struct SQLSchemaRenames {
    /// Old class name to new.
    private(set) var classes: [String: String] = [:]
    /// New class name, then old field name, to new field name.
    private(set) var fields: [String: [String: String]] = [:]
    /// A `formerly` that names more than one thing of the old version.
    private(set) var problems: [Diagnostic] = []
    private(set) var renamedOld: Schema

    init(old: Schema, new: Schema) {
        let oldClasses = Dictionary(old.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newClassNames = Set(new.classes.map(\.name))
        for newClass in new.classes where oldClasses[newClass.name] != nil {
            // Renamed onto a name the old version has too: which data would the class keep?
            let onto = newClass.formerly.filter { oldClasses[$0] != nil && !newClassNames.contains($0) }
            if !onto.isEmpty {
                problems.append(.error("class '\(newClass.name)': the old schema has both '\(newClass.name)' and \(Self.list(onto)), which its 'formerly' names",
                                       at: newClass.location, notes: [
                                        .init("a class cannot be renamed onto one that is still there: remove '\(newClass.name)' in one migration, then rename in the next"),
                                       ]))
            }
        }
        for newClass in new.classes where oldClasses[newClass.name] == nil {
            let matches = newClass.formerly.filter { oldClasses[$0] != nil }
            if matches.count > 1 {
                problems.append(.error("class '\(newClass.name)': the old schema has \(Self.list(matches)), which its 'formerly' all names",
                                       at: newClass.location, notes: [.init("keep the one it was renamed from")]))
            } else if let from = matches.first {
                classes[from] = newClass.name
            }
        }
        let newNameOf = Dictionary(classes.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for newClass in new.classes {
            guard let oldClass = oldClasses[newNameOf[newClass.name] ?? newClass.name] else { continue }
            let oldFields = Set(oldClass.fields.map(\.name))
            let newFields = Set(newClass.fields.map(\.name))
            for field in newClass.fields where oldFields.contains(field.name) {
                let onto = field.formerly.filter { oldFields.contains($0) && !newFields.contains($0) }
                if !onto.isEmpty {
                    problems.append(.error("\(newClass.name).\(field.name): the old schema has both '\(field.name)' and \(Self.list(onto)), which its 'formerly' names",
                                           at: field.location, notes: [
                                            .init("a field cannot be renamed onto one that is still there: remove '\(field.name)' in one migration, then rename in the next"),
                                           ]))
                }
            }
            for field in newClass.fields where !oldFields.contains(field.name) {
                let matches = field.formerly.filter(oldFields.contains)
                if matches.count > 1 {
                    problems.append(.error("\(newClass.name).\(field.name): the old schema has \(Self.list(matches)), which its 'formerly' all names",
                                           at: field.location, notes: [.init("keep the one it was renamed from")]))
                } else if let from = matches.first {
                    fields[newClass.name, default: [:]][from] = field.name
                }
            }
        }
        renamedOld = old
        guard !classes.isEmpty || !fields.isEmpty else { return }
        renamedOld = Schema(files: old.files, classes: old.classes.map(rename), enums: old.enums,
                            embeddedTypes: old.embeddedTypes.map { embedded in
                                var embedded = embedded
                                embedded.fields = embedded.fields.map { field in
                                    var field = field
                                    field.type = retarget(field.type)
                                    return field
                                }
                                return embedded
                            })
    }

    var isEmpty: Bool { classes.isEmpty && fields.isEmpty }

    private func rename(_ definition: ClassDefinition) -> ClassDefinition {
        var definition = definition
        let name = classes[definition.name] ?? definition.name
        let renamedFields = fields[name] ?? [:]
        definition.name = name
        definition.fields = definition.fields.map { field in
            var field = field
            if let to = renamedFields[field.name] { field.name = to }
            field.type = retarget(field.type)
            return field
        }
        definition.indexes = definition.indexes.map { index in
            var index = index
            index.fields = index.fields.map { renamedFields[$0] ?? $0 }
            return index
        }
        return definition
    }

    /// A type with the classes (and an inverse's field) it names renamed.
    private func retarget(_ type: FieldType) -> FieldType {
        switch type {
        case .pointer(let target): .pointer(classes[target] ?? target)
        case .relation(let target): .relation(classes[target] ?? target)
        case .inverse(let className, let field):
            .inverse(className: classes[className] ?? className, field: fields[classes[className] ?? className]?[field] ?? field)
        case .array(let element): .array(retarget(element))
        case .map(let element): .map(retarget(element))
        default: type
        }
    }

    private static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: " and ")
    }
}

/// What one table of the old version is renamed to: the table, its columns, indexes and
/// foreign keys, each to the name a fresh database made from the new names has.
struct SQLTableRename {
    var original: SQLTable
    var renamed: SQLTable
    var columns: [(from: String, to: String)] = []
    var indexes: [(from: String, to: String)] = []
    var foreignKeys: [(from: String, to: String)] = []

    var tableIsRenamed: Bool { original.name != renamed.name }
    var isEmpty: Bool { !tableIsRenamed && columns.isEmpty && indexes.isEmpty && foreignKeys.isEmpty }

    /// Pairs what the layout made from the old version with what it made from the renamed one:
    /// the same declarations in the same order, so the same positions. `nil` when nothing is
    /// renamed.
    init?(original: SQLTable, renamed: SQLTable) {
        self.original = original
        self.renamed = renamed
        let before = SQLTableDiff.columns(of: original), after = SQLTableDiff.columns(of: renamed)
        columns = zip(before, after).filter { $0.name != $1.name }.map { ($0.name, $1.name) }
        indexes = zip(original.indexes, renamed.indexes).filter { $0.name != $1.name }.map { ($0.name, $1.name) }
        foreignKeys = zip(original.foreignKeys, renamed.foreignKeys).filter { $0.name != $1.name }.map { ($0.name, $1.name) }
        if isEmpty { return nil }
    }

    /// The name PostgreSQL gives a table's primary key when `CREATE TABLE` does not:
    /// `<table>_pkey`, the table's part cut so that the whole fits its 63 bytes (names here are ASCII).
    static func postgresPrimaryKeyName(of table: String) -> String {
        let limit = NamingRules.postgresIdentifierLimit - "_pkey".utf8.count
        return String(table.utf8.prefix(limit)).map { $0 + "_pkey" } ?? table + "_pkey"
    }
}

extension SQLTable {
    /// The table with the descriptions of `original` (the same table under other names), its
    /// own and its columns', position by position.
    func describedAs(_ original: SQLTable) -> SQLTable {
        var table = self
        table.description = original.description
        let descriptions = SQLTableDiff.columns(of: original).map(\.description)
        var column = 0
        for index in table.elements.indices {
            guard case .column(var element) = table.elements[index], column < descriptions.count else { continue }
            element.description = descriptions[column]
            table.elements[index] = .column(element)
            column += 1
        }
        return table
    }
}
