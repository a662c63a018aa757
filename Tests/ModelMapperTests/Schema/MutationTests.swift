import Foundation
import ModelMapper
import TestSupport
import Testing

@Suite("Mutated model files never crash the loader")
struct MutationTests {
    /// Byte-level damage: flips, deletions, duplications and splices of XML-ish fragments.
    private static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var result = bytes
        let fragments: [[UInt8]] = [
            "<", ">", "\"", "&", "&amp;", "/>", "<entity name=\"", "parentEntity=\"", "inverseName=\"",
            "destinationEntity=\"Nope\"", "attributeType=\"Integer 99\"", "]]>", "<!--", "\u{0}", "\u{FFFF}",
        ]
        .map { Array($0.utf8) }
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !result.isEmpty {
            let position = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: result[position] = UInt8.random(in: 0...255, using: &generator)
            case 1:
                result.removeSubrange(
                    position..<min(result.count, position + Int.random(in: 1...64, using: &generator))
                )
            case 2:
                let end = min(result.count, position + Int.random(in: 1...200, using: &generator))
                result.insert(contentsOf: result[position..<end], at: position)
            default:
                result.insert(
                    contentsOf: fragments[Int.random(in: 0..<fragments.count, using: &generator)],
                    at: position
                )
            }
        }
        return result
    }

    @Test("2,000 mutations of the package's models load or fail with diagnostics")
    func mutatedModels() throws {
        let files = [
            "Authors.xcdatamodeld/Authors 3.xcdatamodel/contents", "Media.xcdatamodeld/Media.xcdatamodel/contents",
        ]
        .map { TestPaths.models.appendingPathComponent($0) }
        var generator = SplitMix64(state: 0x5EED)
        var failures = 0
        for file in files {
            let original = [UInt8](try Data(contentsOf: file))
            for _ in 0..<1_000 {
                let mutated = Self.mutate(original, using: &generator)
                do {
                    let model = try ObjectModel(xml: Data(mutated), fileName: "mutated")
                    // A model that loads is fully navigable.
                    for entity in model.entities {
                        _ = entity.properties.map(\.jsonKeyPath)
                        _ = entity.relationships.map {
                            $0.destinationEntity.name + ($0.inverseRelationship?.name ?? "")
                        }
                    }
                } catch {
                    failures += 1
                    #expect(!error.diagnostics.isEmpty)
                    #expect(error.diagnostics.allSatisfy { !$0.message.isEmpty && $0.location.file == "mutated" })
                }
            }
        }
        // Most mutations break the document; the point is that none crashed.
        #expect(failures > 500)
    }
}
