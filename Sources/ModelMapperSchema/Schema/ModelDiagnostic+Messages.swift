/// Every diagnostic the model loader gives, with its code, severity and text: the catalogue.
/// The loader, the bundle reader, the conventions reader and class binding report these and
/// nothing else, so that a message is worded in one place and each kind keeps its code.
extension ModelDiagnostic.Message {
    static var fileMissing: Self {
        Self(.fileMissing, .error, "no such file or folder")
    }

    static var notAFile: Self {
        Self(.notAFile, .error, "this is a folder, not a file")
    }

    static var permissionDenied: Self {
        Self(.permissionDenied, .error, "the file cannot be read: permission denied")
    }

    static func unreadable(_ reason: String) -> Self {
        Self(.unreadable, .error, "the file cannot be read: \(reason)")
    }

    static var fileEmpty: Self {
        Self(.fileEmpty, .error, "the file is empty")
    }

    static var notXML: Self {
        Self(.notXML, .error, "the file is not an XML document")
    }

    static func malformedXML(_ message: String) -> Self {
        Self(.malformedXML, .error, "malformed XML: \(message)")
    }

    static func notAModel(rootElement: String) -> Self {
        Self(
            .notAModel,
            .error,
            "the root element is <\(rootElement)>, not <model>: this is not a Core Data model file "
                + "(\(ModelLoadingError.whatAModelIs))"
        )
    }

    static func fileTooLarge(maximumSize: Int) -> Self {
        Self(
            .fileTooLarge,
            .error,
            "the file is larger than the limit of \(maximumSize) bytes (LoadingLimits.maximumFileSize)"
        )
    }

    static func fileTooLargeForParser(byteCount: Int) -> Self {
        Self(.fileTooLarge, .error, "the file is too large to be a model (\(byteCount) bytes)")
    }

    static func bundleUnreadable(_ reason: String) -> Self {
        Self(.bundleUnreadable, .error, "cannot read the model bundle: \(reason)")
    }

    static var bundleWithoutVersions: Self {
        Self(.bundleWithoutVersions, .error, "the model bundle contains no model version (no .xcdatamodel folder)")
    }

    static func noCurrentVersion(fallback: String, versions: String) -> Self {
        Self(
            .noCurrentVersion,
            .warning,
            ".xccurrentversion names no current version; '\(fallback)' is used (versions: \(versions))"
        )
    }

    static var notAPropertyList: Self {
        Self(.notAPropertyList, .error, "this is not a property list with a <dict>")
    }

    static func noContentsFile(folder: String) -> Self {
        Self(.noContentsFile, .error, "'\(folder)' has no 'contents' file")
    }

    static func fileSystemError(_ reason: String) -> Self {
        Self(.fileSystemError, .error, reason)
    }

    static func unknownCurrentVersion(name: String, versions: String) -> Self {
        Self(
            .unknownCurrentVersion,
            .error,
            ".xccurrentversion names version '\(name).xcdatamodel', which is not in the bundle (versions: "
                + "\(versions))"
        )
    }

    static func noXMLVersion(binaryVersions: String) -> Self {
        Self(
            .binaryFormat,
            .error,
            "the model bundle has no XML version to load (versions in Xcode 3's binary format: " + "\(binaryVersions))"
        )
    }

    static func currentVersionInBinaryFormat(name: String, xmlVersions: String?) -> Self {
        Self(
            .binaryFormat,
            .error,
            ".xccurrentversion names version '\(name)', which is in Xcode 3's binary format and " + "cannot be loaded; "
                + (xmlVersions.map { "choose an XML version (\($0))" } ?? "the bundle has no XML version")
        )
    }

    static func versionInBinaryFormat(name: String, xmlVersions: String?) -> Self {
        Self(
            .binaryFormat,
            .error,
            "version '\(name)' is in Xcode 3's binary format (no XML 'contents' file) and cannot be loaded; open "
                + "and save it in Xcode 4 or later to convert it" + (xmlVersions.map { " (XML versions: \($0))" } ?? "")
        )
    }

    static func contentsInBinaryFormat(folder: String) -> Self {
        Self(
            .binaryFormat,
            .error,
            "'\(folder)' has no XML 'contents' file, only 'elements' and 'layout': it is in "
                + "Xcode 3's binary format; open and save it in Xcode 4 or later to convert it"
        )
    }

    static func unknownVersion(name: String, versions: String) -> Self {
        Self(.unknownVersion, .error, "the model bundle has no version '\(name)' (versions: \(versions))")
    }

    static func versionOutsideBundle(_ version: String) -> Self {
        Self(.versionOutsideBundle, .error, "a version ('\(version)') can only be chosen in a .xcdatamodeld bundle")
    }

    static var parserUnavailable: Self {
        Self(.parserUnavailable, .error, "libxml2 could not create a parser (out of memory?)")
    }

    static func tooManyElements(limit: Int) -> Self {
        Self(
            .loadingLimitExceeded,
            .error,
            "the document has more than \(limit) elements (LoadingLimits.maximumElementCount)"
        )
    }

    static func nestedTooDeep(limit: Int) -> Self {
        Self(.loadingLimitExceeded, .error, "elements nest more than \(limit) levels deep (LoadingLimits.maximumDepth)")
    }

    static func entityDeclaration(_ name: String) -> Self {
        Self(
            .entityDeclaration,
            .error,
            "the document declares entity '\(name)'; entity declarations are not allowed in model files (they could "
                + "read local files or expand without bound)"
        )
    }

    static func notText(_ reason: String) -> Self {
        Self(.notText, .error, "\(reason): \(ModelLoadingError.whatAModelIs)")
    }

    static var currentVersionWithoutName: Self {
        Self(.currentVersionWithoutName, .error, "_XCCurrentVersionName has no <string> value")
    }

    static var folderNotAModel: Self {
        Self(.folderNotAModel, .error, "this folder is not a model: \(ModelLoadingError.whatAModelIs)")
    }

    static var entityWithoutName: Self {
        Self(.entityWithoutName, .error, "an <entity> has no name")
    }

    static func entityDeclaredTwice(_ name: String, firstLine: Int) -> Self {
        Self(.entityDeclaredTwice, .error, "entity '\(name)' is declared twice (first at line \(firstLine))")
    }

    static func unknownParentEntity(entity: String, parent: String, suggestion: String) -> Self {
        Self(
            .unknownParentEntity,
            .error,
            "entity '\(entity)' names parent entity '\(parent)', which does not exist" + suggestion
        )
    }

    static func inheritanceCycle(entity: String, chain: String) -> Self {
        Self(.inheritanceCycle, .error, "entity '\(entity)' inherits from itself through parentEntity (\(chain))")
    }

    static func propertyDeclaredTwice(entity: String, property: String, firstLine: Int) -> Self {
        Self(
            .propertyDeclaredTwice,
            .error,
            "entity '\(entity)' declares property '\(property)' twice (first at line " + "\(firstLine))"
        )
    }

    static func fetchedPropertyDeclaredTwice(entity: String, property: String) -> Self {
        Self(.propertyDeclaredTwice, .error, "entity '\(entity)' declares property '\(property)' twice")
    }

    static func propertyDeclaredBySuperentity(property: String, entity: String, superentity: String, line: Int) -> Self
    {
        Self(
            .propertyDeclaredBySuperentity,
            .error,
            "property '\(property)' of entity '\(entity)' is already declared by its "
                + "superentity '\(superentity)' (line \(line))"
        )
    }

    static func propertyWithoutName(article: String, element: String, entity: String) -> Self {
        Self(.propertyWithoutName, .error, "\(article) <\(element)> of entity '\(entity)' has no name")
    }

    static func identityNotAnAttribute(key: String, entity: String, name: String) -> Self {
        Self(
            .identityNotAnAttribute,
            .error,
            "userInfo '\(key)' of entity '\(entity)' names '\(name)', which is not an attribute of " + "the entity"
        )
    }

    static func uniquenessUnknownProperty(entity: String, name: String) -> Self {
        Self(
            .uniquenessUnknownProperty,
            .warning,
            "a uniqueness constraint of entity '\(entity)' names '\(name)', which is not a " + "property of the entity"
        )
    }

    static func duplicateTypeValue(first: String, second: String, value: String) -> Self {
        Self(
            .duplicateTypeValue,
            .error,
            "entities '\(first)' and '\(second)' both have JSON type "
                + "value '\(value)'; give one of them another jsonTypeValue"
        )
    }

    static var compositeWithoutName: Self {
        Self(.compositeWithoutName, .error, "a <composite> has no name")
    }

    static func compositeAttributeWithoutName(composite: String) -> Self {
        Self(.compositeAttributeWithoutName, .error, "an attribute of composite '\(composite)' has no name")
    }

    static func unknownComposite(attribute: String, composite: String) -> Self {
        Self(.unknownComposite, .error, "attribute '\(attribute)' names composite '\(composite)', which does not exist")
    }

    static func compositeAttributeUnknownComposite(attribute: String, composite: String) -> Self {
        Self(
            .unknownComposite,
            .error,
            "composite attribute '\(attribute)' names composite '\(composite)', " + "which does not exist"
        )
    }

    static func missingAttributeType(attribute: String) -> Self {
        Self(
            .missingAttributeType,
            .warning,
            "attribute '\(attribute)' has no attributeType, read as Undefined (Xcode always writes one; Core Data "
                + "allows Undefined on transient attributes only)"
        )
    }

    static func misspelledElement(_ name: String, suggestion: String) -> Self {
        Self(
            .misspelledElement,
            .warning,
            "element '<\(name)>' is not part of the model format and is ignored; did you mean '<\(suggestion)>'?"
        )
    }

    static func misspelledXMLAttribute(_ name: String, element: String, suggestion: String) -> Self {
        Self(
            .misspelledXMLAttribute,
            .warning,
            "'\(name)' is not an attribute of the model format and is ignored on <\(element)>; did you mean "
                + "'\(suggestion)'?"
        )
    }

    static func misspelledUserInfoKey(_ key: String, suggestion: String) -> Self {
        Self(
            .misspelledUserInfoKey,
            .warning,
            "userInfo key '\(key)' is not one ModelMapper reads, so the entry does nothing; did you mean "
                + "'\(suggestion)'?"
        )
    }

    static func unknownAttributeType(attribute: String, type: String, known: String) -> Self {
        Self(
            .unknownAttributeType,
            .warning,
            "attribute '\(attribute)' has unknown attribute type '\(type)', read as Undefined (known types: "
                + "\(known))"
        )
    }

    static func invalidRegularExpression(attribute: String, pattern: String) -> Self {
        Self(
            .invalidRegularExpression,
            .warning,
            "regular expression of attribute '\(attribute)' is '\(pattern)', which does not compile; no pattern is "
                + "used"
        )
    }

    static func literalReadAs(what: String, attribute: String, type: String, text: String, reading: String) -> Self {
        Self(.literalReadAs, .warning, "\(what) of attribute '\(attribute)' (\(type)) is '\(text)', read as \(reading)")
    }

    static func literalUnusable(what: String, attribute: String, type: String, text: String, reason: String) -> Self {
        Self(
            .literalUnusable,
            .warning,
            "\(what) of attribute '\(attribute)' (\(type)) is '\(text)': \(reason); no \(what) is used"
        )
    }

    static func notSeconds(setting: String, attribute: String, text: String) -> Self {
        Self(
            .notSeconds,
            .warning,
            "\(setting) of attribute '\(attribute)' is '\(text)', not a number of seconds; it is ignored"
        )
    }

    static func invalidCountBound(setting: String, owner: String, text: String, what: String) -> Self {
        Self(
            .invalidCountBound,
            .warning,
            "\(setting) of \(owner) is '\(text)', not a \(what) (a whole number, 0 or more); no bound is used"
        )
    }

    static func relationshipWithoutDestination(relationship: String) -> Self {
        Self(.relationshipWithoutDestination, .error, "relationship '\(relationship)' has no destination entity")
    }

    static func unknownDestination(relationship: String, destination: String, suggestion: String) -> Self {
        Self(
            .unknownDestination,
            .error,
            "relationship '\(relationship)' names destination entity " + "'\(destination)', which does not exist"
                + suggestion
        )
    }

    static func unknownDeletionRule(relationship: String, rule: String, known: String) -> Self {
        Self(
            .unknownDeletionRule,
            .warning,
            "relationship '\(relationship)' has unknown deletion rule '\(rule)', read as Nullify (known rules: "
                + "\(known))"
        )
    }

    static func unknownInverse(relationship: String, inverse: String, entity: String) -> Self {
        Self(
            .unknownInverse,
            .error,
            "relationship '\(relationship)' names inverse '\(inverse)', but entity "
                + "'\(entity)' has no property of that name"
        )
    }

    static func inverseIsAttribute(relationship: String, inverse: String) -> Self {
        Self(
            .inverseIsAttribute,
            .error,
            "relationship '\(relationship)' names inverse '\(inverse)', which is " + "an attribute, not a relationship"
        )
    }

    static func inverseToSubentity(relationship: String, destination: String, entity: String) -> Self {
        Self(
            .inverseToSubentity,
            .warning,
            "the inverse of relationship '\(relationship)' leads to '\(destination)', a subentity of "
                + "'\(entity)'; this inverse is not maintained automatically"
        )
    }

    static func inverseDoesNotPointBack(relationship: String, inverse: String, leadsTo: String, entity: String) -> Self
    {
        Self(
            .inverseDoesNotPointBack,
            .error,
            "the inverse of relationship '\(relationship)' does not point back: " + "'\(inverse)' leads to "
                + "'\(leadsTo)', not to '\(entity)'"
        )
    }

    static func inverseNotMaintained(relationship: String, inverse: String, pairing: String) -> Self {
        Self(
            .inverseNotMaintained,
            .warning,
            "relationship '\(relationship)' names inverse '\(inverse)', "
                + "\(pairing); this inverse is not maintained automatically"
        )
    }

    static func unknownInverseEntity(relationship: String, entity: String, suggestion: String) -> Self {
        Self(
            .unknownInverseEntity,
            .error,
            "relationship '\(relationship)' names inverse entity '\(entity)', which does not exist" + suggestion
        )
    }

    static func inverseEntityMismatch(relationship: String, inverseEntity: String, destination: String) -> Self {
        Self(
            .inverseEntityMismatch,
            .error,
            "relationship '\(relationship)' has inverse entity '\(inverseEntity)' but destination entity "
                + "'\(destination)'; they must be the same"
        )
    }

    static var userInfoEntryWithoutKey: Self {
        Self(.userInfoEntryWithoutKey, .warning, "a userInfo <entry> has no key; it is ignored")
    }

    static func emptyKeyPath(property: String, key: String) -> Self {
        Self(
            .emptyKeyPath,
            .warning,
            "property '\(property)': userInfo '\(key)' is empty; the property maps to its own name"
        )
    }

    static func invalidKeyPath(property: String, key: String, problem: String) -> Self {
        Self(.invalidKeyPath, .error, "property '\(property)': userInfo '\(key)': \(problem)")
    }

    static func unknownTimeZone(attribute: String, key: String, zone: String, suggestion: String?) -> Self {
        Self(
            .unknownTimeZone,
            .error,
            "attribute '\(attribute)': userInfo '\(key)' names time zone '\(zone)', which this system does not know"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        )
    }

    static func duplicateKeyPath(first: String, second: String, entity: String, keyPath: String) -> Self {
        Self(
            .duplicateKeyPath,
            .error,
            "properties '\(first)' and '\(second)' of entity " + "'\(entity)' both map to JSON key path "
                + "'\(keyPath)'"
        )
    }

    static func keyPathInsideNonObject(property: String, entity: String, keyPath: String, owner: String) -> Self {
        Self(
            .keyPathInsideNonObject,
            .error,
            "property '\(property)' of entity '\(entity)' maps to "
                + "'\(keyPath)', inside the JSON value of '\(owner)', " + "which is not an object"
        )
    }

    static func conventionAliasTaken(property: String, alias: String, other: String, otherName: String) -> Self {
        Self(
            .conventionAliasTaken,
            .warning,
            "\(property): the conventions also read it at '\(alias)', which is "
                + "the key of \(other); that key stays \(otherName)'s"
        )
    }

    static func reservedNameKept(property: String, reserved: String, entity: String, name: String, keyPath: String)
        -> Self
    {
        Self(
            .reservedNameKept,
            .warning,
            "\(property): '\(reserved)' is a reserved name, but \(entity) has "
                + "a property named '\(reserved)': \(name) keeps the key '\(keyPath)'"
        )
    }

    static func conventionsNotJSON(_ problem: String) -> Self {
        Self(.conventionsNotJSON, .error, "not valid JSON: \(problem)")
    }

    static func conventionsNotAnObject(found: String) -> Self {
        Self(.conventionsNotAnObject, .error, "a conventions file holds a JSON object, not \(found)")
    }

    static func conventionsInvalidValue(key: String, expected: String, found: String) -> Self {
        Self(.conventionsInvalidValue, .error, "'\(key)' is \(expected), not \(found)")
    }

    static func conventionsGivenTwice(key: String) -> Self {
        Self(.conventionsGivenTwice, .error, "'\(key)' is given twice")
    }

    static var conventionsSaidTwice: Self {
        Self(
            .conventionsSaidTwice,
            .error,
            "'identifiesByID' and 'identityAttributes' say the same thing twice: give one"
        )
    }

    static func conventionsUnknownKey(key: String, keys: String, suggestion: String) -> Self {
        Self(.conventionsUnknownKey, .error, "unknown key \(key) (a conventions file has \(keys))" + suggestion)
    }

    static func conventionsNameTwice(key: String, name: String) -> Self {
        Self(.conventionsNameTwice, .error, "'\(key)' names \(name) twice")
    }

    static func conventionsNotNames(key: String, found: String) -> Self {
        Self(.conventionsInvalidValue, .error, "'\(key)' holds names (non-empty strings), not \(found)")
    }

    static var configurationWithoutName: Self {
        Self(.configurationWithoutName, .warning, "a <configuration> has no name; it is ignored")
    }

    static func configurationUnknownEntity(configuration: String, entity: String) -> Self {
        Self(
            .configurationUnknownEntity,
            .warning,
            "configuration '\(configuration)' names entity '\(entity)', which does not exist; it is left " + "out"
        )
    }

    static var fetchRequestWithoutName: Self {
        Self(.fetchRequestWithoutName, .warning, "a <fetchRequest> has no name; it is ignored")
    }

    static func fetchRequestUnknownEntity(request: String, entity: String, suggestion: String) -> Self {
        Self(
            .fetchRequestUnknownEntity,
            .warning,
            "fetch request '\(request)' names entity '\(entity)', which does not exist" + suggestion
        )
    }

    static func predicateDoesNotParse(owner: String, problem: String, format: String) -> Self {
        Self(.predicateDoesNotParse, .warning, "the predicate of \(owner) does not parse: \(problem) in \"\(format)\"")
    }

    static func fetchedPropertyUnknownEntity(property: String, entity: String) -> Self {
        Self(
            .fetchedPropertyUnknownEntity,
            .warning,
            "fetched property '\(property)' fetches entity '\(entity)', which " + "does not exist"
        )
    }

    static package func classUnknownEntity(className: String, entity: String) -> Self {
        Self(
            .classUnknownEntity,
            .error,
            "class '\(className)' names entity '\(entity)', which the model does not " + "have"
        )
    }

    static package func rawValuesUnknownAttribute(className: String, attribute: String, type: String, entity: String)
        -> Self
    {
        Self(
            .rawValuesUnknownAttribute,
            .error,
            "class '\(className)' gives attribute '\(attribute)' the raw values of \(type), but "
                + "entity '\(entity)' has no attribute '\(attribute)'"
        )
    }

    static package func rawValuesWrongType(
        className: String,
        attribute: String,
        type: String,
        needed: String,
        actual: String
    )
        -> Self
    {
        Self(
            .rawValuesWrongType,
            .error,
            "class '\(className)' gives attribute '\(attribute)' the raw values of "
                + "\(type), which need \(needed) attribute; it is " + "\(actual)"
        )
    }
}
