import Foundation
import ModelMapper
import TestSupport
import Testing

/// The DocC article "Writing a Model File": its complete example loads with no warning and
/// has what the article says it shows.
@Suite("The model file article's example")
struct ModelFileArticleTests {
    @Test("the example loads without a warning, with every attribute type it lists and each kind of relationship")
    func exampleLoads() throws {
        let article = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent(
                "Sources/ModelMapper/ModelMapper.docc/WritingAModelFile.md"
            ),
            encoding: .utf8
        )
        let start = try #require(article.range(of: "```xml\n<?xml"))
        let end = try #require(article.range(of: "```", range: start.upperBound..<article.endIndex))
        let xml = String(article[article.index(start.lowerBound, offsetBy: 7)..<end.lowerBound])
        let model = try ObjectModel(xml: xml, fileName: "Shop.xml")
        #expect(model.warnings.isEmpty, "\(model.warnings)")
        #expect(model.entities.map(\.name) == ["Item", "Book", "Shelf"])
        let item = try #require(model.entitiesByName["Item"])
        let types = Set(item.attributes.map(\.attributeType))
        for type in [
            AttributeType.integer16, .integer32, .integer64, .decimal, .double, .float, .string, .boolean,
            .date, .binaryData, .transformable, .uuid, .uri,
        ] {
            #expect(types.contains(type), "\(type)")
        }
        #expect(item.isAbstract)
        let shelf = try #require(model.entitiesByName["Shelf"])
        let items = try #require(shelf.relationshipsByName["items"])
        #expect(items.isToMany && items.isOrdered)
        #expect(items.inverseRelationship?.name == "shelf")
        #expect(shelf.fetchedProperties.map(\.name) == ["bestRated"])
        #expect(model.fetchRequestTemplates.map(\.name) == ["ActiveItems"])
    }
}
