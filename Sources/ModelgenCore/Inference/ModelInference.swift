import Foundation
import ModelMapper
@_spi(Engine) import ModelMapperSchema

/// A model inferred from sample JSON documents, as `modelgen infer` makes it: entities for the
/// objects, attributes typed by every value seen, relationships and inverses for nesting,
/// identities and foreign keys, and the key casing declared once as a convention.
///
/// For example:
///
/// ```swift
/// let sample = ModelInference.Sample(name: "books.json", data: Data(#"[{"id": 1, "title": "Emma"}]"#.utf8))
/// let inferred = try ModelInference.infer(from: [sample])
/// print(inferred.contents)        // the model file's XML, as Xcode writes it
/// print(inferred.rootEntity)      // "Book"
/// ```
public enum ModelInference {
    /// One sample document.
    public struct Sample: Sendable {
        /// The name the sample is reported by (its file name).
        public var name: String
        /// Its JSON text.
        public var data: Data
        /// The entity of its top-level objects, where it is not ``Options/rootEntity``'s: a
        /// sample of another endpoint (`orders.json` holds `Order`s, `products.json` `Product`s).
        public var rootEntity: String?

        /// A sample named `name` (reported in errors) with the JSON text `data`, its objects of
        /// `rootEntity` when given.
        public init(name: String, data: Data, rootEntity: String? = nil) {
            self.name = name
            self.data = data
            self.rootEntity = rootEntity
        }
    }

    /// How to infer.
    public struct Options: Sendable {
        /// The name of the entity of the top-level objects; nil names it after the key path,
        /// else the first sample's file name (`books.json` -> `Book`).
        public var rootEntity: String?
        /// Where in each sample the objects are; nil for its top level.
        public var keyPath: JSONKeyPath?
        /// Whether a string that is a number's text (`"14304"`, `"24.99"`) is read as that
        /// number (`jsonForm` `string`) rather than kept a `String`. Off by default, because a
        /// later value the samples did not show (`"02134"`) would then be altered or refused;
        /// on, only where every sample is the text the number is written back as (no leading
        /// zero or `-0`, every fraction with the same number of digits).
        public var numbersFromStrings = false
        /// Whether numbers sent as strings with a fraction (`"24.99"`) are `Decimal` rather
        /// than `Double`; asking for it asks for `numbersFromStrings` too.
        public var decimalStrings = false
        /// Whether every property is optional, but an entity's identity, rather than required
        /// where every sample had it, non-null: for samples that are one page of many.
        public var optionalByDefault = false
        /// Whether a key only ever `null` keeps its values as the JSON has them (`Undefined`)
        /// rather than being an optional `String`.
        public var keepsUnknownAsJSON = false
        /// Put before every entity's class name (`representedClassName`, `WC`: `WCOrder`), so
        /// that the classes of two models live in one module; empty by default.
        public var classPrefix = ""
        /// The deepest nesting read: a decoder's default
        /// (``/ModelMapper/ModelDecoder/Options/maximumDepth``).
        public var maximumDepth = ModelDecoder.Options().maximumDepth

        /// Options with the entity, key path and decimal-string choice given.
        public init(rootEntity: String? = nil, keyPath: JSONKeyPath? = nil, decimalStrings: Bool = false) {
            self.rootEntity = rootEntity
            self.keyPath = keyPath
            self.decimalStrings = decimalStrings
        }
    }

    /// One guess inference made, and how sure it is.
    public struct Guess: Sendable, Equatable, CustomStringConvertible {
        /// What was guessed about: `Book`, `Book.published`.
        public var subject: String
        /// The guess: `Date (iso8601)`, `identity`, `to-one Author (foreign key author_id)`.
        public var guess: String
        /// What the samples showed.
        public var evidence: String
        /// Whether the samples leave little doubt: false when few values were seen, or no type
        /// could be told.
        public var isSure: Bool

        /// `subject: guess (evidence)`, with `[unsure]` after an unsure guess.
        public var description: String {
            "\(subject): \(guess) (\(evidence))" + (isSure ? "" : " [unsure]")
        }
    }

    /// An inferred model.
    public struct Result: Sendable {
        /// The model file's XML, in the form Xcode writes.
        public var contents: String
        /// The conventions the model's JSON follows (its key casing), to write beside it;
        /// empty when the JSON uses the model's names.
        public var conventions: ModelConventions
        /// The entity of the samples' top-level objects.
        public var rootEntity: String
        /// What was guessed, entity by entity.
        public var guesses: [Guess]
        /// The loaded model.
        public var model: ObjectModel
    }

    /// Infers a model from `samples`.
    ///
    /// - Throws: ``ModelInferenceError``: a sample that is not JSON, or has no objects where
    ///   they were looked for.
    public static func infer(from samples: [Sample], options: Options = Options()) throws(ModelInferenceError)
        -> Result
    {
        guard let first = samples.first else { throw .noSamples }
        guard options.classPrefix.isEmpty || GeneratorConfiguration.isClassPrefix(options.classPrefix) else {
            throw .invalidEntityName(options.classPrefix)
        }
        let defaultRoot = try rootEntityName(options: options, firstSample: first.name)
        var rootEntity = defaultRoot
        var endpoints = EndpointCheck()
        var walker = SampleWalker()
        for (index, sample) in samples.enumerated() {
            let document: JSONValue
            do {
                document = try JSONReader.parse(sample.data, maximumDepth: options.maximumDepth)
            } catch {
                throw .invalidJSON(sample: sample.name, reason: error.description)
            }
            let root =
                try sample.rootEntity.map { name throws(ModelInferenceError) in
                    guard InferredNames.isUsableEntity(name) else { throw .invalidEntityName(name) }
                    return name
                } ?? defaultRoot
            if index == 0 { rootEntity = root }
            let objects = try objects(in: document, at: options.keyPath, sample: sample.name)
            try endpoints.check(objects, sample: sample.name, rootEntity: root)
            try walker.walk(objects, index: index, rootEntity: root, sample: sample.name)
        }
        var planner = ModelPlanner(walker: walker, options: options)
        planner.plan()
        let xml = planner.xml()
        let model: ObjectModel
        do {
            model = try ObjectModel(xml: xml, fileName: "inferred", conventions: planner.conventions)
        } catch {
            throw .inferredModelInvalid(error.diagnostics.map(\.description))
        }
        guard model.warnings.isEmpty else { throw .inferredModelInvalid(model.warnings.map(\.description)) }
        return Result(
            contents: model.xmlContents(),
            conventions: planner.conventions,
            rootEntity: rootEntity,
            guesses: planner.guesses,
            model: model
        )
    }

    private static func objects(in document: JSONValue, at keyPath: JSONKeyPath?, sample: String)
        throws(ModelInferenceError) -> JSONValue
    {
        guard let keyPath else { return document }
        var value = document
        for key in keyPath.components {
            guard case .object(let object) = value, let found = object[key] else {
                throw .nothingAtKeyPath(sample: sample, keyPath: keyPath.description)
            }
            value = found
        }
        return value
    }

    private static func rootEntityName(options: Options, firstSample: String) throws(ModelInferenceError) -> String {
        if let name = options.rootEntity {
            guard InferredNames.isUsableEntity(name) else { throw .invalidEntityName(name) }
            return name
        }
        let source =
            options.keyPath?.components.last
            ?? URL(fileURLWithPath: firstSample).deletingPathExtension().lastPathComponent
        let name = InferredNames.entityName(InferredNames.words(of: source), singular: true)
        if InferredNames.isUsableEntity(name) { return name }
        // A type's name (`results.json`: `Result`) gets the root's role as a suffix.
        return ShadowedTypeNames.isTaken(name) ? name + "Record" : "Root" + name
    }
}
