import Foundation
import ModelMapper
import ModelgenCore
import TestSupport
import Testing

/// `modelgen diagram`: entities, relationships with their cardinalities, inheritance, for every
/// model of the package, as Mermaid and as DOT that Graphviz draws.
@Suite("Model diagrams")
struct ModelDiagramTests {
    static let models = ["Authors", "Bands", "Catalog", "Media", "Photos"]

    @Test("the Authors model as Mermaid: each entity's own attributes, one edge per relationship and its inverse")
    func authorsMermaid() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        // An author has 0..* books and a book 0..1 author; a book 0..1 pricing and a pricing
        // 0..1 book (all optional in the model file).
        #expect(
            ModelDiagram.render(model, format: .mermaid) == """
                classDiagram
                    direction LR
                    class Author {
                        +Integer64 authorID
                        +Date? dateOfBirth
                        +String? firstName
                        +String lastName
                    }
                    class Book {
                        +Integer64 bookID
                        +Boolean? favorite
                        +Double? rating
                        +Decimal? retailPrice
                        +Array~String~? tags
                        +String title
                        +Integer16? year
                    }
                    class Pricing {
                        +String currency
                        +Decimal? listPrice
                    }
                    Author "0..1" --> "0..*" Book : books / author
                    Book "0..1" --> "0..1" Pricing : pricing / book

                """
        )
    }

    @Test("cardinalities: required, bounded and unbounded to-manys, and a relationship without an inverse")
    func cardinalities() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Team">
                    <relationship name="members" toMany="YES" minCount="2" maxCount="5" optional="NO" destinationEntity="Person" inverseName="team" inverseEntity="Person"/>
                    <relationship name="sponsor" maxCount="1" optional="NO" destinationEntity="Person"/>
                  </entity>
                  <entity name="Person">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="team" maxCount="1" optional="YES" destinationEntity="Team" inverseName="members" inverseEntity="Team"/>
                  </entity>
                  <entity name="Coach" parentEntity="Person"/>
                </model>
                """
        )
        let mermaid = ModelDiagram.render(model, format: .mermaid)
        #expect(mermaid.contains(#"Team "0..1" --> "2..5" Person : members / team"#))
        #expect(mermaid.contains(#"Team "*" --> "1" Person : sponsor"#))
        #expect(mermaid.contains("Person <|-- Coach"))
        // An entity with nothing of its own is still drawn.
        #expect(mermaid.contains("    class Coach\n"))
        let dot = ModelDiagram.render(model, format: .dot, title: "Teams")
        #expect(dot.hasPrefix("digraph \"Teams\" {\n"))
        #expect(
            dot.contains(
                #""Team" -> "Person" [label="members / team", taillabel="0..1", headlabel="2..5", arrowhead=vee];"#
            )
        )
        #expect(dot.contains(#""Coach" -> "Person" [arrowhead=empty, style=dashed];"#))
    }

    @Test(
        "every model of the package: each entity drawn, each relationship in exactly one edge, each subentity linked",
        arguments: models
    )
    func everyModel(name: String) throws {
        let model = try ObjectModel(contentsOf: TestPaths.model(name))
        let mermaid = ModelDiagram.render(model, format: .mermaid)
        let dot = ModelDiagram.render(model, format: .dot, title: name)
        let edges = mermaid.split(separator: "\n").filter { $0.contains(" --> ") }
        for entity in model.entities {
            #expect(mermaid.contains("    class \(entity.name)"), "\(name): \(entity.name)")
            #expect(dot.contains("<b>\(entity.name)</b>"), "\(name): \(entity.name)")
            if let superentity = entity.superentity {
                #expect(mermaid.contains("\(superentity.name) <|-- \(entity.name)"))
            }
            for relationship in entity.relationships where relationship.entity == entity {
                let ends = [
                    "\(entity.name) \"", "\" \(relationship.destinationEntity.name) : \(relationship.name)",
                    "\(relationship.destinationEntity.name) \"", "\" \(entity.name) : ",
                ]
                let drawn = edges.filter { edge in
                    (edge.contains(ends[0]) && edge.contains(ends[1]))
                        || (edge.contains(ends[2]) && edge.contains(ends[3])
                            && edge.hasSuffix(" / \(relationship.name)"))
                }
                #expect(drawn.count == 1, "\(name): \(entity.name).\(relationship.name) is in \(drawn.count) edges")
            }
        }
    }
}
