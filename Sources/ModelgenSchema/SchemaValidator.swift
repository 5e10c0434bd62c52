import Foundation
import ModelgenDiagnostics
import ModelgenYAML

/// Merges the declarations of every file into one `Schema` and checks every rule that needs
/// the whole model: names resolve, links point at classes, keys apply to their field's type,
/// defaults fit, inverses match, names do not collide, and every identifier fits the SQL dialects.
struct SchemaValidator {
    enum TypeKind { case enumeration, embedded, `class` }

    var files: [FileDeclarations]
    var diagnostics = DiagnosticCollector()
    /// Every declared type name, first declaration wins.
    var typeKinds: [String: (kind: TypeKind, location: SourceLocation)] = [:]
    var enumsByName: [String: EnumDefinition] = [:]
    /// The first declaration of each class name, without its fields.
    var classDeclarations: [String: ClassDeclaration] = [:]
    /// The inverse fields of each class in `classDeclarations`, kept once it is resolved for
    /// `checkInverses` to locate errors in.
    var inverseDeclarations: [String: [FieldDeclaration]] = [:]
    /// Names whose declarations failed with an error already reported; references to them
    /// are not reported again.
    var suppressed: Set<String> = []
    /// Bounds the "did you mean" lookups, which scan every declared name.
    var suggestions = SuggestionBudget()
    /// Case names of each enum, for checking defaults.
    var enumCaseNames: [String: Set<String>] = [:]

    init(files: [FileDeclarations]) {
        self.files = files
    }

    mutating func validate() -> Schema {
        registerTypeNames()
        var classes: [ClassDefinition] = []
        var enums: [EnumDefinition] = []
        var embedded: [EmbeddedDefinition] = []
        // By index, holding no copy of the declarations: each type's field declarations are
        // released as soon as its definition is made, so the model is never held twice.
        for fileIndex in files.indices {
            let path = files[fileIndex].file.path
            enums.append(contentsOf: files[fileIndex].enums)
            for index in files[fileIndex].embedded.indices {
                let declaration = files[fileIndex].embedded[index]
                let fields = resolveFields(declaration.fields, owner: .embedded(declaration.name))
                embedded.append(EmbeddedDefinition(name: declaration.name, description: declaration.description,
                                                   fields: fields, file: path, location: declaration.location))
                files[fileIndex].embedded[index].fields = []
            }
            for index in files[fileIndex].classes.indices {
                let declaration = files[fileIndex].classes[index]
                classes.append(resolveClass(declaration, file: path))
                releaseFields(of: declaration, at: (fileIndex, index))
            }
        }
        checkInverses(classes)
        checkEmbeddedCycles(embedded)
        checkIndexNamesAcrossClasses(classes)
        return Schema(files: files.map(\.file), classes: classes, enums: enums, embeddedTypes: embedded)
    }

    /// Drops a resolved class's field declarations, but for its inverses, which
    /// `checkInverses` locates errors in once every class is resolved.
    mutating func releaseFields(of declaration: ClassDeclaration, at position: (file: Int, index: Int)) {
        let inverses = declaration.fields.filter { if case .inverse? = $0.type { true } else { false } }
        files[position.file].classes[position.index].fields = inverses
        if classDeclarations[declaration.name]?.location == declaration.location {
            inverseDeclarations[declaration.name] = inverses
        }
    }

    /// Candidates for "did you mean", computed once the names are registered.
    var classNames: [String] = []
    var valueTypeNames: [String] = []

    // MARK: Classes

    mutating func resolveClass(_ declaration: ClassDeclaration, file: String) -> ClassDefinition {
        let builtin = BuiltinClass(rawValue: declaration.name)
        checkIdentifierLength(declaration.name, what: "class name", at: declaration.location)
        let fields = resolveFields(declaration.fields, owner: .class(declaration.name, builtin))
        var geopoint: FieldDefinition?
        for field in fields where field.type == .scalar(.geopoint) {
            if let first = geopoint {
                diagnostics.error("class '\(declaration.name)' has more than one geopoint field", at: field.location,
                                  notes: [.init("'\(first.name)' is a geopoint already; Parse allows one per class", at: first.location)])
            } else {
                geopoint = field
            }
        }
        for field in fields {
            guard case .relation = field.type else { continue }
            checkIdentifierLength(NamingRules.parseJoinTableName(className: declaration.name, field: field.name),
                                  what: "join table name", at: field.location)
        }
        for field in fields where field.isUnique {
            checkIdentifierLength(NamingRules.parseUniqueIndexName(className: declaration.name, field: field.name),
                                  what: "unique index name", at: field.location)
        }
        let indexes = resolveIndexes(declaration.indexes, fields: fields, declared: declaration.writtenFieldNames,
                                     builtin: builtin)
        let permissions = declaration.permissions.flatMap {
            resolvePermissions($0, className: declaration.name, fields: fields, declared: declaration.writtenFieldNames, builtin: builtin)
        }
        return ClassDefinition(name: declaration.name, swiftName: declaration.swiftName?.value,
                               description: declaration.description, formerly: declaration.formerly?.value ?? [],
                               fields: fields, indexes: indexes,
                               permissions: permissions, builtin: builtin, file: file, location: declaration.location)
    }

    mutating func checkIdentifierLength(_ name: String, what: String, at location: SourceLocation) {
        let limit = NamingRules.postgresIdentifierLimit
        guard name.utf8.count > limit else { return }
        diagnostics.error("\(what) '\(name)' is \(name.utf8.count) bytes, longer than PostgreSQL's \(limit)-byte limit",
                          at: location, notes: [.init("PostgreSQL would silently cut it; choose a shorter name")])
    }


    /// Cases listed in the note of a default that is not a case.
    static let maxListedCases = 20

    /// Cycles of embedded types reported one by one before the rest are summed up in one error.
    static let maxCycleReports = 100
}
