import Foundation
import ModelMapper
import Testing

/// Maps keyed by identity and JSON of a declared type (issue 52), given the hostile-input
/// treatment: every prefix and every byte replaced of a document holding both, a map of a
/// million keys, keys of 64 KB, values of mixed shapes. Each is read, or refused with a located
/// error that quotes no more than the start of what it found.
@Suite("Hostile input: maps keyed by identity and JSON of a declared type")
struct HostileMapTests {
    static let xml = IdentityMapTests.xml.replacingOccurrences(
        of: #"<attribute name="name" optional="YES" attributeType="String"/>"#,
        with: #"""
            <attribute name="name" optional="YES" attributeType="String"/>
            <attribute name="areaNames" optional="YES" attributeType="Transformable" customClassName="[String: [Int]]"/>
            """#
    )
    static let document =
        #"{"name":"c","areaNames":{"1":[2,3]},"events":{"7":{"id":7,"name":"A"},"12":{"id":12}},"#
        + #""users":{"u1":{"name":"Ann"}}}"#

    static func decoder() throws -> ModelDecoder { ModelDecoder(model: try ObjectModel(xml: xml)) }

    @Test("every prefix and every byte replaced of a map document: read and written, or a located error")
    func damagedDocuments() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            HostileInputTests.finish(HostileMapTests.damagedDocumentProblems())
        }
        HostileInputTests.report(result)
    }

    static func damagedDocumentProblems() -> [String] {
        var problems: [String] = []
        do {
            let decoder = try decoder()
            HostileNewFormsTests.variants(of: Data(document.utf8)) { name, data in
                do {
                    let catalog = try decoder.decodeObject(of: "Catalog", from: data)
                    // What is read is written so that it reads again.
                    _ = try decoder.decodeObject(of: "Catalog", from: try ModelEncoder().encode(catalog))
                } catch let error as MappingError {
                    if let problem = HostileInputTests.unlocated(error) { problems.append("\(name): \(problem)") }
                } catch {
                    problems.append("\(name): \(error)")
                }
            }
        } catch {
            problems.append("setup: \(error)")
        }
        return problems
    }

    /// `{"users":{"0":{},"1":{},…}}` up to `count` keys, open at its end.
    static func usersMap(count: Int) -> String {
        var json = #"{"users":{"#
        json.reserveCapacity(count * 12)
        for index in 0..<count {
            if index > 0 { json += "," }
            json += #""\#(index)":{}"#
        }
        return json
    }

    @Test("a map of a million keys is read whole; a key given twice at the end of a long one is found there")
    func millionKeys() throws {
        let decoder = try Self.decoder()
        let catalog = try decoder.decodeObject(of: "Catalog", from: Data((Self.usersMap(count: 1_000_000) + "}}").utf8))
        let users = try #require(catalog.value(forKey: "users") as? [ModelObject])
        #expect(users.count == 1_000_000)
        #expect(users.last?.value(forKey: "uid") as? String == "999999")
        let error = try #require(throws: MappingError.self) {
            try decoder.decodeObject(of: "Catalog", from: Data((Self.usersMap(count: 100_000) + #","5":{}}}"#).utf8))
        }
        #expect(error.path.description == #"$.users["5"]"#, "\(error)")
        #expect(error.context.line == 1 && error.context.column != nil)
    }

    @Test("a key of 64 KB is an identity like any other, or an error that quotes only its start")
    func longKeys() throws {
        let key = String(repeating: "k", count: 65_536)
        let json = #"{"users":{"\#(key)":{"name":"Ann"}}}"#
        let decoder = try Self.decoder()
        let catalog = try decoder.decodeObject(of: "Catalog", from: Data(json.utf8))
        let users = try #require(catalog.value(forKey: "users") as? [ModelObject])
        #expect(users.first?.value(forKey: "uid") as? String == key)
        #expect(String(decoding: try ModelEncoder().encode(catalog), as: UTF8.self) == json)
        // Digits beyond any Integer 64: not an identity of an integer.
        let digits = String(repeating: "9", count: 65_536)
        let error = try #require(throws: MappingError.self) {
            try decoder.decodeObject(of: "Catalog", from: Data(#"{"events":{"\#(digits)":{}}}"#.utf8))
        }
        #expect(error.code == .invalidValue, "\(error)")
        #expect(error.context.line == 1 && error.context.column != nil)
        #expect((error.context.found ?? "").count < 200, "\(error.context.found ?? "")")
    }

    @Test(
        "values of mixed shapes in a map are refused at the first the entity cannot read",
        arguments: [
            (#"{"events":{"1":{"id":1},"2":[1],"3":"x"}}"#, #"$.events["2"]"#),
            // A scalar is a reference by identity, which a string cannot be for an integer.
            (#"{"events":{"1":{"id":1},"2":"x"}}"#, #"$.events["2"].id"#),
            (#"{"events":{"1":{"id":1},"2":null}}"#, #"$.events["2"]"#),
            (#"{"events":{"1":7}}"#, #"$.events["1"]"#),
            (#"{"areaNames":{"1":[2],"2":{"3":4}}}"#, #"$.areaNames["2"]"#),
        ]
    )
    func mixedShapes(json: String, path: String) throws {
        let error = try #require(throws: MappingError.self) {
            try Self.decoder().decodeObject(of: "Catalog", from: Data(json.utf8))
        }
        #expect(error.path.description == path, "\(error)")
    }
}
