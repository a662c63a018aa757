import Foundation

extension ObjectModel {
    /// Loads a model from a `.xcdatamodeld` bundle (its current version, or the one named), a
    /// `.xcdatamodel` folder, or a model `contents` file.
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
    /// model.versionName   // "Authors 3"
    /// let v1 = try ObjectModel(contentsOf: bundleURL, version: "Authors")
    /// ```
    ///
    /// Loaded strictly, anything Core Data tolerates but a careful author would fix (a default
    /// of `"0.0"` on an integer, an unknown attribute type, …) is an error rather than a
    /// warning:
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url, options: .strict)
    /// ```
    ///
    /// - Parameters:
    ///   - url: a `.xcdatamodeld` bundle, a `.xcdatamodel` folder or a `contents` file.
    ///   - version: the version of a bundle to load (`"Authors 2"` or `"Authors 2.xcdatamodel"`);
    ///     nil for its current one.
    ///   - options: how strictly the file is read (``LoadingOptions``).
    ///   - limits: how large a file is read (``LoadingLimits``).
    /// - Throws: ``ModelLoadingError`` with every problem found, each with file, line and
    ///   column; for a version the bundle does not have, which it has.
    public convenience init(
        contentsOf url: URL,
        version: String? = nil,
        options: LoadingOptions = [],
        limits: LoadingLimits = .default
    ) throws(ModelLoadingError) {
        try self.init(contents: Self.loadContents(of: url, version: version, options: options, limits: limits))
    }

    /// Reads a model from the XML text of a `contents` file.
    ///
    /// ```swift
    /// let model = try ObjectModel(xml: """
    ///     <model><entity name="Tag"><attribute name="label" attributeType="String"/></entity></model>
    ///     """)
    /// ```
    ///
    /// - Parameters:
    ///   - xml: the text of the file.
    ///   - fileName: the name diagnostics give as the file.
    ///   - options: how strictly the text is read (``LoadingOptions``).
    ///   - limits: how large a document is read (``LoadingLimits``).
    ///   - conventions: the model's conventions (``ModelConventions``), which a model read
    ///     from a file finds in the file beside it.
    /// - Throws: ``ModelLoadingError`` with every problem found, each with line and column.
    public convenience init(
        xml: String,
        fileName: String = "<memory>",
        options: LoadingOptions = [],
        limits: LoadingLimits = .default,
        conventions: ModelConventions = ModelConventions()
    ) throws(ModelLoadingError) {
        try self.init(
            xml: Data(xml.utf8),
            fileName: fileName,
            options: options,
            limits: limits,
            conventions: conventions
        )
    }

    /// Reads a model from the XML bytes of a `contents` file, in any encoding XML allows
    /// (UTF-8 with or without a byte-order mark, UTF-16, …).
    ///
    /// - Parameters:
    ///   - xml: the bytes of the file.
    ///   - fileName: the name diagnostics give as the file.
    ///   - options: how strictly the bytes are read (``LoadingOptions``).
    ///   - limits: how large a document is read (``LoadingLimits``).
    ///   - conventions: the model's conventions (``ModelConventions``).
    /// - Throws: ``ModelLoadingError`` with every problem found, each with line and column.
    public convenience init(
        xml: Data,
        fileName: String = "<memory>",
        options: LoadingOptions = [],
        limits: LoadingLimits = .default,
        conventions: ModelConventions = ModelConventions()
    ) throws(ModelLoadingError) {
        self.init(
            contents: try Self.memoryContents(
                xml: xml,
                fileName: fileName,
                options: options,
                limits: limits,
                conventions: conventions
            )
        )
    }

    /// What a model read from XML in memory is built from: the parsed file, with the
    /// conventions given (a model in memory has no file beside it to read them from).
    static package func memoryContents(
        xml: Data,
        fileName: String,
        options: LoadingOptions,
        limits: LoadingLimits,
        conventions: ModelConventions
    ) throws(ModelLoadingError) -> ModelContents {
        var contents = try parseContents(
            xml,
            fileName: fileName,
            sourceURL: nil,
            versionName: nil,
            options: options,
            limits: limits,
            conventions: conventions
        )
        contents.conventions = conventions
        return contents
    }

    /// The model at `url`, with the conventions file beside it.
    static package func loadContents(
        of url: URL,
        version: String?,
        options: LoadingOptions,
        limits: LoadingLimits
    ) throws(ModelLoadingError) -> ModelContents {
        // The conventions first: the keys they make are part of what the model is checked for.
        let conventions = try ModelConventions.load(forModelAt: url)
        var contents = try loadXMLContents(
            of: url,
            version: version,
            options: options,
            limits: limits,
            conventions: conventions?.conventions ?? ModelConventions()
        )
        if let (conventions, file) = conventions {
            contents.conventions = conventions
            contents.conventionsURL = file
        }
        return contents
    }

    private static func loadXMLContents(
        of url: URL,
        version: String?,
        options: LoadingOptions,
        limits: LoadingLimits,
        conventions: ModelConventions
    ) throws(ModelLoadingError) -> ModelContents {
        let kind = ModelFileKind(of: url)
        switch kind {
        case .bundle:
            let bundle = try ModelBundle(contentsOf: url)
            let name = try bundle.resolvedVersionName(version)
            var contents = try loadContents(
                of: bundle.url.appendingPathComponent(name + ".xcdatamodel"),
                versionName: name,
                options: options,
                limits: limits,
                conventions: conventions
            )
            // No version marked current: the fallback loads, with a warning (an error when strict).
            if version == nil,
                let diagnostic = bundle.fallbackDiagnostic(severity: options.contains(.strict) ? .error : .warning)
            {
                if diagnostic.severity == .error { throw ModelLoadingError(diagnostics: [diagnostic]) }
                contents.warnings.insert(diagnostic, at: 0)
            }
            return contents
        case .version, .contentsFile:
            if let version {
                throw ModelLoadingError(.versionOutsideBundle(version), at: SourceLocation(file: url.displayPath))
            }
            return try loadContents(
                of: url,
                versionName: nil,
                options: options,
                limits: limits,
                conventions: conventions
            )
        case .otherFolder:
            throw ModelLoadingError(.folderNotAModel, at: SourceLocation(file: url.displayPath))
        case .missing:
            throw ModelLoadingError(.fileMissing, at: SourceLocation(file: url.displayPath))
        }
    }

    private static func loadContents(
        of url: URL,
        versionName: String?,
        options: LoadingOptions,
        limits: LoadingLimits,
        conventions: ModelConventions
    ) throws(ModelLoadingError) -> ModelContents {
        var contentsURL = url
        var name = versionName
        if ModelFileKind(of: url) == .version {
            contentsURL = try contentsFile(inVersionFolder: url)
            if name == nil, url.deletingLastPathComponent().pathExtension == "xcdatamodeld" {
                name = url.deletingPathExtension().lastPathComponent
            }
        }
        let data = try FileReading.data(at: contentsURL, maximumSize: limits.maximumFileSize)
        return try parseContents(
            data,
            fileName: contentsURL.displayPath,
            sourceURL: contentsURL,
            versionName: name,
            options: options,
            limits: limits,
            conventions: conventions
        )
    }

    /// The XML `contents` file of a `.xcdatamodel` folder.
    private static func contentsFile(inVersionFolder folder: URL) throws(ModelLoadingError) -> URL {
        let contents = folder.appendingPathComponent("contents")
        if FileManager.default.fileExists(atPath: contents.path) { return contents }
        let location = SourceLocation(file: folder.displayPath)
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("elements").path) {
            throw ModelLoadingError(.contentsInBinaryFormat(folder: folder.lastPathComponent), at: location)
        }
        throw ModelLoadingError(.noContentsFile(folder: folder.lastPathComponent), at: location)
    }

    static func parseContents(
        _ data: Data,
        fileName: String,
        sourceURL: URL?,
        versionName: String?,
        options: LoadingOptions,
        limits: LoadingLimits,
        conventions: ModelConventions
    ) throws(ModelLoadingError) -> ModelContents {
        guard data.count <= limits.maximumFileSize else {
            throw ModelLoadingError(
                .fileTooLarge(maximumSize: limits.maximumFileSize),
                at: SourceLocation(file: fileName)
            )
        }
        if let (reason, line, column) = TextDecoding.nonXMLKind(of: data) {
            throw ModelLoadingError(.notText(reason), at: SourceLocation(file: fileName, line: line, column: column))
        }
        return try LibXMLParser.withDocument(data, fileName: fileName, limits: limits) {
            root,
            source throws(ModelLoadingError) -> ModelContents in
            try ModelBuilder.build(
                root: root,
                source: source,
                sourceURL: sourceURL,
                versionName: versionName,
                strict: options.contains(.strict),
                conventions: conventions
            )
        }
    }

}

/// What a model URL points at.
enum ModelFileKind {
    case bundle, version, contentsFile, otherFolder, missing

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
        } else if FileManager.default.fileExists(atPath: url.appendingPathComponent("contents").path) {
            // A folder without the usual extension: a version folder if it has `contents`,
            self = .version
        } else if (try? FileManager.default.contentsOfDirectory(atPath: url.path))?
            .contains(where: { $0.hasSuffix(".xcdatamodel") }) == true
        {
            // a bundle if it holds versions,
            self = .bundle
        } else {
            // and no model otherwise.
            self = .otherFolder
        }
    }
}

extension URL {
    /// The path as the user gave it (relative paths stay relative), for diagnostics.
    var displayPath: String {
        isFileURL ? relativePath : absoluteString
    }
}
