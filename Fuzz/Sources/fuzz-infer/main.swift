// modelgen infer's pipeline: byte 0 chooses the options (bit 0: numbers sent as strings with a
// fraction are Decimal), the rest is a sample JSON document. Any bytes give a model or a clear
// error, never "the inferred model does not load cleanly" (a defect of inference). A model that
// is inferred is written as Xcode writes it; what is written loads again with no warning and
// writes the same text; and it maps its own sample as read (a key written twice in an object
// has its last value): decoding then encoding gives the sample's tokens back, and, unless
// inference reported a key it cannot map, no key is unknown to it.
import Foundation
import FuzzSupport
import ModelMapper
import ModelgenCore

FuzzDriver.run { bytes in
    guard let flags = bytes.first else { return }
    let data = Data(bytes.dropFirst())
    var options = ModelInference.Options()
    options.decimalStrings = flags & 1 != 0
    let inferred: ModelInference.Result
    do throws(ModelInferenceError) {
        inferred = try ModelInference.infer(
            from: [ModelInference.Sample(name: "fuzz.json", data: data)],
            options: options
        )
    } catch {
        if case .inferredModelInvalid = error { FuzzDriver.check(false, error.description) }
        FuzzDriver.check(error.description.hasPrefix("fuzz.json: "), "an error that does not name the sample: \(error)")
        return
    }
    checkWrittenModel(inferred)
    checkMapping(data, through: inferred)
}

/// What is written loads again, with no warning, and writes the same text.
func checkWrittenModel(_ inferred: ModelInference.Result) {
    let reloaded: ObjectModel
    do {
        reloaded = try ObjectModel(xml: inferred.contents, fileName: "fuzz", conventions: inferred.conventions)
    } catch {
        FuzzDriver.check(false, "the written model does not load: \(error)\n\(inferred.contents)")
        return
    }
    FuzzDriver.check(reloaded.warnings.isEmpty, "the written model loads with warnings: \(reloaded.warnings)")
    FuzzDriver.check(reloaded.xmlContents() == inferred.contents, "writing the written model changes it")
}

/// The sample decodes and encodes to its own tokens; with unknown keys refused it decodes too,
/// unless inference said it left a key unmapped.
func checkMapping(_ data: Data, through inferred: ModelInference.Result) {
    guard let entity = inferred.model.entitiesByName[inferred.rootEntity] else {
        FuzzDriver.check(false, "no entity \(inferred.rootEntity)")
        return
    }
    let sample: JSONValue
    do { sample = try JSONValue.parse(data) } catch {
        FuzzDriver.check(false, "a sample inference read does not parse: \(error)")
        return
    }
    // The sample as read: a key written twice in one object has its last value only, as
    // inference (and every JSONValue reader) sees it. The decoder, which streams, decodes and
    // checks both values before the last replaces the first, so it may refuse the raw text.
    let asRead = Data(sample.jsonText().utf8)
    /// The sample's objects (or its one object) decoded with `unknownKeys`, encoded again.
    func encoded(unknownKeys: ModelDecoder.Options.UnknownKeys) throws -> Data {
        var options = ModelDecoder.Options()
        options.unknownKeys = unknownKeys
        let decoder = ModelDecoder(model: inferred.model, options: options)
        if case .array = sample { return try ModelEncoder().encode(decoder.decodeObjects(of: entity, from: asRead)) }
        return try ModelEncoder().encode(decoder.decodeObject(of: entity, from: asRead))
    }
    let written: JSONValue
    do {
        written = try JSONValue.parse(encoded(unknownKeys: .keep))
    } catch {
        FuzzDriver.check(false, "the sample does not round-trip through its model: \(error)\n\(inferred.contents)")
        return
    }
    FuzzDriver.check(written == sample, "the round trip changed the sample:\n\(sample)\n\(written)")
    guard !inferred.guesses.contains(where: { $0.guess == "not mapped" }) else { return }
    do {
        _ = try encoded(unknownKeys: .reject)
    } catch {
        FuzzDriver.check(false, "a key of the sample is unknown to its model: \(error)\n\(inferred.contents)")
    }
}
