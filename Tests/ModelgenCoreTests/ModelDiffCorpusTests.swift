import Foundation
import ModelMapper
import ModelgenCore
import TestSupport
import Testing

/// `changes(since:)` over real models: every version of every bundle of `Models/` and the
/// shared corpus against the version before it, and each against itself.
@Suite("Model changes across real versions")
struct ModelDiffCorpusTests {
    static func bundles() -> [URL] {
        let own = ["Authors", "Bands", "Catalog", "Media", "Photos"].map(TestPaths.model)
        return own + (TestPaths.corpusIsPresent ? TestPaths.corpusBundles() : [])
    }

    @Test("each version against the one before, and against itself")
    func versions() throws {
        var compared = 0
        for url in Self.bundles() {
            // A bundle with no version to load (the corpus has one) has nothing to compare.
            guard let bundle = try? ModelBundle(contentsOf: url) else { continue }
            let versions = bundle.xmlVersionNames
            var previous: ObjectModel?
            for version in versions {
                // A version Core Data would refuse is not this test's business: the corpus
                // checks say which load.
                guard let model = try? ObjectModel(contentsOf: url, version: version) else { continue }
                let itself = try model.changes(since: model)
                #expect(
                    itself.isEmpty,
                    "\(url.lastPathComponent) \(version) against itself: \(itself.first?.diagnostic.description ?? "")"
                )
                if let previous {
                    let changes = try model.changes(since: previous)
                    // Each is located in a file of one of the two versions.
                    for change in changes {
                        #expect(change.diagnostic.location.file.contains(url.lastPathComponent))
                    }
                    compared += 1
                }
                previous = model
            }
        }
        #expect(compared >= 2, "too few pairs of versions: \(compared)")
        if TestPaths.corpusIsPresent { #expect(compared >= 10, "too few pairs of versions in the corpus: \(compared)") }
    }

    @Test("the Authors bundle: version 2 adds identities, which breaks reading and writing; version 3 only adds")
    func authors() throws {
        let url = TestPaths.model("Authors")
        let (v1, v2, v3) = (
            try ObjectModel(contentsOf: url, version: "Authors"),
            try ObjectModel(contentsOf: url, version: "Authors 2"),
            try ObjectModel(contentsOf: url, version: "Authors 3")
        )
        let breaking = try v2.changes(since: v1).filter { $0.diagnostic.severity == .error }
        #expect(Set(breaking.map(\.diagnostic.code.rawValue)) == ["MM807", "MM821"])
        #expect(try v3.changes(since: v2).allSatisfy { $0.diagnostic.severity == .note })
    }
}
