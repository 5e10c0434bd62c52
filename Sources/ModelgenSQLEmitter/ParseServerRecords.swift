import ModelgenParseServer
import ModelgenSchema

/// What a migration in the `parse-server` layout changes in Parse Server's own record of its
/// classes: the `schema` JSON of each `_SCHEMA` row (`className`, `fields`, `indexes`,
/// `classLevelPermissions`), which Parse Server reads instead of the tables. A rename, a type
/// change, a field added or dropped and a class dropped change the record the way Parse
/// Server's adapter would have (`addFieldIfNotExists`, `deleteFields`, `deleteClass`), so that
/// Parse Server, started again with the new defined schema, finds what it expects and has no
/// field to recreate (which would lose its values).
///
/// Only rows that are there change: a class Parse Server has not recorded yet is recorded by
/// Parse Server when it first creates it (its `CREATE TABLE IF NOT EXISTS` passes over the
/// table). Declared indexes that come or go are left to Parse Server's defined schema, which
/// records them as it creates or drops them; indexes renamed with their class or field are
/// renamed in the record.
struct ParseServerRecords {
    enum Change: Equatable {
        /// The class's row and every field that points to it.
        case classRenamed(from: String, to: String)
        /// In the class's record: the field, the indexes on it and the permissions naming it.
        case fieldRenamed(className: String, from: String, to: String)
        case indexRenamed(className: String, from: String, to: String)
        /// A new field, or a field whose Parse type changes: its `type` (and `targetClass`).
        case fieldTyped(className: String, field: String, type: ParseType, targetClass: String?)
        /// The field and the indexes on it (PostgreSQL drops them with the column).
        case fieldDropped(className: String, field: String)
        case classDropped(className: String)
    }

    /// In the order they run: renames first (names after them are the new ones), then the rest.
    private(set) var changes: [Change] = []

    /// The changes from the old version (as `renames` found it) to `new`, given the renames
    /// `new` declares and the table renames they make (for the indexes renamed with them).
    init(new: Schema, renames: SQLSchemaRenames, tableRenames: [SQLTableRename]) {
        for (from, to) in renames.classes.sorted(by: { $0.key < $1.key }) {
            changes.append(.classRenamed(from: from, to: to))
        }
        for (className, fields) in renames.fields.sorted(by: { $0.key < $1.key }) {
            for (from, to) in fields.sorted(by: { $0.key < $1.key }) {
                changes.append(.fieldRenamed(className: className, from: from, to: to))
            }
        }
        for rename in tableRenames {
            guard case .classTable(let className) = rename.renamed.origin else { continue }
            for index in rename.indexes { changes.append(.indexRenamed(className: className, from: index.from, to: index.to)) }
        }
        let renamedOld = renames.renamedOld
        for newClass in new.classes {
            guard let oldClass = renamedOld.classDefinition(named: newClass.name) else { continue }
            for field in oldClass.fields where Self.isStored(field, of: oldClass, in: renamedOld) {
                if newClass.field(named: field.name) == nil {
                    changes.append(.fieldDropped(className: newClass.name, field: field.name))
                }
            }
            for field in newClass.fields where Self.isStored(field, of: newClass, in: new) {
                guard let parse = ParseTypeMapping.parseType(of: field.type, in: new) else { continue }
                let before = oldClass.field(named: field.name).flatMap { ParseTypeMapping.parseType(of: $0.type, in: renamedOld) }
                if before?.type != parse.type || before?.targetClass != parse.targetClass {
                    changes.append(.fieldTyped(className: newClass.name, field: field.name, type: parse.type, targetClass: parse.targetClass))
                }
            }
        }
        for oldClass in renamedOld.classes where new.classDefinition(named: oldClass.name) == nil {
            changes.append(.classDropped(className: oldClass.name))
        }
    }

    var isEmpty: Bool { changes.isEmpty }

    /// The classes whose rows change, by the names they have before the migration.
    var classesRecordedBefore: [String] {
        var renamedFrom: [String: String] = [:]
        var names: [String] = []
        for change in changes {
            switch change {
            case .classRenamed(let from, let to):
                renamedFrom[to] = from
                names.append(from)
            case .fieldRenamed(let className, _, _), .indexRenamed(let className, _, _), .fieldTyped(let className, _, _, _),
                 .fieldDropped(let className, _), .classDropped(let className):
                names.append(renamedFrom[className] ?? className)
            }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A field Parse Server has in its record: not an inverse (never stored), and stored under
    /// its own name.
    private static func isStored(_ field: FieldDefinition, of definition: ClassDefinition, in schema: Schema) -> Bool {
        ParseTypeMapping.parseType(of: field.type, in: schema) != nil
            && ParseServerLayout.columnName(of: field.name, in: definition.builtin) == field.name
    }

    // MARK: PostgreSQL

    /// The functions the statements call, made for the session (`pg_temp`), each only where a
    /// change needs it.
    var postgresFunctions: [String] {
        var functions: [String] = []
        if changes.contains(where: { if case .fieldRenamed = $0 { true } else { false } }) {
            functions += [Self.renamedElement, Self.fieldRenamed]
        }
        if !newClassNames.isEmpty { functions.append(Self.classRenamed) }
        if changes.contains(where: { if case .fieldDropped = $0 { true } else { false } }) { functions.append(Self.fieldDropped) }
        return functions
    }

    /// One `UPDATE` or `DELETE` of `_SCHEMA` per change.
    var postgresStatements: [String] {
        changes.map { change in
            switch change {
            case .classRenamed(let from, let to):
                let old = SQLSyntax.stringLiteral(from), new = SQLSyntax.stringLiteral(to)
                return """
                    UPDATE "_SCHEMA" SET "className" = \(new) WHERE "className" = \(old);
                    UPDATE "_SCHEMA" SET "schema" = pg_temp.modelgen_class_renamed("schema", \(old), \(new))
                        WHERE "schema" IS DISTINCT FROM pg_temp.modelgen_class_renamed("schema", \(old), \(new));
                    """
            case .fieldRenamed(let className, let from, let to):
                return #"UPDATE "_SCHEMA" SET "schema" = pg_temp.modelgen_field_renamed("schema", \#(SQLSyntax.stringLiteral(from)), \#(SQLSyntax.stringLiteral(to))) WHERE "className" = \#(SQLSyntax.stringLiteral(className));"#
            case .indexRenamed(let className, let from, let to):
                let old = Self.path("indexes", from)
                return #"UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema" #- \#(old), \#(Self.path("indexes", to)), "schema" #> \#(old)) WHERE "className" = \#(SQLSyntax.stringLiteral(className)) AND "schema" #> \#(old) IS NOT NULL;"#
            case .fieldTyped(let className, let field, let type, let targetClass):
                var entry = #"{"type": "\#(type.rawValue)""#
                if let targetClass { entry += #", "targetClass": "\#(targetClass)""# }
                entry += "}"
                let path = Self.path("fields", field)
                return #"UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", \#(path), (COALESCE("schema" #> \#(path), '{}') - 'targetClass') || \#(SQLSyntax.stringLiteral(entry))) WHERE "className" = \#(SQLSyntax.stringLiteral(className));"#
            case .fieldDropped(let className, let field):
                return #"UPDATE "_SCHEMA" SET "schema" = pg_temp.modelgen_field_dropped("schema", \#(SQLSyntax.stringLiteral(field))) WHERE "className" = \#(SQLSyntax.stringLiteral(className));"#
            case .classDropped(let className):
                return #"DELETE FROM "_SCHEMA" WHERE "className" = \#(SQLSyntax.stringLiteral(className));"#
            }
        }
    }

    /// The class names a rename gives that Parse Server must not have recorded already.
    var newClassNames: [String] {
        changes.compactMap { if case .classRenamed(_, let to) = $0 { to } else { nil } }
    }

    /// `'{fields,name}'`: names here are identifiers, with no comma, brace or quote to escape.
    private static func path(_ parts: String...) -> String {
        SQLSyntax.stringLiteral("{" + parts.joined(separator: ",") + "}")
    }

    /// An array with every element equal to one string replaced by another; any other value as it is.
    private static let renamedElement = """
        CREATE OR REPLACE FUNCTION pg_temp.modelgen_renamed_element(list jsonb, old_name text, new_name text) RETURNS jsonb
        LANGUAGE sql IMMUTABLE STRICT AS $function$
            SELECT CASE WHEN jsonb_typeof(list) <> 'array' THEN list ELSE (
                SELECT COALESCE(jsonb_agg(CASE WHEN element = to_jsonb(old_name) THEN to_jsonb(new_name) ELSE element END ORDER BY position), '[]')
                FROM jsonb_array_elements(list) WITH ORDINALITY AS elements(element, position)) END
        $function$;
        """

    /// A field renamed in a class's record: its entry in `fields`, its key in every index, and
    /// every place the class-level permissions name it (`protectedFields`, `readUserFields`,
    /// `writeUserFields`, `pointerFields`, `userField:<field>`).
    private static let fieldRenamed = """
        CREATE OR REPLACE FUNCTION pg_temp.modelgen_field_renamed(record jsonb, old_name text, new_name text) RETURNS jsonb
        LANGUAGE plpgsql IMMUTABLE STRICT AS $function$
        DECLARE
            result jsonb := record;
        BEGIN
            IF jsonb_typeof(result -> 'fields') = 'object' AND result -> 'fields' ? old_name THEN
                result := jsonb_set(result #- ARRAY['fields', old_name], ARRAY['fields', new_name], result -> 'fields' -> old_name);
            END IF;
            IF jsonb_typeof(result -> 'indexes') = 'object' THEN
                result := jsonb_set(result, '{indexes}', COALESCE((
                    SELECT jsonb_object_agg(name, CASE WHEN jsonb_typeof(keys) = 'object' AND keys ? old_name
                                                       THEN (keys - old_name) || jsonb_build_object(new_name, keys -> old_name) ELSE keys END)
                    FROM jsonb_each(result -> 'indexes') AS indexes(name, keys)), '{}'));
            END IF;
            IF jsonb_typeof(result -> 'classLevelPermissions') = 'object' THEN
                result := jsonb_set(result, '{classLevelPermissions}', COALESCE((
                    SELECT jsonb_object_agg(operation, CASE jsonb_typeof(rule)
                        WHEN 'array' THEN pg_temp.modelgen_renamed_element(rule, old_name, new_name)
                        WHEN 'object' THEN COALESCE((
                            SELECT jsonb_object_agg(CASE WHEN who = 'userField:' || old_name THEN 'userField:' || new_name ELSE who END,
                                                    pg_temp.modelgen_renamed_element(fields, old_name, new_name))
                            FROM jsonb_each(rule) AS entries(who, fields)), '{}')
                        ELSE rule END)
                    FROM jsonb_each(result -> 'classLevelPermissions') AS permissions(operation, rule)), '{}'));
            END IF;
            RETURN result;
        END
        $function$;
        """

    /// A class renamed in a record: its own `className`, and every field's `targetClass`.
    private static let classRenamed = """
        CREATE OR REPLACE FUNCTION pg_temp.modelgen_class_renamed(record jsonb, old_name text, new_name text) RETURNS jsonb
        LANGUAGE plpgsql IMMUTABLE STRICT AS $function$
        DECLARE
            result jsonb := record;
        BEGIN
            IF result ->> 'className' = old_name THEN
                result := jsonb_set(result, '{className}', to_jsonb(new_name));
            END IF;
            IF jsonb_typeof(result -> 'fields') = 'object' THEN
                result := jsonb_set(result, '{fields}', COALESCE((
                    SELECT jsonb_object_agg(name, CASE WHEN jsonb_typeof(field) = 'object' AND field ->> 'targetClass' = old_name
                                                       THEN jsonb_set(field, '{targetClass}', to_jsonb(new_name)) ELSE field END)
                    FROM jsonb_each(result -> 'fields') AS fields(name, field)), '{}'));
            END IF;
            RETURN result;
        END
        $function$;
        """

    /// A field dropped from a record, with the indexes on it.
    private static let fieldDropped = """
        CREATE OR REPLACE FUNCTION pg_temp.modelgen_field_dropped(record jsonb, field_name text) RETURNS jsonb
        LANGUAGE plpgsql IMMUTABLE STRICT AS $function$
        DECLARE
            result jsonb := record #- ARRAY['fields', field_name];
        BEGIN
            IF jsonb_typeof(result -> 'indexes') = 'object' THEN
                result := jsonb_set(result, '{indexes}', COALESCE((
                    SELECT jsonb_object_agg(name, keys) FROM jsonb_each(result -> 'indexes') AS indexes(name, keys)
                    WHERE NOT (jsonb_typeof(keys) = 'object' AND keys ? field_name)), '{}'));
            END IF;
            RETURN result;
        END
        $function$;
        """
}
