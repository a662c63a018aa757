import Foundation
import ModelMapper
import Testing

/// A decoding run remembers the URLs and comma-separated lists it has read by their text
/// (`TextMemory`): the values must be the ones reading the text gives (`URL(string:)`, the
/// list), whether a text repeats, collides with another in the table, or comes after the run
/// stopped remembering; and a repeated list shares its storage, which is what remembering
/// saves.
@Suite("Decoding: URLs and lists remembered by their text")
struct TextMemoryTests {
    static let model = """
        <model><entity name="Link">
          <attribute name="url" optional="YES" attributeType="URI"/>
          <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="StringArray" customClassName="[String]"/>
        </entity></model>
        """

    func decode(_ texts: [String]) throws -> [URL?] {
        let model = try ObjectModel(xml: Self.model)
        let link = try #require(model.entitiesByName["Link"])
        let elements = texts.map { #"{"url": "\#($0)"}"# }
        let data = Data("[\(elements.joined(separator: ","))]".utf8)
        return try ModelDecoder(model: model).decodeObjects(of: link, from: data)
            .map { $0.value(forKey: "url") as? URL }
    }

    @Test("Repeated, distinct and colliding texts give what URL(string:) gives, in order")
    func values() throws {
        // Many distinct texts (past the table's size and the run's trial), each a few times over,
        // interleaved, with texts that differ in one byte or in length only.
        var texts: [String] = []
        for round in 0..<3 {
            for index in 0..<1_500 { texts.append("https://example.com/p/\(index)/\(round == 1 ? "x" : "")") }
        }
        texts += ["https://example.com/a", "https://example.com/b", "https://example.com/a", "https://example.com/ab"]
        texts += ["https://example.com/ä", "relative/path", "https://example.com/ä"]
        let urls = try decode(texts)
        #expect(urls.count == texts.count)
        for (url, text) in zip(urls, texts) {
            #expect(url == URL(string: text), "\(text)")
        }
    }

    @Test("A text URL(string:) refuses is an error at its path, repeated or not")
    func refused() throws {
        for texts in [["http://[bad"], ["https://example.com/", "http://[bad"]] {
            let error = try #require(throws: MappingError.self) { try decode(texts) }
            #expect(error.path.description == "$[\(texts.count - 1)].url")
        }
    }

    func decodeLists(_ texts: [String]) throws -> [[String]?] {
        let model = try ObjectModel(xml: Self.model)
        let link = try #require(model.entitiesByName["Link"])
        let elements = texts.map { #"{"tags": "\#($0)"}"# }
        let data = Data("[\(elements.joined(separator: ","))]".utf8)
        return try ModelDecoder(model: model).decodeObjects(of: link, from: data)
            .map { $0.value(forKey: "tags") as? [String] }
    }

    @Test("Lists read from repeated and distinct texts are the texts' items, in order")
    func lists() throws {
        var texts: [String] = []
        for round in 0..<3 {
            for index in 0..<600 { texts.append("tag\(index),shared\(round == 1 ? ",extra" : "")") }
        }
        texts += ["classic, novel", "classic,novel", "classic, novel", "", "ä,ö", "ä,ö"]
        let lists = try decodeLists(texts)
        #expect(lists.count == texts.count)
        for (list, text) in zip(lists, texts) {
            let expected =
                text.isEmpty
                ? []
                : text.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(list == expected, "\(text)")
        }
    }

    @Test("A list repeated in a document is held once: its objects share the storage")
    func sharedStorage() throws {
        let lists = try decodeLists(Array(repeating: "classic,novel,satire", count: 40))
        let addresses = Set(
            lists.map { list in list?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } ?? 0 }
        )
        #expect(addresses.count == 1, "\(addresses.count) storages for one list")
        #expect(lists.first == ["classic", "novel", "satire"])
    }
}
