// The decoder through each model of the package's Models/ folder, with the options chosen by
// the input: its first byte picks the entity (of every model's entities, low seven bits) and
// the syntax (high bit: lenient, with comments and trailing commas), its second the options,
// the rest is the JSON. Any JSON decodes (or updates an object decoded from it) or is
// refused with errors, never a crash; an update refused changes nothing;
// what decodes encodes, or is refused with an error; and with unknown keys kept, what was
// written decodes again and writes the same bytes (the round trip is a fixed point).
import Foundation
import FuzzSupport
import ModelMapper

let modelsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Models").standardized
ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
let entities: [EntityDescription] = ["Authors", "Catalog", "Media"]
    .flatMap { name -> [EntityDescription] in
        do {
            return try ObjectModel(contentsOf: modelsFolder.appendingPathComponent("\(name).xcdatamodeld")).entities
        } catch {
            FileHandle.standardError.write(Data("cannot load \(name) from \(modelsFolder.path): \(error)\n".utf8))
            exit(2)
        }
    }

FuzzDriver.run { bytes in
    guard bytes.count >= 2 else { return }
    let entity = entities[Int(bytes[0] & 0x7F) % entities.count]
    let flags = bytes[1]
    var options = ModelDecoder.Options()
    options.syntax = bytes[0] & 0x80 == 0 ? .strict : .lenient
    options.strictness = flags & 1 == 0 ? .lenient : .strict
    options.nullHandling = flags & 2 == 0 ? .keepNull : .treatAsAbsent
    options.unknownKeys = flags & 4 == 0 ? .ignore : .keep
    options.collectsAllErrors = flags & 8 != 0
    options.requiresNonOptionalValues = flags & 16 != 0
    options.uniquesObjectsByIdentity = flags & 32 != 0
    options.maximumDepth = flags & 64 == 0 ? 512 : 8
    options.dateFormat = flags & 128 == 0 ? .iso8601 : .yearMonthDay
    let json = Data(bytes[2...])
    let decoder = ModelDecoder(model: entity.model, options: options)
    var encoderOptions = ModelEncoder.Options()
    encoderOptions.dateFormat = options.dateFormat
    // Drafts read are drafts written: the check holds the encoder to what the decoder checked.
    encoderOptions.checksValues = options.requiresNonOptionalValues
    let encoder = ModelEncoder(options: encoderOptions)
    guard let objects = try? decoder.decodeObjects(of: entity, from: json) else {
        guard let object = try? decoder.decodeObject(of: entity, from: json) else { return }
        // Updated with its own JSON, then with the JSON cut short: never a crash, and an
        // update that fails changes nothing.
        _ = try? decoder.update(object, from: json)
        let before = try? encoder.encode(object)
        if (try? decoder.update(object, from: json.dropLast())) == nil {
            FuzzDriver.check((try? encoder.encode(object)) == before, "an update that failed changed the object")
        }
        return
    }
    guard let written = try? encoder.encode(objects), options.unknownKeys == .keep else { return }
    guard let again = try? decoder.decodeObjects(of: entity, from: written) else {
        FuzzDriver.check(false, "what was written does not decode again: \(String(decoding: written, as: UTF8.self))")
        return
    }
    let rewritten = try? encoder.encode(again)
    FuzzDriver.check(rewritten == written, "the round trip is not a fixed point")
}
