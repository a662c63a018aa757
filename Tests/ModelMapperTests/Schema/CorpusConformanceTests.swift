import Foundation
import ModelMapper
import TestSupport
import Testing

/// Every model file of `../shared/corpus` (real files from public projects, Xcode 4 to
/// Xcode 15+) must load. The suite is skipped, with a message saying so, when the corpus
/// is not beside the clone.
@Suite(
    "Corpus conformance: every real model file loads",
    .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
)
struct CorpusConformanceTests {
    @Test("every contents file loads without errors")
    func everyContentsFileLoads() throws {
        let files = TestPaths.corpusContentsFiles()
        try #require(files.count >= 50, "expected the corpus to hold dozens of model files, found \(files.count)")
        for file in files {
            do {
                let model = try ObjectModel(contentsOf: file)
                #expect(!model.entities.isEmpty, "\(file.path) has no entities")
                // Every relationship resolves to an entity of the same model.
                for entity in model.entities {
                    for relationship in entity.relationships {
                        #expect(relationship.destinationEntity.model === model)
                    }
                }
            } catch {
                Issue.record("\(file.path) did not load:\n\(error)")
            }
        }
    }

    @Test("every bundle with versions loads its current version and each of its versions")
    func everyBundleLoads() throws {
        var loadedBundles = 0
        for bundleURL in TestPaths.corpusBundles() {
            let bundle: ModelBundle
            do {
                bundle = try ModelBundle(contentsOf: bundleURL)
            } catch {
                // The corpus holds one bundle whose version folders were not published; that
                // must be the only failure, and it must say so.
                #expect(error.description.contains("contains no model version"), "\(bundleURL.path): \(error)")
                continue
            }
            loadedBundles += 1
            for version in bundle.versionNames {
                #expect(throws: Never.self, "\(bundleURL.path) version \(version)") {
                    try ObjectModel(contentsOf: bundleURL, version: version)
                }
            }
            // The current version, or the fallback when none is marked, loads.
            #expect(throws: Never.self, "\(bundleURL.path) current version") { try ObjectModel(contentsOf: bundleURL) }
        }
        #expect(loadedBundles >= 30)
    }

    @Test("bare .xcdatamodel folders load")
    func bareFolders() throws {
        let folders = TestPaths.corpusBareVersionFolders()
        try #require(!folders.isEmpty)
        for folder in folders {
            #expect(throws: Never.self, "\(folder.path)") { try ObjectModel(contentsOf: folder) }
        }
    }

    @Test("features the corpus index lists are read: inheritance, abstract entities, userInfo key paths")
    func indexedFeatures() throws {
        let sync = TestPaths.corpus.appendingPathComponent("3lvis__Sync/Tests/Sync/Models")
        let customKeys = try ObjectModel(contentsOf: sync.appendingPathComponent("CustomRelationshipKey.xcdatamodeld"))
        let remoteKeys = customKeys.entities.flatMap(\.properties).filter { $0.userInfo["sync.remoteKey"] != nil }
        try #require(!remoteKeys.isEmpty)
        for property in remoteKeys {
            #expect(property.jsonKeyPath == (try JSONKeyPath(parsing: property.userInfo["sync.remoteKey"] ?? "")))
        }
        let mogenerator = try ObjectModel(
            contentsOf: TestPaths.corpus.appendingPathComponent("rentzsch__mogenerator/test/test.xcdatamodel")
        )
        #expect(mogenerator.entitiesByName["Parent"]?.superentity?.name == "Human")
        #expect(mogenerator.entitiesByName["Human"]?.subentities.map(\.name) == ["Child", "Parent", "Uncle"])
        #expect(mogenerator.fetchRequestTemplates.count == 5)
    }
}
