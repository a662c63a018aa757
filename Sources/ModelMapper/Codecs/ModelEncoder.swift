import Foundation

/// Encodes graphs of ``ModelObject``s as JSON, driven by their model.
///
/// ```swift
/// let encoder = ModelEncoder(options: .init(outputFormatting: [.prettyPrinted, .sortedKeys]))
/// let data = try encoder.encode(author)
/// let list = try encoder.encode(authors, at: "authors")   // {"authors": [...]}
/// ```
///
/// Properties that were absent on decoding stay absent, null ones are written as `null` (see
/// ``Options/nullEncoding``); the inverse of the relationship an object is reached through is
/// not written (no `"author"` inside each of an author's books), and a cycle never loops.
public struct ModelEncoder: Sendable {
    /// How JSON is written; see ``Options``.
    public var options: Options

    /// An encoder writing with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// How objects are written as JSON.
    public struct Options: Sendable {
        /// Which properties are written as `null`.
        public enum NullEncoding: Sendable, Hashable {
            /// As decoded: unset properties are left out, null ones are written as `null`.
            case asDecoded
            /// Unset and null properties are both written as `null`, but an unset to-many,
            /// which is empty (as ``ModelObject/value(forKey:)`` reads it), is written `[]`.
            case always
            /// Neither unset nor null properties are written.
            case never
            /// Each kind of property its own: attributes other than Transformables,
            /// Transformable attributes, to-one and to-many relationships. A part given per
            /// kind again takes its own part for that kind.
            ///
            /// For example, as Sync's export writes them (nil attributes as `null`, nil to-ones
            /// and Transformables left out):
            ///
            /// ```swift
            /// var options = ModelEncoder.Options()
            /// options.nullEncoding = .perKind(attributes: .always, transformables: .never, toOnes: .never, toManys: .asDecoded)
            /// ```
            indirect case perKind(
                attributes: NullEncoding,
                transformables: NullEncoding,
                toOnes: NullEncoding,
                toManys: NullEncoding
            )
        }

        /// How objects decoded with their source kept are laid out.
        public enum Layout: Sendable, Hashable {
            /// As decoded: an object decoded with ``ModelDecoder/Options/unknownKeys`` `.keep`
            /// is written with its members in the order its JSON had them and its values
            /// spelled as they were (`49.90`, `"101"`, `1e3`) while they are the values read.
            /// Keys it did not have (set since) follow in model order.
            case asDecoded
            /// Model order and the encoder's own spellings for every object (unknown members
            /// kept from decoding first).
            case canonical
        }

        /// How an object met again in one call is written: one shared by two holders, or on a
        /// cycle that no inverse breaks (always as a reference: in full it would never end).
        public enum SharedObjects: Sendable, Hashable {
            /// In full again at each place, as the document had it: an image two products
            /// share is written in full under both. An object its document gave again by its
            /// identity alone (`{"id": 19}` or `19`) is written so again (with the source kept,
            /// place by place), and objects made in code are written in full wherever they are
            /// related. The repeats may not outgrow four times what is written once (plus a
            /// mebibyte): a graph that shares objects at every level is an error naming the
            /// path, not an output that doubles with each level.
            case inFull
            /// As its identity attributes (`{"book_id": 7}`) after the first place, or an error
            /// naming the path when its entity has none; an object decoded with its source kept
            /// (``ModelDecoder/Options/unknownKeys`` `.keep`) is still written in full where its
            /// JSON had it in full, within twice the length of that JSON.
            case reference
        }

        /// Pretty printing, sorted keys, unescaped slashes; compact, in model order, by default.
        public var outputFormatting: JSONValue.WritingOptions = []
        /// Which properties are written as `null`; `.asDecoded` by default.
        public var nullEncoding: NullEncoding = .asDecoded
        /// How `Date` attributes without a transformer are written.
        public var dateFormat: DateFormat = .iso8601
        /// Whether JSON kept from decoding (``ModelObject/unknownJSON``) is written back.
        public var writesUnknownKeys = true
        /// Whether objects decoded with their source kept are written as their JSON had them
        /// (`.asDecoded`, the default) or in model order with canonical spellings.
        public var layout: Layout = .asDecoded
        /// How an object met again in one call is written; `.inFull` by default.
        public var sharedObjects: SharedObjects = .inFull
        /// How deeply objects may nest before encoding stops with an error.
        public var maximumDepth = 512
        /// Whether relationships are written; on by default. Off writes each object's
        /// attributes alone, as Sync's `excludedRelationships` export does.
        public var writesRelationships = true
        /// Conventions over the model's (``/ModelMapperSchema/ModelConventions``): each one set here wins over the
        /// model's, as the key casing and `id` identities (what a repeated object, or a
        /// relationship written as keys, is written as). Empty by default: the objects' model's
        /// conventions, and where it says nothing the library's one default, as in
        /// ``ModelDecoder/Options/conventions``. Use the conventions the objects were decoded
        /// with to write their JSON back.
        ///
        /// For example, to read Sync's `remoteID` at `id` whatever the model says:
        ///
        /// ```swift
        /// var options = ModelDecoder.Options()
        /// options.conventions.identityAttributes = ["remoteID"]
        /// options.conventions.identityKey = "id"
        /// ```
        public var conventions = ModelConventions()

        /// The key casing and `id` identities in effect for objects of `model`.
        func conventions(for model: ObjectModel) -> ModelConventions.Resolved {
            model.conventions(options: conventions)
        }
        /// Whether every relationship is written as its destination's identity (a to-one as
        /// the identity attribute's value, `"band": "Japan"`; a to-many as an array of them;
        /// an object of the identity attributes for a composite identity) rather than nested.
        /// Off by default: relationships nest, except those whose userInfo says
        /// `jsonWritesIdentity` (``/ModelMapperSchema/MappingKeys/relationshipWritesIdentity``). An object whose
        /// entity has no identity is nested whatever this says.
        public var writesRelationshipsAsIdentities = false
        /// Whether relationships are written as Rails' `accepts_nested_attributes_for` reads
        /// them, as Sync's `.nested` export does: under `<key>_attributes` (`<key>Attributes`
        /// with camelCase keys: the suffix takes the key casing in effect), a to-one as its
        /// object, a to-many as an object of its objects keyed by position (`{"0": {…}, "1": {…}}`),
        /// an object written as its identity as an object of it (`{"id": 7}`). An attribute named
        /// `destroy` with no key path of its own is written at `_destroy`, the flag Rails reads to
        /// delete a nested record. Off by default.
        ///
        /// This is a request form for a Rails API, asked for by name: ModelDecoder does not
        /// read it back (its keys are not the model's).
        ///
        /// For example, `{"name":"Japan","albums_attributes":{"0":{"title":"Tin Drum"}}}`:
        ///
        /// ```swift
        /// var options = ModelEncoder.Options()
        /// options.writesNestedAttributes = true
        /// ```
        public var writesNestedAttributes = false
        /// Whether every object written must pass what the decoder checks: each value the model
        /// requires set (not null), and raw values where the object's class asks for them
        /// (``ModelObject/rawValueTypes``). On by default, so that nothing is written that the
        /// decoder would refuse; turn it off to write drafts.
        ///
        /// For example, a `Photo` whose required `title` is unset throws
        /// `$.photos[0].title: Photo.title: a value (String) is required, but the object has none`
        /// unless:
        ///
        /// ```swift
        /// var options = ModelEncoder.Options()
        /// options.checksValues = false
        /// ```
        public var checksValues = true
        /// Whether every value written must be within the bounds the model declares (minimum
        /// and maximum values and lengths), as ``ModelDecoder/Options/checksBounds`` reads
        /// them. Off by default.
        public var checksBounds = false

        /// Options with the most used settings given.
        public init(
            outputFormatting: JSONValue.WritingOptions = [],
            nullEncoding: NullEncoding = .asDecoded,
            dateFormat: DateFormat = .iso8601
        ) {
            self.outputFormatting = outputFormatting
            self.nullEncoding = nullEncoding
            self.dateFormat = dateFormat
        }
    }

    /// The JSON of one object and what it holds.
    ///
    /// - Throws: ``MappingError`` naming the path of a value that cannot be written, or of a
    ///   value the decoder would refuse (see ``Options/checksValues``); ``MappingErrors`` when
    ///   there are several of those, each at its path.
    public func encode(_ object: ModelObject) throws -> Data {
        try run { encoder in
            try encoder.write(object)
            return encoder.takeData()
        }
    }

    /// The JSON array of some objects; with `keyPath`, wrapped in objects: `{"authors": [...]}`.
    ///
    /// - Throws: as ``encode(_:)-(ModelObject)``.
    public func encode(_ objects: [ModelObject], at keyPath: String? = nil) throws -> Data {
        let keys = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        return try run { encoder in
            try encoder.writeArray(objects, wrappedIn: keys)
            return encoder.takeData()
        }
    }

    /// The JSON value of one object.
    ///
    /// - Throws: as ``encode(_:)-(ModelObject)``.
    public func encodeJSON(_ object: ModelObject) throws -> JSONValue {
        try run { encoder in
            try encoder.write(object)
            return try encoder.tree
        }
    }

    /// The JSON array of some objects.
    ///
    /// - Throws: as ``encode(_:)-(ModelObject)``.
    public func encodeJSON(_ objects: [ModelObject]) throws -> JSONValue {
        try run { encoder in
            try encoder.writeArray(objects, wrappedIn: [])
            return try encoder.tree
        }
    }

    /// Runs `body` with a new encoding run. When the run stops at a value the decoder would
    /// refuse, it runs again collecting every such value (a document's worth of them is
    /// reported at once, not one per attempt); success pays nothing for it.
    func run<Result>(_ body: (inout ObjectEncoder) throws -> Result) throws -> Result {
        var encoder = ObjectEncoder(options: options)
        do {
            return try body(&encoder)
        } catch let error as MappingError where encoder.stoppedAtValueCheck {
            var collecting = ObjectEncoder(options: options)
            collecting.collectsProblems = true
            _ = try? body(&collecting)
            guard collecting.problems.count > 1 else { throw error }
            throw MappingErrors(collecting.problems)
        }
    }
}
