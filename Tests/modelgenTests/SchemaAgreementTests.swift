import Foundation
import ModelMapper
import ModelMapperTestingCore
import ModelgenCore
import TestModels
import TestSupport
import Testing

/// The schema `modelgen schema` writes accepts exactly what the decoder it describes accepts:
/// every fixture of the project, every document of the agreement table and, for each
/// fixture, documents changed one member at a time (removed, given a value of another type, a
/// number out of range, an unknown key beside it), read with strict and lenient options,
/// ignoring and rejecting unknown keys, with and without bounds. The schemas are checked by a
/// real validator, Python's `jsonschema` (`.ci/schema-validate`), against the decoder's verdict
/// on each document.
@Suite(.serialized)
struct SchemaAgreementTests {
    /// Documents of one entity of one model.
    struct Source {
        var name: String
        var model: URL
        var entity: String
        var keyPath: String?
        var documents: [(name: String, text: String)]
        /// Whether changed documents are made from these.
        var mutates = true
    }

    /// The ways of reading each source is checked under: strict and lenient types, unknown
    /// keys ignored and rejected, bounds checked or not. (Three, not every combination: the
    /// validator takes about 2 ms a document, most of it in `unevaluatedProperties`.)
    static let readings: [(name: String, apply: @Sendable (inout ModelDecoder.Options) -> Void)] = [
        ("strict", { $0.strictness = .strict }),
        ("lenient", { _ in }),
        (
            "lenient, unknown keys rejected, bounds checked",
            {
                $0.unknownKeys = .reject
                $0.checksBounds = true
            }
        ),
    ]

    static func fixtureSources() throws -> [Source] {
        func text(_ path: String) throws -> String { String(decoding: try TestPaths.fixture(path), as: UTF8.self) }
        return [
            Source(
                name: "Authors",
                model: TestPaths.model("Authors"),
                entity: "Author",
                keyPath: "authors",
                documents: [("authors-v3.json", try text("Authors/authors-v3.json"))]
            ),
            Source(
                name: "Catalog",
                model: TestPaths.model("Catalog"),
                entity: "Product",
                keyPath: "products",
                documents: [("catalog.json", try text("Catalog/catalog.json"))]
            ),
            Source(
                name: "Media",
                model: TestPaths.model("Media"),
                entity: "Person",
                documents: [("media.json", try text("Media/media.json"))]
            ),
            Source(
                name: "Bands",
                model: TestPaths.model("Bands"),
                entity: "Band",
                keyPath: "bands",
                documents: [("bands.json", try text("Bands/bands.json"))]
            ),
            Source(
                name: "Listed values",
                model: try listedValuesModel(),
                entity: "Post",
                documents: [
                    (
                        "posts.json",
                        #"[{"postID":"a","status":"live","level":2},{"postID":"b","status":"1","level":-3},"#
                            + #"{"postID":"c","status":"true","level":0}]"#
                    )
                ]
            ),
        ]
    }

    /// A model whose attributes list their values (`jsonValues`): texts that look like a
    /// number and a Boolean (read leniently from those), and integers with zero and a negative.
    static func listedValuesModel() throws -> URL {
        // One name, written whole each time: the same text whoever writes it.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelmapper-listed-values.xml")
        try Data(
            """
            <model>
              <entity name="Post">
                <attribute name="postID" attributeType="String"/>
                <attribute name="status" optional="YES" attributeType="String">
                  <userInfo><entry key="jsonValues" value="draft, live, 1, true"/></userInfo>
                </attribute>
                <attribute name="level" attributeType="Integer 16">
                  <userInfo><entry key="jsonValues" value="0, 2, -3"/></userInfo>
                </attribute>
                <userInfo><entry key="identityAttributes" value="postID"/></userInfo>
              </entity>
            </model>
            """
            .utf8
        )
        .write(to: url, options: .atomic)
        return url
    }

    @Test(
        "the schema accepts exactly what the decoder accepts, on the fixtures and their changed copies",
        .enabled(if: SchemaValidator.isAvailable, SchemaValidator.missingMessage)
    )
    func fixturesAndChangedCopies() throws {
        var cases = SchemaCases()
        for source in try Self.fixtureSources() {
            try cases.add(source, readings: Self.readings)
        }
        let disagreements = try SchemaValidator.disagreements(in: cases)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements.prefix(30))")
        #expect(cases.count > 5_000, "too few documents were checked: \(cases.count)")
    }

    /// Rows whose verdict compares one part of the document with another, which no JSON
    /// Schema can: an object given twice, whose records together have what one alone lacks; a
    /// map's key and the identity its value gives. (Rows of settings a schema does not describe,
    /// JSON with comments, limits on counts, conflicting values, are left out by setting.)
    static let beyondASchema: Set<String> = [
        "one object given twice, its first record without a required value",
        "a required value of the wrong type in an object's first record, left out of the second",
        "a record without its required values, replaced by a later record of its holder",
        "a placeholder given in full later in the document",
        "a reference, then a record of more than the identity without a required value",
        // A map's key compared with the identity its value gives.
        "a to-many keyed by identity, a value giving its identity too",
    ]

    @Test(
        "the schema accepts exactly what the decoder accepts, on the agreement table's documents",
        .enabled(if: SchemaValidator.isAvailable, SchemaValidator.missingMessage)
    )
    func agreementTable() throws {
        var cases = SchemaCases()
        let described: Set<AgreementTable.Setting> = [
            .rejectsUnknownKeys, .strictTypes, .nullAsAbsent, .skipsNullElements, .acceptsReformattedNumbers,
        ]
        var checked = 0
        for row in AgreementTable.rows
        where !Self.beyondASchema.contains(row.name) && row.settings.allSatisfy(described.contains) {
            let source = Source(
                name: "Agreement: " + row.name,
                model: AgreementTable.modelURL,
                entity: "Photo",
                keyPath: row.keyPath,
                documents: [(row.name, row.json)],
                mutates: false
            )
            try cases.add(
                source,
                readings: [(row.settings.map { "\($0)" }.joined(separator: ", "), { $0 = row.options })]
            )
            checked += 1
        }
        let disagreements = try SchemaValidator.disagreements(in: cases)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements)")
        #expect(checked >= 25, "too few rows were checked: \(checked)")
    }
}
