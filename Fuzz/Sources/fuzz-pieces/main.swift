// One large top-level array read across threads (issue 50) against the same array read on one
// thread: the same objects written back, or the same errors, whatever the input; the same for
// a partial read and a merge into a graph (objects, positions left out, errors, warnings, the
// graph's objects); and the same
// array streamed from a file, its elements decoded ahead in batches on the pool, against the
// stream on one thread. The fuzzing build (`-D FUZZING`, which the library sees too) cuts
// arrays into pieces of 64 bytes and more instead of 512 KiB, and streams' batches at 64
// bytes instead of 128 KiB, so that inputs of a few kilobytes take both paths; the replay
// build reads them on one thread and checks only that nothing crashes.
//
// Byte 0 picks the options: bit 0 all errors collected, bit 1 identity uniquing off, bit 2
// strict types, bit 3 unknown keys kept, bit 4 the array at the key path `authors` (the input
// wrapped in an object), bit 5 depth 8, bits 6-7 the threads (2 to 5). Byte 1 picks the
// entity: Author (even) or Book (odd). The rest is the array's JSON.
import Foundation
import FuzzSupport
import ModelMapper

let modelsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Models").standardized
ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
let model: ObjectModel
do {
    model = try ObjectModel(contentsOf: modelsFolder.appendingPathComponent("Authors.xcdatamodeld"))
} catch {
    FileHandle.standardError.write(Data("cannot load Authors from \(modelsFolder.path): \(error)\n".utf8))
    exit(2)
}
let entities = ["Author", "Book"].compactMap { model.entitiesByName[$0] }

/// What decoding gives: the objects written back, or the errors as they read.
func outcome(_ json: Data, entity: EntityDescription, keyPath: String?, options: ModelDecoder.Options) -> String {
    let decoder = ModelDecoder(model: model, options: options)
    do {
        let objects = try decoder.decodeObjects(of: entity, from: json, at: keyPath)
        do {
            return "objects: " + String(decoding: try ModelEncoder().encode(objects), as: UTF8.self)
        } catch {
            return "objects that do not encode: \(error)"
        }
    } catch {
        return "errors: \(error)"
    }
}

/// What a partial read and a merge into a new graph give: the objects kept, the positions left
/// out, the errors and warnings, and the graph's objects written back; or the error.
func partialAndMerged(_ json: Data, entity: EntityDescription, keyPath: String?, options: ModelDecoder.Options)
    -> String
{
    func written(_ objects: [ModelObject]) -> String {
        (try? ModelEncoder().encode(objects)).map { String(decoding: $0, as: UTF8.self) }
            ?? "objects that do not encode"
    }
    var text = ""
    do {
        let result = try ModelDecoder(model: model, options: options)
            .decodePartially(of: entity, from: json, at: keyPath)
        text = "partial: \(written(result.objects)) \(result.leftOut) \(result.errors) \(result.warnings)"
    } catch {
        text = "partial error: \(error)"
    }
    let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
    do {
        let result = try graph.mergePartially(json, entity: entity, at: keyPath)
        let all = model.entities.flatMap { graph.objects(of: $0, includingSubentities: false) }
        text +=
            "\nmerged: \(written(result.objects)) \(result.leftOut) \(result.errors) \(result.warnings) \(written(all))"
    } catch {
        text += "\nmerge error: \(error)"
    }
    return text
}

/// What streaming the array from `file` gives: each object written back, then the error that
/// stopped the stream, if one did.
func streamed(_ file: URL, entity: EntityDescription, keyPath: String?, options: ModelDecoder.Options) -> String {
    var written: [String] = []
    do {
        try ModelDecoder(model: model, options: options)
            .forEachObject(of: entity, inFileAt: file, at: keyPath) { object in
                written.append((try? ModelEncoder().encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "?")
            }
        return written.joined(separator: "\n")
    } catch {
        return written.joined(separator: "\n") + "\nerror: \(error)"
    }
}

let streamFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "fuzz-pieces-\(ProcessInfo.processInfo.processIdentifier).json"
)

FuzzDriver.run { bytes in
    guard bytes.count >= 2, entities.count == 2 else { return }
    let flags = bytes[0]
    var options = ModelDecoder.Options()
    options.collectsAllErrors = flags & 1 != 0
    options.uniquesObjectsByIdentity = flags & 2 == 0
    options.strictness = flags & 4 == 0 ? .lenient : .strict
    options.unknownKeys = flags & 8 == 0 ? .ignore : .keep
    options.maximumDepth = flags & 32 == 0 ? 512 : 8
    let keyPath = flags & 16 == 0 ? nil : "authors"
    let entity = entities[Int(bytes[1] & 1)]
    var json = Data(bytes[2...])
    if keyPath != nil { json = Data(#"{"authors": "#.utf8) + json + Data("}".utf8) }
    options.maximumThreads = 1
    let serial = outcome(json, entity: entity, keyPath: keyPath, options: options)
    let serialPartial = partialAndMerged(json, entity: entity, keyPath: keyPath, options: options)
    // Streams read strict JSON only, and refuse anything else before reading.
    let streams = (try? json.write(to: streamFile)) != nil
    let serialStream = streams ? streamed(streamFile, entity: entity, keyPath: keyPath, options: options) : ""
    options.maximumThreads = 2 + Int(flags >> 6)
    let parallel = outcome(json, entity: entity, keyPath: keyPath, options: options)
    FuzzDriver.check(
        parallel == serial,
        "read across \(options.maximumThreads) threads:\n\(parallel)\none thread:\n\(serial)"
    )
    let parallelPartial = partialAndMerged(json, entity: entity, keyPath: keyPath, options: options)
    FuzzDriver.check(
        parallelPartial == serialPartial,
        "partial and merged across \(options.maximumThreads) threads:\n\(parallelPartial)\none thread:\n\(serialPartial)"
    )
    guard streams else { return }
    let aheadStream = streamed(streamFile, entity: entity, keyPath: keyPath, options: options)
    FuzzDriver.check(
        aheadStream == serialStream,
        "streamed ahead on \(options.maximumThreads) threads:\n\(aheadStream)\none thread:\n\(serialStream)"
    )
}
