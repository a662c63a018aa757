/// The `userInfo` keys from which ModelMapper reads its mapping metadata, in order of
/// precedence: the first key present wins. The aliases let model files written for other
/// frameworks (Sync, Hyperoslo, MagicalRecord, JSONCoreData…) work unchanged.
///
/// ```swift
/// MappingKeys.jsonKeyPath.first   // "jsonKeyPath"
/// ```
public enum MappingKeys {
    /// The JSON key or dotted key path of an attribute or relationship.
    public static let jsonKeyPath = [
        "jsonKeyPath", "JSONKeyPath", "externalKeyPath", "sync.remoteKey", "hyper.remoteKey", "mappedKeyName",
    ]

    /// The value transformer of an attribute, read after the attribute's own
    /// `valueTransformerName` XML attribute.
    public static let valueTransformer = ["JSONTransformerName", "sync.valueTransformer"]

    /// On an entity: a comma-separated list of its identity (primary key) attributes.
    public static let entityIdentityAttributes = ["identityAttributes", "identityAttribute"]

    /// On an attribute: marks it as an identity attribute when its value is `YES` (or `true`, `1`).
    public static let attributeIsIdentity = [
        "sync.isPrimaryKey", "hyper.isPrimaryKey", "JC.isIdentifier", "DC.isIdentifier",
    ]

    /// On an entity with subentities: the JSON key whose value says which entity an object is
    /// (for example `type`); inherited by the subentities.
    public static let typeKey = ["jsonTypeKey"]

    /// On an entity: the value of the type key that means this entity (default: its name).
    public static let typeValue = ["jsonTypeValue"]

    /// On a relationship: written as its destination's identity (a to-one as the identity
    /// attribute's value, a to-many as an array of them; an object of the identity attributes
    /// for a composite identity) rather than nested, when its value is `YES`.
    public static let relationshipWritesIdentity = ["jsonWritesIdentity"]

    /// On a Date attribute: the formats its JSON may have, tried in order, separated by `|`
    /// (`iso8601`, `yearMonthDay`, `secondsSince1970`, `millisecondsSince1970`,
    /// `microsecondsSince1970`, `rfc1123`, or a `DateFormatter` pattern such as `dd/MM/yyyy`);
    /// dates are written in the first. Without
    /// it, the coder's `ModelDecoder/Options/dateFormat` applies.
    ///
    /// On an attribute naming a value transformer that is not built in: the format of that
    /// transformer, a date transformer (``ObjectModel/dateTransformerDeclarations``), which
    /// generated model types and `modelgen` register.
    public static let dateFormats = ["dateFormats", "dateFormat"]

    /// On a String or Integer 16/32/64 attribute: the Swift type (an enum with `String` or
    /// integer raw values) that `modelgen` types the attribute with in generated classes. The
    /// object stores the raw value; the generated class names the type in
    /// `ModelObject/rawValueTypes`, so that decoding refuses a value that is none of its raw
    /// values. The model itself knows nothing of the type: without a bound class, the
    /// attribute is a plain String or integer.
    public static let swiftType = ["swiftType"]

    /// On a String or Integer 16, 32 or 64 attribute: the values its JSON may hold,
    /// comma-separated (`draft, live, archived`; the spaces around a value are not part of it).
    /// The decoder refuses any other value, as an error at its path, through every entry point;
    /// the encoder does not write one; `modelgen schema` writes the list as `enum` and `modelgen
    /// diff` reports values removed (read-breaking) and added (write-breaking). A `swiftType`
    /// names the Swift type generated classes use; this key says which values the JSON has.
    package static let jsonValues = ["jsonValues"]

    /// On an attribute: the JSON form its values take, `string` or `number`, where it is not
    /// the type's own. `string` on an Integer, Decimal, Double, Float or Boolean attribute:
    /// the API sends `"24.99"`, which is read under any strictness and written so. `number` on
    /// a String attribute: the API sends `1699` for text, which is written as a number (text
    /// that is no JSON number is an error).
    ///
    /// `map` on a to-many relationship: the API sends an object keyed by the destination
    /// objects' identities rather than an array (`"events": {"138586341": {...}}`). The
    /// destination has one identity attribute, a String, an Integer or a UUID; a key must be
    /// that value's own text (`"0138"` is refused for an integer), and an identity also given
    /// inside the value must agree with its key. The objects are written back so, in their
    /// order, each in full as in an array.
    public static let jsonForm = ["jsonForm"]

    /// On a Decimal, Double or Float attribute without a transformer: the fewest fraction digits
    /// its values are written with, `0` to `18`, as the API spells them: with `2`, `30` and
    /// `30.0` are written `30.00` and `9.5` is written `9.50`, in either JSON form; a value with
    /// more digits keeps them all (`9.125`), so that nothing is rounded. `modelgen infer` declares
    /// it when every sample has the same number of digits.
    ///
    /// On a Date attribute: the fewest fraction digits of its seconds, for APIs that always send
    /// them (`2018-04-03T23:05:12.000Z` with `3`, where `iso8601` alone writes the fewest digits
    /// that read back, `2018-04-03T23:05:12Z`); a date written as a number is padded as numbers are.
    public static let jsonFractionDigits = ["jsonFractionDigits"]

    /// On an entity (inherited by its subentities): the name of a registered `ValueTransformer`
    /// that each JSON object of the entity goes through before it is mapped, as Groot reads
    /// it. The transformer receives the object as Foundation values (`[String: Any]`, as
    /// `JSONSerialization` gives them) and returns the object to map. Reading only: the encoder
    /// writes the model's form.
    public static let entityPreprocessor = ["JSONDictionaryTransformerName"]

    /// On an entity (its own, not inherited): the name of a registered transformer that picks
    /// the entity of each JSON object, as Groot's entity mapper does: it receives the object as
    /// Foundation values and returns the name of the entity or of one of its subentities (see
    /// ``EntityMapperTransformer``).
    public static let entityMapper = ["entityMapperName"]

    /// On an entity: its objects are what a document (an API's response) holds at its top
    /// level, at this key path (`data.orders`), or the document itself when the value is empty
    /// or `$`. `modelgen infer` writes it on the entity it inferred from the samples; `modelgen
    /// check-json`, `roundtrip` and `decode` read the objects there when given no `--at`, and
    /// the entity when given no `--entity` and one entity declares it. The library's
    /// `decode(…, at: nil)` still reads the document itself, and its error names the key path
    /// when the document has nothing there but the key.
    public static let rootKeyPath = ["jsonRootKeyPath"]

    /// On an attribute or relationship: never written by the encoder when its value is `YES`
    /// (read all the same), as Sync exports it.
    public static let nonExportable = ["sync.nonExportable", "hyper.nonExportable"]

    /// The first of `keys` present in `userInfo`, with its value.
    static package func firstEntry(of keys: [String], in userInfo: [String: String]) -> (key: String, value: String)? {
        for key in keys {
            if let value = userInfo[key] { return (key, value) }
        }
        return nil
    }

    /// Whether a userInfo flag says yes, the way Core Data model authors write it.
    static package func isYes(_ value: String) -> Bool {
        ["yes", "true", "1"].contains(value.lowercased())
    }
}
