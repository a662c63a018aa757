/// How the JSON keys of properties without a declared `jsonKeyPath` are made from their names
/// in the model: as they are (the default), in `snake_case`, in `kebab-case`, or by a function
/// of yours.
///
/// A casing is applied once, when the entity's mapping plan is compiled (once per model and
/// casing, then cached in the model), never per key while reading or writing; the decoder
/// matches the JSON's keys against the keys it made, so a key casing works both ways. A
/// property whose userInfo declares a `jsonKeyPath` keeps it as written: the declared path
/// always wins.
///
/// For example, with `.snakeCase`:
///
/// ```swift
/// var options = ModelDecoder.Options()
/// options.conventions.keyCasing = .snakeCase
/// // otherNames <-> "other_names", myURLProperty <-> "my_url_property",
/// // bandDescription (of entity Band) <-> "description"
/// ```
///
/// Words are split where a lowercase letter or a digit is followed by an uppercase one, and
/// before the last capital of a run of capitals followed by a lowercase letter (`URLProperty`
/// is `URL` and `Property`), except a lone `s` (`imageURLs` is `image_urls`); underscores and
/// other characters are kept as they are.
///
/// **Reserved names**: `description` is a name Swift classes cannot give a property of their
/// own, so models call it `<entity>Description` (`bandDescription` in entity `Band`). With
/// ``mapsEntityDescription`` (on with `.snakeCase` and `.kebabCase`), such a property maps to
/// the JSON key `description` when its entity has no property named `description`.
public struct JSONKeyCasing: Sendable, Hashable, CustomStringConvertible {
    /// What makes the keys.
    enum Rule: Sendable {
        case modelNames
        case separated(UInt8)
        case custom(@Sendable (String) -> String)
    }

    let rule: Rule
    /// Identifies the casing: plans are cached in the model under it.
    let identifier: String
    /// Whether `<entity>Description` maps to the key `description` (see the type's documentation).
    public var mapsEntityDescription: Bool

    /// Keys are the model's names, as they are: the default.
    public static let modelNames = JSONKeyCasing(
        rule: .modelNames,
        identifier: "modelNames",
        mapsEntityDescription: false
    )
    /// `otherNames` <-> `other_names`, `myURLProperty` <-> `my_url_property`.
    public static let snakeCase = JSONKeyCasing(
        rule: .separated(UInt8(ascii: "_")),
        identifier: "snakeCase",
        mapsEntityDescription: true
    )
    /// `otherNames` <-> `other-names`, `myURLProperty` <-> `my-url-property`.
    public static let kebabCase = JSONKeyCasing(
        rule: .separated(UInt8(ascii: "-")),
        identifier: "kebabCase",
        mapsEntityDescription: true
    )

    /// Keys made by `key` from each property's name in the model. The result is one JSON key
    /// (dots in it are part of the key); an empty result keeps the name.
    ///
    /// The `name` identifies the function: the plans compiled with it are kept in the model
    /// under that name, so give each function a name of its own.
    ///
    /// For example:
    ///
    /// ```swift
    /// options.conventions.keyCasing = .custom("upper") { $0.uppercased() }   // title <-> "TITLE"
    /// ```
    public static func custom(
        _ name: String,
        mapsEntityDescription: Bool = false,
        key: @escaping @Sendable (String) -> String
    )
        -> JSONKeyCasing
    {
        JSONKeyCasing(rule: .custom(key), identifier: "custom:" + name, mapsEntityDescription: mapsEntityDescription)
    }

    /// The same casing with ``mapsEntityDescription`` set.
    public func mappingEntityDescription(_ maps: Bool) -> JSONKeyCasing {
        var copy = self
        copy.mapsEntityDescription = maps
        return copy
    }

    /// Whether keys are the model's names unchanged.
    var isModelNames: Bool {
        if case .modelNames = rule { return !mapsEntityDescription }
        return false
    }

    /// The key under which plans compiled with this casing are cached.
    var cacheKey: String { identifier + (mapsEntityDescription ? "+description" : "") }

    /// This `JSONKeyCasing` as text, as `print` and string interpolation show it.
    public var description: String { identifier }

    /// Whether both are the same casing (a custom one by its identifier).
    public static func == (lhs: JSONKeyCasing, rhs: JSONKeyCasing) -> Bool { lhs.cacheKey == rhs.cacheKey }
    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(cacheKey) }

    /// The JSON key of a property named `name`, of an entity named `entityName` that has a
    /// property named `description` or not.
    ///
    /// For example, `JSONKeyCasing.snakeCase.key(for: "myURLProperty")` is `my_url_property`.
    public func key(for name: String, entityName: String = "", entityHasDescription: Bool = true) -> String {
        if mapsEntityDescription, !entityHasDescription, !entityName.isEmpty,
            name == Self.lowercasingFirst(entityName) + "Description"
        {
            return "description"
        }
        switch rule {
        case .modelNames:
            return name
        case .separated(let separator):
            return Self.separated(name, by: separator)
        case .custom(let key):
            let made = key(name)
            return made.isEmpty ? name : made
        }
    }

    /// `BandMember` -> `bandMember`.
    private static func lowercasingFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// The words of a camelCase name, lowercased, joined by `separator`.
    static func separated(_ name: String, by separator: UInt8) -> String {
        let bytes = Array(name.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        for (index, byte) in bytes.enumerated() {
            if Self.isUpper(byte), index > 0 {
                let previous = bytes[index - 1]
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                // fooBar, line1Text: a new word; URLProperty: the P starts one, the R does not;
                // imageURLs: a lone s after capitals is their plural, not a word.
                let afterNext = index + 2 < bytes.count ? bytes[index + 2] : 0
                let startsWord = Self.isLower(next) && !(next == UInt8(ascii: "s") && !Self.isLower(afterNext))
                if Self.isLower(previous) || Self.isDigit(previous) || (Self.isUpper(previous) && startsWord) {
                    result.append(separator)
                }
            }
            result.append(Self.isUpper(byte) ? byte + 32 : byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
