import Foundation
import TestSupport
import Testing

@testable import ModelMapper

/// The JSON engine's guarantees that do not depend on a particular model: depth on small
/// stacks, back-references that never dangle, output linear in the graph.
@Suite("JSON engine: depth, back-references, linear output")
struct EngineTests {
    static let nodes = Result {
        try ObjectModel(
            xml: """
                <model>
                  <entity name="Node">
                    <attribute name="id" optional="YES" attributeType="Integer 64"/>
                    <relationship name="child" optional="YES" maxCount="1" destinationEntity="Node" inverseName="parent" inverseEntity="Node"/>
                    <relationship name="parent" optional="YES" maxCount="1" destinationEntity="Node" inverseName="child" inverseEntity="Node"/>
                  </entity>
                  <entity name="Tag">
                    <attribute name="name" optional="YES" attributeType="String"/>
                    <relationship name="posts" optional="YES" toMany="YES" destinationEntity="Post" inverseName="tags" inverseEntity="Post"/>
                  </entity>
                  <entity name="Item">
                    <attribute name="id" optional="YES" attributeType="Integer 64"/>
                    <relationship name="parts" optional="YES" toMany="YES" destinationEntity="Item"/>
                    <userInfo><entry key="identityAttributes" value="id"/></userInfo>
                  </entity>
                  <entity name="Post">
                    <attribute name="id" optional="YES" attributeType="Integer 64"/>
                    <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="posts" inverseEntity="Tag"/>
                    <userInfo><entry key="identityAttributes" value="id"/></userInfo>
                  </entity>
                </model>
                """
        )
    }

    private func entity(_ name: String) throws -> EntityDescription {
        try #require(Self.nodes.get().entity(named: name))
    }

    /// `{"id":0,"child":{"id":1,"child":...}}`, `depth` objects deep.
    static func chain(depth: Int) -> Data {
        var text = ""
        for level in 0..<depth { text += #"{"id":\#(level),"child":"# }
        text += "null"
        text += String(repeating: "}", count: depth)
        return Data(text.utf8)
    }

    // The two tests below run in child processes (exit tests): what they guard against is a
    // stack overflow, which would otherwise end the whole run.

    @Test("objects nested to the maximum depth decode and encode on a 512 KB stack")
    func depthOnSmallStack() async {
        await #expect(processExitsWith: .success) {
            guard let model = try? EngineTests.nodes.get(), let node = model.entity(named: "Node") else { exit(2) }
            let data = EngineTests.chain(depth: 500)
            onSmallStack {
                let root = try? ModelDecoder(model: model).decodeObject(of: node, from: data)
                guard let root, (try? ModelEncoder().encode(root).count) == data.count else { exit(3) }
            }
        }
    }

    @Test("nesting beyond the limits is an error, not a crash, on a 512 KB stack")
    func tooDeepOnSmallStack() async {
        await #expect(processExitsWith: .success) {
            guard let model = try? EngineTests.nodes.get(), let node = model.entity(named: "Node") else { exit(2) }
            let deepObjects = EngineTests.chain(depth: 600)
            let deepUnknown = Data(
                (#"{"id":1,"extra":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
                    + "}")
                    .utf8
            )
            onSmallStack {
                var codes: [MappingError.Code?] = []
                for data in [deepObjects, deepUnknown] {
                    do {
                        _ = try ModelDecoder(model: model).decodeObject(of: node, from: data)
                        codes.append(nil)
                    } catch let error as MappingError {
                        codes.append(error.code)
                    } catch {
                        codes.append(nil)
                    }
                }
                guard codes == [.notRepresentable, .invalidJSON] else { exit(3) }
            }
        }
    }

    @Test("many-to-many back-references are cleared when an object is freed")
    func manyToManyBackReferences() throws {
        let model = try Self.nodes.get()
        var tags: [ModelObject] = []
        do {
            let posts = try ModelDecoder(model: model)
                .decodeObjects(
                    of: entity("Post"),
                    from: Data(#"[{"id":1,"tags":[{"name":"a"},{"name":"b"}]},{"id":2,"tags":[{"name":"c"}]}]"#.utf8)
                )
            tags = posts.flatMap { ($0.value(forKey: "tags") as? [ModelObject]) ?? [] }
            #expect((tags[0].value(forKey: "posts") as? [ModelObject])?.first === posts[0])
        }
        // The posts are gone: the tags' back-references to them are gone too.
        for tag in tags {
            #expect((tag.value(forKey: "posts") as? [ModelObject])?.isEmpty ?? true)
        }
    }

    @Test("an object shared in a graph is written in full at each place; as its identity when asked, or on a cycle")
    func sharedObjectsWrittenOnce() throws {
        let model = try Self.nodes.get()
        let shared = ModelObject(entity: try entity("Tag"))
        try shared.setValue("shared", forKey: "name")
        let first = ModelObject(entity: try entity("Post"))
        let second = ModelObject(entity: try entity("Post"))
        try first.setValue(1, forKey: "id")
        try second.setValue(2, forKey: "id")
        try first.add(modelObject: shared, forKey: "tags")
        try second.add(modelObject: shared, forKey: "tags")
        // Made in code: in full wherever it is related.
        #expect(
            String(decoding: try ModelEncoder().encode([first, second]), as: UTF8.self)
                == #"[{"id":1,"tags":[{"name":"shared"}]},{"id":2,"tags":[{"name":"shared"}]}]"#
        )
        // The post reached again through the tag leads back to the tag: a cycle, by identity.
        #expect(
            String(decoding: try ModelEncoder().encode(first), as: UTF8.self) == #"{"id":1,"tags":[{"name":"shared"}]}"#
        )
        var options = ModelEncoder.Options()
        options.sharedObjects = .reference
        // Tags have no identity: a tag reached twice cannot be written without repeating it.
        let error = #expect(throws: MappingError.self) { try ModelEncoder(options: options).encode([first, second]) }
        #expect(error?.code == .notRepresentable)
        #expect(error?.path.description == "$[1].tags[0]")
        // Posts have one: under .reference, a post reached again is written as {"id":1}.
        let text = String(decoding: try ModelEncoder(options: options).encode(shared), as: UTF8.self)
        #expect(text == #"{"name":"shared","posts":[{"id":1},{"id":2}]}"#)
        _ = model
    }

    @Test("an element of the top-level array met again is written as a related object met again is")
    func topLevelRepeats() throws {
        _ = try Self.nodes.get()
        let post = ModelObject(entity: try entity("Post"))
        try post.setValue(1, forKey: "id")
        let tag = ModelObject(entity: try entity("Tag"))
        try tag.setValue("a", forKey: "name")
        try post.add(modelObject: tag, forKey: "tags")
        // In full again by default: the array the app gave is the array written.
        #expect(
            String(decoding: try ModelEncoder().encode([post, post]), as: UTF8.self)
                == #"[{"id":1,"tags":[{"name":"a"}]},{"id":1,"tags":[{"name":"a"}]}]"#
        )
        // A document that gave the post twice in full decodes to one post, written twice in full.
        let decoded = try ModelDecoder(model: Self.nodes.get())
            .decodeObjects(of: entity("Post"), from: Data(#"[{"id":1,"tags":[]},{"id":1,"tags":[]}]"#.utf8))
        #expect(decoded.count == 2 && decoded[0] === decoded[1])
        #expect(
            String(decoding: try ModelEncoder().encode(decoded), as: UTF8.self)
                == #"[{"id":1,"tags":[]},{"id":1,"tags":[]}]"#
        )
        // As its identity when asked.
        var options = ModelEncoder.Options()
        options.sharedObjects = .reference
        #expect(
            String(decoding: try ModelEncoder(options: options).encode([post, post]), as: UTF8.self)
                == #"[{"id":1,"tags":[{"name":"a"}]},{"id":1}]"#
        )
    }

    @Test("output stays linear when decoded objects share children after identity uniquing")
    func linearOutput() throws {
        let model = try Self.nodes.get()
        // Level i has items 2i and 2i+1, both made of the two items of level i+1: in full the
        // first time the input names them, by id the second. A graph of 2 x 40 items with 2^40
        // paths through it.
        let levels = 40
        func item(_ level: Int, _ side: Int, full: Bool) -> String {
            let id = 2 * level + side
            guard full, level + 1 < levels else { return #"{"id":\#(id)}"# }
            return
                #"{"id":\#(id),"parts":[\#(item(level + 1, 0, full: side == 0)),\#(item(level + 1, 1, full: side == 0))]}"#
        }
        let data = Data(("[" + item(0, 0, full: true) + "," + item(0, 1, full: true) + "]").utf8)
        let decoded = try ModelDecoder(model: model).decodeObjects(of: entity("Item"), from: data)
        let second = try #require(decoded.last)
        #expect((second.value(forKey: "parts") as? [ModelObject])?.count == 2)
        let output = try ModelEncoder().encode(decoded)
        #expect(output.count <= 2 * data.count)
    }

    /// Decodes with the source kept and encodes again.
    private func keptRoundTrip(_ text: String, options encoding: ModelEncoder.Options = .init()) throws -> (
        input: Data, output: Data
    ) {
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let data = Data(text.utf8)
        let decoded = try ModelDecoder(model: Self.nodes.get(), options: options)
            .decodeObjects(of: entity("Item"), from: data)
        return (data, try ModelEncoder(options: encoding).encode(decoded))
    }

    @Test("with the source kept, a shared object comes back in full where the input had it in full, by id elsewhere")
    func sharedObjectsAsDecoded() throws {
        for text in [
            #"[{"id":1,"parts":[{"id":3,"parts":[{"id":4}]}]},{"id":2,"parts":[{"id":3,"parts":[{"id":4}]}]}]"#,
            #"[{"id":1,"parts":[{"id":3}]},{"id":2,"parts":[{"id":3,"parts":[{"id":4,"n":1}]}]}]"#,
            #"[{"id":1,"parts":[{"id":3},{"id":3,"x":true},{"id":3}]}]"#,
        ] {
            let (_, output) = try keptRoundTrip(text)
            #expect(
                String(decoding: output, as: UTF8.self)
                    == text.replacingOccurrences(
                        of: #"{"id":3},{"id":3,"x":true},{"id":3}"#,
                        with: #"{"id":3,"x":true}"#
                    )
            )
        }
        // Without the source: in full at every place when the document had it in full at
        // every place, by identity after the first when the document gave it so.
        let twiceInFull = #"[{"id":1,"parts":[{"id":3,"parts":[]}]},{"id":2,"parts":[{"id":3,"parts":[]}]}]"#
        let plain = try ModelDecoder(model: Self.nodes.get())
            .decodeObjects(of: entity("Item"), from: Data(twiceInFull.utf8))
        #expect(String(decoding: try ModelEncoder().encode(plain), as: UTF8.self) == twiceInFull)
        let byIdentity = #"[{"id":1,"parts":[{"id":3,"parts":[]}]},{"id":2,"parts":[{"id":3}]}]"#
        let referenced = try ModelDecoder(model: Self.nodes.get())
            .decodeObjects(of: entity("Item"), from: Data(byIdentity.utf8))
        #expect(String(decoding: try ModelEncoder().encode(referenced), as: UTF8.self) == byIdentity)
    }

    @Test("with the source kept, objects merged from many places cannot make the output outgrow the input")
    func keptSourceStaysLinear() throws {
        // As in `linearOutput`, but the second place of each item is in full too (an unknown
        // key), without its parts: merged, every place holds the parts, 2^40 paths.
        let levels = 40
        func item(_ level: Int, _ side: Int, full: Bool) -> String {
            let id = 2 * level + side
            guard full, level + 1 < levels else { return #"{"id":\#(id),"n":1}"# }
            return
                #"{"id":\#(id),"parts":[\#(item(level + 1, 0, full: side == 0)),\#(item(level + 1, 1, full: side == 0))]}"#
        }
        let (input, output) = try keptRoundTrip("[" + item(0, 0, full: true) + "," + item(0, 1, full: true) + "]")
        #expect(output.count <= 3 * input.count)
    }

    @Test("repeats in full stay linear: a graph made in code that shares at every level is an error, not 2^40 bytes")
    func repeatsWithinBudget() throws {
        // Level i has two items, each holding both items of level i + 1: 2^40 paths.
        let levels = 40
        var below: [ModelObject] = []
        for level in (0..<levels).reversed() {
            let items = try (0..<2)
                .map { side in
                    let item = ModelObject(entity: try entity("Item"))
                    try item.setValue(2 * level + side, forKey: "id")
                    for part in below { try item.add(modelObject: part, forKey: "parts") }
                    return item
                }
            below = items
        }
        let error = #expect(throws: MappingError.self) { try ModelEncoder().encode(below) }
        #expect(error?.code == .notRepresentable)
        #expect(error?.detail?.contains("sharedObjects = .reference") == true)
        var options = ModelEncoder.Options()
        options.sharedObjects = .reference
        let output = try ModelEncoder(options: options).encode(below)
        #expect(output.count < 10_000)
    }
}
