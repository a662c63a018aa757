// Object graphs merged from documents: the input is documents separated by the byte 0xFF (never
// in UTF-8 text). Its first byte picks the model (of the package's Models/) and the graph's
// options; each document's first byte picks the entity it is merged into, the rest is its JSON.
// Any documents merge (an element with an error left out) or are refused, never a crash; a
// refusal under the error policy changes nothing; every object listed is found by the graph;
// what the graph holds encodes or is refused with an error, before and after one is removed.
// Snake-case graphs read Sync's spellings too (model names beside keys, `_id` and `_ids`); a
// document whose selector has bit 0x40 merges as Sync would, removing what listings drop,
// leaving out records without an identity, and through a willInsert hook that leaves out some
// records and changes others.
import Foundation
import FuzzSupport
import ModelMapper

let modelsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Models").standardized
ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
let models: [ObjectModel] = ["Bands", "Authors", "Catalog", "Media"]
    .map { name in
        do {
            return try ObjectModel(contentsOf: modelsFolder.appendingPathComponent("\(name).xcdatamodeld"))
        } catch {
            FileHandle.standardError.write(Data("cannot load \(name) from \(modelsFolder.path): \(error)\n".utf8))
            exit(2)
        }
    }

FuzzDriver.run { bytes in
    guard let flags = bytes.first else { return }
    let model = models[Int(flags & 3) % models.count]
    let policies: [ObjectGraph.UnresolvedReferencePolicy] = [.pending, .placeholder, .error, .pending]
    var decoding = ModelDecoder.Options()
    decoding.conventions.keyCasing = flags & 16 == 0 ? .snakeCase : .modelNames
    decoding.conventions.identifiesByID = flags & 32 == 0
    if flags & 16 == 0 {
        decoding.conventions.acceptsModelNames = true
        decoding.conventions.foreignKeySuffixes = .init(toOne: "_id", toMany: "_ids")
    }
    decoding.unknownKeys = flags & 128 == 0 ? .ignore : .keep
    let graph = ObjectGraph(
        model: model,
        options: ObjectGraph.Options(decoding: decoding, unresolvedReferences: policies[Int(flags >> 2) & 3])
    )
    var encoderOptions = ModelEncoder.Options()
    encoderOptions.conventions.keyCasing = decoding.conventions.keyCasing
    encoderOptions.conventions.identifiesByID = decoding.conventions.identifiesByID
    encoderOptions.writesRelationshipsAsIdentities = flags & 64 != 0
    let encoder = ModelEncoder(options: encoderOptions)

    for document in bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false).prefix(16) {
        guard let selector = document.first else { continue }
        let entity = model.entities[Int(selector) % model.entities.count]
        let json = Data(document.dropFirst())
        let count = graph.count
        let point = graph.changePoint
        // The selector's high bit: a partial merge, which leaves out elements with errors.
        let partially = selector & 0x80 != 0
        let asSync = selector & 0x40 != 0
        var operations = ObjectGraph.MergeOperations(
            asSync ? .all : .insertAndUpdate,
            relationships: asSync ? .all : .insertAndUpdate
        )
        operations.skipsRecordsWithoutIdentity = asSync
        // Leaves out records of an even number of keys, and adds a key to the others.
        let hook: ((JSONValue) throws -> JSONValue?)? =
            asSync
            ? { record in
                guard case .object(var members) = record else { return record }
                if members.count % 2 == 0 { return nil }
                members["fuzz"] = 1
                return .object(members)
            } : nil
        do {
            if partially {
                let result = try graph.mergePartially(json, entity: entity, operations: operations, willInsert: hook)
                FuzzDriver.check(result.errors.isEmpty == result.leftOut.isEmpty, "errors without elements left out")
            } else {
                let result = try graph.merge(json, entity: entity, operations: operations, willInsert: hook)
                FuzzDriver.check(result.errors.isEmpty && result.leftOut.isEmpty, "a merge returned errors")
            }
        } catch {
            // Refused (any error of a merge; a partial merge's only for what leaves nothing to
            // keep, or references under the error policy): nothing changed.
            FuzzDriver.check(graph.count == count, "a refused merge changed the graph's objects")
            FuzzDriver.check(graph.changes(since: point).isEmpty, "a refused merge made changes")
        }
    }
    var listed = 0
    for entity in model.entities {
        let objects = graph.objects(of: entity, includingSubentities: false)
        listed += objects.count
        for object in objects { FuzzDriver.check(graph.contains(object), "a listed object is not in the graph") }
        _ = try? encoder.encode(objects)
    }
    FuzzDriver.check(listed == graph.count, "the graph lists \(listed) objects and counts \(graph.count)")
    _ = graph.unresolvedReferences.map(\.description)
    if let entity = model.entities.first(where: { !graph.objects(of: $0).isEmpty }),
        let object = graph.objects(of: entity).first
    {
        FuzzDriver.check(graph.remove(object), "an object listed could not be removed")
        FuzzDriver.check(!graph.contains(object), "a removed object is still in the graph")
        for entity in model.entities { _ = try? encoder.encode(graph.objects(of: entity, includingSubentities: false)) }
    }
}
