import Foundation
import ModelMapper
import Testing

/// `requiredValue(forKey:)` and its raw-value forms, which generated classes read required
/// attributes with: the value or the model's default, and otherwise a stop naming
/// `Entity.property` and saying why the object lacks it.
@Suite("Required values, as typed accessors read them")
struct RequiredValueTests {
    static let xml = #"""
        <model>
        <entity name="Note">
            <attribute name="count" attributeType="Integer 32"/>
            <attribute name="kind" attributeType="String" defaultValueString="plain"/>
            <attribute name="state" attributeType="String"/>
            <attribute name="when" attributeType="Date"/>
        </entity>
        </model>
        """#

    enum State: String { case open, closed }

    static func note() throws -> ModelObject {
        let model = try ObjectModel(xml: xml)
        return ModelObject(entity: try model.checkedEntity(named: "Note"))
    }

    @Test("a set value reads as its type, and an unset one with a default as the default")
    func readsValuesAndDefaults() throws {
        let note = try Self.note()
        try note.setValue(3, forKey: "count")
        try note.setValue("open", forKey: "state")
        try note.setValue(Date(timeIntervalSince1970: 0), forKey: "when")
        #expect(note.requiredValue(forKey: "count", as: Int32.self) == 3)
        #expect(note.requiredValue(forKey: "kind", as: String.self) == "plain")
        #expect(note.requiredValue(forKey: "when", as: Date.self) == Date(timeIntervalSince1970: 0))
        #expect(note.requiredRawRepresentableValue(forKey: "state", as: State.self) == .open)
        #expect(!note.isPlaceholder)
    }

    @Test("an unset required value stops the program, naming Entity.property and how the object came to lack it")
    func unsetValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try RequiredValueTests.note().requiredValue(forKey: "count", as: Int32.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Note.count is required, and unset: the object was made with init(entity:)"))
    }

    @Test("a required value set to null by key stops the program, saying it is null")
    func nullValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let note = try RequiredValueTests.note()
            try note.setValue(nil, forKey: "when")
            _ = note.requiredValue(forKey: "when", as: Date.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Note.when is required, and null"))
    }

    @Test("a stored value that is none of the enum's raw values stops the program, naming it")
    func noneOfTheRawValues() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let note = try RequiredValueTests.note()
            try note.setValue("archived", forKey: "state")
            _ = note.requiredRawRepresentableValue(forKey: "state", as: RequiredValueTests.State.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Note.state holds archived, none of the raw values of State"))
    }

    static let booksXML = """
        <model>
          <entity name="Author">
            <attribute name="authorID" attributeType="Integer 64"/>
            <relationship name="books" optional="YES" toMany="YES" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
            <userInfo><entry key="identityAttributes" value="authorID"/></userInfo>
          </entity>
          <entity name="Book">
            <attribute name="title" attributeType="String"/>
            <relationship name="author" maxCount="1" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
          </entity>
        </model>
        """

    @Test("a required to-one reads as its object; unset, it stops the program naming Book.author")
    func requiredToOne() async throws {
        let model = try ObjectModel(xml: Self.booksXML)
        let book = try ModelDecoder(model: model)
            .decodeObject(of: model.checkedEntity(named: "Book"), from: Data(#"{"title": "Emma", "author": 7}"#.utf8))
        let author = book.requiredValue(forKey: "author", as: ModelObject.self)
        #expect(author.isPlaceholder && author.requiredValue(forKey: "authorID", as: Int64.self) == 7)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = try ObjectModel(xml: RequiredValueTests.booksXML)
            _ = ModelObject(entity: try model.checkedEntity(named: "Book"))
                .requiredValue(forKey: "author", as: ModelObject.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Book.author is required, and unset: the object was made with init(entity:)"))
    }

    @Test("a required to-one whose graph reference still waits stops the program, naming what it waits for")
    func waitingToOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = try ObjectModel(xml: RequiredValueTests.booksXML)
            let graph = ObjectGraph(model: model, options: .init(decoding: ModelDecoder.Options()))
            try graph.merge(Data(#"[{"title": "Emma", "author": 7}]"#.utf8), entity: "Book")
            _ = graph.objects(of: "Book")[0].requiredValue(forKey: "author", as: ModelObject.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "Book.author is required, and null: its reference waits for an object the graph does not have yet, "
                    + "Book.author -> Author (authorID: 7)"
            )
        )
    }
}
