import Foundation
import ModelMapper
import Testing

/// A depth error says the depth and a path short enough to read, not thousands of segments.
@Suite("Deep documents: short error messages")
struct DeepDocumentMessageTests {
    @Test("Objects nested past the limit: the depth, and the path's first and last components")
    func shortenedPath() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Node">
                  <attribute name="name" optional="YES" attributeType="String"/>
                  <relationship name="child" optional="YES" maxCount="1" destinationEntity="Node"/>
                </entity></model>
                """
        )
        let node = try #require(model.entitiesByName["Node"])
        let depth = 2_000
        let json = String(repeating: #"{"child": "#, count: depth) + "{}" + String(repeating: "}", count: depth)
        var options = ModelDecoder.Options()
        options.maximumDepth = 1_000
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model, options: options).decodeObject(of: node, from: Data(json.utf8))
        }
        #expect(error.path.components.count == 1_000)
        #expect(
            error.description
                == "$.child.child.child.child.child.child.child.child…(984 more)….child.child.child.child.child.child."
                + "child.child: the data is not valid JSON: line 1, column 20001: the document nests deeper than 1000 "
                + "levels"
        )
        // Paths up to the limit are written whole.
        let path = JSONPath(Array(repeating: .key("a"), count: JSONPath.shortenedBeyond))
        #expect(path.description == "$" + String(repeating: ".a", count: JSONPath.shortenedBeyond))
    }
}
