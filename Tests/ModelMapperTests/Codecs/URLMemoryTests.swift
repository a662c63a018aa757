import Foundation
import ModelMapper
import Testing

/// A decoding run remembers the URLs it has read by their text (``URLMemory``): the values must
/// be the ones `URL(string:)` gives, whether a text repeats, collides with another in the
/// table, or comes after the run stopped remembering.
@Suite("Decoding: URLs remembered by their text")
struct URLMemoryTests {
    static let model = """
        <model><entity name="Link">
          <attribute name="url" optional="YES" attributeType="URI"/>
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
}
