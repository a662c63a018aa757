import Foundation
import ModelMapper
import Testing

/// The forms issue 32 added, given the hostile-input treatment: the lenient syntax, and
/// merges with nested objects, placeholders and top-level identifiers. Every prefix and every
/// byte replaced: decoded, or refused with a located error; a refused merge changes nothing.
/// Each class in a child process (an exit test), so that a crash fails its test only.
@Suite("Hostile input: lenient syntax and graph merges, every case, each class in a child process")
struct HostileNewFormsTests {
    @Test("every prefix and every byte replaced of a lenient document: decoded, or a located error")
    func lenientDocuments() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            HostileInputTests.finish(HostileNewFormsTests.lenientProblems())
        }
        HostileInputTests.report(result)
    }

    @Test("every prefix and every byte replaced of a graph document: merged, or refused with the graph unchanged")
    func graphDocuments() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            HostileInputTests.finish(HostileNewFormsTests.graphProblems())
        }
        HostileInputTests.report(result)
    }

    /// Each variant of `data`: every prefix, then every byte replaced by each hostile byte
    /// (those of the other classes, with the two that open comments).
    static func variants(of data: Data, _ body: (String, Data) -> Void) {
        let bytes = [UInt8](data)
        for length in 0..<bytes.count { body("prefix of \(length) bytes", Data(bytes.prefix(length))) }
        var damaged = bytes
        for position in bytes.indices {
            for hostile in HostileInputTests.hostileBytes + [UInt8(ascii: "/"), UInt8(ascii: "*")]
            where hostile != bytes[position] {
                damaged[position] = hostile
                body("byte \(position) as 0x\(String(hostile, radix: 16))", Data(damaged))
            }
            damaged[position] = bytes[position]
        }
    }

    static func lenientProblems() -> [String] {
        var problems: [String] = []
        do {
            let model = try ObjectModel(xml: FaithfulMergeTests.xml)
            let photo = try #require(model.entitiesByName["Photo"])
            var options = ModelDecoder.Options()
            options.syntax = .lenient
            let decoder = ModelDecoder(model: model, options: options)
            variants(of: Data(LenientSyntaxTests.fixture.utf8)) { name, data in
                do {
                    _ = try ModelEncoder().encode(try decoder.decodeObjects(of: photo, from: data))
                } catch let error as MappingError {
                    if let problem = HostileInputTests.unlocated(error) { problems.append("\(name): \(problem)") }
                } catch let errors as MappingErrors {
                    for error in errors.errors {
                        if let problem = HostileInputTests.unlocated(error) { problems.append("\(name): \(problem)") }
                    }
                } catch {
                    problems.append("\(name): \(type(of: error)): \(error)")
                }
            }
        } catch {
            problems.append("the model does not load: \(error)")
        }
        return problems
    }

    static let graphDocument = #"""
        [{"photo_id":"1","title":"Alps","tags":[{"name":"snow"},"sea"],"album":{"album_id":7}},
         {"photo_id":"2","title":"Sea","album":7,"tags":["sea"]}, "3"]
        """#

    static func graphProblems() -> [String] {
        var problems: [String] = []
        do {
            let model = try ObjectModel(
                xml: FaithfulMergeTests.xml,
                conventions: ModelConventions(keyCasing: .snakeCase)
            )
            for partially in [false, true] {
                variants(of: Data(graphDocument.utf8)) { name, data in
                    let graph = ObjectGraph(
                        model: model,
                        options: ObjectGraph.Options(unresolvedReferences: .placeholder)
                    )
                    do {
                        try graph.merge(Data(#"[{"photo_id":"1","title":"Before"}]"#.utf8), entity: "Photo")
                        try graph.merge(Data(#"[{"name":"sea"}]"#.utf8), entity: "Tag")
                    } catch {
                        problems.append("the first merge failed: \(error)")
                        return
                    }
                    let count = graph.count
                    let point = graph.changePoint
                    do {
                        if partially {
                            try graph.mergePartially(data, entity: "Photo")
                        } else {
                            try graph.merge(data, entity: "Photo")
                        }
                        try graph.validate()
                    } catch {
                        guard graph.count == count, graph.changes(since: point).isEmpty else {
                            problems.append(
                                "\(name) (partially: \(partially)): a refused merge changed the graph: \(error)"
                            )
                            return
                        }
                        let errors = (error as? MappingErrors)?.errors ?? (error as? MappingError).map { [$0] } ?? []
                        for error in errors {
                            if let problem = HostileInputTests.unlocated(error) {
                                problems.append("\(name): \(problem)")
                            }
                        }
                    }
                }
            }
        } catch {
            problems.append("the model does not load: \(error)")
        }
        return problems
    }
}
