/// Builds the views the diagram templates render from a ``DiagramModel``: every name, type
/// and note already written in the notation's syntax, so the templates hold only layout.
struct DiagramViewModels {
    let model: DiagramModel
    let options: DiagramOptions
    let name: String

    func mermaid() -> MermaidDiagramView {
        let entities = model.entities.map { entity in
            let attributes = options.show == .names ? [] : entity.attributes.map { attribute in
                MermaidAttributeView(type: MermaidSyntax.type(attribute.type), name: MermaidSyntax.attributeName(attribute.name),
                                     keys: Self.keys(attribute).map { $0.joined(separator: ", ") },
                                     comment: Self.notes(attribute).map(MermaidSyntax.comment))
            }
            return MermaidEntityView(name: MermaidSyntax.entity(entity.name), attributes: attributes, hasAttributes: !attributes.isEmpty)
        }
        let relationships = model.relationships.map { line in
            MermaidRelationshipView(from: MermaidSyntax.entity(line.from), left: MermaidSyntax.leftEnd(line.fromEnd),
                                    right: MermaidSyntax.rightEnd(line.toEnd), to: MermaidSyntax.entity(line.to),
                                    label: MermaidSyntax.label(line.field))
        }
        return MermaidDiagramView(title: name, direction: options.direction.rawValue, entities: entities, relationships: relationships)
    }

    func dot() -> DOTDiagramView {
        let entities = model.entities.map { entity in
            DOTEntityView(id: DOTSyntax.id(entity.name), name: DOTSyntax.html(entity.name),
                          attributes: options.show == .names ? [] : entity.attributes.map { attribute in
                              let notes = (Self.keys(attribute) ?? []) + (Self.notes(attribute).map { [$0] } ?? [])
                              return DOTAttributeView(port: DOTSyntax.id(attribute.name), name: DOTSyntax.html(attribute.name),
                                                      type: DOTSyntax.html(attribute.type),
                                                      notes: DOTSyntax.html(notes.joined(separator: ", ")))
                          })
        }
        let relationships = model.relationships.map { line in
            let from = options.show == .names ? DOTSyntax.id(line.from) : DOTSyntax.id(line.from) + ":" + DOTSyntax.id(line.field)
            return DOTEdgeView(from: from, to: DOTSyntax.id(line.to), label: DOTSyntax.id(line.field),
                               tail: DOTSyntax.arrow(line.fromEnd), head: DOTSyntax.arrow(line.toEnd))
        }
        return DOTDiagramView(name: DOTSyntax.id(name), rankdir: options.direction.rawValue, entities: entities, relationships: relationships)
    }

    /// `PK`, `FK`, `UK`, as Mermaid names keys; `nil` for none.
    private static func keys(_ attribute: DiagramModel.Attribute) -> [String]? {
        var keys: [String] = []
        if attribute.isPrimaryKey { keys.append("PK") }
        if attribute.isForeignKey { keys.append("FK") }
        if attribute.isUnique { keys.append("UK") }
        return keys.isEmpty ? nil : keys
    }

    /// `required`, then what the type alone does not say; `nil` for nothing.
    private static func notes(_ attribute: DiagramModel.Attribute) -> String? {
        let notes = (attribute.isRequired ? ["required"] : []) + (attribute.note.map { [$0] } ?? [])
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
