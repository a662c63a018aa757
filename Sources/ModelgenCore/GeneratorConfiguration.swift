import Foundation
import ModelMapper
@_spi(Engine) import ModelMapperSchema

/// The settings of a `modelgen.json` file beside a model, read alike by `modelgen generate`,
/// the build plugin and the command plugin, so that a team writes them once.
///
/// For example, `Sources/Shop/modelgen.json` beside `Sources/Shop/Shop.xcdatamodeld`:
///
/// ```json
/// {
///     "access": "internal",
///     "layout": "split",
///     "templates": "Templates",
///     "typeName": "ShopSchema",
///     "output": "Generated",
///     "models": { "Legacy": { "typeName": "LegacySchema", "entities": ["Order"] } }
/// }
/// ```
///
/// Each setting is optional. `models` gives settings for one model (by the name of its
/// `.xcdatamodeld`), over the file's own; options given on the command line win over both.
/// Folders (`templates`, `output`) are relative to the folder holding the file. Unknown keys
/// and values of the wrong type are errors, so that a misspelt setting is never silently
/// ignored.
///
/// `modelgen`'s own reader, not the library's API: SPI (`ModelgenTools`) rather than
/// `package`, because its fuzz target lives in `Fuzz/`, a package of its own.
@_spi(ModelgenTools) public struct GeneratorConfiguration: Sendable, Equatable {
    /// The name of the file, looked for in the folder holding the model.
    public static let fileName = "modelgen.json"

    /// One set of settings: the file's own, or one model's.
    public struct Settings: Sendable, Equatable {
        /// The access level of the generated code.
        public var access: GeneratorOptions.AccessLevel?
        /// How classes are spread over files (the build plugin always writes one file).
        public var layout: GeneratorOptions.Layout?
        /// A folder of `.mustache` templates replacing built-in ones, relative to the file.
        public var templates: String?
        /// The name of the generated model type (default `<model name>Model`).
        public var typeName: String?
        /// Where `modelgen generate` writes when given no `--output`, and where the command
        /// plugin writes, relative to the file.
        public var output: String?
        /// Only these entities (and their superentities).
        public var entities: [String]?
        /// Use every `customClassName` as written.
        public var trustCustomClassNames: Bool?
        /// Put before every class name (``GeneratorOptions/classPrefix``).
        public var classPrefix: String?

        /// No settings: every one from elsewhere.
        public init() {}

        /// These settings, with `other`'s wherever it has one.
        public func overridden(by other: Settings) -> Settings {
            var result = self
            result.access = other.access ?? access
            result.layout = other.layout ?? layout
            result.templates = other.templates ?? templates
            result.typeName = other.typeName ?? typeName
            result.output = other.output ?? output
            result.entities = other.entities ?? entities
            result.trustCustomClassNames = other.trustCustomClassNames ?? trustCustomClassNames
            result.classPrefix = other.classPrefix ?? classPrefix
            return result
        }
    }

    /// The file's own settings.
    public var settings: Settings
    /// Settings for single models, by model name (`Shop` for `Shop.xcdatamodeld`).
    public var models: [String: Settings]

    /// A configuration of the file's own settings and those of single models.
    public init(settings: Settings = Settings(), models: [String: Settings] = [:]) {
        self.settings = settings
        self.models = models
    }

    /// The settings for the model called `modelName`: its own over the file's.
    public func settings(forModel modelName: String) -> Settings {
        models[modelName].map { settings.overridden(by: $0) } ?? settings
    }

    /// The largest file read: a configuration is a few lines; anything this large is a mistake.
    public static let maximumSize = 1 << 20

    /// Reads a configuration from the text of a `modelgen.json` file.
    ///
    /// - Throws: ``GeneratorConfigurationError`` with the line and column of a syntax error,
    ///   or the path of a setting that is unknown or of the wrong type.
    public static func parse(_ data: Data) throws(GeneratorConfigurationError) -> GeneratorConfiguration {
        guard data.count <= maximumSize else {
            throw GeneratorConfigurationError(
                message: "the file is \(data.count) bytes; a configuration is at most \(maximumSize)"
            )
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(data)
        } catch {
            throw GeneratorConfigurationError(
                line: error.line,
                column: error.column,
                message: "not valid JSON: \(error.message)" + (error.detail.map { ": " + $0 } ?? "")
            )
        }
        guard case .object(let object) = json else {
            throw GeneratorConfigurationError(
                path: .root,
                message: "expected an object of settings, found \(json.typeDescription)"
            )
        }
        var configuration = GeneratorConfiguration()
        configuration.settings = try settings(in: object, path: .root, allowsModels: true)
        if let models = object["models"] {
            guard case .object(let byName) = models else {
                throw GeneratorConfigurationError(
                    path: JSONPath.root.appending(key: "models"),
                    message: "expected an object of settings by model name, found \(models.typeDescription)"
                )
            }
            for (name, value) in byName {
                let path = JSONPath.root.appending(key: "models").appending(key: name)
                guard case .object(let modelObject) = value else {
                    throw GeneratorConfigurationError(
                        path: path,
                        message: "expected an object of settings, found \(value.typeDescription)"
                    )
                }
                configuration.models[name] = try settings(in: modelObject, path: path, allowsModels: false)
            }
        }
        return configuration
    }

    /// Whether `prefix` can start a class name: letters, digits and underscores, the first a
    /// capital (``GeneratorOptions/classPrefix``).
    public static func isClassPrefix(_ prefix: String) -> Bool {
        SwiftNaming.isIdentifier(prefix + "X") && prefix.first?.isUppercase == true
    }

    /// The keys of a set of settings.
    static let settingKeys = [
        "access", "layout", "templates", "typeName", "output", "entities", "trustCustomClassNames", "classPrefix",
    ]

    private static func settings(in object: JSONObject, path: JSONPath, allowsModels: Bool)
        throws(GeneratorConfigurationError)
        -> Settings
    {
        let known = settingKeys + (allowsModels ? ["models"] : [])
        for key in object.keys where !known.contains(key) {
            throw GeneratorConfigurationError(
                path: path.appending(key: key),
                message: "unknown setting '\(key)' (settings: \(known.joined(separator: ", ")))"
            )
        }
        var settings = Settings()
        settings.access = try choice(object, "access", path: path)
        settings.layout = try choice(object, "layout", path: path)
        settings.templates = try folder(object, "templates", path: path)
        settings.output = try folder(object, "output", path: path)
        if let typeName = try string(object, "typeName", path: path) {
            guard SwiftNaming.isIdentifier(typeName), !SwiftNaming.keywords.contains(typeName) else {
                throw GeneratorConfigurationError(
                    path: path.appending(key: "typeName"),
                    message: "'\(typeName)' is not a Swift type name"
                )
            }
            settings.typeName = typeName
        }
        if let entities = object["entities"] {
            let entitiesPath = path.appending(key: "entities")
            guard case .array(let array) = entities else {
                throw GeneratorConfigurationError(
                    path: entitiesPath,
                    message: "expected an array of entity names, found \(entities.typeDescription)"
                )
            }
            var names: [String] = []
            for (index, element) in array.enumerated() {
                guard case .string(let name) = element, !name.isEmpty else {
                    throw GeneratorConfigurationError(
                        path: entitiesPath.appending(index: index),
                        message: "expected an entity name, found \(element.typeDescription)"
                    )
                }
                names.append(name)
            }
            settings.entities = names
        }
        if let prefix = try string(object, "classPrefix", path: path) {
            guard isClassPrefix(prefix) else {
                throw GeneratorConfigurationError(
                    path: path.appending(key: "classPrefix"),
                    message: "'\(prefix)' cannot start a Swift type name: give letters and digits, the first a capital"
                )
            }
            settings.classPrefix = prefix
        }
        if let flag = object["trustCustomClassNames"] {
            guard case .bool(let value) = flag else {
                throw GeneratorConfigurationError(
                    path: path.appending(key: "trustCustomClassNames"),
                    message: "expected true or false, found \(flag.typeDescription)"
                )
            }
            settings.trustCustomClassNames = value
        }
        return settings
    }

    private static func string(_ object: JSONObject, _ key: String, path: JSONPath) throws(GeneratorConfigurationError)
        -> String?
    {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else {
            throw GeneratorConfigurationError(
                path: path.appending(key: key),
                message: "expected a string, found \(value.typeDescription)"
            )
        }
        return text
    }

    /// A folder: a non-empty string without NUL characters (which no file system accepts).
    private static func folder(_ object: JSONObject, _ key: String, path: JSONPath) throws(GeneratorConfigurationError)
        -> String?
    {
        guard let text = try string(object, key, path: path) else { return nil }
        guard !text.isEmpty, !text.contains("\0") else {
            throw GeneratorConfigurationError(
                path: path.appending(key: key),
                message: "expected the path of a folder, found \"\(text)\""
            )
        }
        return text
    }

    /// One of the raw values of `Choice`.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ object: JSONObject,
        _ key: String,
        path: JSONPath
    ) throws(GeneratorConfigurationError) -> Choice? where Choice.RawValue == String {
        guard let text = try string(object, key, path: path) else { return nil }
        guard let value = Choice(rawValue: text) else {
            let choices = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw GeneratorConfigurationError(
                path: path.appending(key: key),
                message: "expected \(choices), found \"\(text)\""
            )
        }
        return value
    }

    /// The configuration file for a model: `modelgen.json` in the folder holding the
    /// `.xcdatamodeld` bundle (or the `.xcdatamodel` folder, or the `contents` file's model);
    /// nil when there is none.
    public static func file(besideModel model: URL) -> URL? {
        let candidate = GeneratorOptions.modelSource(of: model).deletingLastPathComponent()
            .appendingPathComponent(fileName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            return nil
        }
        return candidate
    }
}
