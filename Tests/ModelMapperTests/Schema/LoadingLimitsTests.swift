import Foundation
import ModelMapper
import TestSupport
import Testing

@Suite("Loading limits: file size, element count and depth, each loading at its limit and refused past it")
struct LoadingLimitsTests {
    /// A model of `attributes` attributes on one entity: 2 + attributes elements, 3 levels deep
    /// (4 with `userInfo`: each attribute then has a userInfo and an entry, 2 + 3 × attributes).
    private func model(attributes: Int, userInfo: Bool = false) -> String {
        var xml = "<model>\n<entity name=\"A\">\n"
        for index in 0..<attributes {
            if userInfo {
                xml +=
                    "<attribute name=\"a\(index)\" attributeType=\"String\"><userInfo><entry key=\"k\" "
                    + "value=\"v\"/></userInfo></attribute>\n"
            } else {
                xml += "<attribute name=\"a\(index)\" attributeType=\"String\"/>\n"
            }
        }
        return xml + "</entity>\n</model>\n"
    }

    private func failure(
        _ xml: String,
        limits: ObjectModel.LoadingLimits,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> ModelLoadingError? {
        do {
            let model = try ObjectModel(xml: xml, fileName: "Limits.xml", limits: limits)
            Issue.record("loaded past a limit: \(model.entities.map(\.name))", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("the defaults: 32 MiB, 1,000,000 elements, 64 levels")
    func defaults() {
        let limits = ObjectModel.LoadingLimits()
        #expect(limits.maximumFileSize == 32 << 20)
        #expect(limits.maximumElementCount == 1_000_000)
        #expect(limits.maximumDepth == 64)
        #expect(ObjectModel.LoadingLimits.default == limits)
        // Zero or less would refuse every model: the least is one.
        #expect(
            ObjectModel.LoadingLimits(maximumFileSize: 0, maximumElementCount: -5, maximumDepth: 0)
                == ObjectModel.LoadingLimits(maximumFileSize: 1, maximumElementCount: 1, maximumDepth: 1)
        )
    }

    @Test("element count: at the limit loads, one more is refused at that element")
    func elementCount() throws {
        let xml = model(attributes: 3)  // 5 elements
        let model = try ObjectModel(xml: xml, limits: .init(maximumElementCount: 5))
        #expect(model.entities.first?.properties.count == 3)
        let error = try #require(failure(xml, limits: .init(maximumElementCount: 4)))
        #expect(error.diagnostics.count == 1)
        // The fifth element is the third attribute, on line 5.
        #expect(error.description.hasPrefix("Limits.xml:5:"))
        #expect(
            error.description.hasSuffix(
                "error: the document has more than 4 elements (LoadingLimits.maximumElementCount)"
            )
        )
    }

    @Test("depth: at the limit loads, one level more is refused at its element")
    func depth() throws {
        let xml = model(attributes: 2, userInfo: true)  // model > entity > attribute > userInfo > entry
        let model = try ObjectModel(xml: xml, limits: .init(maximumDepth: 5))
        #expect(model.entities.first?.properties.first?.userInfo["k"] == "v")
        let error = try #require(failure(xml, limits: .init(maximumDepth: 4)))
        #expect(error.diagnostics.count == 1)
        #expect(error.description.hasPrefix("Limits.xml:3:"))
        #expect(
            error.description.hasSuffix("error: elements nest more than 4 levels deep (LoadingLimits.maximumDepth)")
        )
    }

    @Test("file size of XML given in memory: at the limit loads, one byte more is refused")
    func sizeInMemory() throws {
        let xml = model(attributes: 2)
        let size = xml.utf8.count
        let model = try ObjectModel(xml: xml, limits: .init(maximumFileSize: size))
        #expect(model.entities.count == 1)
        let error = try #require(failure(xml, limits: .init(maximumFileSize: size - 1)))
        #expect(
            error.description
                == "Limits.xml: error: the file is larger than the limit of \(size - 1) bytes (LoadingLimits.maximumFileSize)"
        )
    }

    @Test("file size of a file: at the limit loads, one byte more is refused before it is read")
    func sizeOfFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("contents")
        let xml = model(attributes: 2)
        try Data(xml.utf8).write(to: file)
        let size = xml.utf8.count
        let model = try ObjectModel(contentsOf: file, options: [], limits: .init(maximumFileSize: size))
        #expect(model.entities.count == 1)
        do {
            _ = try ObjectModel(contentsOf: file, options: [], limits: .init(maximumFileSize: size - 1))
            Issue.record("a file past the limit loaded")
        } catch {
            #expect(
                error.description
                    == "\(file.path): error: the file is larger than the limit of \(size - 1) bytes (LoadingLimits.maximumFileSize)"
            )
        }
    }

    @Test("a bundle's version is read within the caller's limits")
    func bundle() throws {
        let bundle = TestPaths.models.appendingPathComponent("Authors.xcdatamodeld")
        #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: bundle, options: [], limits: .init(maximumElementCount: 10))
        }
        let model = try ObjectModel(contentsOf: bundle, options: [], limits: .init(maximumElementCount: 100))
        #expect(model.entities.map(\.name) == ["Author", "Book", "Pricing"])
    }
}
