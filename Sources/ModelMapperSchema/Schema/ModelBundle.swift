import Foundation

/// A `.xcdatamodeld` bundle: the versions of a model and which one is current.
///
/// ```swift
/// let bundle = try ModelBundle(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// bundle.versionNames         // ["Authors", "Authors 2", "Authors 3"]
/// bundle.currentVersionName   // "Authors 3"
/// let v2 = try bundle.loadModel(version: "Authors 2")
/// ```
public struct ModelBundle: Sendable {
    /// The bundle folder.
    public let url: URL
    /// The names of the versions (`.xcdatamodel` folders, without the extension), in
    /// natural order (`Model`, `Model 2`, `Model 10`).
    public let versionNames: [String]
    /// The versions saved in Xcode 3's binary format (an `elements` file and no XML
    /// `contents`): listed, but they cannot be loaded. Bundles that started before Xcode 4
    /// keep such versions beside the XML ones Xcode wrote later.
    public let binaryVersionNames: [String]
    /// The versions that can be loaded: ``versionNames`` without ``binaryVersionNames``.
    public var xmlVersionNames: [String] { versionNames.filter { !binaryVersionNames.contains($0) } }
    /// The current version: the one `.xccurrentversion` names, or the only XML version when
    /// it names none. Nil when there are several and none is marked current.
    public let currentVersionName: String?
    /// Whether `.xccurrentversion` names the current version.
    private let currentVersionIsDeclared: Bool

    /// The version loaded when none is asked for and none is marked current: the version named
    /// like the bundle (the one Xcode created it with) when it is an XML version, else the
    /// last XML version in natural order. Nil when there is a current version or no XML one.
    public var fallbackVersionName: String? {
        guard currentVersionName == nil else { return nil }
        let bundleName = url.deletingPathExtension().lastPathComponent
        return xmlVersionNames.contains(bundleName) ? bundleName : xmlVersionNames.last
    }

    /// The warning that loading without a version gives when none is marked current (an error
    /// when loading strictly), or nil when a version is marked or there is only one.
    ///
    /// For example: `Shop.xcdatamodeld/.xccurrentversion: warning: .xccurrentversion names no
    /// current version; 'Shop' is used (versions: 'Shop', 'Shop 2')`.
    package func fallbackDiagnostic(severity: ModelDiagnostic.Severity = .warning) -> ModelDiagnostic? {
        guard let fallback = fallbackVersionName else { return nil }
        return ModelDiagnostic(
            ModelDiagnostic.Message.noCurrentVersion(fallback: fallback, versions: Self.list(xmlVersionNames))
                .with(severity: severity),
            at: SourceLocation(file: url.appendingPathComponent(".xccurrentversion").displayPath)
        )
    }

    /// Reads the bundle's version folders and its `.xccurrentversion` file.
    ///
    /// - Throws: ``ModelLoadingError`` when the folder cannot be read, has no versions, or
    ///   its `.xccurrentversion` is malformed or names a version that is not there.
    public init(contentsOf url: URL) throws(ModelLoadingError) {
        self.url = url
        let location = SourceLocation(file: url.displayPath)
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw ModelLoadingError(.bundleUnreadable(FileReading.reason(for: error)), at: location)
        }
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") }
            .map { String($0.dropLast(".xcdatamodel".count)) }
            .sorted(by: NaturalOrder.precedes)
        guard !versions.isEmpty else {
            throw ModelLoadingError(.bundleWithoutVersions, at: location)
        }
        self.versionNames = versions
        let binaryVersions = versions.filter { name in
            let folder = url.appendingPathComponent(name + ".xcdatamodel")
            return !FileManager.default.fileExists(atPath: folder.appendingPathComponent("contents").path)
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent("elements").path)
        }
        self.binaryVersionNames = binaryVersions

        let currentVersionFile = url.appendingPathComponent(".xccurrentversion")
        var current: String?
        if FileManager.default.fileExists(atPath: currentVersionFile.path) {
            current = try Self.readCurrentVersionName(currentVersionFile)
            if let name = current, !versions.contains(name) {
                throw ModelLoadingError(
                    .unknownCurrentVersion(name: name, versions: Self.list(versions)),
                    at: SourceLocation(file: currentVersionFile.displayPath)
                )
            }
        }
        let xmlVersions = versions.filter { !binaryVersions.contains($0) }
        self.currentVersionIsDeclared = current != nil
        // With no .xccurrentversion, the only XML version; a lone binary version is chosen too,
        // so that loading it explains why it cannot be loaded.
        self.currentVersionName =
            current ?? (xmlVersions.count == 1 ? xmlVersions[0] : (versions.count == 1 ? versions[0] : nil))
    }

    /// The `.xcdatamodel` folder of a version (`"Authors 2"` or `"Authors 2.xcdatamodel"`),
    /// or of the current version when `version` is nil.
    ///
    /// - Throws: ``ModelLoadingError`` when the bundle has no such version, or no current version
    ///   and `version` is nil.
    public func url(forVersion version: String? = nil) throws(ModelLoadingError) -> URL {
        url.appendingPathComponent(try resolvedVersionName(version) + ".xcdatamodel")
    }

    /// Loads a version of the model, the current one when `version` is nil.
    ///
    /// - Throws: ``ModelLoadingError`` when the bundle has no such version, or the version's
    ///   model file does not load (its diagnostics, located).
    public func loadModel(version: String? = nil) throws(ModelLoadingError) -> ObjectModel {
        let name = try resolvedVersionName(version)
        return try ObjectModel(contentsOf: url, version: name)
    }

    /// The version to load: the one asked for, else the current one; a binary version is an
    /// error that names the versions that can be loaded.
    func resolvedVersionName(_ version: String?) throws(ModelLoadingError) -> String {
        let location = SourceLocation(file: url.displayPath)
        guard let version else {
            guard let currentVersionName = currentVersionName ?? fallbackVersionName else {
                throw ModelLoadingError(
                    .noXMLVersion(binaryVersions: Self.list(binaryVersionNames)),
                    at: location
                )
            }
            if binaryVersionNames.contains(currentVersionName), currentVersionIsDeclared {
                throw ModelLoadingError(
                    .currentVersionInBinaryFormat(
                        name: currentVersionName,
                        xmlVersions: xmlVersionNames.isEmpty ? nil : Self.list(xmlVersionNames)
                    ),
                    at: SourceLocation(file: url.appendingPathComponent(".xccurrentversion").displayPath)
                )
            }
            return currentVersionName
        }
        let name = version.hasSuffix(".xcdatamodel") ? String(version.dropLast(".xcdatamodel".count)) : version
        guard versionNames.contains(name) else {
            throw ModelLoadingError(
                .unknownVersion(name: name, versions: Self.list(versionNames)),
                at: location
            )
        }
        if binaryVersionNames.contains(name) {
            throw ModelLoadingError(
                .versionInBinaryFormat(
                    name: name,
                    xmlVersions: xmlVersionNames.isEmpty ? nil : Self.list(xmlVersionNames)
                ),
                at: SourceLocation(file: url.appendingPathComponent(name + ".xcdatamodel").displayPath)
            )
        }
        return name
    }

    /// `_XCCurrentVersionName` from the `.xccurrentversion` property list, without its extension.
    private static func readCurrentVersionName(_ file: URL) throws(ModelLoadingError) -> String? {
        // A property list of one key: the default limits are far above it.
        let data = try FileReading.data(at: file, maximumSize: ObjectModel.LoadingLimits.default.maximumFileSize)
        return try LibXMLParser.withDocument(data, fileName: file.displayPath, limits: .default) {
            root,
            source throws(ModelLoadingError) -> String? in
            guard root.isNamed(.plist), let dictionary = root.firstChild(named: .dict) else {
                throw ModelLoadingError(.notAPropertyList, at: source.location(of: root))
            }
            let children = dictionary.children
            for (index, child) in children.enumerated()
            where child.isNamed(.key) && child.text == "_XCCurrentVersionName" {
                guard index + 1 < children.count, children[index + 1].isNamed(.string) else {
                    throw ModelLoadingError(.currentVersionWithoutName, at: source.location(of: child))
                }
                let name = children[index + 1].text.trimmingCharacters(in: .whitespacesAndNewlines)
                if name.isEmpty { return nil }
                return name.hasSuffix(".xcdatamodel") ? String(name.dropLast(".xcdatamodel".count)) : name
            }
            return nil
        }
    }

    private static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
