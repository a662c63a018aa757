import Foundation
import ModelMapper

/// A round trip through a model: a fixture decoded into objects and encoded back, compared with
/// what was expected (by default the fixture itself), difference by difference.
///
/// The round trip runs what the app runs: the model's conventions and the coders' options
/// (``decoderOptions`` and ``encoderOptions``, the coders' defaults unless given), so that
/// whatever the app would change is reported: a value or its spelling changed (`"30.00"`
/// written `"30.0"`), a key dropped (one the model does not read) or added, a member absent
/// turned into `null` or back. Key order, whitespace and string escapes are not differences.
/// ``keepsSourceSpellings`` decodes keeping unknown keys and the source's spellings instead, for
/// an app that decodes so; ``normalizations`` relax the comparison where a fixture opts in. Set
/// the environment variable `MODELMAPPER_RECORD_FIXTURES` to `1` to write what the round trip
/// gives as the expected file instead (creating it, or updating it where it differs), then
/// review the change.
///
/// For example:
///
/// ```swift
/// let roundTrip = RoundTrip(model: model, entity: "Author", at: "authors")
/// let report = try roundTrip.check(fixture: URL(fileURLWithPath: "Tests/Fixtures/authors.json"))
/// print(report)   // authors.json: 1 difference after a round trip through Author:
///                 //   $.authors[1].books[0].year: expected 1876, found "1876"
/// ```
public struct RoundTrip {
    /// The model the fixture is decoded through.
    public var model: ObjectModel
    /// The entity of the objects (the elements of an array, or the one object) in the fixture.
    public var entity: String
    /// Where the objects are in the fixture (`"data.authors"`); nil for the whole document.
    public var keyPath: String?
    /// What the comparison lets differ besides key order (none by default).
    public var normalizations: JSONComparison.Normalizations
    /// How the fixture is decoded: the app's options; the decoder's defaults unless given.
    public var decoderOptions: ModelDecoder.Options
    /// How the objects are encoded again: the app's options; the encoder's defaults unless given.
    public var encoderOptions: ModelEncoder.Options
    /// Whether the fixture is decoded keeping unknown keys and the source's spellings
    /// (`ModelDecoder.Options.UnknownKeys.keep` over ``decoderOptions``), which the encoder
    /// writes back as they were: for an app that decodes so. Off by default.
    public var keepsSourceSpellings: Bool
    /// Whether ``check(fixture:expected:)`` writes what it gives as the expected file; by default
    /// whether the environment variable ``recordingVariable`` asks for it.
    public var isRecording: Bool

    /// The environment variable that turns recording on.
    public static let recordingVariable = "MODELMAPPER_RECORD_FIXTURES"

    /// A round trip of `entity`'s objects at `keyPath` through `model`.
    ///
    /// - Parameters:
    ///   - model: the model the fixture is decoded through.
    ///   - entity: the entity of the objects in the fixture.
    ///   - keyPath: where the objects are in the fixture; nil for the whole document.
    ///   - normalizations: what the comparison lets differ besides key order.
    ///   - decoderOptions: how the fixture is decoded: the app's options.
    ///   - encoderOptions: how the objects are encoded again: the app's options.
    ///   - keepingSourceSpellings: decode keeping unknown keys and the source's spellings.
    public init(
        model: ObjectModel,
        entity: String,
        at keyPath: String? = nil,
        normalizations: JSONComparison.Normalizations = [],
        decoderOptions: ModelDecoder.Options = ModelDecoder.Options(),
        encoderOptions: ModelEncoder.Options = ModelEncoder.Options(),
        keepingSourceSpellings: Bool = false
    ) {
        self.model = model
        self.entity = entity
        self.keyPath = keyPath
        self.normalizations = normalizations
        self.decoderOptions = decoderOptions
        self.encoderOptions = encoderOptions
        self.keepsSourceSpellings = keepingSourceSpellings
        self.isRecording = Self.recordingRequested
    }

    /// The options the fixture is decoded with: ``decoderOptions``, keeping the source when
    /// ``keepsSourceSpellings`` says so.
    var decodingOptions: ModelDecoder.Options {
        var options = decoderOptions
        if keepsSourceSpellings { options.unknownKeys = .keep }
        return options
    }

    /// What the objects of `data` encode to, as JSON (the part at ``keyPath`` only).
    ///
    /// - Throws: ``RoundTripError`` when the entity or the key path is not there, and the
    ///   decoder's and encoder's errors (with the path of the value in question).
    public func output(decoding data: Data) throws -> JSONValue {
        let (objects, isArray) = try decoded(data, options: decodingOptions)
        let encoder = ModelEncoder(options: encoderOptions)
        guard isArray else { return try JSONValue.parse(encoder.encode(objects[0])) }
        return try JSONValue.parse(encoder.encode(objects))
    }

    /// The objects of `data` at ``keyPath``, decoded as the round trip decodes them: those of the
    /// array there, or the one object.
    ///
    /// For example, the objects `modelgen check-json --report-unseen` looks for properties in:
    ///
    /// ```swift
    /// let authors = try roundTrip.objects(decoding: Data(contentsOf: fixture))
    /// ```
    ///
    /// - Throws: ``RoundTripError`` when the entity or the key path is not there, and the
    ///   decoder's errors.
    public func objects(decoding data: Data) throws -> [ModelObject] {
        try decoded(data, options: decodingOptions).objects
    }

    /// Every error decoding `data` gives, in document order, each with its path and, where the
    /// reader knows it, its line and column in `data`; empty when it decodes.
    ///
    /// - Throws: ``RoundTripError`` when the entity or the key path is not there.
    public func decodingErrors(in data: Data) throws -> [MappingError] {
        var options = decodingOptions
        options.collectsAllErrors = true
        do {
            _ = try decoded(data, options: options)
            return []
        } catch let errors as MappingErrors {
            return errors.errors
        } catch let error as MappingError {
            return [error]
        }
    }

    /// The objects of `data` at ``keyPath``, and whether they were an array there.
    private func decoded(_ data: Data, options: ModelDecoder.Options) throws -> (objects: [ModelObject], isArray: Bool)
    {
        guard let description = model.entitiesByName[entity] else { throw RoundTripError.unknownEntity(entity) }
        let document = try JSONValue.parse(data)
        if keyPath == nil, let keyPath = Self.objectsKeyPath(in: document, for: description) {
            throw RoundTripError.objectsAtKeyPath(keyPath, entity: entity)
        }
        // A key path the document lacks is the decoder's error, said as every entry point says it.
        let payload = try? Self.payload(of: document, at: keyPath)
        let decoder = ModelDecoder(model: model, options: options)
        // One object is read as one; anything else as the array, with the decoder's error.
        if case .object? = payload {
            return ([try decoder.decodeObject(of: description, from: data, at: keyPath)], false)
        }
        return (try decoder.decodeObjects(of: description, from: data, at: keyPath), true)
    }

    /// Where the round trip of `data` differs from `expected` (by default `data` itself), the
    /// paths starting at the document's root.
    ///
    /// - Throws: as ``output(decoding:)``; JSON syntax errors of `expected`.
    public func differences(decoding data: Data, expected: Data? = nil) throws -> [JSONDifference] {
        let found = try output(decoding: data)
        let wanted = try Self.payload(of: JSONValue.parse(expected ?? data), at: keyPath)
        let base = JSONPath.root.appending(keys: try keyPath.map(Self.components) ?? [])
        return
            JSONComparison.differences(
                expected: wanted,
                found: found,
                normalizations: normalizations.union(.keyOrderIgnored)
            )
            .map {
                JSONDifference(path: base.appending($0.path), kind: $0.kind)
            }
    }

    /// The round trip of a fixture file, compared with `expected` (by default the fixture); in
    /// recording mode, what it gives is written to `expected` where that differs or is missing.
    ///
    /// - Throws: ``RoundTripError/missingExpectedFile(_:)`` when `expected` does not exist
    ///   outside recording mode; file errors; as ``differences(decoding:expected:)``.
    public func check(fixture: URL, expected: URL? = nil) throws -> RoundTripReport {
        let data = try Data(contentsOf: fixture)
        let expectedURL = expected ?? fixture
        let exists = FileManager.default.fileExists(atPath: expectedURL.path)
        let recording = isRecording
        guard exists || recording else { throw RoundTripError.missingExpectedFile(expectedURL) }
        var differences: [JSONDifference] = []
        if exists {
            differences = try self.differences(
                decoding: data,
                expected: expectedURL == fixture ? nil : Data(contentsOf: expectedURL)
            )
        }
        guard recording, !exists || !differences.isEmpty else {
            return RoundTripReport(fixture: fixture, entity: entity, differences: differences, recordedFile: nil)
        }
        // The expected document (or the fixture) with the part at the key path replaced.
        let base = try JSONValue.parse(exists ? Data(contentsOf: expectedURL) : data)
        let document = try Self.replacing(
            in: base,
            at: try keyPath.map(Self.components) ?? [],
            with: output(decoding: data)
        )
        try Data((document.jsonText(options: [.prettyPrinted, .withoutEscapingSlashes]) + "\n").utf8)
            .write(to: expectedURL, options: .atomic)
        return RoundTripReport(fixture: fixture, entity: entity, differences: differences, recordedFile: expectedURL)
    }

    /// What a test records for the round trip of `fixture` (see ``check(fixture:expected:)``):
    /// the report when it is not faithful or recorded a file, the error when the check threw;
    /// nil when there is nothing to record. The one rule behind `expectRoundTrip` and
    /// `XCTAssertRoundTrip`.
    package func failure(checking fixture: URL, expected: URL?) -> String? {
        do {
            // Every error of a fixture that does not decode, each where it is, as
            // `modelgen check-json` and `roundtrip` print them (``LocatedProblem``).
            let data = try Data(contentsOf: fixture)
            let errors = try decodingErrors(in: data)
            guard errors.isEmpty else {
                let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
                return "\(fixture.lastPathComponent): \(count) decoding it through \(entity):"
                    + errors.map { "\n  " + LocatedProblem(file: fixture.path, error: $0).text }.joined()
            }
            let report = try check(fixture: fixture, expected: expected)
            guard !report.isFaithful || report.recordedFile != nil else { return nil }
            guard report.recordedFile == nil else { return report.description }
            let count = report.differences.count
            return
                "\(fixture.lastPathComponent): \(count) difference\(count == 1 ? "" : "s") after a round trip through "
                + "\(entity):"
                + report.differences.map { "\n  " + LocatedProblem(file: fixture.path, difference: $0, in: data).text }
                .joined()
        } catch {
            return "\(fixture.lastPathComponent): \(error)"
        }
    }

    /// Whether ``recordingVariable`` is set to `1`, `true` or `yes`.
    public static var recordingRequested: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[recordingVariable]?.lowercased() ?? "")
    }

    /// Where the objects most likely are when no key path is given and the top level is an
    /// object with no key the entity reads (in any casing): the key of its first member holding
    /// an array of objects; nil otherwise.
    static func objectsKeyPath(in document: JSONValue, for entity: EntityDescription) -> String? {
        guard case .object(let object) = document else { return nil }
        // Folded as the decoder's hint for a key under another casing folds them.
        let folded = MissingKeyHint.fold
        let read = Set(
            entity.properties.flatMap { [folded($0.name)] + $0.jsonKeyPath.components.prefix(1).map(folded) }
        )
        guard !object.keys.contains(where: { read.contains(folded($0)) }) else { return nil }
        for (key, value) in object {
            if case .array(let elements) = value, let first = elements.first, case .object = first {
                return JSONKeyPath(key: key).description
            }
        }
        return nil
    }

    /// The keys of a key path, as the decoder reads them (``JSONKeyPath/init(parsing:)``: `\.` is
    /// a dot within a key).
    ///
    /// - Throws: ``JSONKeyPath/SyntaxError`` for a key path that does not parse.
    static func components(_ keyPath: String) throws -> [String] {
        try JSONKeyPath(parsing: keyPath).components
    }

    static func payload(of document: JSONValue, at keyPath: String?) throws -> JSONValue {
        var value = document
        for key in try keyPath.map(components) ?? [] {
            guard let next = value[key] else { throw RoundTripError.missingKeyPath(keyPath ?? "") }
            value = next
        }
        return value
    }

    /// `document` with the value at `keys` replaced (each key's object rebuilt on the way back).
    static func replacing(in document: JSONValue, at keys: [String], with value: JSONValue) throws -> JSONValue {
        var objects: [JSONObject] = []
        var current = document
        for key in keys {
            guard case .object(let object) = current, let next = object[key] else {
                throw RoundTripError.missingKeyPath(keys.joined(separator: "."))
            }
            objects.append(object)
            current = next
        }
        var result = value
        for (object, key) in zip(objects, keys).reversed() {
            var copy = object
            copy[key] = result
            result = .object(copy)
        }
        return result
    }
}
