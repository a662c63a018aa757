import Foundation
import ModelMapper
import TestSupport
import Testing

/// Every shape in which real model files come: encodings, byte-order marks, one-line files,
/// layout first, Xcode 3-era attributes, bundles holding binary versions, bare version folders.
/// The files are in `Tests/Fixtures/Shapes`, made for these tests.
@Suite("Every real shape of model file loads")
struct FileShapeTests {
    static let shapes = TestPaths.fixtures.appendingPathComponent("Shapes")

    static func shape(_ name: String) -> URL {
        shapes.appendingPathComponent(name)
    }

    /// The Café model's tolerated default, wherever it is in the file.
    static let expectedWarning = "default value of attribute 'Café.größe' (Integer 32) is '0.0', read as 0"

    @Test(
        "UTF-8, UTF-8 with a byte-order mark and UTF-16 (both byte orders, with and without a mark) load alike",
        arguments: ["utf8.xml", "utf8-bom.xml", "utf16le-bom.xml", "utf16be-bom.xml", "utf16le.xml"]
    )
    func encodings(file: String) throws {
        let model = try ObjectModel(contentsOf: Self.shape(file))
        #expect(model.entities.map(\.name) == ["Café", "Menu"])
        let cafe = try #require(model.entity(named: "Café"))
        #expect(cafe.attributesByName["größe"]?.defaultValue as? Int32 == 0)
        #expect(cafe.relationshipsByName["menus"]?.inverseRelationship?.name == "café")
        // The warning is at the same line and column in every encoding: columns count
        // Unicode scalars ("größe" is 5 columns, 7 UTF-8 bytes, 10 UTF-16 bytes).
        let line =
            #"        <attribute name="größe" optional="YES" attributeType="Integer 32" defaultValueString="0.0""#
        let column = line.unicodeScalars.count - #"defaultValueString="0.0""#.unicodeScalars.count + 1
        #expect(
            model.warnings.map(\.description) == [
                "\(Self.shape(file).relativePath):4:\(column): warning: \(Self.expectedWarning)"
            ]
        )
        #expect(cafe.attributesByName["größe"]?.location.line == 4)
        #expect(cafe.attributesByName["größe"]?.location.column == 9)
    }

    @Test("the normalised text of a UTF-16 file is UTF-8, says so, and loads to the same model")
    func normalizedText() throws {
        let utf16 = try ObjectModel(contentsOf: Self.shape("utf16le-bom.xml"))
        let text = try #require(utf16.normalizedXML)
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#))
        let utf8 = try String(contentsOf: Self.shape("utf8.xml"), encoding: .utf8)
        #expect(text == utf8)
        let again = try ObjectModel(xml: text)
        #expect(again.entities.map(\.name) == utf16.entities.map(\.name))
        // A byte-order mark is dropped too.
        #expect(try ObjectModel(contentsOf: Self.shape("utf8-bom.xml")).normalizedXML == utf8)
    }

    @Test("a file on one line locates each problem by its column")
    func oneLine() throws {
        let model = try ObjectModel(contentsOf: Self.shape("one-line.xml"))
        #expect(model.entities.map(\.name) == ["Café", "Menu"])
        let text = try String(contentsOf: Self.shape("one-line.xml"), encoding: .utf8)
        let prefix = try #require(text.range(of: #"defaultValueString="0.0""#)).lowerBound
        let column = text.unicodeScalars.distance(from: text.startIndex, to: prefix) + 1
        #expect(
            model.warnings.map(\.location) == [
                SourceLocation(file: Self.shape("one-line.xml").relativePath, line: 1, column: column)
            ]
        )
        // Elements that share the line are told apart: the second entity is where it is.
        let menu = try #require(model.entity(named: "Menu"))
        let menuColumn =
            text.unicodeScalars.distance(
                from: text.startIndex,
                to: try #require(text.range(of: #"<entity name="Menu""#)).lowerBound
            ) + 1
        #expect(
            menu.location == SourceLocation(file: Self.shape("one-line.xml").relativePath, line: 1, column: menuColumn)
        )
    }

    @Test("the diagram layout before the entities is fine")
    func elementsFirst() throws {
        let model = try ObjectModel(contentsOf: Self.shape("elements-first.xml"))
        #expect(model.entities.map(\.name) == ["Note", "Tag"])
        #expect(model.warnings.isEmpty)
        #expect(model.entity(named: "Tag")?.location.line == 11)
    }

    @Test("Xcode 3-era attributes load; NO on an integer and an empty URI are tolerated with warnings")
    func xcode3Attributes() throws {
        let model = try ObjectModel(contentsOf: Self.shape("xcode3-attributes.xml"))
        let event = try #require(model.entity(named: "Event"))
        #expect(event.xmlAttributes["renamingIdentifier"] == "Happening")
        #expect(event.xmlAttributes["versionHashModifier"] == "2")
        #expect(event.attributesByName["timeStamp"]?.xmlAttributes["spotlightIndexingEnabled"] == "YES")
        #expect(event.attributesByName["timeStamp"]?.xmlAttributes["storedInExternalRecord"] == "YES")
        #expect(event.attributesByName["timeStamp"]?.isIndexed == true)
        #expect(event.attributesByName["count"]?.defaultValue as? Int16 == 0)
        #expect(event.attributesByName["homepage"]?.defaultValue == nil)
        #expect(
            model.warnings.map(\.message) == [
                "default value of attribute 'Event.count' (Integer 16) is 'NO', read as 0",
                "default value of attribute 'Event.homepage' (URI) is '': it is empty; no default value is used",
            ]
        )
    }

    @Test("elements with a namespace prefix are not Core Data's and are ignored")
    func prefixedElements() throws {
        let model = try ObjectModel(contentsOf: Self.shape("prefixed-elements.xml"))
        let thing = try #require(model.entity(named: "Thing"))
        #expect(thing.properties.map(\.name) == ["name"])
        #expect(thing.attributesByName["name"]?.xmlAttributes["x:hint"] == "yes")
        #expect(thing.attributesByName["name"]?.location.line == 6)
    }

    @Test("a bundle holding an Xcode 3 binary version loads its XML versions; asking for the binary one says why not")
    func bundleWithBinaryVersion() throws {
        let url = Self.shape("Mixed.xcdatamodeld")
        let bundle = try ModelBundle(contentsOf: url)
        #expect(bundle.versionNames == ["Mixed", "Mixed 2", "Mixed 3"])
        #expect(bundle.binaryVersionNames == ["Mixed"])
        #expect(bundle.xmlVersionNames == ["Mixed 2", "Mixed 3"])
        #expect(try ObjectModel(contentsOf: url).entities.map(\.name) == ["Entry"])
        #expect(try ObjectModel(contentsOf: url, version: "Mixed 2").entities.map(\.name) == ["Item"])
        let error = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: url, version: "Mixed") }
        #expect(
            error?.description
                == "\(url.appendingPathComponent("Mixed.xcdatamodel").relativePath): error: version 'Mixed' is in Xcode 3's binary format (no XML 'contents' file) and cannot be loaded; open and save it in Xcode 4 or later to convert it (XML versions: 'Mixed 2', 'Mixed 3')"
        )
    }

    @Test(".xccurrentversion naming a binary version is an error listing the XML versions")
    func currentVersionIsBinary() throws {
        let url = Self.shape("BinaryCurrent.xcdatamodeld")
        let error = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: url) }
        #expect(
            error?.description
                == "\(url.appendingPathComponent(".xccurrentversion").relativePath): error: .xccurrentversion names version 'Old', which is in Xcode 3's binary format and cannot be loaded; choose an XML version ('Old 2')"
        )
        #expect(try ObjectModel(contentsOf: url, version: "Old 2").entities.map(\.name) == ["Item"])
    }

    @Test("a .xcdatamodel folder outside any bundle loads, with no version name")
    func standaloneVersionFolder() throws {
        let model = try ObjectModel(contentsOf: Self.shape("Standalone.xcdatamodel"))
        #expect(model.entities.map(\.name) == ["Loose"])
        #expect(model.versionName == nil)
    }

    @Test("a JSON file, an ordinary folder or a property list given as a model says what a model is")
    func notModels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let json = try folder.write(#"{"authors": []}"#, to: "authors.json")
        let plain = try folder.makeFolder("Sources")
        _ = try folder.write("let x = 1\n", to: "Sources/main.swift")
        let expectation = "expected a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file"
        let jsonError = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: json) }
        #expect(
            jsonError?.description == "\(json.relativePath):1:1: error: this file is JSON, not a model: \(expectation)"
        )
        let folderError = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: plain) }
        #expect(folderError?.description == "\(plain.relativePath): error: this folder is not a model: \(expectation)")
        let plist = try folder.write(currentVersionPlist("Model"), to: "Info.plist")
        let plistError = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: plist) }
        #expect(
            plistError?.description
                .contains(
                    "the root element is <plist>, not <model>: this is not a Core Data model file (\(expectation))"
                ) == true
        )
    }

    @Test("loading is linear in the size of the file, whatever its encoding or prefixes")
    func linearLoading() throws {
        // 4,000 entities with a prefixed element each, in UTF-16: a loader that searched the
        // bytes for each element would take minutes; one pass takes well under a second.
        var xml = #"<?xml version="1.0" encoding="UTF-16"?>"# + "\n<model xmlns:x=\"urn:x\">\n"
        for index in 0..<4_000 {
            xml +=
                "<entity name=\"E\(index)\"><x:note/><attribute name=\"a\" attributeType=\"Integer 16\" "
                + "defaultValueString=\"0.0\"/></entity>\n"
        }
        xml += "</model>\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in xml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let start = ContinuousClock.now
        let model = try ObjectModel(xml: Data(bytes), fileName: "Big.xml")
        let elapsed = ContinuousClock.now - start
        #expect(model.entities.count == 4_000)
        #expect(model.warnings.count == 4_000)
        let lastLine = #"<entity name="E3999"><x:note/><attribute name="a" attributeType="Integer 16" "#
        #expect(
            model.warnings.last?.location == SourceLocation(file: "Big.xml", line: 4_002, column: lastLine.count + 1)
        )
        // A generous bound: the point is linear against quadratic, not speed.
        #expect(elapsed < .seconds(10), "loading took \(elapsed)")
    }
}
