import Foundation

/// How a model's JSON is spelled where its properties declare nothing of their own: the key
/// casing, and whether an attribute named `id` is an entity's identity. Declared once, with the
/// model, and read by every entry point: `ModelDecoder`, `ModelEncoder`, `ObjectGraph`,
/// the generated model types, `@ModelMapped`, ModelMapperTesting and every `modelgen` command.
///
/// **Where they are declared:** in a file beside the model, named after it:
/// `Authors.conventions.json` beside `Authors.xcdatamodeld` (beside a lone `.xcdatamodel`
/// folder, `<folder name>.conventions.json`; beside a lone model file, `<file name without
/// extension>.conventions.json`). For example:
///
/// ```json
/// {
///   // Comments and trailing commas are allowed.
///   "keyCasing": "snakeCase",
///   "identifiesByID": true,
/// }
/// ```
///
/// A file rather than entity userInfo, because a convention is the whole model's: in userInfo
/// it would be repeated on every entity without a superentity, and the one entity where it was
/// forgotten would read its JSON differently without a word. The file leaves the XML Xcode
/// owns alone, and Xcode shows it as a plain file. `modelgen` embeds it in generated code with
/// the model's XML, so nothing is looked up at run time. Keys:
///
/// - `keyCasing`: `modelNames`, `snakeCase` or `kebabCase` (see ``JSONKeyCasing``).
/// - `identifiesByID`: `true` or `false`: whether an attribute named `id` is the identity of
///   an entity (and its family) that declares no identity attributes.
/// - `identityAttributes`: the attribute names that are such an identity, the first found
///   winning (`["id", "remoteID"]`); give this or `identifiesByID`, not both.
/// - `identityKey`: the JSON key of those attributes (`"id"`), where they declare none.
/// - `reservedNames`: JSON keys the model names `<entity><Name>` (`["description", "type"]`).
/// - `acceptsModelNames`: `true` reads `fullName` beside `full_name`, and `age` beside the
///   `age_of_person` a model declares.
/// - `foreignKeySuffixes`: `{"toOne": "_id", "toMany": "_ids"}` reads `company_id` and
///   `notes_ids` as the relationships `company` and `notes`.
/// - `transformerFieldReadsJSON`: `true` calls the transformer named in Xcode's *Value
///   Transformer* field forward on JSON, as Sync does (``transformerFieldReadsJSON``).
/// - `ignoresTransformablesWithoutTransformer`: `true` leaves a Transformable attribute that
///   names no transformer out of the JSON, as Sync does (``ignoresTransformablesWithoutTransformer``).
///
/// Where a document has a property's own key and another spelling of it, the own key wins,
/// before or after it; an error about a value read at another spelling names that spelling.
/// - `preset`: `"sync"` for Sync's conventions (``sync``), the file's other keys over them.
///   A model that uses Sync's userInfo keys does not get them unless it says so: `sync.remoteKey`
///   is also a plain key-path alias (see ``MappingKeys/jsonKeyPath``), and a model using it
///   that way must not change its casing behind its author's back.
///
/// An unknown key or a wrong value is an error naming it, located in the file.
///
/// **Who decides:** an option given in code (`ModelDecoder/Options/conventions`, the same on
/// `ModelEncoder/Options`) or on the command line (`--key-casing`, `--identify-by-id`) wins;
/// then the model's conventions; then, where the model declares nothing, the library's one
/// default, the same for every entry point: keys are the model's own names, and an entity
/// that declares no identity attributes is identified by an attribute named `id` when it has
/// one. So no entry point needs options to agree with another. A model whose JSON is
/// snake_case says so in its conventions file: `{ "keyCasing": "snakeCase" }`.
public struct ModelConventions: Sendable, Hashable {
    /// How the JSON keys of properties without a declared `jsonKeyPath` are made from their
    /// names; nil when the model does not say.
    public var keyCasing: JSONKeyCasing?
    /// Whether an attribute named `id` is the identity of entities that declare none; nil when
    /// the model does not say. The same as ``identityAttributes`` `["id"]` (true) or `[]`
    /// (false).
    public var identifiesByID: Bool?
    /// The names of attributes that are the identity of an entity (and its family) that
    /// declares none, the first its family's root has winning: `["id", "remoteID"]` for Sync's
    /// models. Nil when the model does not say.
    public var identityAttributes: [String]?
    /// The JSON key of an attribute named in ``identityAttributes`` whose userInfo declares no
    /// key path: `"id"` for Sync's `remoteID`. Nil when the model does not say (the key is made
    /// from the name like any other).
    public var identityKey: String?
    /// JSON keys that a Swift class cannot take as a property name, and that the model names
    /// `<entity><Name>` instead: with `["description", "type"]`, `bandDescription` and
    /// `bandType` of entity `Band` are read and written at `description` and `type` (where the
    /// entity has no property of that very name). Nil when the model does not say: then
    /// `description` alone, with the separated key casings (see
    /// ``JSONKeyCasing/mapsEntityDescription``).
    public var reservedNames: [String]?

    /// Whether a property's model name is read beside the key the casing makes or the model
    /// declares (`fullName` and `full_name` in one document, `age` and a declared
    /// `age_of_person`, as Sync reads them); written is the property's own key, which wins
    /// where a document has both. Nil when the model does not say (no).
    public var acceptsModelNames: Bool?
    /// The suffixes of a relationship's foreign-key keys: with `_id` and `_ids`, `company_id`
    /// reads the relationship `company` and `notes_ids` the relationship `notes`, as Sync
    /// reads them (a JSON object there is an object, as at the relationship's own key). Nil
    /// when the model does not say (none).
    public var foreignKeySuffixes: ForeignKeySuffixes?
    /// Whether the transformer named in Xcode's *Value Transformer* field
    /// (`valueTransformerName`) reads JSON forward, as Sync calls it: its
    /// `transformedValue(_:)` turns the JSON value into the model's (`"/Date(1451606400000)/"`
    /// into a `Date`), and its reverse, where it allows one, writes JSON. Nil when the model does
    /// not say (no: Core Data's direction, forward from the model's value). A transformer named
    /// in userInfo (`JSONTransformerName`, `sync.valueTransformer`) reads JSON forward either way.
    public var transformerFieldReadsJSON: Bool?
    /// Whether a Transformable attribute that names no transformer is left out of the JSON, as
    /// Sync leaves it: its key is not read (a document's value there is an unknown key:
    /// skipped, or kept with the decoder's `unknownKeys` option `.keep`) nor written. A model
    /// that requires such an attribute still requires it (the decoder reports it missing, as
    /// Core Data's save would). Nil when the model does not say (no: its JSON is kept as it is).
    public var ignoresTransformablesWithoutTransformer: Bool?

    /// The suffixes of a to-one's and a to-many's foreign-key keys.
    public struct ForeignKeySuffixes: Sendable, Hashable {
        /// After a to-one's key: `_id`.
        public var toOne: String
        /// After a to-many's key: `_ids`.
        public var toMany: String

        /// Suffixes; both non-empty.
        public init(toOne: String, toMany: String) {
            self.toOne = toOne
            self.toMany = toMany
        }
    }

    /// Conventions with the given values; nil leaves a convention to the entry point.
    public init(
        keyCasing: JSONKeyCasing? = nil,
        identifiesByID: Bool? = nil,
        identityAttributes: [String]? = nil,
        identityKey: String? = nil,
        reservedNames: [String]? = nil,
        acceptsModelNames: Bool? = nil,
        foreignKeySuffixes: ForeignKeySuffixes? = nil,
        transformerFieldReadsJSON: Bool? = nil,
        ignoresTransformablesWithoutTransformer: Bool? = nil
    ) {
        self.transformerFieldReadsJSON = transformerFieldReadsJSON
        self.ignoresTransformablesWithoutTransformer = ignoresTransformablesWithoutTransformer
        self.acceptsModelNames = acceptsModelNames
        self.foreignKeySuffixes = foreignKeySuffixes
        self.keyCasing = keyCasing
        self.identifiesByID = identifiesByID
        self.identityAttributes = identityAttributes
        self.identityKey = identityKey
        self.reservedNames = reservedNames
    }

    /// Sync's conventions (the library that maps JSON through Core Data models with
    /// `sync.isPrimaryKey` and `sync.remoteKey`): snake_case keys with the model's names read
    /// too, `id` or `remoteID` the identity at the key `id`, `type`, `description` and `signed`
    /// reserved, foreign keys at `<relationship>_id` and `_ids`, the transformer of Xcode's
    /// *Value Transformer* field reading JSON forward, and Transformables without a
    /// transformer left out. A conventions file takes them with `"preset": "sync"`, its other
    /// keys over them.
    ///
    /// Conventions say how keys are read and written; how nils are written is the encoder's to
    /// say. Sync's export writes nil attributes as `null` and leaves nil to-ones and
    /// Transformables out: `ModelEncoder.Options.nullEncoding` `= .perKind(attributes: .always,
    /// transformables: .never, toOnes: .never, toManys: .asDecoded)`.
    ///
    /// For example:
    ///
    /// ```swift
    /// let model = try ObjectModel(xml: xml, conventions: .sync)
    /// ```
    public static let sync = ModelConventions(
        keyCasing: .snakeCase,
        identityAttributes: ["id", "remoteID"],
        identityKey: "id",
        reservedNames: ["type", "description", "signed"],
        acceptsModelNames: true,
        foreignKeySuffixes: ForeignKeySuffixes(toOne: "_id", toMany: "_ids"),
        transformerFieldReadsJSON: true,
        ignoresTransformablesWithoutTransformer: true
    )

    /// The presets a conventions file may name with `"preset"`.
    static let presets: [(name: String, conventions: ModelConventions)] = [("sync", .sync)]

    /// These conventions over `base`: each one these leave unset is `base`'s.
    func over(_ base: ModelConventions) -> ModelConventions {
        ModelConventions(
            keyCasing: keyCasing ?? base.keyCasing,
            identifiesByID: identityAttributes == nil ? identifiesByID ?? base.identifiesByID : nil,
            identityAttributes: identifiesByID == nil ? identityAttributes ?? base.identityAttributes : nil,
            identityKey: identityKey ?? base.identityKey,
            reservedNames: reservedNames ?? base.reservedNames,
            acceptsModelNames: acceptsModelNames ?? base.acceptsModelNames,
            foreignKeySuffixes: foreignKeySuffixes ?? base.foreignKeySuffixes,
            transformerFieldReadsJSON: transformerFieldReadsJSON ?? base.transformerFieldReadsJSON,
            ignoresTransformablesWithoutTransformer: ignoresTransformablesWithoutTransformer
                ?? base.ignoresTransformablesWithoutTransformer
        )
    }

    /// Whether the model declares no convention at all.
    @inlinable public var isEmpty: Bool {
        // Field by field, not `self == ModelConventions()`: every decode call asks (to find its
        // plans in their fixed places), and making and comparing a value cost 330 instructions.
        keyCasing == nil && identifiesByID == nil && identityAttributes == nil && identityKey == nil
            && reservedNames == nil && acceptsModelNames == nil && foreignKeySuffixes == nil
            && transformerFieldReadsJSON == nil && ignoresTransformablesWithoutTransformer == nil
    }

    /// ``identityAttributes``, or what ``identifiesByID`` says (`["id"]` or none); nil when
    /// neither is given.
    public var identityAttributeNames: [String]? {
        identityAttributes ?? identifiesByID.map { $0 ? ["id"] : [] }
    }

    /// The casings a conventions file (and `modelgen --key-casing`) may name, by the name it uses.
    package static let casingsByName: [(name: String, casing: JSONKeyCasing)] = [
        ("modelNames", .modelNames), ("snakeCase", .snakeCase), ("kebabCase", .kebabCase),
    ]

    /// The name a conventions file uses for `casing`; nil for a custom casing, which only code
    /// can give.
    package static func name(of casing: JSONKeyCasing) -> String? {
        casingsByName.first { $0.casing == casing }?.name
    }

    /// These conventions as the text of a conventions file, keys in a fixed order: what
    /// `modelgen` embeds in generated code. A custom key casing has no text and is left out.
    public var jsonText: String {
        var members: [String] = []
        if let keyCasing, let name = Self.name(of: keyCasing) { members.append("\"keyCasing\": \"\(name)\"") }
        if let identifiesByID { members.append("\"identifiesByID\": \(identifiesByID)") }
        func quote(_ text: String) -> String { JSONValue.string(text).jsonText() }
        func list(_ names: [String]) -> String { "[" + names.map(quote).joined(separator: ", ") + "]" }
        if let identityAttributes { members.append("\"identityAttributes\": " + list(identityAttributes)) }
        if let identityKey { members.append("\"identityKey\": " + quote(identityKey)) }
        if let reservedNames { members.append("\"reservedNames\": " + list(reservedNames)) }
        if let acceptsModelNames { members.append("\"acceptsModelNames\": \(acceptsModelNames)") }
        if let foreignKeySuffixes {
            members.append(
                "\"foreignKeySuffixes\": {\"toOne\": \(quote(foreignKeySuffixes.toOne)), "
                    + "\"toMany\": \(quote(foreignKeySuffixes.toMany))}"
            )
        }
        if let transformerFieldReadsJSON {
            members.append("\"transformerFieldReadsJSON\": \(transformerFieldReadsJSON)")
        }
        if let ignoresTransformablesWithoutTransformer {
            members.append("\"ignoresTransformablesWithoutTransformer\": \(ignoresTransformablesWithoutTransformer)")
        }
        return members.isEmpty ? "{}" : "{ " + members.joined(separator: ", ") + " }"
    }

    /// The conventions file of the model at `url` (a `.xcdatamodeld` bundle, a `.xcdatamodel`
    /// folder or a model file), whether or not it exists: named after the bundle when the
    /// model is in one, else after the folder or file itself.
    ///
    /// For example, for `Models/Authors.xcdatamodeld/Authors 2.xcdatamodel/contents` it is
    /// `Models/Authors.conventions.json`.
    public static func fileURL(forModelAt url: URL) -> URL {
        var model = url
        if model.lastPathComponent == "contents", model.deletingLastPathComponent().pathExtension == "xcdatamodel" {
            model = model.deletingLastPathComponent()
        }
        if model.pathExtension == "xcdatamodel", model.deletingLastPathComponent().pathExtension == "xcdatamodeld" {
            model = model.deletingLastPathComponent()
        }
        let name = model.deletingPathExtension().lastPathComponent
        return model.deletingLastPathComponent().appendingPathComponent(name + ".conventions.json")
    }
}
