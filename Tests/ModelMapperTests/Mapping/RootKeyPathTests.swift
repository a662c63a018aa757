import Foundation
import ModelMapper
import Testing

/// An entity that says where a document holds its objects (`jsonRootKeyPath`, issue 52): the
/// library still reads the document itself when given no key path, and its errors name the
/// key path the model gives when the document has that key.
@Suite("Coding: the key path a model gives its documents")
struct RootKeyPathTests {
    static func model(rootKeyPath: String = "data") throws -> ObjectModel {
        try ObjectModel(
            xml: """
                <model>
                  <entity name="Order">
                    <attribute name="id" attributeType="Integer 64"/>
                    <attribute name="total" attributeType="String"/>
                    <userInfo>
                      <entry key="identityAttributes" value="id"/>
                      <entry key="jsonRootKeyPath" value="\(rootKeyPath)"/>
                    </userInfo>
                  </entity>
                </model>
                """
        )
    }

    // Computed: a `Data` a static `let` keeps is reported as a leak by LeakSanitizer.
    static var response: Data {
        Data(#"{"data": [{"id": 1, "total": "5.00"}], "meta": {"page": 1}}"#.utf8)
    }

    @Test("the document itself is read when no key path is given; the error names the model's")
    func arrays() throws {
        let decoder = ModelDecoder(model: try Self.model())
        let error = try #require(throws: MappingError.self) {
            try decoder.decodeObjects(of: "Order", from: Self.response)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.context.detail?.contains("the Order objects are at 'data' (jsonRootKeyPath)") == true, "\(error)")
        let tree = try #require(throws: MappingError.self) {
            try decoder.decodeObjects(of: "Order", from: try JSONValue.parse(Self.response))
        }
        #expect(tree.context.detail == error.context.detail)
        // Given the key path, it reads.
        #expect(try decoder.decodeObjects(of: "Order", from: Self.response, at: "data").count == 1)
    }

    @Test("an object read at the document itself, lacking its values, is told the model's key path")
    func object() throws {
        let decoder = ModelDecoder(model: try Self.model())
        let error = try #require(throws: MappingError.self) {
            try decoder.decodeObject(of: "Order", from: Self.response)
        }
        #expect(error.context.detail?.contains("(jsonRootKeyPath)") == true, "\(error)")
        // A document without the key: nothing is said of it.
        let other = try #require(throws: MappingError.self) {
            try decoder.decodeObject(of: "Order", from: Data(#"{"items": []}"#.utf8))
        }
        #expect(other.context.detail?.contains("jsonRootKeyPath") != true, "\(other)")
    }

    @Test("a key path that does not parse is MM529")
    func invalid() throws {
        let error = try #require(throws: ModelLoadingError.self) { try Self.model(rootKeyPath: "data..orders") }
        #expect(error.diagnostics.map(\.code) == ["MM529"])
    }
}
