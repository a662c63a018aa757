// The decoder through each model of the package's Models/ folder (and one whose entity goes
// through a preprocessing transformer), with the options chosen by
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

/// Moves a wrapped object's keys up, as Groot-era preprocessing transformers do; anything
/// else it returns unchanged (a non-dictionary is refused by the decoder).
final class UnwrappingTransformer: ModelMapper.ValueTransformer, @unchecked Sendable {
    override func transformedValue(_ value: Any?) throws -> Any? {
        guard var object = value as? [String: Any], let data = object.removeValue(forKey: "data") else { return value }
        if let wrapped = data as? [String: Any] { object.merge(wrapped) { old, _ in old } }
        return object
    }
}
ModelMapper.ValueTransformer.setValueTransformer(UnwrappingTransformer(), forName: "Unwrapping")
// Picks a shape's subentity from its `kind`, as Groot's entity mappers do; `n` names an entity
// outside the family (an error), anything else none (the abstract entity: an error).
ModelMapper.ValueTransformer.setEntityMapper(forName: "Shapes") { json in
    switch json["kind"] as? String {
    case "c": "Circle"
    case "s": "Square"
    case "n": "Node"
    default: nil
    }
}
// A model whose entities go through a preprocessing transformer (JSONDictionaryTransformerName)
// and an entity mapper (entityMapperName), read with Sync's conventions (snake_case with the
// model's names read too, foreign keys at `<relationship>_id` and `_ids`).
let preprocessed: [EntityDescription] = {
    let xml = """
        <model>
          <entity name="Node">
            <attribute name="id" attributeType="Integer 64"/>
            <attribute name="nodeName" optional="YES" attributeType="String"/>
            <relationship name="children" optional="YES" toMany="YES" destinationEntity="Node" inverseName="parent" inverseEntity="Node"/>
            <relationship name="parent" optional="YES" maxCount="1" destinationEntity="Node" inverseName="children" inverseEntity="Node"/>
            <relationship name="shapes" optional="YES" toMany="YES" destinationEntity="Shape" inverseName="node" inverseEntity="Shape"/>
            <userInfo>
              <entry key="identityAttributes" value="id"/>
              <entry key="JSONDictionaryTransformerName" value="Unwrapping"/>
            </userInfo>
          </entity>
          <entity name="Shape" isAbstract="YES">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="kind" attributeType="String"/>
            <relationship name="node" optional="YES" maxCount="1" destinationEntity="Node" inverseName="shapes" inverseEntity="Node"/>
            <userInfo><entry key="entityMapperName" value="Shapes"/></userInfo>
          </entity>
          <entity name="Circle" parentEntity="Shape">
            <attribute name="radius" optional="YES" attributeType="Double"/>
          </entity>
          <entity name="Square" parentEntity="Shape">
            <attribute name="sideLength" optional="YES" attributeType="Double"/>
          </entity>
        </model>
        """
    do { return try ObjectModel(xml: xml, conventions: .sync).entities } catch { exit(2) }
}()
let allEntities = entities + preprocessed

FuzzDriver.run { bytes in
    guard bytes.count >= 2 else { return }
    let entity = allEntities[Int(bytes[0] & 0x7F) % allEntities.count]
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
