import Foundation
import ModelMapper
import TestSupport
import Testing

@Suite("Hostile and malformed input: rejected with an error, never a crash or a leak")
struct SafetyTests {
    static let secret = "TOP-SECRET-\(UUID().uuidString)"

    /// Loads `xml`, which must fail, and returns the whole error text.
    private func failureText(_ xml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        do {
            let model = try ObjectModel(xml: xml, fileName: "Hostile.xml")
            Issue.record("the document loaded: \(model.entities.map(\.name))", sourceLocation: sourceLocation)
            return model.entities.map(\.name).joined()
        } catch {
            return error.description
        }
    }

    @Test("an external entity (XXE) pointing at a local file is refused and its content never appears")
    func externalEntity() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let secretFile = try folder.write(Self.secret, to: "secret.txt")
        let text = failureText(
            """
            <?xml version="1.0"?>
            <!DOCTYPE model [ <!ENTITY xxe SYSTEM "\(secretFile.absoluteString)"> ]>
            <model><entity name="&xxe;"/></model>
            """
        )
        #expect(!text.contains(Self.secret))
        #expect(text.contains("declares entity 'xxe'"))
        #expect(text.hasPrefix("Hostile.xml:2:"))
    }

    @Test("an external parameter entity is refused before it is read")
    func externalParameterEntity() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let dtd = try folder.write("<!ENTITY leak \"\(Self.secret)\">", to: "evil.dtd")
        let text = failureText(
            """
            <?xml version="1.0"?>
            <!DOCTYPE model [ <!ENTITY % remote SYSTEM "\(dtd.absoluteString)"> %remote; ]>
            <model><entity name="&leak;"/></model>
            """
        )
        #expect(!text.contains(Self.secret))
        #expect(text.contains("declares entity 'remote'"))
    }

    @Test("an external DTD subset is never loaded")
    func externalSubset() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let dtd = try folder.write("<!ENTITY leak \"\(Self.secret)\">", to: "evil.dtd")
        let xml = """
            <?xml version="1.0" standalone="no"?>
            <!DOCTYPE model SYSTEM "\(dtd.absoluteString)">
            <model><entity name="&leak;"/></model>
            """
        do {
            let model = try ObjectModel(xml: xml)
            // If libxml2 keeps the unresolved reference, the name must not be the secret.
            #expect(!model.entities.map(\.name).joined().contains(Self.secret))
        } catch {
            #expect(!error.description.contains(Self.secret))
        }
    }

    @Test("an entity-expansion bomb is refused at once")
    func billionLaughs() {
        var declarations = "<!ENTITY lol0 \"lololololololololololololololololololol\">"
        for level in 1...12 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model [\(declarations)]>\n<model><entity name=\"&lol12;\"/></model>"
        let start = ContinuousClock.now
        let text = failureText(xml)
        // A safety bound, not a speed measurement: expansion would take hours and terabytes.
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(text.contains("entity declarations are not allowed"))
    }

    @Test("malformed XML is reported with libxml2's line and column")
    func malformedXML() {
        let text = failureText(
            "<model>\n  <entity name=\"A\">\n    <attribute name=\"x\" attributeType=\"String\">\n  "
                + "</entity>\n</model>\n"
        )
        #expect(text.hasPrefix("Hostile.xml:4:"))
        #expect(text.contains("error: malformed XML:"))
        #expect(text.contains("mismatch"))
    }

    @Test("all libxml2 errors of a document come together")
    func severalXMLErrors() throws {
        do {
            _ = try ObjectModel(xml: "<model>\n<entity name=\"A\" name=\"B\"/>\n<entity name=\"C\" x=1/>\n</model>")
            Issue.record("malformed XML loaded")
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.message.hasPrefix("malformed XML") })
            #expect(error.diagnostics.first?.location.line == 2)
        }
    }

    @Test("very deep nesting is refused, not recursed into")
    func deepNesting() {
        let depth = 100_000
        let xml =
            "<model>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</model>"
        let text = failureText(xml)
        // The 64th <a> is level 65, past the loader's default limit: located at the end of its
        // start tag, which is where libxml2 is when it reports an element.
        #expect(
            text
                == "Hostile.xml:1:\(7 + 64 * 3): error: elements nest more than 64 levels deep (LoadingLimits.maximumDepth)"
        )
    }

    @Test(
        "empty, binary and truncated input are errors",
        arguments: [
            Data(), Data([0x00, 0xFF, 0xFE, 0x13, 0x37, 0x00]), Data("<model><entity name=\"A\">".utf8),
            Data("not xml at all".utf8),
        ]
    )
    func garbage(data: Data) {
        #expect(throws: ModelLoadingError.self) { try ObjectModel(xml: data, fileName: "Garbage") }
    }

    @Test("documents in other encodings load")
    func otherEncodings() throws {
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<model><entity name=\"Caf\u{E9}\"/></model>"
        let model = try ObjectModel(xml: try #require(latin1.data(using: .isoLatin1)))
        #expect(model.entities.map(\.name) == ["Caf\u{E9}"])

        let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<model>\n<entity name=\"Wide\"/>\n</model>"
        let wide = try ObjectModel(xml: try #require(utf16.data(using: .utf16)))
        #expect(wide.entities.map(\.name) == ["Wide"])
        // The start tag cannot be found in UTF-16 bytes: the line libxml2 recorded is used.
        #expect(wide.entities.first?.location.line == 3)
    }

    @Test("elements in comments and CDATA do not confuse locations")
    func locationsSkipComments() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <!-- <entity name="Fake"> -->
                  <?pi <entity?>
                  <entity name="Real"/>
                </model>
                """
        )
        #expect(model.entities.first?.location.line == 4)
        #expect(model.entities.first?.location.column == 3)
    }
}
