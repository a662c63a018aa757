// The agreement table's shape (Tests/TestModels/AgreementTable.swift) with documents the
// fuzzer makes: the table's model (Tests/Fixtures/Agreement: photos with required titles, tags
// by name, albums by number), the reading options picked by the input's first byte, the rest
// the JSON. Every entry point gives the same objects or the same errors, at the same paths:
// `decodeObjects`, typed `decode` through bound classes, `decodePartially`, `merge` and
// `mergePartially` into a graph that makes a placeholder for a reference the document cannot
// resolve (as the decoder does; one object is read as `decodeObject` reads it), and streaming
// with uniquing across elements, whose errors are among the decoder's (it stops at the first
// element that fails; in a document malformed further on, that element's error comes first,
// where the decoder reports the malformed JSON alone) and which refuses lenient syntax.
import Foundation
import FuzzSupport
import ModelMapper

let modelURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Tests/Fixtures/Agreement/Agreement.xcdatamodel").standardized
let model: ObjectModel
do {
    model = try ObjectModel(contentsOf: modelURL)
} catch {
    FileHandle.standardError.write(Data("cannot load \(modelURL.path): \(error)\n".utf8))
    exit(2)
}

/// The classes typed decoding reads into, bound to the entities as generated classes are.
final class Photo: ModelObject { override class var entityName: String { "Photo" } }
final class Tag: ModelObject { override class var entityName: String { "Tag" } }
final class Album: ModelObject { override class var entityName: String { "Album" } }

let typedModel: ObjectModel
do { typedModel = try model.binding([Photo.self, Tag.self, Album.self]) } catch { exit(2) }
guard let photo = model.entitiesByName["Photo"] else { exit(2) }
let sorted = ModelEncoder(options: .init(outputFormatting: [.sortedKeys]))
/// Streaming reads a file: one per process, written again for each input.
let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-agreement-\(ProcessInfo.processInfo.processIdentifier).json")

/// What an entry point gave: the objects as JSON text, or the errors as text, sorted.
enum Outcome: Equatable {
    case objects(String)
    case errors([String])

    init(_ body: () throws -> [ModelObject]) {
        do {
            self = .objects(String(decoding: try sorted.encode(try body()), as: UTF8.self))
        } catch let errors as MappingErrors {
            self = .errors(errors.errors.map(\.description).sorted())
        } catch {
            self = .errors(["\(error)"])
        }
    }
}

/// Whether the value at `keyPath` starts with `{`, looked at without a parser: nil when that
/// is not plain (the key path's key is not there exactly once).
func valueStartsWithObject(_ document: UnsafeRawBufferPointer.SubSequence, at keyPath: String?) -> Bool? {
    let bytes = Array(document)
    let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    if let keyPath {
        let key = Array("\"\(keyPath)\"".utf8)
        let starts = bytes.indices.filter { bytes[$0...].starts(with: key) }
        guard starts.count == 1 else { return nil }
        index = starts[0] + key.count
        while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
    }
    while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: "{")
}

FuzzDriver.run { bytes in
    guard let flags = bytes.first else { return }
    var options = ModelDecoder.Options()
    options.collectsAllErrors = true
    if flags & 1 != 0 { options.unknownKeys = .reject }
    if flags & 2 != 0 { options.strictness = .strict }
    if flags & 4 != 0 { options.nullHandling = .treatAsAbsent }
    if flags & 8 != 0 { options.nullElements = .skip }
    if flags & 16 != 0 { options.syntax = .lenient }
    if flags & 32 != 0 { options.acceptsReformattedNumbers = true }
    if flags & 64 != 0 { options.conflictingValues = .error }
    // The high bit: the photos are the array at "photos", not the document.
    let keyPath = flags & 128 != 0 ? "photos" : nil
    let data = Data(bytes.dropFirst())
    let decoder = ModelDecoder(model: model, options: options)
    let graphOptions = ObjectGraph.Options(decoding: options, unresolvedReferences: .placeholder)

    let decoded = Outcome { try decoder.decodeObjects(of: photo, from: data, at: keyPath) }
    let typed = Outcome {
        try ModelDecoder(model: typedModel, options: options).decode([Photo].self, from: data, at: keyPath)
    }
    let partial = Outcome {
        let result = try decoder.decodePartially(of: photo, from: data, at: keyPath)
        guard result.errors.isEmpty else { throw MappingErrors(result.errors) }
        return result.objects
    }
    let merged = Outcome {
        try ObjectGraph(model: model, options: graphOptions).merge(data, entity: "Photo", at: keyPath).objects
    }
    let mergedPartially = Outcome {
        let result = try ObjectGraph(model: model, options: graphOptions)
            .mergePartially(data, entity: "Photo", at: keyPath)
        guard result.errors.isEmpty else { throw MappingErrors(result.errors) }
        return result.objects
    }
    FuzzDriver.check(typed == decoded, "typed decode: \(typed), decode: \(decoded)")
    FuzzDriver.check(partial == decoded, "decodePartially: \(partial), decode: \(decoded)")
    // A merge reads one object as `decodeObject` reads it (as documented), anything else as
    // `decodeObjects` does. Where the value is plainly an object or not, it must give what that
    // one gives; where the look below cannot tell, what one of the two gives.
    let single = Outcome { [try decoder.decodeObject(of: photo, from: data, at: keyPath)] }
    let expected: [Outcome]
    switch valueStartsWithObject(bytes.dropFirst(), at: keyPath) {
    case true?: expected = [single]
    case false?: expected = [decoded]
    case nil: expected = [decoded, single]
    }
    // A graph reads a scalar element of the document's array as the object with that identity
    // (`["1699", "1455"]`, as documented), which the decoder refuses: not compared.
    let hasScalarElement =
        if case .errors(let lines) = decoded {
            lines.contains {
                $0.range(of: #"^\$(\.photos)?\[\d+\]: Photo: expected an object, found "#, options: .regularExpression)
                    != nil
            }
        } else {
            false
        }
    if !hasScalarElement {
        FuzzDriver.check(expected.contains(merged), "merge: \(merged), expected: \(expected)")
        FuzzDriver.check(
            expected.contains(mergedPartially),
            "mergePartially: \(mergedPartially), expected: \(expected)"
        )
    }

    guard (try? data.write(to: file)) != nil else { return }
    defer { try? FileManager.default.removeItem(at: file) }
    let streamed = Outcome {
        var objects: [ModelObject] = []
        try decoder.forEachObject(of: photo, inFileAt: file, at: keyPath, uniquesAcrossElements: true) {
            objects.append($0)
        }
        return objects
    }
    switch (decoded, streamed) {
    case (_, .errors(let lines)) where options.syntax == .lenient:
        FuzzDriver.check(lines.contains { $0.contains("strict JSON only") }, "streaming read lenient syntax: \(lines)")
    case (.objects, _):
        FuzzDriver.check(streamed == decoded, "streaming: \(streamed), decode: \(decoded)")
    case (.errors(let lines), .errors(let streamedLines)):
        // A document malformed after an element with an error: the decoder reports the
        // malformed JSON alone, streaming the element's error, met before the rest arrived.
        let isMalformedLater =
            lines.allSatisfy { $0.contains("not valid JSON") }
            && !streamedLines.contains { $0.contains("not valid JSON") }
        FuzzDriver.check(
            !streamedLines.isEmpty && (isMalformedLater || streamedLines.allSatisfy(lines.contains)),
            "streaming errors \(streamedLines) are not among the decoder's \(lines)"
        )
    case (.errors(let lines), .objects(let text)):
        FuzzDriver.check(false, "streaming gave \(text) where the decoder gave \(lines)")
    }
}
