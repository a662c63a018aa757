// The model loader: any bytes load or are refused with diagnostics, never a crash or a hang;
// every entity of a model that loads makes an object that encodes, and whose JSON decodes again.
import Foundation
import FuzzSupport
import ModelMapper

FuzzDriver.run { bytes in
    guard let model = try? ObjectModel(xml: Data(bytes), fileName: "fuzz.xml") else { return }
    let decoder = ModelDecoder(model: model)
    for entity in model.entities where !entity.isAbstract {
        let object = ModelObject(entity: entity)
        // A new object holds the model's defaults: writing them may fail (a default JSON
        // cannot hold), but never crash; what is written reads back.
        guard let data = try? ModelEncoder().encode(object) else { continue }
        _ = try? decoder.decodeObject(of: entity, from: data)
        _ = try? decoder.decodeObjects(of: entity, from: Data("[\(String(decoding: data, as: UTF8.self)), {}]".utf8))
    }
}
