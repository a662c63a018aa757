import Foundation
import ModelMapper
import ModelgenCore
import Testing

/// Which required to-one relationships typed initializers take: all of them, but for one
/// that would close a cycle of objects each needing the other first, which is left to be set
/// after the objects are made (and said so in its documentation).
@Suite("modelgen: required to-one relationships in typed initializers")
struct InitializerRelationshipsTests {
    /// The generated single file for `entities` (the inside of a `<model>`).
    func generated(_ entities: String) throws -> String {
        let xml = "<model>\(entities)</model>"
        let model = try ObjectModel(xml: xml, fileName: "Snippet.xml")
        var options = GeneratorOptions(modelName: "Snippet", sourceName: "Snippet.xcdatamodel")
        options.layout = .singleFile
        let result = ModelGenerator.generate(model, modelXML: xml, options: options)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        return try #require(result.files.first?.contents)
    }

    /// The parameters of the typed initializer of `className`, as `name: Type`, after the model.
    func parameters(of className: String, in text: String) -> [String]? {
        guard let classStart = text.range(of: "class \(className): ") else { return nil }
        guard let initStart = text.range(of: "init(", range: classStart.upperBound..<text.endIndex),
            let close = text.range(of: ") throws {", range: initStart.upperBound..<text.endIndex)
        else { return nil }
        return text[initStart.upperBound..<close.lowerBound]
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.hasPrefix("model ") }
    }

    static func toOne(_ name: String, _ destination: String, inverse: String? = nil, rule: String = "Nullify") -> String
    {
        let inverseText = inverse.map { #" inverseName="\#($0)" inverseEntity="\#(destination)""# } ?? ""
        return
            #"<relationship name="\#(name)" maxCount="1" deletionRule="\#(rule)" destinationEntity="\#(destination)"\#(inverseText)/>"#
    }

    @Test("a child's required parent is taken, and the property is non-optional")
    func childTakesParent() throws {
        let text = try generated(
            #"<entity name="Author"><relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book" inverseName="author" inverseEntity="Book"/></entity>"#
                + #"<entity name="Book">\#(Self.toOne("author", "Author", inverse: "books"))</entity>"#
        )
        #expect(parameters(of: "Book", in: text) == ["author: Author"])
        #expect(text.contains("public var author: Author {"))
        #expect(text.contains("get { requiredValue(forKey: Keys.author, as: Author.self) }"))
    }

    @Test("a one-to-one required on both sides: the owned side takes its owner, the other is set through the inverse")
    func mutualPair() throws {
        let text = try generated(
            #"<entity name="Album">\#(Self.toOne("cover", "Cover", inverse: "album", rule: "Cascade"))</entity>"#
                + #"<entity name="Cover">\#(Self.toOne("album", "Album", inverse: "cover"))</entity>"#
        )
        #expect(parameters(of: "Cover", in: text) == ["album: Album"])
        #expect(parameters(of: "Album", in: text) == [])
        #expect(text.contains("public var cover: Cover {"))
        #expect(
            text.contains(
                "/// Not taken by `init(model:…)`: making the object it links to needs this one first; make that "
                    + "`Cover` with this object as its `album`, which sets this one."
            )
        )
    }

    @Test("a cycle through three entities leaves out the one relationship that closes it")
    func longerCycle() throws {
        let text = try generated(
            #"<entity name="A">\#(Self.toOne("b", "B"))</entity><entity name="B">\#(Self.toOne("c", "C"))</entity>"#
                + #"<entity name="C">\#(Self.toOne("a", "A"))</entity>"#
        )
        #expect(parameters(of: "A", in: text) == ["b: B"])
        #expect(parameters(of: "B", in: text) == ["c: C"])
        #expect(parameters(of: "C", in: text) == [])
        #expect(text.contains("(the required relationships form a cycle); set it before reading it."))
    }

    @Test("a required link to the entity itself, or to an entity with no concrete objects, is not taken")
    func selfAndAbstract() throws {
        let text = try generated(
            #"<entity name="Node">\#(Self.toOne("parent", "Node"))</entity>"#
                + #"<entity name="Owner" isAbstract="YES"/>"#
                + #"<entity name="Pet">\#(Self.toOne("owner", "Owner"))</entity>"#
        )
        #expect(parameters(of: "Node", in: text) == [])
        #expect(parameters(of: "Pet", in: text) == [])
        #expect(text.contains("public var parent: Node {"))
        #expect(text.contains("entity `Owner` and its subentities are abstract, so no object of it can be made."))
    }

    @Test("an abstract destination with a concrete subentity is taken, and a subentity inherits the parameter")
    func inheritance() throws {
        let text = try generated(
            #"<entity name="Owner" isAbstract="YES"/><entity name="Shop" parentEntity="Owner"/>"#
                + #"<entity name="Pet">\#(Self.toOne("owner", "Owner"))</entity>"#
                + #"<entity name="Dog" parentEntity="Pet"><attribute name="breed" attributeType="String"/></entity>"#
        )
        #expect(parameters(of: "Pet", in: text) == ["owner: Owner"])
        #expect(parameters(of: "Dog", in: text) == ["owner: Owner", "breed: String"])
    }
}
