import Foundation
import ModelMapper
import Testing
import TestSupport

/// Objects tell the graph they are in when code changes them through their setters, so that
/// `changes(since:)` lists them with no `noteUpdated(_:)`; and a graph's placeholders say so.
@Suite("Object graph: changes made through setters, placeholders")
struct ObjectGraphChangeTests {
    let model: ObjectModel
    let document: Data

    init() throws {
        model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
        document = try TestPaths.fixture("Bands/bands.json")
    }

    func mergedGraph(_ options: ObjectGraph.Options = ObjectGraph.Options()) throws -> ObjectGraph {
        let graph = ObjectGraph(model: model, options: options)
        for (entity, key) in [("Band", "bands"), ("Musician", "musicians"), ("BandMember", "band_members")] {
            try graph.merge(document, entity: entity, at: key)
        }
        return graph
    }

    @Test("each setter tells the graph: the object is listed as updated, once, and nothing else is")
    func settersTellTheGraph() throws {
        let graph = try mergedGraph()
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        let point = graph.changePoint
        #expect(graph.changes(since: point).isEmpty)
        try japan.setValue("Rain Tree Crow", forKey: "otherNames")
        japan.setPrimitiveValue("Rain Tree Crow, JAPAN", forKey: "otherNames")
        #expect(graph.changes(since: point).updated.map { ObjectIdentifier($0) } == [ObjectIdentifier(japan)])
        #expect(graph.changes(since: point).inserted.isEmpty && graph.changes(since: point).deleted.isEmpty)

        // Removing a value, and setting a to-one, are changes too.
        var before = graph.changePoint
        try japan.removeValue(forKey: "otherNames")
        #expect(graph.changes(since: before).updated.map { ObjectIdentifier($0) } == [ObjectIdentifier(japan)])
        let member = try #require(graph.objects(of: "BandMember").first)
        before = graph.changePoint
        try member.set(modelObject: nil, forKey: "band")
        #expect(graph.changes(since: before).updated.contains { $0 === member })
    }

    @Test("relationship calls on a to-many tell the graph")
    func toManyCallsTellTheGraph() throws {
        let graph = try mergedGraph()
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        let member = try #require((japan.value(forKey: "members") as? [ModelObject])?.first)
        var before = graph.changePoint
        try japan.remove(modelObject: member, forKey: "members")
        #expect(graph.changes(since: before).updated.contains { $0 === japan })
        before = graph.changePoint
        japan.addPrimitiveObject(member, forKey: "members")
        #expect(graph.changes(since: before).updated.contains { $0 === japan })
        before = graph.changePoint
        try japan.add(modelObjects: [member], forKey: "members")
        #expect(graph.changes(since: before).updated.contains { $0 === japan })
    }

    @Test("an object removed from the graph, or outliving it, tells nobody")
    func removedAndOrphanedObjects() throws {
        let graph = try mergedGraph()
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        graph.remove(japan)
        let point = graph.changePoint
        try japan.setValue("gone", forKey: "otherNames")
        #expect(graph.changes(since: point).isEmpty)

        var orphan: ModelObject?
        do {
            let other = try mergedGraph()
            orphan = other.object(of: "Band", identity: "Japan")
        }
        // The graph is gone; its objects still change, telling nobody.
        try orphan?.setValue("still here", forKey: "otherNames")
        #expect(orphan?.value(forKey: "otherNames") as? String == "still here")
    }

    @Test("an object decoded outside a graph has no graph to tell, and is not a placeholder")
    func objectsOutsideAGraph() throws {
        let band = try ModelDecoder(model: model)
            .decodeObject(
                of: "Band",
                from: Data(#"{"name": "Japan", "formed": 1974}"#.utf8)
            )
        try band.setValue("Rain Tree Crow", forKey: "otherNames")
        #expect(!band.isPlaceholder)
    }

    @Test("a graph's placeholder says so until a merge fills it in; the objects it is made for say not")
    func graphPlaceholders() throws {
        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: .placeholder))
        try graph.merge(document, entity: "Album", at: "albums")
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        #expect(japan.isPlaceholder)
        #expect(graph.objects(of: "Album").allSatisfy { !$0.isPlaceholder })
        try graph.merge(document, entity: "Band", at: "bands")
        #expect(!japan.isPlaceholder && graph.placeholders.isEmpty)
    }

    @Test("being in a graph costs an object one word: the weak reference to the graph's observer")
    func objectSize() {
        // The instance size, from the class's metadata: on Linux, without Objective-C
        // interoperability, it follows the isa and superclass words and two 32-bit fields.
        let metadata = unsafeBitCast(ModelObject.self as AnyClass, to: UnsafeRawPointer.self)
        let unaligned = Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
        let word = MemoryLayout<Int>.size
        let size = (unaligned + word - 1) / word * word
        // 16 bytes of header, the model, the layout, 21 bytes of slots with the flags and the
        // owner count after them (3 words), the encoding stamp, the source record, and the weak
        // reference.
        #expect(size == ModelObjectSize.current, "ModelObject is \(size) bytes")
        #expect(size <= ModelObjectSize.beforeChangeObserver + MemoryLayout<Int>.size)
    }
}

/// A `ModelObject`'s instance size in bytes, rounded up to a word, now and before objects could
/// tell their graph of changes (112 bytes then, with the weak reference 120; 88 since the object
/// holds its model rather than an entity description of three words, and the slot storage's
/// count and flag share a word with the object's flags).
enum ModelObjectSize {
    static let beforeChangeObserver = 80
    static let current = 88
}
