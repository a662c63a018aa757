import Foundation
import ModelMapper
import Testing

/// Each entry point that takes an entity takes it by name or by description, with one rule for
/// a name the model does not have and for another model's description.
@Suite("Entity specifiers: by name or description, the same through every entry point")
struct EntitySpecifierTests {
    static let xml = """
        <model>
          <entity name="Band">
            <attribute name="id" attributeType="String"/>
            <attribute name="name" attributeType="String"/>
          </entity>
        </model>
        """
    /// Made at each use: a `Data` held in a static is reported as a leak by LeakSanitizer.
    static var document: Data {
        Data(#"{"bands": [{"id": "j", "name": "Japan"}, {"id": "t", "name": "Talk Talk"}]}"#.utf8)
    }

    enum Entities: String, EntitySpecifier, CustomStringConvertible {
        case band = "Band"
        var description: String { rawValue }
    }

    let model: ObjectModel
    let band: EntityDescription

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        band = try model.checkedEntity(named: "Band")
    }

    func names(_ objects: [ModelObject]) -> [String] {
        objects.map { $0.value(forKey: "name") as? String ?? "?" }
    }

    @Test("A name, a description and a type of one's own decode, stream and merge alike")
    func everyFormReadsTheSameEntity() async throws {
        let decoder = ModelDecoder(model: model)
        let byName = try decoder.decodeObjects(of: "Band", from: Self.document, at: "bands")
        let byDescription = try decoder.decodeObjects(of: band, from: Self.document, at: "bands")
        let byOwnType = try decoder.decodeObjects(of: Entities.band, from: Self.document, at: "bands")
        #expect(names(byName) == ["Japan", "Talk Talk"])
        #expect(names(byDescription) == names(byName))
        #expect(names(byOwnType) == names(byName))
        #expect(
            names(try decoder.decodePartially(of: "Band", from: Self.document, at: "bands").objects) == names(byName)
        )

        var streamed: [ModelObject] = []
        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(Self.document))
            continuation.finish()
        }
        for try await object in try decoder.objects(of: "Band", from: chunks, at: "bands") {
            streamed.append(object)
        }
        #expect(names(streamed) == names(byName))

        let graph = ObjectGraph(model: model)
        try graph.merge(Self.document, entity: "Band", at: "bands")
        #expect(names(graph.objects(of: "Band")) == names(byName))
        #expect(names(graph.objects(of: band)) == names(byName))
        #expect(graph.object(of: Entities.band, identity: "t")?.value(forKey: "name") as? String == "Talk Talk")
    }

    @Test("A name the model lacks: the closest name where the entry point throws, nothing where it finds")
    func unknownNames() throws {
        let decoder = ModelDecoder(model: model)
        let error = try #require(throws: MappingError.self) {
            try decoder.decodeObjects(of: "Bnad", from: Self.document, at: "bands")
        }
        #expect(error.code == .unknownEntity("Bnad"))
        #expect(error.detail == "did you mean 'Band'?")
        let graph = ObjectGraph(model: model)
        #expect(throws: MappingError.self) { try graph.merge(Self.document, entity: "Bnad", at: "bands") }
        #expect(graph.count == 0)
        #expect(graph.objects(of: "Bnad").isEmpty)
        #expect(graph.object(of: "Bnad", identity: "j") == nil)
    }

    @Test("Another model's description stands for the entity of its name in this one")
    func otherModelsDescription() throws {
        let other = try ObjectModel(xml: Self.xml)
        let otherBand = try other.checkedEntity(named: "Band")
        let objects = try ModelDecoder(model: model).decodeObjects(of: otherBand, from: Self.document, at: "bands")
        #expect(objects.allSatisfy { $0.entity.model === model })
        #expect(names(objects) == ["Japan", "Talk Talk"])
    }
}
