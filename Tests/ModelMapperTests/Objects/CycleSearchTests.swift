import Foundation
@testable import ModelMapper
import TestSupport
import Testing

/// The searches that keep strong links free of cycles pass by the lists of an object that
/// holds no strong link in any: an object shared by thousands of others (a tag on every
/// product) gathers a list of links back to them, and reading it on every search made a
/// document that repeats its holders cost time quadratic in them. Read again, a product that
/// keeps the shared tag is not searched for in the tag's list, and one that leaves a tag is
/// found in its list by address.
@Suite("Repeated objects: lists of links back are passed by, and left in place, not read link by link")
struct CycleSearchTests {
    /// Products `p0`… that all carry the tag `shared`, nested in a tag of each label given, so
    /// that every label after the first repeats every product, held by the tag before.
    static func document(products count: Int, inTags labels: [String]) -> Data {
        let products = (0..<count)
            .map { #"{"sku": "p\#($0)", "name": "n", "tags": [{"label": "shared"}]}"# }
            .joined(separator: ",")
        let tags = labels.map { #"{"label": "\#($0)", "products": [\#(products)]}"# }
        return Data("[\(tags.joined(separator: ","))]".utf8)
    }

    @Test("an object linked back by thousands is searched without reading its list of them")
    func listOfLinksBackIsPassedBy() throws {
        let count = 10_000
        let catalog = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let tags = try ModelDecoder(model: catalog)
            .decodeObjects(
                of: try #require(catalog.entitiesByName["Tag"]),
                from: Self.document(products: count, inTags: ["a"])
            )
        let products = try #require(tags.first?.value(forKey: "products") as? [ModelObject])
        #expect(products.count == count)
        let shared = try #require(products.first?.value(forKey: "tags") as? [ModelObject]).first
        let sharedTag = try #require(shared)
        #expect((sharedTag.value(forKey: "products") as? [ModelObject])?.count == count)
        // Its list holds links back alone (each product holds it): nothing strong to follow.
        var budget = 100
        #expect(sharedTag.reachesStrongly(products[1], skippingLinksFrom: -1, budget: &budget) == false)
        #expect(budget == 100)
        // A product's own list holds the tag strongly, and is read.
        #expect(products[0].reachesStrongly(sharedTag, skippingLinksFrom: -1, budget: &budget) == true)
        #expect(budget < 100)
    }

    @Test(
        "products read again under another tag leave the first one's list, in either order",
        arguments: [false, true]
    )
    func productsMoveBetweenTags(reversed: Bool) throws {
        // Each product leaves tag a's list (its own list names the shared tag alone the second
        // time) and keeps the shared tag, whose list is not searched for it again.
        let count = 2_000
        let catalog = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let products = (0..<count).map { #"{"sku": "p\#($0)", "name": "n", "tags": [{"label": "shared"}]}"# }
        let again = reversed ? products.reversed() : products
        let document =
            #"[{"label": "a", "products": [\#(products.joined(separator: ","))]}, "#
            + #"{"label": "b", "products": [\#(again.joined(separator: ","))]}]"#
        let tags = try ModelDecoder(model: catalog)
            .decodeObjects(of: try #require(catalog.entitiesByName["Tag"]), from: Data(document.utf8))
        #expect((tags[0].value(forKey: "products") as? [ModelObject])?.isEmpty == true)
        let moved = try #require(tags[1].value(forKey: "products") as? [ModelObject])
        #expect(
            moved.map { $0.value(forKey: "sku") as? String }
                == again.indices.map { index in
                    "p\(reversed ? count - 1 - index : index)"
                }
        )
        let labels = moved.map { product in
            ((product.value(forKey: "tags") as? [ModelObject]) ?? [])
                .compactMap { $0.value(forKey: "label") as? String }
        }
        #expect(labels.allSatisfy { Set($0) == ["shared", "b"] && $0.count == 2 })
        let shared = try #require(
            (moved.first?.value(forKey: "tags") as? [ModelObject])?
                .first { tag in
                    tag.value(forKey: "label") as? String == "shared"
                }
        )
        let sharedProducts = try #require(shared.value(forKey: "products") as? [ModelObject])
        #expect(sharedProducts.count == count)
        #expect(Set(sharedProducts.map(ObjectIdentifier.init)) == Set(moved.map(ObjectIdentifier.init)))
    }

    /// Shows, each with sections, each with areas that every section shares (citm_catalog's
    /// performances, seat categories and areas).
    static let showsXML = """
        <model>
          <entity name="Season">
            <relationship name="shows" optional="YES" toMany="YES" ordered="YES" destinationEntity="Show"/>
          </entity>
          <entity name="Show">
            <attribute name="id" attributeType="Integer 64"/>
            <relationship name="sections" optional="YES" toMany="YES" ordered="YES" destinationEntity="Section"
              inverseName="show" inverseEntity="Section"/>
            <userInfo><entry key="identityAttributes" value="id"/></userInfo>
          </entity>
          <entity name="Section">
            <relationship name="show" optional="YES" maxCount="1" destinationEntity="Show" inverseName="sections"
              inverseEntity="Show"/>
            <relationship name="areas" optional="YES" toMany="YES" ordered="YES" destinationEntity="Area"
              inverseName="sections" inverseEntity="Area"/>
          </entity>
          <entity name="Area">
            <attribute name="id" attributeType="Integer 64"/>
            <relationship name="sections" optional="YES" toMany="YES" destinationEntity="Section" inverseName="areas"
              inverseEntity="Section"/>
            <userInfo><entry key="identityAttributes" value="id"/></userInfo>
          </entity>
        </model>
        """

    @Test("a season of shows read again, each show's sections in one shared area, is read in full, not refused")
    func repeatsOfHoldersOfASharedObjectAreRead() throws {
        // The second season repeats every show, held by the first: each new section yields what
        // it holds of its show, and is linked to it, after two searches through the shared
        // area. Before, each read the area's list of links back to every section so far: 8 x 10^8
        // links for 20,000 shows, past what the document's size allows, so it was refused.
        let count = 20_000
        let model = try ObjectModel(xml: Self.showsXML)
        let shows = (0..<count).map { #"{"id": \#($0), "sections": [{"areas": [{"id": 1}]}]}"# }
        let season = #"{"shows": [\#(shows.joined(separator: ","))]}"#
        let seasons = try ModelDecoder(model: model)
            .decodeObjects(of: try #require(model.entitiesByName["Season"]), from: Data("[\(season),\(season)]".utf8))
        #expect(seasons.count == 2)
        let first = try #require(seasons[0].value(forKey: "shows") as? [ModelObject])
        let second = try #require(seasons[1].value(forKey: "shows") as? [ModelObject])
        #expect(first.count == count)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        let sections = try #require(first.last?.value(forKey: "sections") as? [ModelObject])
        #expect(sections.count == 1)
        let areas = try #require(sections.first?.value(forKey: "areas") as? [ModelObject])
        #expect(areas.map { $0.value(forKey: "id") as? Int64 } == [1])
    }
}
