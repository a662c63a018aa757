import Foundation
@_spi(Engine) import ModelMapperSchema

/// Decodes JSON into graphs of ``ModelObject``s, driven by an ``/ModelMapperSchema/ObjectModel``.
///
/// ```swift
/// let model = try ObjectModel(contentsOf: modelURL).binding([Author.self, Book.self])
/// let decoder = ModelDecoder(model: model)
/// let authors = try decoder.decode([Author].self, from: data, at: "authors")
/// let anything = try decoder.decodeObject(of: "Book", from: bookData)
/// ```
///
/// A decoder is a value and `Sendable`: one decoder (and one model) may decode on many
/// threads at once.
public struct ModelDecoder: Sendable {
    /// The model objects are decoded with.
    public var model: ObjectModel
    /// How JSON is read; see ``Options``.
    public var options: Options

    /// A decoder for objects of `model`.
    public init(model: ObjectModel, options: Options = Options()) {
        self.model = model
        self.options = options
    }

    /// How strictly JSON is read and what is done with what does not fit.
    public struct Options: Sendable {
        /// How JSON types map to attribute types.
        public enum Strictness: Sendable, Hashable {
            /// Real-world JSON: numeric strings (`"101"`) convert to numbers, numbers and
            /// Booleans to strings, `"YES"`/`"true"`/`1` to Booleans.
            case lenient
            /// Each attribute type accepts only its own JSON type.
            case strict
        }

        /// What JSON `null` means.
        public enum NullHandling: Sendable, Hashable {
            /// `null` sets the property to null (a non-optional attribute then is an error).
            case keepNull
            /// `null` is treated as if the key were missing: a required value is then missing,
            /// an error unless ``requiresNonOptionalValues`` is off for plain objects (objects
            /// of bound classes are always asked for it).
            case treatAsAbsent
        }

        /// What a `null` element of a to-many relationship's array means.
        public enum NullElements: Sendable, Hashable {
            /// An error that names this option: a `null` among objects is more often a mistake
            /// upstream than a meaning.
            case error
            /// The element is left out; the others keep their order.
            case skip
        }

        /// What one document that gives one object (one identity) two different values for a
        /// property means.
        public enum ConflictingValues: Sendable, Hashable {
            /// The later value stands, and the conflict is a warning in the results that carry
            /// warnings (``ModelDecoder/PartialResult/warnings``,
            /// ``ObjectGraph/MergeResult/warnings``). `decode` and `decodeObjects`
            /// return objects alone: use ``error`` to hear of conflicts there.
            case warn
            /// An error (``MappingError/conflictingValues(_:)``) at the later value.
            case error
        }

        /// Which JSON text is read.
        public enum Syntax: Sendable, Hashable {
            /// RFC 8259, and nothing else.
            case strict
            /// RFC 8259 with comments (`// …`, `/* … */`) and trailing commas (`[1, 2,]`), as
            /// Foundation's `allowsJSON5` reads them and hand-written fixture files have them.
            /// The text is rewritten once before reading (comments and trailing commas become
            /// spaces), so errors keep their lines; the streaming readers do not take it.
            case lenient
        }

        /// What happens to JSON keys that no property reads.
        public enum UnknownKeys: Sendable, Hashable {
            /// They are dropped.
            case ignore
            /// They are kept on the object (``ModelObject/unknownJSON``) and written back by the
            /// encoder; each object also keeps its members' order and the spellings of its values,
            /// so that decoding then encoding gives back the same tokens in the same order
            /// (whitespace and string escapes aside; see ``ModelEncoder/Options/layout``).
            case keep
            /// Each is an error, ``MappingError/unknownKey(_:)``, at the key's line and column,
            /// with the key of that object the model reads that it most likely meant: for
            /// checking that a document and the model agree (`modelgen check-json`). With
            /// ``collectsAllErrors`` every unknown key of the document is reported.
            case reject
        }

        /// How JSON types map to attribute types; `.lenient` by default.
        public var strictness: Strictness = .lenient
        /// What `null` means; `.keepNull` by default.
        public var nullHandling: NullHandling = .keepNull
        /// What a `null` element of a to-many relationship's array means; `.error` by default.
        ///
        /// For example, to read `{"tags": [{"name": "snow"}, null]}` as one tag:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.nullElements = .skip
        /// ```
        public var nullElements: NullElements = .error
        /// What a document that gives one object two different values for a property means;
        /// `.warn` by default.
        ///
        /// For example, `[{"id": 1, "title": "Alps"}, {"id": 1, "title": "Sea"}]` is refused
        /// with:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.conflictingValues = .error
        /// ```
        public var conflictingValues: ConflictingValues = .warn
        /// Which JSON text is read: `.strict` (RFC 8259) by default, or `.lenient`, which also
        /// reads comments and trailing commas.
        ///
        /// For example, to read a fixture file written by hand:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.syntax = .lenient   // {"books": [{"title": "Emma"}, /* more soon */],}
        /// ```
        public var syntax: Syntax = .strict
        /// How `Date` attributes without a transformer are written in JSON.
        public var dateFormat: DateFormat = .iso8601
        /// What happens to keys no property reads; `.ignore` by default.
        public var unknownKeys: UnknownKeys = .ignore
        /// Report every error of the document (as ``MappingErrors``) instead of stopping at the first.
        public var collectsAllErrors = false
        /// Whether a number sent as a string in text that its attribute's type would not write
        /// back the same is read, keeping the number: leading zeros (`"02134"`), a plus sign,
        /// spaces, an exponent, or a fraction for an integer. Off by default: such text is an
        /// error that says to declare the attribute a String, since writing the object back
        /// would change it (`"02134"` into an `Integer 64` comes back `"2134"`).
        ///
        /// For example, for an API whose counts are sometimes `"+3"`:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.acceptsReformattedNumbers = true
        /// ```
        public var acceptsReformattedNumbers = false
        /// Whether a missing non-optional attribute without a default (or required to-one) is
        /// an error; on by default. Off lets plain objects (``ModelObject`` itself) lack them.
        /// Objects of classes bound to the model (generated classes, through typed `decode`,
        /// streaming, ``ModelMapped``, or a graph whose model binds them) are asked for them
        /// whatever this says, and so is a `null` that ``NullHandling/treatAsAbsent`` makes
        /// absent: their non-optional properties need the values, and a decoded object must
        /// never stop the program when one is read.
        public var requiresNonOptionalValues = true

        /// Whether decoding asks an object of `objectClass` for the values the model requires:
        /// when ``requiresNonOptionalValues`` says so, and always for a class bound to the
        /// model. The one rule the decoder and the graph apply.
        func requiresValues(of objectClass: ModelObject.Type) -> Bool {
            requiresNonOptionalValues || objectClass != ModelObject.self
        }
        /// Whether a value outside the bounds the model declares (minimum and maximum values;
        /// lengths of strings, in UTF-16 units as Core Data counts them, and of binary data) is
        /// an error (`.valueOutOfRange`). Off by default; ``ModelEncoder/Options/checksBounds``
        /// checks the same on writing.
        public var checksBounds = false
        /// Objects of entities with identity attributes that appear more than once in one
        /// document (same entity family, same identity values) become one object.
        public var uniquesObjectsByIdentity = true
        /// How deeply objects (and arrays and objects inside values) may nest before decoding
        /// stops with an error. Nesting up to the limit works on a 512 KB thread stack.
        public var maximumDepth = 512
        /// The longest string or key, in UTF-8 bytes, before decoding stops with an error
        /// (`.notRepresentable`): 16 MiB by default.
        public var maximumStringLength = 16 << 20
        /// The most elements of one array, or members of one object, before decoding stops with
        /// an error (`.notRepresentable`): 10 million by default.
        public var maximumElementCount = 10_000_000
        /// How many threads one decode may read a large top-level array with (an array of
        /// objects of 1 MiB or more, the document or the one at the key path, read from `Data`
        /// by `decode([T].self, from: data)`, `decodeObjects(of:from:at:)`,
        /// `decodePartially(of:from:at:)`, or for a graph's merge, whose merging into the graph
        /// then goes in document order on the graph's thread), or a stream decode its elements
        /// ahead with (see below): by default
        /// the machine's active cores, read once per process; 1 reads on the calling thread
        /// alone. Above 1, the array is cut into that
        /// many pieces at element boundaries, read at once on Dispatch's global queue (one pool
        /// for the whole process, never more threads than cores, however many decodes run),
        /// and put together in document order.
        ///
        /// The result is the one-thread result exactly: the same objects in the same order, one
        /// object per identity across pieces, the same errors and warnings (and for a graph's
        /// merge, the same notes of what the JSON gave each object). A piece that finds an identity of
        /// an earlier piece, or an error, is read again after them, on the calling thread, as
        /// one thread would read it, and a busy pool leaves pieces to the calling thread, so a
        /// decode never waits for the pool. An array whose nested objects are likely to repeat
        /// from one element to another (a relationship into an entity with an identity whose
        /// inverse is a to-many, as the one customer of many orders) is read on one thread,
        /// since its pieces would be read twice. On two cores, an array of 1.1 MB measured
        /// 1.3x and one of 15.3 MB 1.06-1.71x: see `Benchmarks/README.md`, "One large document
        /// across cores".
        ///
        /// The streaming readers (``ModelDecoder/forEachObject(of:inFileAt:at:uniquesAcrossElements:_:)``
        /// and the others), whose elements are each decoded in a run of their own, decode the
        /// elements that have arrived in batches on the same pool, up to twice this many
        /// batches ahead, while the calling thread finds the next ones; the objects and errors
        /// come in document order, as on one thread, and every element that has arrived is
        /// delivered before the stream waits for more bytes. So only chunks of many elements
        /// are decoded apart: a file is read, when decoding ahead, enough at a time for
        /// twice this many batches or elements as large as the largest so far (1 to 64 MiB),
        /// so memory is bounded by that many elements rather than one. With
        /// `uniquesAcrossElements`, elements depend on those before them, and a stream decodes
        /// on the calling thread.
        ///
        /// For example, a server that keeps its cores for its requests reads each on one thread:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.maximumThreads = 1
        /// ```
        public var maximumThreads = Options.activeCores
        /// The machine's active cores, read once per process: Foundation asks the system on each
        /// read, and options are made per decoder.
        static let activeCores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// Conventions over the model's (``/ModelMapperSchema/ModelConventions``): each one set here wins over the
        /// model's, as the key casing and `id` identities. Empty by default: the model's
        /// conventions, and where the model says nothing the library's one default for every
        /// entry point (keys are the model's own names; identities are those the model
        /// declares, else an attribute named `id`).
        ///
        /// For example, to read Sync's `remoteID` at `id` whatever the model says:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.conventions.identityAttributes = ["remoteID"]
        /// options.conventions.identityKey = "id"
        /// ```
        public var conventions = ModelConventions()

        /// The key casing and `id` identities in effect for `model`.
        func conventions(for model: ObjectModel) -> ModelConventions.Resolved {
            model.conventions(options: conventions)
        }

        /// The default options: lenient, nulls kept, ISO 8601 dates, unknown keys ignored, stop at the first error,
        /// large arrays read across the cores.
        public init() {}

        /// Options with the most used settings given.
        public init(
            strictness: Strictness = .lenient,
            nullHandling: NullHandling = .keepNull,
            dateFormat: DateFormat = .iso8601,
            unknownKeys: UnknownKeys = .ignore,
            collectsAllErrors: Bool = false
        ) {
            self.strictness = strictness
            self.nullHandling = nullHandling
            self.dateFormat = dateFormat
            self.unknownKeys = unknownKeys
            self.collectsAllErrors = collectsAllErrors
        }
    }

    // MARK: Typed

    /// Decodes one object of the entity bound to `T` (see
    /// ``ModelMapperSchema/ObjectModel/init(contentsOf:version:options:limits:classes:)``).
    ///
    /// - Parameters:
    ///   - type: the class of the object, bound to an entity of the decoder's model.
    ///   - data: the JSON document.
    ///   - keyPath: where the object is in the document (`"data.author"`); nil for the document itself.
    /// - Returns: the object, an instance of `T`.
    /// - Throws: ``MappingError``: the document is not valid JSON, or holds a value the model
    ///   refuses (located by path, line and column), or no entity of the model is bound to `T`.
    public func decode<T: ModelObject>(_ type: T.Type, from data: Data, at keyPath: String? = nil) throws -> T {
        let entity = try entity(for: T.self)
        let object = try decodeObject(of: entity, from: data, at: keyPath)
        return try cast(object, to: T.self)
    }

    /// Decodes an array of objects of the entity bound to `T`.
    ///
    /// - Throws: ``MappingError``: the document is not valid JSON, holds no array at `keyPath`, or
    ///   holds a value the model refuses (located by path, line and column), or no entity of the
    ///   model is bound to `T`.
    public func decode<T: ModelObject>(_ type: [T].Type, from data: Data, at keyPath: String? = nil) throws -> [T] {
        let entity = try entity(for: T.self)
        return try decodeObjects(of: entity, from: data, at: keyPath).map { try cast($0, to: T.self) }
    }

    // MARK: Dynamic

    /// Decodes one object of `entity` (or of the subentity the JSON names) from JSON data.
    ///
    /// For example:
    ///
    /// ```swift
    /// let author = try decoder.decodeObject(of: "Author", from: data)
    /// ```
    ///
    /// - Parameters:
    ///   - entity: the entity, by name or description (``/ModelMapperSchema/EntitySpecifier``).
    ///   - data: the JSON document.
    ///   - keyPath: where the object is in the document (`"data.author"`); nil for the document itself.
    /// - Returns: the object.
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors) saying where
    ///   the JSON is malformed or does not fit the model; ``MappingError/unknownEntity(_:)``
    ///   for a name the model does not have, with the closest name it has.
    public func decodeObject(of entity: some EntitySpecifier, from data: Data, at keyPath: String? = nil) throws
        -> ModelObject
    {
        let entity = try model.checkedEntity(entity)
        return try run(data, payload: .keyPath(keyPath)) { reader, path throws(MappingError) in
            try reader.readObject(entity: entity.index, path: path)
        }
        .value ?? { throw MappingError(.typeMismatch, path: .root, entityName: entity.name, expected: "an object") }()
    }

    /// Decodes an array of objects of `entity` from JSON data.
    ///
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors).
    public func decodeObjects(of entity: some EntitySpecifier, from data: Data, at keyPath: String? = nil) throws
        -> [ModelObject]
    {
        let entity = try model.checkedEntity(entity)
        return try run(data, payload: .keyPath(keyPath)) { reader, path throws(MappingError) in
            try reader.readArrayAcrossThreads(entity: entity.index, path: path)
        }
        .value
    }

    /// Decodes one object of `entity` from a parsed document.
    ///
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors).
    public func decodeObject(of entity: some EntitySpecifier, from json: JSONValue, at keyPath: String? = nil) throws
        -> ModelObject
    {
        let entity = try model.checkedEntity(entity)
        let (value, path) = try payload(json, at: keyPath)
        let text = value.jsonData()
        return try run(text, payload: .extracted(at: path), locatesByLine: false) { reader, path throws(MappingError) in
            try reader.readObject(entity: entity.index, path: path)
        }
        .value ?? { throw MappingError(.typeMismatch, path: path, entityName: entity.name, expected: "an object") }()
    }

    /// Decodes an array of objects of `entity` from a parsed document.
    ///
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors).
    public func decodeObjects(of entity: some EntitySpecifier, from json: JSONValue, at keyPath: String? = nil) throws
        -> [ModelObject]
    {
        let entity = try model.checkedEntity(entity)
        let (value, path) = try payload(json, at: keyPath)
        guard case .array = value else {
            var keys: [String] = []
            if path.components.isEmpty, case .object(let object) = value { keys = object.map(\.key) }
            throw MappingError(
                .typeMismatch,
                path: path,
                entityName: entity.name,
                expected: "an array of \(entity.name) objects",
                found: value.typeDescription,
                detail: RootKeyHint.detail(entity: model.entityRecords[entity.index], keys: keys)
            )
        }
        let text = value.jsonData()
        return try run(text, payload: .extracted(at: path), locatesByLine: false) { reader, path throws(MappingError) in
            try reader.readArray(entity: entity.index, path: path, strictlyArray: true)
        }
        .value
    }

    // MARK: Updating

    /// Updates an existing object from a JSON object: keys present overwrite, keys absent
    /// leave the value alone, `null` clears. A nested object with the identity of an object
    /// `object` already reaches updates that object (the same rules, all the way down); other
    /// nested objects are new. A to-many given in the JSON replaces the whole list.
    ///
    /// For example:
    ///
    /// ```swift
    /// let band = try decoder.decodeObject(of: bandEntity, from: Data(#"{"name": "Japan", "formed": 1974}"#.utf8))
    /// try decoder.update(band, from: Data(#"{"formed": 1975, "description": null}"#.utf8))
    /// band.value(forKey: "name")     // "Japan": absent, kept
    /// band.value(forKey: "formed")   // 1975
    /// ```
    ///
    /// The update is all or nothing: a document with an error (or, when collecting, errors)
    /// changes no object that existed before. Required values need not be present: the object
    /// keeps the ones it has.
    ///
    /// - Parameters:
    ///   - object: the object to update, of the decoder's model.
    ///   - data: the JSON document.
    ///   - keyPath: where the object is in the document (`"data.band"`); nil for the document itself.
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors), `.wrongEntity`
    ///   when the object is not of this decoder's model or the JSON names another entity.
    public func update(_ object: ModelObject, from data: Data, at keyPath: String? = nil) throws {
        try checkModel(of: object)
        _ = try run(data, payload: .keyPath(keyPath)) { reader, path throws(MappingError) in
            try reader.update(object, path: path)
        }
    }

    /// Updates an existing object from a parsed JSON object, as the `Data` form does.
    ///
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors).
    public func update(_ object: ModelObject, from json: JSONValue, at keyPath: String? = nil) throws {
        try checkModel(of: object)
        let (value, path) = try payload(json, at: keyPath)
        let text = value.jsonData()
        _ = try run(text, payload: .extracted(at: path), locatesByLine: false) { reader, path throws(MappingError) in
            try reader.update(object, path: path)
        }
    }

    /// An object of another model has other plans and slots: updating it through this one
    /// would misread them.
    private func checkModel(of object: ModelObject) throws(MappingError) {
        guard object.model === model else {
            throw MappingError(
                .wrongEntity,
                entityName: object.entity.name,
                expected: "an object of the decoder's model",
                found: "an object of entity '\(object.entity.name)' of another model"
            )
        }
    }

    /// Reads a JSON object into an existing object (``ModelObject/init(dictionary:entity:options:)``).
    func decode(_ json: JSONValue, into object: ModelObject) throws {
        guard case .object = json else { return }
        try decode(jsonData: json.jsonData(), into: object)
    }

    /// Decodes the JSON object of `data` into `object`.
    func decode(jsonData data: Data, into object: ModelObject) throws {
        _ = try run(data, payload: .extracted(at: .root), locatesByLine: false) { reader, path throws(MappingError) in
            _ = try reader.readObject(entity: object.layout.entityIndex, path: path, into: object)
        }
    }

    // MARK: Helpers

    /// `data` as the strict reader reads it: itself, or under ``Options/Syntax/lenient`` its
    /// comments and trailing commas blanked.
    func readable(_ data: Data) throws(MappingError) -> Data {
        options.syntax == .strict
            ? data : try MappingError.mappingJSONErrors { () throws(JSONError) in try LenientSyntax.blanked(data) }
    }

    private func entity<T: ModelObject>(for type: T.Type) throws -> EntityDescription {
        guard let entity = model.entity(named: T.entityName) else {
            throw MappingError(.unknownEntity(T.entityName), detail: "class \(T.self) names it (entityName)")
        }
        return entity
    }

    private func cast<T: ModelObject>(_ object: ModelObject, to type: T.Type) throws -> T {
        guard let typed = object as? T else {
            throw MappingError(
                .wrongEntity,
                entityName: object.entity.name,
                expected: "an instance of \(T.self)",
                found:
                    "an instance of \(Swift.type(of: object)); bind \(T.self) to the model with "
                    + "ObjectModel(contentsOf:classes:)"
            )
        }
        return typed
    }

    /// The value at `keyPath` in the document, and its path.
    private func payload(_ json: JSONValue, at keyPath: String?) throws -> (JSONValue, JSONPath) {
        guard let keyPath else { return (json, .root) }
        let components = try JSONKeyPath(parsing: keyPath).components
        var value = json
        var path = JSONPath.root
        for component in components {
            guard case .object(let object) = value else {
                throw MappingError(
                    .typeMismatch,
                    path: path,
                    expected: "an object with key '\(component)'",
                    found: value.typeDescription
                )
            }
            path = path.appending(key: component)
            guard let next = object[component] else {
                throw MappingError(.missingValue, path: path, detail: "the document has nothing at '\(keyPath)'")
            }
            value = next
        }
        return (value, path)
    }
}
