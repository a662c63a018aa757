// The predicate parser and evaluator: any format string is parsed or refused with a located
// error, never a crash or a hang; what parses prints as a format that parses back into the same
// tree, and printing that is a fixed point; and it runs as a fetch request over each entity of a
// small graph (the Bands fixture), each of its variables given a value, giving objects or an
// error within the step and time limits.
import Foundation
import FuzzSupport
import ModelMapper

let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
    .standardized
let graph: ObjectGraph
do {
    let model = try ObjectModel(contentsOf: packageFolder.appendingPathComponent("Models/Bands.xcdatamodeld"))
    graph = ObjectGraph(model: model)
    let document = try Data(contentsOf: packageFolder.appendingPathComponent("Tests/Fixtures/Bands/bands.json"))
    for (entity, key) in [
        ("Band", "bands"), ("Musician", "musicians"), ("BandMember", "band_members"), ("Album", "albums"),
    ] {
        _ = try graph.merge(document, entity: entity, at: key)
    }
} catch {
    FileHandle.standardError.write(Data("cannot load the Bands model and fixture: \(error)\n".utf8))
    exit(2)
}
let variableValues: [Any] = [
    "Japan", 1974, Date(timeIntervalSince1970: 0), [1, 2], graph.objects(of: "Band").first as Any,
]
let limits = ModelPredicate.EvaluationOptions(matchTimeLimit: .milliseconds(50), stepLimit: 100_000)

FuzzDriver.run { bytes in
    let format = String(decoding: bytes, as: UTF8.self)
    let predicate: ModelPredicate
    do throws(PredicateSyntaxError) {
        predicate = try ModelPredicate(format: format)
    } catch {
        FuzzDriver.check(error.column >= 1 && error.column <= format.count + 1, "an error outside the format: \(error)")
        return
    }
    let written = predicate.description
    guard let again = try? ModelPredicate(format: written) else {
        FuzzDriver.check(false, "the description does not parse: \(written)")
        return
    }
    FuzzDriver.check(again == predicate, "the description parses into another tree: \(written)")
    FuzzDriver.check(again.description == written, "the description is not a fixed point: \(written)")

    var variables: [String: Any] = [:]
    for (index, name) in predicate.freeVariables.sorted().enumerated() {
        variables[name] = variableValues[index % variableValues.count]
    }
    for entity in graph.model.entities {
        let request = ModelFetchRequest(entityName: entity.name, predicate: predicate, fetchLimit: 3)
        guard let objects = try? graph.fetch(request, substitutionVariables: variables, options: limits) else {
            continue
        }
        FuzzDriver.check(
            objects.allSatisfy { $0.entity.isKind(of: entity) },
            "a fetch of \(entity.name) gave another entity"
        )
    }
}
