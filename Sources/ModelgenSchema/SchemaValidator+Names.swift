import Foundation
import ModelgenDiagnostics
import ModelgenYAML

// Type names: registered once, Swift names that would clash, and former class names.
extension SchemaValidator {
    // MARK: Type names

    /// Names a declared type cannot take: the scalars' and the generics'.
    static let reservedTypeNames = Set(ScalarType.allCases.map(\.rawValue) + TypeExpression.genericNames)

    mutating func registerTypeNames() {
        // Sized once: grown name by name, the tables were rehashed a dozen times.
        let (classCount, typeCount) = files.reduce((0, 0)) { counts, file in
            (counts.0 + file.classes.count, counts.1 + file.classes.count + file.enums.count + file.embedded.count)
        }
        var lowered: [String: (String, SourceLocation)] = Dictionary(minimumCapacity: typeCount)
        typeKinds.reserveCapacity(typeCount)
        classDeclarations.reserveCapacity(classCount)
        func describe(_ kind: TypeKind) -> String {
            switch kind {
            case .enumeration: return "an enum"
            case .embedded: return "an embedded type"
            case .class: return "a class"
            }
        }
        func register(_ name: String, _ kind: TypeKind, _ location: SourceLocation) -> Bool {
            if let previous = typeKinds[name] {
                let message = previous.kind == kind ? "'\(name)' is declared more than once"
                    : "'\(name)' is already declared as \(describe(previous.kind))"
                diagnostics.error(message, at: location, notes: [.init("first declared here", at: previous.location)])
                suppressed.insert(name)
                return false
            }
            if let (other, otherLocation) = lowered[name.lowercased()] {
                suppressed.insert(name)
                diagnostics.error("'\(name)' and '\(other)' differ only in case", at: location,
                                  notes: [.init("'\(other)' is declared here", at: otherLocation),
                                          .init("their output files would overwrite each other on a case-insensitive file system")])
                return false
            }
            if Self.reservedTypeNames.contains(name) {
                suppressed.insert(name)
                diagnostics.error("'\(name)' is the name of a built-in type", at: location,
                                  notes: [.init("choose another name")])
                return false
            }
            typeKinds[name] = (kind, location)
            lowered[name.lowercased()] = (name, location)
            return true
        }
        // Generated Swift files are named after Swift type names: one Windows cannot create
        // would make the output impossible to check out there.
        func checkFileName(_ swiftName: String, of name: String, at location: SourceLocation) {
            guard NamingRules.isWindowsDeviceName(swiftName) else { return }
            diagnostics.error("'\(swiftName)' cannot name a generated file: \(swiftName.uppercased()) is a device name on Windows",
                              at: location, notes: [.init(swiftName == name ? "choose another name" : "choose another swiftName")])
        }
        for file in files {
            for definition in file.enums { checkFileName(definition.name, of: definition.name, at: definition.location) }
            for declaration in file.embedded { checkFileName(declaration.name, of: declaration.name, at: declaration.location) }
            for declaration in file.classes {
                checkFileName(declaration.swiftName?.value ?? declaration.name, of: declaration.name,
                              at: declaration.swiftName?.location ?? declaration.location)
            }
        }
        for file in files {
            suppressed.formUnion(file.failedTypeNames)
            for definition in file.enums where register(definition.name, .enumeration, definition.location) {
                enumsByName[definition.name] = definition
                enumCaseNames[definition.name] = Set(definition.cases.map(\.name))
            }
            for declaration in file.embedded {
                _ = register(declaration.name, .embedded, declaration.location)
            }
            for declaration in file.classes where register(declaration.name, .class, declaration.location) {
                // Without its fields: those stay in `files` alone, to be released as each class is resolved.
                var registered = declaration
                registered.fields = []
                classDeclarations[declaration.name] = registered
            }
        }
        checkSwiftTypeNames()
        checkFormerClassNames()
        classNames = classDeclarations.keys.sorted() + BuiltinClass.allCases.map(\.rawValue).filter { classDeclarations[$0] == nil }
        valueTypeNames = ScalarType.allCases.map(\.rawValue) + typeKinds.keys.filter { typeKinds[$0]?.kind != .class }.sorted()
    }

    mutating func checkSwiftTypeNames() {
        var used: [String: (String, SourceLocation)] = [:]
        for (name, entry) in typeKinds where entry.kind != .class { used[name] = (name, entry.location) }
        for file in files {
            for declaration in file.classes {
                guard let swiftName = declaration.swiftName, classDeclarations[declaration.name]?.location == declaration.location else { continue }
                if let (other, location) = used[swiftName.value], other != declaration.name {
                    diagnostics.error("swiftName '\(swiftName.value)' of class '\(declaration.name)' is already the Swift name of '\(other)'",
                                      at: swiftName.location, notes: [.init("'\(other)' is declared here", at: location)])
                } else if let clash = classDeclarations[swiftName.value], clash.swiftName == nil, swiftName.value != declaration.name {
                    diagnostics.error("swiftName '\(swiftName.value)' of class '\(declaration.name)' is already the Swift name of '\(swiftName.value)'",
                                      at: swiftName.location, notes: [.init("'\(swiftName.value)' is declared here", at: clash.location)])
                } else {
                    used[swiftName.value] = (declaration.name, declaration.location)
                }
            }
        }
    }

    /// `formerly` of classes: a former name is no class of this schema (a class cannot have been
    /// renamed from one that is still here), and no two classes claim it; Parse's built-in
    /// classes keep their names (and cannot be former names: the loader refuses names with `_`).
    mutating func checkFormerClassNames() {
        var claimed: [String: (String, SourceLocation)] = [:]
        for file in files {
            for declaration in file.classes {
                guard let formerly = declaration.formerly, classDeclarations[declaration.name]?.location == declaration.location else { continue }
                if BuiltinClass(rawValue: declaration.name) != nil {
                    diagnostics.error("'formerly' does not apply to \(declaration.name): Parse's built-in classes keep their names", at: formerly.location)
                    continue
                }
                for name in formerly.value {
                    if name == declaration.name {
                        diagnostics.error("'formerly' of class '\(declaration.name)' names the class itself", at: formerly.location,
                                          notes: [.init("list the names the class had before")])
                    } else if name.lowercased() == declaration.name.lowercased() {
                        continue
                    } else if let current = classDeclarations.values.first(where: { $0.name.lowercased() == name.lowercased() }) {
                        diagnostics.error("'formerly' of class '\(declaration.name)' names '\(name)', a class of this schema", at: formerly.location, notes: [
                            .init("'\(current.name)' is declared here", at: current.location),
                            .init("a class cannot have been renamed from one that is still here"),
                        ])
                    } else if let (other, location) = claimed[name.lowercased()], other != declaration.name {
                        diagnostics.error("'\(name)' is the former name of both '\(other)' and '\(declaration.name)'", at: formerly.location,
                                          notes: [.init("'\(other)' claims it here", at: location)])
                    } else {
                        claimed[name.lowercased()] = (declaration.name, formerly.location)
                    }
                }
            }
        }
    }
}
