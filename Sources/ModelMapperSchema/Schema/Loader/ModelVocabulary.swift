/// The names a model file may use: the elements and XML attributes Xcode writes (those the
/// loader reads and those it leaves alone), and the userInfo keys ModelMapper reads.
///
/// A name that is none of these is read as Xcode's editors and Core Data read it: ignored,
/// because newer Xcode versions add names. The exception is a name one edit (or a change of
/// case) away from a known one, which is far more likely a typo than a new Xcode's name: the
/// loader warns, with the name it probably meant. For example:
///
/// ```swift
/// ModelVocabulary.nearMiss("optonal", among: ModelVocabulary.sortedXMLAttributeNames)   // "optional"
/// ModelVocabulary.nearMiss("indexing", among: ModelVocabulary.sortedXMLAttributeNames)  // nil
/// ```
enum ModelVocabulary {
    /// The elements of Xcode's model format, from every Xcode version's files (layout
    /// `<elements>` of Xcode 7-era files included).
    static let elementNames: Set<String> = [
        "model", "entity", "attribute", "relationship", "fetchedProperty", "fetchRequest", "userInfo", "entry",
        "configuration", "memberEntity", "composite", "uniquenessConstraints", "uniquenessConstraint", "constraint",
        "compoundIndexes", "compoundIndex", "index", "fetchIndex", "fetchIndexElement", "elements", "element",
    ]

    /// The XML attributes of Xcode's model format on any element: those the loader reads
    /// (`ModelXMLName`) and those Xcode writes for its editor, Core Data's store or CloudKit.
    static let xmlAttributeNames: Set<String> = Set(ModelXMLName.allCases.map(\.text))
        .union([
            // <model>
            "type", "documentVersion", "lastSavedToolsVersion", "systemVersion", "minimumToolsVersion",
            "sourceLanguage", "userDefinedModelVersionIdentifier", "iOSVersion", "macOSVersion",
            // Properties and entities: versioning, indexing, storage.
            "elementID", "renamingIdentifier", "versionHashModifier", "spotlightIndexingEnabled", "storedInTruthFile",
            "preserveAfterDeletion", "allowsCloudEncryption", "isOrdered",
            // <fetchRequest>
            "fetchLimit", "fetchBatchSize", "includePropertyValues", "includeSubentities", "includesPendingChanges",
            "resultType", "returnDistinctResults", "returnObjectsAsFaults", "propertiesToFetch", "propertiesToGroupBy",
            "relationshipKeyPathsForPrefetching", "havingPredicateString",
            // <fetchIndexElement>, <element> (the diagram's layout)
            "property", "expression", "order", "positionX", "positionY", "width", "height",
        ])

    /// Every userInfo key ModelMapper reads (``MappingKeys``).
    static let userInfoKeys: [String] =
        MappingKeys.jsonKeyPath + MappingKeys.valueTransformer + MappingKeys.entityIdentityAttributes
        + MappingKeys.attributeIsIdentity + MappingKeys.typeKey + MappingKeys.typeValue
        + MappingKeys.relationshipWritesIdentity + MappingKeys.dateFormats + MappingKeys.swiftType
        + MappingKeys.jsonForm + MappingKeys.jsonFractionDigits + MappingKeys.entityPreprocessor
        + MappingKeys.entityMapper + MappingKeys.nonExportable + MappingKeys.rootKeyPath + MappingKeys.jsonValues

    static let userInfoKeySet = Set(userInfoKeys)

    /// The same names in a fixed order, so that the suggestion for a name never depends on a
    /// set's order.
    static let sortedElementNames = elementNames.sorted()
    static let sortedXMLAttributeNames = xmlAttributeNames.sorted()

    /// The name of `candidates` that `name` is one edit from (an insertion, deletion,
    /// substitution or swap of neighbours), ignoring case (the nearest: ``ClosestName`` with one
    /// edit at most); nil when `name` is itself one of them, shorter than four characters (too
    /// short to guess from), or near none.
    static func nearMiss(_ name: String, among candidates: some Collection<String>) -> String? {
        guard name.unicodeScalars.count >= 4, !candidates.contains(name) else { return nil }
        return ClosestName.to(name, among: candidates, maximumDistance: 1)
    }

}
