/// The codes of the catalogue's diagnostics, by name, for the package's own code and tests:
/// users compare a diagnostic's code with its spelling (a string literal), which
/// *Errors and validation* lists. The catalogue (`ModelDiagnostic+Messages.swift`) gives each its
/// severity and text.
extension ModelDiagnostic.Code {
    /// A diagnostic made outside the catalogue (``ModelDiagnostic/init(_:_:at:)``).
    public static let unclassified: Self = "MM000"

    /// There is no file or folder at the path given.
    package static let fileMissing = Self(rawValue: "MM101")

    /// A folder was given where a file was expected.
    package static let notAFile = Self(rawValue: "MM102")

    /// The file may not be read.
    package static let permissionDenied = Self(rawValue: "MM103")

    /// The file cannot be read, for the reason the system gives.
    package static let unreadable = Self(rawValue: "MM104")

    /// The file is empty.
    package static let fileEmpty = Self(rawValue: "MM105")

    /// The file is not an XML document.
    package static let notXML = Self(rawValue: "MM106")

    /// The XML is not well-formed (libxml2's message).
    package static let malformedXML = Self(rawValue: "MM107")

    /// The root element is not `<model>`.
    package static let notAModel = Self(rawValue: "MM108")

    /// The file is larger than the loader's limit.
    package static let fileTooLarge = Self(rawValue: "MM109")

    /// A model bundle's folder cannot be read.
    package static let bundleUnreadable = Self(rawValue: "MM110")

    /// A model bundle holds no `.xcdatamodel` version.
    package static let bundleWithoutVersions = Self(rawValue: "MM111")

    /// A bundle's `.xccurrentversion` names no current version, so another is used.
    package static let noCurrentVersion = Self(rawValue: "MM112")

    /// `.xccurrentversion` is not a property list with a `<dict>`.
    package static let notAPropertyList = Self(rawValue: "MM113")

    /// A `.xcdatamodel` folder has no `contents` file.
    package static let noContentsFile = Self(rawValue: "MM114")

    /// A file-system error, in plain words.
    package static let fileSystemError = Self(rawValue: "MM115")

    /// `.xccurrentversion` names a version the bundle does not have.
    package static let unknownCurrentVersion = Self(rawValue: "MM116")

    /// A version is in Xcode 3's binary format, which cannot be loaded.
    package static let binaryFormat = Self(rawValue: "MM117")

    /// The version asked for is not in the bundle.
    package static let unknownVersion = Self(rawValue: "MM118")

    /// A version was asked for, but the model is not a bundle.
    package static let versionOutsideBundle = Self(rawValue: "MM119")

    /// libxml2 could not make a parser.
    package static let parserUnavailable = Self(rawValue: "MM120")

    /// The document is over one of the loader's limits (elements, depth).
    package static let loadingLimitExceeded = Self(rawValue: "MM121")

    /// The document declares an XML entity, which model files may not.
    package static let entityDeclaration = Self(rawValue: "MM122")

    /// The file is not XML text (binary, or an encoding XML does not allow).
    package static let notText = Self(rawValue: "MM123")

    /// `_XCCurrentVersionName` has no value.
    package static let currentVersionWithoutName = Self(rawValue: "MM124")

    /// A folder was given that is not a model.
    package static let folderNotAModel = Self(rawValue: "MM125")

    /// An element's name is one edit from an element of the model format (a typo, read as an
    /// unknown element and ignored).
    package static let misspelledElement = Self(rawValue: "MM126")

    /// An XML attribute's name is one edit from one of the model format (a typo, read as an
    /// unknown attribute and ignored).
    package static let misspelledXMLAttribute = Self(rawValue: "MM127")

    /// An `<entity>` has no name.
    package static let entityWithoutName = Self(rawValue: "MM201")

    /// Two entities have one name.
    package static let entityDeclaredTwice = Self(rawValue: "MM202")

    /// An entity's parent entity does not exist.
    package static let unknownParentEntity = Self(rawValue: "MM203")

    /// An entity inherits from itself.
    package static let inheritanceCycle = Self(rawValue: "MM204")

    /// An entity declares two properties of one name.
    package static let propertyDeclaredTwice = Self(rawValue: "MM205")

    /// A property has the name of one its superentity declares.
    package static let propertyDeclaredBySuperentity = Self(rawValue: "MM206")

    /// An attribute, relationship or fetched property has no name.
    package static let propertyWithoutName = Self(rawValue: "MM207")

    /// An entity's identity names what is not one of its attributes.
    package static let identityNotAnAttribute = Self(rawValue: "MM208")

    /// A uniqueness constraint names what is not a property.
    package static let uniquenessUnknownProperty = Self(rawValue: "MM209")

    /// Two entities have one JSON type value.
    package static let duplicateTypeValue = Self(rawValue: "MM210")

    /// A `<composite>` has no name.
    package static let compositeWithoutName = Self(rawValue: "MM301")

    /// An attribute of a composite has no name.
    package static let compositeAttributeWithoutName = Self(rawValue: "MM302")

    /// An attribute names a composite that does not exist.
    package static let unknownComposite = Self(rawValue: "MM303")

    /// An attribute type this version does not know, read as Undefined.
    package static let unknownAttributeType = Self(rawValue: "MM304")

    /// An attribute's regular expression does not compile.
    package static let invalidRegularExpression = Self(rawValue: "MM305")

    /// A default or bound is not written the way its type is; it is read as Core Data reads it.
    package static let literalReadAs = Self(rawValue: "MM306")

    /// A default or bound cannot be a value of its type, and is not used.
    package static let literalUnusable = Self(rawValue: "MM307")

    /// A time interval is not a number of seconds.
    package static let notSeconds = Self(rawValue: "MM308")

    /// A count bound is not a whole number, 0 or more.
    package static let invalidCountBound = Self(rawValue: "MM309")

    /// An `<attribute>` has no `attributeType`: it is read as Undefined.
    package static let missingAttributeType = Self(rawValue: "MM310")

    /// A relationship has no destination entity.
    package static let relationshipWithoutDestination = Self(rawValue: "MM401")

    /// A relationship's destination entity does not exist.
    package static let unknownDestination = Self(rawValue: "MM402")

    /// A deletion rule this version does not know, read as Nullify.
    package static let unknownDeletionRule = Self(rawValue: "MM403")

    /// A relationship's inverse is not a property of the destination.
    package static let unknownInverse = Self(rawValue: "MM404")

    /// A relationship's inverse is an attribute.
    package static let inverseIsAttribute = Self(rawValue: "MM405")

    /// An inverse leads to a subentity, so it is not kept automatically.
    package static let inverseToSubentity = Self(rawValue: "MM406")

    /// A relationship's inverse leads to another entity.
    package static let inverseDoesNotPointBack = Self(rawValue: "MM407")

    /// An inverse that is not reciprocal, so it is not kept automatically.
    package static let inverseNotMaintained = Self(rawValue: "MM408")

    /// A relationship's inverse entity does not exist.
    package static let unknownInverseEntity = Self(rawValue: "MM409")

    /// A relationship's inverse entity is not its destination.
    package static let inverseEntityMismatch = Self(rawValue: "MM410")

    /// A userInfo entry has no key.
    package static let userInfoEntryWithoutKey = Self(rawValue: "MM501")

    /// A JSON key path is empty.
    package static let emptyKeyPath = Self(rawValue: "MM502")

    /// A JSON key path does not parse.
    package static let invalidKeyPath = Self(rawValue: "MM503")

    /// A date format names a time zone this system does not know.
    package static let unknownTimeZone = Self(rawValue: "MM504")

    /// Two properties map to one JSON key path.
    package static let duplicateKeyPath = Self(rawValue: "MM505")

    /// A key path goes inside a value that is not an object.
    package static let keyPathInsideNonObject = Self(rawValue: "MM506")

    /// A key the conventions would also read is another property's own.
    package static let conventionAliasTaken = Self(rawValue: "MM507")

    /// A property keeps its cased key, because a reserved name is taken.
    package static let reservedNameKept = Self(rawValue: "MM508")

    /// A conventions file is not valid JSON.
    package static let conventionsNotJSON = Self(rawValue: "MM520")

    /// A conventions file does not hold a JSON object.
    package static let conventionsNotAnObject = Self(rawValue: "MM521")

    /// A convention has a value it cannot take.
    package static let conventionsInvalidValue = Self(rawValue: "MM522")

    /// A convention is given twice.
    package static let conventionsGivenTwice = Self(rawValue: "MM523")

    /// Two conventions say the same thing.
    package static let conventionsSaidTwice = Self(rawValue: "MM524")

    /// A conventions file has a key no convention has.
    package static let conventionsUnknownKey = Self(rawValue: "MM525")

    /// A list of names in a conventions file names one twice.
    package static let conventionsNameTwice = Self(rawValue: "MM526")

    /// A userInfo key is one edit from a key ModelMapper reads (a typo, so the entry does
    /// nothing).
    package static let misspelledUserInfoKey = Self(rawValue: "MM527")

    /// A `<configuration>` has no name.
    package static let configurationWithoutName = Self(rawValue: "MM601")

    /// A configuration names an entity that does not exist.
    package static let configurationUnknownEntity = Self(rawValue: "MM602")

    /// A `<fetchRequest>` has no name.
    package static let fetchRequestWithoutName = Self(rawValue: "MM603")

    /// A fetch request names an entity that does not exist.
    package static let fetchRequestUnknownEntity = Self(rawValue: "MM604")

    /// A stored predicate does not parse.
    package static let predicateDoesNotParse = Self(rawValue: "MM605")

    /// A fetched property fetches an entity that does not exist.
    package static let fetchedPropertyUnknownEntity = Self(rawValue: "MM606")

    /// A bound class names an entity the model does not have.
    package static let classUnknownEntity = Self(rawValue: "MM701")

    /// A class gives raw values to an attribute the entity does not have.
    package static let rawValuesUnknownAttribute = Self(rawValue: "MM702")

    /// A class gives raw values to an attribute of a type that cannot hold them.
    package static let rawValuesWrongType = Self(rawValue: "MM703")
}
