import Foundation
import ModelMapper
import Testing

/// Nested objects that name an object of the document by identity (a foreign key): their
/// parent, an ancestor, or an object read later. The reference is read before the object it
/// names is filled in; the object's nested objects must survive that, and the document must
/// come back as it was.
@Suite("Nested objects that refer to their parent or another object by identity")
struct NestedReferenceTests {
    static let xml = """
        <model>
            <entity name="Library">
                <relationship name="authors" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Author"/>
            </entity>
            <entity name="Author">
                <attribute name="id" attributeType="Integer 64"/>
                <relationship name="books" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Book"/>
                <userInfo><entry key="identityAttributes" value="id"/></userInfo>
            </entity>
            <entity name="Book">
                <attribute name="id" attributeType="Integer 64"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author">
                    <userInfo><entry key="jsonKeyPath" value="author_id"/><entry key="jsonWritesIdentity" value="YES"/></userInfo>
                </relationship>
                <relationship name="chapters" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Chapter"/>
            </entity>
            <entity name="Chapter">
                <attribute name="id" attributeType="Integer 64"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author">
                    <userInfo><entry key="jsonKeyPath" value="author_id"/><entry key="jsonWritesIdentity" value="YES"/></userInfo>
                </relationship>
            </entity>
        </model>
        """

    @Test(
        "every nested object is kept, and the document comes back as it was",
        arguments: [
            // Each book names its own author.
            #"{"authors": [{"id": 1, "books": [{"id": 10, "author_id": 1}]}, {"id": 2, "books": [{"id": 20, "author_id": 2}]}]}"#,
            // Each names the other author: one read before, one after.
            #"{"authors": [{"id": 1, "books": [{"id": 10, "author_id": 2}]}, {"id": 2, "books": [{"id": 20, "author_id": 1}]}]}"#,
            // A chapter names the author two levels up.
            #"{"authors": [{"id": 1, "books": [{"id": 10, "chapters": [{"id": 100, "author_id": 1}]}]}]}"#,
        ]
    )
    func nestedReferences(json: String) throws {
        let library = try Self.decode(json)
        #expect(try JSONValue.parse(ModelEncoder().encode(library)) == JSONValue.parse(Data(json.utf8)))
    }

    @Test("an object that comes again in full keeps the nested objects that name it")
    func repeatedContainer() throws {
        // One author twice in one ordered to-many: it holds the object once, as it was last read.
        let library = try Self.decode(
            #"{"authors": [{"id": 1, "books": []}, {"id": 1, "books": [{"id": 10, "author_id": 1}]}]}"#
        )
        let written = try JSONValue.parse(ModelEncoder().encode(library))
        #expect(written == ["authors": [["id": 1, "books": [["id": 10, "author_id": 1]]]]])
    }

    static func decode(_ json: String) throws -> ModelObject {
        let model = try ObjectModel(xml: xml)
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        return try ModelDecoder(model: model, options: options)
            .decodeObject(of: "Library", from: Data(json.utf8))
    }
}
