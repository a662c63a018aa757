import Foundation
import TestSupport
import Testing

@testable import ModelMapper

/// Limits on what one document may hold, beside depth.
@Suite("JSON engine: string length and element count limits")
struct LimitTests {
    private func decode(_ text: String, _ configure: (inout ModelDecoder.Options) -> Void) throws -> [ModelObject] {
        let model = try EngineTests.nodes.get()
        var options = ModelDecoder.Options()
        configure(&options)
        return try ModelDecoder(model: model, options: options)
            .decodeObjects(of: #require(model.entity(named: "Post")), from: Data(text.utf8))
    }

    @Test("a string over maximumStringLength is an error with its place, in values, keys and skipped values")
    func stringLength() throws {
        for text in [
            #"[{"id":1,"tags":[{"name":"abcdefghijk"}]}]"#, #"[{"id":1,"abcdefghijk":0}]"#,
            #"[{"id":1,"x":["abcdefghijk"]}]"#,
        ] {
            let error = #expect(throws: MappingError.self, "\(text)") {
                try decode(text) { $0.maximumStringLength = 10 }
            }
            #expect(error?.code == .notRepresentable, "\(text)")
            #expect(
                error?.context.line == 1 && error?.context.detail?.contains("maximumStringLength") == true,
                "\(text)"
            )
        }
        #expect(try decode(#"[{"id":1,"tags":[{"name":"abcdefghij"}]}]"#) { $0.maximumStringLength = 10 }.count == 1)
        let escaped = #expect(throws: MappingError.self) {
            try decode(#"[{"id":1,"x":"\u0041\u0041\u0041\u0041"}]"#) { $0.maximumStringLength = 3 }
        }
        #expect(escaped?.code == .notRepresentable)
    }

    @Test("errors in a document given as a tree carry no line or column")
    func treesHaveNoLines() throws {
        let model = try EngineTests.nodes.get()
        var options = ModelDecoder.Options()
        options.maximumStringLength = 3
        let json: JSONValue = ["id": 1, "extra": "abcdef"]
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model, options: options)
                .decodeObject(of: #require(model.entity(named: "Post")), from: json)
        }
        #expect(error?.code == .notRepresentable)
        #expect(error?.context.line == nil && error?.context.detail?.contains("line") == false)
        #expect(error?.path.description == "$.extra")
    }

    @Test("an array or object over maximumElementCount is an error, decoded or skipped")
    func elementCount() throws {
        let cases = [
            #"[{"id":1},{"id":2},{"id":3},{"id":4}]"#,  // the document's array
            #"[{"id":1,"tags":[{},{},{},{}]}]"#,  // a to-many relationship
            #"[{"id":1,"x":[1,2,3,4]}]"#,  // a skipped value
            #"[{"id":1,"a":1,"b":2,"c":3}]"#,  // an object's members
        ]
        for text in cases {
            let error = #expect(throws: MappingError.self, "\(text)") {
                try decode(text) { $0.maximumElementCount = 3 }
            }
            #expect(error?.code == .notRepresentable, "\(text)")
            #expect(error?.context.detail?.contains("maximumElementCount") == true, "\(text)")
            // Kept unknown values are read as trees, with the same limit.
            let kept = #expect(throws: MappingError.self, "\(text)") {
                try decode(text) {
                    $0.maximumElementCount = 3
                    $0.unknownKeys = .keep
                }
            }
            #expect(kept?.code == .notRepresentable, "\(text)")
        }
        #expect(try decode(#"[{"id":1,"tags":[{},{},{}],"x":[1,2,3]}]"#) { $0.maximumElementCount = 3 }.count == 1)
    }
}
