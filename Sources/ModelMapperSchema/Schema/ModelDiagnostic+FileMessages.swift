/// The catalogue of model diagnostics, reading the file: its bytes, its XML, a model bundle and its versions (MM1xx): each diagnostic's code, severity and text
/// in one declaration. The loader, the bundle reader, the conventions reader and class binding
/// report these and nothing else, so that a message is worded in one place and each kind keeps
/// its code (*Errors and validation* lists the codes).
extension ModelDiagnostic.Message {
    static var fileMissing: Self {
        Self("MM101", .error, "no such file or folder")
    }

    static var notAFile: Self {
        Self("MM102", .error, "this is a folder, not a file")
    }

    static var permissionDenied: Self {
        Self("MM103", .error, "the file cannot be read: permission denied")
    }

    static func unreadable(_ reason: String) -> Self {
        Self("MM104", .error, "the file cannot be read: \(reason)")
    }

    static var fileEmpty: Self {
        Self("MM105", .error, "the file is empty")
    }

    static var notXML: Self {
        Self("MM106", .error, "the file is not an XML document")
    }

    static func malformedXML(_ message: String) -> Self {
        Self("MM107", .error, "malformed XML: \(message)")
    }

    static func notAModel(rootElement: String) -> Self {
        Self(
            "MM108",
            .error,
            "the root element is <\(rootElement)>, not <model>: this is not a Core Data model file "
                + "(\(ModelLoadingError.whatAModelIs))"
        )
    }

    static func fileTooLarge(maximumSize: Int) -> Self {
        Self(
            "MM109",
            .error,
            "the file is larger than the limit of \(maximumSize) bytes (LoadingLimits.maximumFileSize)"
        )
    }

    static func fileTooLargeForParser(byteCount: Int) -> Self {
        Self("MM109", .error, "the file is too large to be a model (\(byteCount) bytes)")
    }

    static func bundleUnreadable(_ reason: String) -> Self {
        Self("MM110", .error, "cannot read the model bundle: \(reason)")
    }

    static var bundleWithoutVersions: Self {
        Self("MM111", .error, "the model bundle contains no model version (no .xcdatamodel folder)")
    }

    static func noCurrentVersion(fallback: String, versions: String) -> Self {
        Self(
            "MM112",
            .warning,
            ".xccurrentversion names no current version; '\(fallback)' is used (versions: \(versions))"
        )
    }

    static var notAPropertyList: Self {
        Self("MM113", .error, "this is not a property list with a <dict>")
    }

    static func noContentsFile(folder: String) -> Self {
        Self("MM114", .error, "'\(folder)' has no 'contents' file")
    }

    static func fileSystemError(_ reason: String) -> Self {
        Self("MM115", .error, reason)
    }

    static func unknownCurrentVersion(name: String, versions: String) -> Self {
        Self(
            "MM116",
            .error,
            ".xccurrentversion names version '\(name).xcdatamodel', which is not in the bundle (versions: "
                + "\(versions))"
        )
    }

    static func noXMLVersion(binaryVersions: String) -> Self {
        Self(
            "MM117",
            .error,
            "the model bundle has no XML version to load (versions in Xcode 3's binary format: " + "\(binaryVersions))"
        )
    }

    static func currentVersionInBinaryFormat(name: String, xmlVersions: String?) -> Self {
        Self(
            "MM117",
            .error,
            ".xccurrentversion names version '\(name)', which is in Xcode 3's binary format and " + "cannot be loaded; "
                + (xmlVersions.map { "choose an XML version (\($0))" } ?? "the bundle has no XML version")
        )
    }

    static func versionInBinaryFormat(name: String, xmlVersions: String?) -> Self {
        Self(
            "MM117",
            .error,
            "version '\(name)' is in Xcode 3's binary format (no XML 'contents' file) and cannot be loaded; open "
                + "and save it in Xcode 4 or later to convert it" + (xmlVersions.map { " (XML versions: \($0))" } ?? "")
        )
    }

    static func contentsInBinaryFormat(folder: String) -> Self {
        Self(
            "MM117",
            .error,
            "'\(folder)' has no XML 'contents' file, only 'elements' and 'layout': it is in "
                + "Xcode 3's binary format; open and save it in Xcode 4 or later to convert it"
        )
    }

    static func unknownVersion(name: String, versions: String) -> Self {
        Self("MM118", .error, "the model bundle has no version '\(name)' (versions: \(versions))")
    }

    static func versionOutsideBundle(_ version: String) -> Self {
        Self("MM119", .error, "a version ('\(version)') can only be chosen in a .xcdatamodeld bundle")
    }

    static var parserUnavailable: Self {
        Self("MM120", .error, "libxml2 could not create a parser (out of memory?)")
    }

    static func tooManyElements(limit: Int) -> Self {
        Self(
            "MM121",
            .error,
            "the document has more than \(limit) elements (LoadingLimits.maximumElementCount)"
        )
    }

    static func nestedTooDeep(limit: Int) -> Self {
        Self("MM121", .error, "elements nest more than \(limit) levels deep (LoadingLimits.maximumDepth)")
    }

    static func entityDeclaration(_ name: String) -> Self {
        Self(
            "MM122",
            .error,
            "the document declares entity '\(name)'; entity declarations are not allowed in model files (they could "
                + "read local files or expand without bound)"
        )
    }

    static func notText(_ reason: String) -> Self {
        Self("MM123", .error, "\(reason): \(ModelLoadingError.whatAModelIs)")
    }

    static var currentVersionWithoutName: Self {
        Self("MM124", .error, "_XCCurrentVersionName has no <string> value")
    }

    static var folderNotAModel: Self {
        Self("MM125", .error, "this folder is not a model: \(ModelLoadingError.whatAModelIs)")
    }

    static func misspelledElement(_ name: String, suggestion: String) -> Self {
        Self(
            "MM126",
            .warning,
            "element '<\(name)>' is not part of the model format and is ignored; did you mean '<\(suggestion)>'?"
        )
    }

    static func misspelledXMLAttribute(_ name: String, element: String, suggestion: String) -> Self {
        Self(
            "MM127",
            .warning,
            "'\(name)' is not an attribute of the model format and is ignored on <\(element)>; did you mean "
                + "'\(suggestion)'?"
        )
    }
}
