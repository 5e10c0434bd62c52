import Foundation
import ModelgenDiagnostics
import ModelgenYAML

// Inverses and embedded cycles: rules that need every class resolved.
extension SchemaValidator {
    // MARK: Inverses and cycles

    mutating func checkInverses(_ classes: [ClassDefinition]) {
        let byName = Dictionary(classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Field positions by name, made only for the classes an inverse names: a copy of every
        // class's fields would be a second schema's worth of memory.
        var fieldPositions: [String: [String: Int]] = [:]
        for definition in classes {
            // The declarations by name, made only when an inverse is reported.
            var declarationsByName: [String: FieldDeclaration]?
            func declarations() -> [String: FieldDeclaration] {
                if let declarationsByName { return declarationsByName }
                let made = Dictionary((inverseDeclarations[definition.name] ?? []).map { ($0.name, $0) },
                                      uniquingKeysWith: { first, _ in first })
                declarationsByName = made
                return made
            }
            for field in definition.fields {
                guard case .inverse(let target, let targetField) = field.type else { continue }
                var linkedType: FieldType?
                var linkedLocation: SourceLocation?
                if let targetClass = byName[target] {
                    if fieldPositions[target] == nil {
                        fieldPositions[target] = Dictionary(targetClass.fields.enumerated().map { ($1.name, $0) },
                                                            uniquingKeysWith: { first, _ in first })
                    }
                    if let position = fieldPositions[target]?[targetField] {
                        linkedType = targetClass.fields[position].type
                        linkedLocation = targetClass.fields[position].location
                    }
                }
                if linkedType == nil, NamingRules.implicitFieldNames.contains(targetField) || targetField == "ACL" {
                    linkedType = targetField == "objectId" ? .scalar(.string) : targetField == "ACL" ? .scalar(.object) : .scalar(.date)
                }
                if linkedType == nil, let builtin = BuiltinClass(rawValue: target) {
                    linkedType = builtin.predefinedFields.first { $0.name == targetField }?.type
                }
                // Only an error needs the location of the field name inside the type text.
                var location: SourceLocation { inverseFieldLocation(of: field, declarations: declarations()) }
                guard let linkedType else {
                    if byName[target] != nil || BuiltinClass(rawValue: target) != nil, !fieldWasDropped(targetField, of: target) {
                        var notes: [Diagnostic.Note] = []
                        let known = (byName[target]?.fields.map(\.name) ?? [])
                            + (BuiltinClass(rawValue: target)?.predefinedFields.map(\.name) ?? [])
                        if suggestions.spend(known.count), let near = Suggestions.note(for: targetField, among: known) { notes.append(near) }
                        diagnostics.error("inverse names unknown field '\(targetField)' of class '\(target)'",
                                          at: location, notes: notes)
                    }
                    continue
                }
                switch linkedType {
                case .pointer(definition.name), .relation(definition.name), .array(.pointer(definition.name)):
                    continue
                case .pointer(let other), .relation(let other), .array(.pointer(let other)):
                    diagnostics.error("inverse<\(target).\(targetField)> does not link to '\(definition.name)'",
                                      at: location,
                                      notes: [.init("'\(target).\(targetField)' is \(linkedType), which links to '\(other)'",
                                                    at: linkedLocation)])
                default:
                    diagnostics.error("inverse<\(target).\(targetField)> names a field that is not a pointer, an array of pointers or a relation",
                                      at: location,
                                      notes: [.init("'\(target).\(targetField)' is \(linkedType)", at: linkedLocation)])
                }
            }
        }
    }

    func fieldWasDropped(_ field: String, of className: String) -> Bool {
        classDeclarations[className]?.writtenFieldNames.contains(field) ?? false
    }

    /// Where the field name of `inverse<C.field>` is written, for errors about that field.
    func inverseFieldLocation(of field: FieldDefinition, declarations: [String: FieldDeclaration]) -> SourceLocation {
        guard let declaration = declarations[field.name],
              case .inverse(_, _, _, let fieldOffset)? = declaration.type else {
            return field.location
        }
        return declaration.typeLocation(at: fieldOffset)
    }

    /// Reports embedded types that contain themselves through direct (non-collection) fields,
    /// one error per cycle. Linear in the number of types and fields, and without recursion: a
    /// chain of thousands of embedded types must not exhaust the stack.
    mutating func checkEmbeddedCycles(_ embedded: [EmbeddedDefinition]) {
        let byName = Dictionary(embedded.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // An array or map breaks the recursion, so only direct embedded fields are edges.
        func edges(_ name: String) -> [(field: FieldDefinition, target: String)] {
            (byName[name]?.fields ?? []).compactMap { field in
                guard case .embedded(let target) = field.type, byName[target] != nil else { return nil }
                return (field, target)
            }
        }
        let component = NameGraph.stronglyConnectedComponents(embedded.map(\.name), edges: { edges($0).map(\.target) })
        var reported = Set<String>()
        var reports = 0
        for definition in embedded {
            guard !reported.contains(definition.name), let own = component[definition.name] else { continue }
            // Each report costs a search of its component: bound them, as compilers bound errors.
            guard reports < Self.maxCycleReports else {
                let rest = embedded.filter { component[$0.name] != nil && !reported.contains($0.name) }
                diagnostics.error("\(rest.count) more embedded types are on cycles", at: definition.location,
                                  notes: [.init("fix the cycles reported above first")])
                return
            }
            reports += 1
            // The first path (depth first, fields in written order) back to the start, within its component.
            var path: [(String, FieldDefinition)] = []
            var stack: [(name: String, edges: [(field: FieldDefinition, target: String)], next: Int)] =
                [(definition.name, edges(definition.name), 0)]
            var visiting: Set<String> = [definition.name]
            var found = false
            search: while !stack.isEmpty {
                let top = stack.count - 1
                guard stack[top].next < stack[top].edges.count else {
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                let (field, target) = stack[top].edges[stack[top].next]
                stack[top].next += 1
                guard component[target] == own else { continue }
                if target == definition.name {
                    path.append((stack[top].name, field))
                    found = true
                    break search
                }
                guard visiting.insert(target).inserted else { continue }
                path.append((stack[top].name, field))
                stack.append((target, edges(target), 0))
            }
            guard found, let (_, first) = path.first else { continue }
            for (name, _) in path { reported.insert(name) }
            let chain = path.map { "\($0.0).\($0.1.name)" }.joined(separator: " -> ")
            diagnostics.error("embedded type '\(definition.name)' contains itself (\(chain))", at: first.location,
                              notes: [.init("a value cannot contain itself; use array<\(path.last!.1.type)> or make one side a class")])
        }
    }
}
