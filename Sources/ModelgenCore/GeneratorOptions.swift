import Foundation

/// How `modelgen` renders a model.
///
/// ```swift
/// var options = GeneratorOptions(modelName: "Authors", sourceName: "Authors.xcdatamodeld")
/// options.access = .internal
/// let result = ModelGenerator.generate(model, modelXML: xml, options: options)
/// ```
public struct GeneratorOptions: Sendable {
    /// How classes are spread over files.
    public enum Layout: String, Sendable, CaseIterable {
        /// mogenerator's split: a machine file `_Author.swift` (class `_Author`, regenerated every
        /// time) and a human file `Author.swift` (class `Author: _Author`, written once, yours to
        /// edit), plus `_<Model>Model.swift`.
        case split
        /// One file with every class and the model type; extend the classes with extensions.
        /// What the build plugin uses.
        case singleFile = "single-file"
    }

    /// The access level of the generated declarations.
    public enum AccessLevel: String, Sendable, CaseIterable {
        /// `public`: the classes are used from other modules.
        case `public`
        /// No modifier: the classes stay inside their module.
        case `internal`
    }

    /// The model's name (`Authors`): names the model type and the single file.
    public var modelName: String
    /// What the header says the code was generated from (`Authors.xcdatamodeld`).
    public var sourceName: String
    /// How classes are spread over files; `.split` by default.
    public var layout: Layout = .split
    /// The access level of the generated code; `.public` by default.
    public var access: AccessLevel = .public
    /// Generate only these entities (and their superentities); empty for all.
    public var entityNames: [String] = []
    /// The name of the generated type that binds the classes and loads the model; default `<modelName>Model`.
    public var modelTypeName: String?
    /// The file name of the single-file layout; default `<modelName>+ModelMapper.swift`.
    public var singleFileName: String?
    /// Templates replacing the built-in ones, by name (`modelgen templates` lists the built-in ones).
    public var templates: [String: String] = [:]
    /// Use every `customClassName` as written, even types that are not from the standard
    /// library or Foundation (your own types); otherwise such attributes are typed `Any`.
    public var trustsCustomClassNames = false
    /// Put before every class name (`WC`: `WCOrder`, in `_WCOrder.swift`), so that two models
    /// with entities of one name live in one module; empty by default.
    public var classPrefix = ""

    /// The bundle or folder a model given as any of its paths comes from: `Authors.xcdatamodeld`
    /// for the bundle itself, one of its `.xcdatamodel` versions, or a version's `contents`; a
    /// bare `.xcdatamodel` folder for itself or its `contents`. What generated headers name
    /// (``sourceName``), and where `modelgen.json` is looked for beside.
    public static func modelSource(of url: URL) -> URL {
        var current = url.standardizedFileURL
        if current.lastPathComponent == "contents" { current.deleteLastPathComponent() }
        if current.pathExtension == "xcdatamodel", current.deletingLastPathComponent().pathExtension == "xcdatamodeld" {
            current.deleteLastPathComponent()
        }
        return current
    }

    /// Options for the model called `modelName`, read from `sourceName`.
    public init(modelName: String, sourceName: String) {
        self.modelName = modelName
        self.sourceName = sourceName
    }
}

import ModelMapper
