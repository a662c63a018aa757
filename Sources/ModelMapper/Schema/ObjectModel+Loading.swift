import Foundation

extension ObjectModel {
    /// Loads a model from a `.xcdatamodeld` bundle (its current version), a `.xcdatamodel`
    /// folder, or a model `contents` file.
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
    /// model.versionName   // "Authors 3"
    /// ```
    ///
    /// - Throws: ``ModelLoadingError`` with every problem found, each with file, line and column.
    public convenience init(contentsOf url: URL) throws(ModelLoadingError) {
        try self.init(contents: Self.loadContents(of: url, version: nil))
    }

    /// Loads a model and binds classes to its entities, so that objects of those entities
    /// (nested ones too) are created with their class. A class names its entity with
    /// ``ModelObject/entityName``; a subentity without a class of its own uses its superentity's.
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url, classes: [Author.self, Book.self])
    /// let author = try ModelDecoder(model: model).decode(Author.self, from: data)
    /// author.books.first   // a Book
    /// ```
    public convenience init(contentsOf url: URL, version: String? = nil, classes: [ModelObject.Type]) throws(ModelLoadingError) {
        try self.init(contents: Self.loadContents(of: url, version: version), classes: classes)
    }

    /// Loads a named version of a `.xcdatamodeld` bundle (`"Authors 2"` or
    /// `"Authors 2.xcdatamodel"`); nil loads what ``init(contentsOf:)`` loads.
    ///
    /// ```swift
    /// let v1 = try ObjectModel(contentsOf: bundleURL, version: "Authors")
    /// ```
    public convenience init(contentsOf url: URL, version: String?) throws(ModelLoadingError) {
        try self.init(contents: Self.loadContents(of: url, version: version))
    }

    /// Reads a model from the XML text of a `contents` file.
    ///
    /// ```swift
    /// let model = try ObjectModel(xml: """
    ///     <model><entity name="Tag"><attribute name="label" attributeType="String"/></entity></model>
    ///     """)
    /// ```
    ///
    /// - Parameter fileName: the name diagnostics give as the file.
    public convenience init(xml: String, fileName: String = "<memory>", classes: [ModelObject.Type] = []) throws(ModelLoadingError) {
        try self.init(xml: Data(xml.utf8), fileName: fileName, classes: classes)
    }

    /// Reads a model from the XML bytes of a `contents` file.
    public convenience init(xml: Data, fileName: String = "<memory>", classes: [ModelObject.Type] = []) throws(ModelLoadingError) {
        try self.init(contents: Self.parseContents(xml, fileName: fileName, sourceURL: nil, versionName: nil), classes: classes)
    }

    static func loadContents(of url: URL, version: String?) throws(ModelLoadingError) -> ModelContents {
        let kind = ModelFileKind(of: url)
        switch kind {
        case .bundle:
            let bundle = try ModelBundle(contentsOf: url)
            return try loadContents(of: bundle.url(forVersion: version), version: nil, versionName: bundle.resolvedVersionName(version))
        case .version, .contentsFile:
            if let version {
                throw ModelLoadingError("a version ('\(version)') can only be chosen in a .xcdatamodeld bundle", at: SourceLocation(file: url.displayPath))
            }
            return try loadContents(of: url, version: nil, versionName: nil)
        case .missing:
            throw ModelLoadingError("no such file or folder", at: SourceLocation(file: url.displayPath))
        }
    }

    private static func loadContents(of url: URL, version: String?, versionName: String?) throws(ModelLoadingError) -> ModelContents {
        var contentsURL = url
        var name = versionName
        if ModelFileKind(of: url) == .version {
            contentsURL = try contentsFile(inVersionFolder: url)
            if name == nil, url.deletingLastPathComponent().pathExtension == "xcdatamodeld" {
                name = url.deletingPathExtension().lastPathComponent
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: contentsURL)
        } catch {
            throw ModelLoadingError("cannot read the file: \(error.localizedDescription)", at: SourceLocation(file: contentsURL.displayPath))
        }
        return try parseContents(data, fileName: contentsURL.displayPath, sourceURL: contentsURL, versionName: name)
    }

    /// The XML `contents` file of a `.xcdatamodel` folder.
    private static func contentsFile(inVersionFolder folder: URL) throws(ModelLoadingError) -> URL {
        let contents = folder.appendingPathComponent("contents")
        if FileManager.default.fileExists(atPath: contents.path) { return contents }
        let location = SourceLocation(file: folder.displayPath)
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("elements").path) {
            throw ModelLoadingError(
                "'\(folder.lastPathComponent)' has no XML 'contents' file, only 'elements' and 'layout': it is in Xcode 3's binary format; open and save it in Xcode 4 or later to convert it",
                at: location
            )
        }
        throw ModelLoadingError("'\(folder.lastPathComponent)' has no 'contents' file", at: location)
    }

    static func parseContents(_ data: Data, fileName: String, sourceURL: URL?, versionName: String?) throws(ModelLoadingError) -> ModelContents {
        let (root, source) = try LibXMLParser.parse(data, fileName: fileName)
        return try ModelBuilder.build(root: root, source: source, sourceURL: sourceURL, versionName: versionName)
    }
}

/// What a model URL points at.
enum ModelFileKind {
    case bundle, version, contentsFile, missing

    init(of url: URL) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            self = .missing
            return
        }
        if !isDirectory.boolValue {
            self = .contentsFile
        } else if url.pathExtension == "xcdatamodel" {
            self = .version
        } else if url.pathExtension == "xcdatamodeld" {
            self = .bundle
        } else {
            // A folder without the usual extension: a version folder if it has `contents`.
            self = FileManager.default.fileExists(atPath: url.appendingPathComponent("contents").path) ? .version : .bundle
        }
    }
}

extension URL {
    /// The path as the user gave it (relative paths stay relative), for diagnostics.
    var displayPath: String {
        isFileURL ? relativePath : absoluteString
    }
}
