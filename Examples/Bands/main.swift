// The Bands example: merge two JSON documents of a music API into one object graph, print the
// graph, change one object, and print the JSON of what changed.
//
//     swift run bands [path/to/Bands.xcdatamodeld] [first.json second.json ...]
//
// The documents come in snake_case and link records by key ("band": "Japan"); the model says
// so once, in Models/Bands.conventions.json (snake_case keys, an attribute named `id` as the
// identity where none is declared), so the graph, the encoder and `modelgen check-json` all
// read them alike. References wait for their objects, and documents merge in any order.
import Foundation
import ModelMapper

/// The package's root, found from this file, so that the example runs from any folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let arguments = Array(CommandLine.arguments.dropFirst())
let modelURL =
    arguments.first.map(URL.init(fileURLWithPath:))
    ?? packageRoot.appendingPathComponent("Models/Bands.xcdatamodeld")
let documentURLs =
    arguments.count > 1
    ? arguments.dropFirst().map(URL.init(fileURLWithPath:))
    : ["bands.json", "bands-update.json"].map { packageRoot.appendingPathComponent("Tests/Fixtures/Bands/\($0)") }

/// The arrays a document may have, and the entity of each.
let arrays = [("bands", "Band"), ("musicians", "Musician"), ("band_members", "BandMember"), ("albums", "Album")]

/// An object as one line: its attributes, then its relationships as the identities they lead to.
func describe(_ object: ModelObject) -> String {
    let entity = object.entity
    let attributes = entity.attributes.compactMap { attribute in
        object.value(forKey: attribute.name).map { "\(attribute.name): \($0)" }
    }
    let relationships = entity.relationships.compactMap { relationship -> String? in
        let value = object.value(forKey: relationship.name)
        let objects = (value as? [ModelObject]) ?? (value as? ModelObject).map { [$0] } ?? []
        guard !objects.isEmpty else { return nil }
        let names = objects.map { ($0.value(forKey: "name") ?? $0.value(forKey: "id")).map { "\($0)" } ?? "?" }
        return "\(relationship.name) -> \(names.joined(separator: ", "))"
    }
    return (attributes + relationships).joined(separator: "; ")
}

do {
    let model = try ObjectModel(contentsOf: modelURL)
    let graph = ObjectGraph(model: model)
    for url in documentURLs {
        let data = try Data(contentsOf: url)
        let document = try JSONValue.parse(data)
        // Each array of the document into its entity; the order does not matter.
        for (key, entity) in arrays where document[key] != nil {
            // All or nothing: a record with an error throws, and the graph stays as it was.
            let result = try graph.merge(data, entity: entity, at: key)
            for warning in result.warnings { print("warning in \(key): \(warning)") }
        }
        print("merged \(url.lastPathComponent): \(graph.count) objects, \(graph.unresolvedReferences.count) waiting")
    }

    print("")
    for entity in model.entities {
        for object in graph.objects(of: entity) { print("\(entity.name): \(describe(object))") }
    }

    // Change one object, as an app would: the object tells its graph, which lists it as updated.
    let before = graph.changePoint
    guard let japan = graph.object(of: "Band", identity: "Japan") else {
        throw MappingError(.missingValue, detail: "the documents have no band named Japan")
    }
    try japan.setValue("Rain Tree Crow, JAPAN", forKey: "otherNames")

    // What changed, as the API takes it: relationships as the keys they lead to. The keys are
    // snake_case, and BandMember's identity its `id`, because the model's conventions say so.
    var options = ModelEncoder.Options(outputFormatting: [.prettyPrinted, .sortedKeys])
    options.writesRelationshipsAsIdentities = true
    let encoder = ModelEncoder(options: options)
    let changes = graph.changes(since: before)
    print("\nchanged since the merges: \(changes.updated.count) updated, \(changes.inserted.count) inserted")
    for (key, entity) in arrays {
        let updated = changes.updated.filter { $0.entity.name == entity }
        guard !updated.isEmpty else { continue }
        print(String(decoding: try encoder.encode(updated, at: key), as: UTF8.self))
    }
} catch {
    FileHandle.standardError.write(Data("bands: \(error)\n".utf8))
    exit(1)
}
