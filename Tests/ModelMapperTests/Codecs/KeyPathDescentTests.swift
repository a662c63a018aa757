import Foundation
import ModelMapper
import Testing

/// A key path the document lacks, or leads through something other than an object, is the
/// same error through the decoder, the graph and the streaming reader (``KeyPathDescent``).
@Suite("Key paths: one descent, one error, through every entry point")
struct KeyPathDescentTests {
    static let xml = """
        <model>
          <entity name="Band">
            <attribute name="id" attributeType="String"/>
          </entity>
        </model>
        """

    /// The error each entry point throws for `document` read at `keyPath`, as text.
    func errors(_ document: String, at keyPath: String) async throws -> [String] {
        let model = try ObjectModel(xml: Self.xml)
        let data = Data(document.utf8)
        var found: [String] = []
        let decoder = ModelDecoder(model: model)
        do {
            _ = try decoder.decodeObjects(of: "Band", from: data, at: keyPath)
        } catch let error as MappingError {
            found.append("\(error.path) \(error.found ?? "") \(error.detail ?? "")")
        }
        do {
            try ObjectGraph(model: model).merge(data, entity: "Band", at: keyPath)
        } catch let error as MappingError {
            found.append("\(error.path) \(error.found ?? "") \(error.detail ?? "")")
        }
        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(data))
            continuation.finish()
        }
        do {
            for try await _ in try decoder.objects(of: "Band", from: chunks, at: keyPath) {}
        } catch let error as MappingError {
            found.append("\(error.path) \(error.found ?? "") \(error.detail ?? "")")
        }
        return found
    }

    @Test("A missing component names the keys there and the closest, alike everywhere")
    func missingComponent() async throws {
        let found = try await errors(#"{"data": {"bandz": [], "meta": 1}}"#, at: "data.bands")
        #expect(found.count == 3)
        #expect(Set(found).count == 1, "\(found)")
        #expect(
            found.first
                == "$.data.bands the document has nothing at 'data.bands' the object there has the keys 'bandz', 'meta'; "
                + "did you mean 'bandz'?"
        )
    }

    @Test("A value on the way that is not an object is the same type mismatch everywhere")
    func notAnObject() async throws {
        let found = try await errors(#"{"data": [1, 2]}"#, at: "data.bands")
        #expect(found.count == 3)
        #expect(Set(found).count == 1, "\(found)")
        #expect(found.first?.hasPrefix("$.data an array") == true, "\(found)")
    }
}
