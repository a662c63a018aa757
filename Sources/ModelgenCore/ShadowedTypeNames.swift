import ModelMapper

/// Type names a generated class may take, and compile, but that hide a common Swift,
/// Foundation or ModelMapper type from every other file of its module: a class `Collection`
/// makes `func count<C: Collection>` elsewhere in the module mean the class (issue 52). Names
/// that generated code itself relies on (`String`, `Date`, `Set`, …) are
/// ``SwiftNaming/reservedTypes`` instead, and never taken.
///
/// Inference names its entities around both (`CollectionLink`); a class name a model gives is
/// kept, and `modelgen validate` and `modelgen generate` warn about it (MM818), an error under
/// `validate --strict`.
enum ShadowedTypeNames {
    static let names: Set<String> = [
        // The standard library.
        "Collection", "Sequence", "Result", "Range", "ClosedRange", "Character", "Substring", "Element", "Index",
        "Iterator", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Identifiable",
        "Sendable", "Void", "Task", "KeyPath", "Mirror", "Regex", "Unicode", "Hasher", "StaticString", "UInt",
        "UInt8", "UInt16", "UInt32", "UInt64", "Int8", "CustomStringConvertible",
        // Foundation.
        "Calendar", "Locale", "TimeZone", "Notification", "Bundle", "Measurement", "Unit", "Operation", "Progress",
        "Timer", "Thread", "Process", "Formatter", "Expression", "Predicate", "IndexPath", "IndexSet",
        "CharacterSet", "AttributedString", "URLRequest", "URLSession", "URLComponents", "JSONDecoder",
        "JSONEncoder", "JSONSerialization", "NSObject", "NSNumber", "DateFormatter", "NumberFormatter",
        "FileManager", "ProcessInfo", "Host", "Stream", "Scanner", "SortDescriptor", "TimeInterval",
        // ModelMapper's own, which the module's other files use beside the classes.
        "ModelDecoder", "ModelEncoder", "ObjectGraph", "MappingError", "MappingErrors", "ModelBundle",
        "AttributeDescription", "RelationshipDescription", "ModelConventions",
    ]

    /// Whether a class named `name` would hide a type other code means (as shadowing, or as a
    /// name generated code relies on).
    static func isTaken(_ name: String) -> Bool {
        names.contains(name) || SwiftNaming.reservedTypes.contains(name)
    }

    /// MM818 for an entity whose class name hides one of ``names``, at the entity; nil otherwise.
    static func diagnostic(for entity: EntityDescription, className: String, severity: ModelDiagnostic.Severity)
        -> ModelDiagnostic?
    {
        guard names.contains(className) else { return nil }
        return ModelDiagnostic(
            severity,
            "entity '\(entity.name)': class name '\(className)' hides the type '\(className)' of Swift, Foundation or "
                + "ModelMapper from the other files of its module (they must write it with its module's name); "
                + "another representedClassName, or a prefix, keeps it",
            code: GeneratorCode.classNameShadows,
            at: entity.location
        )
    }

    /// The class name generated for `entity` before it is made unique: its
    /// `representedClassName` without a module prefix, else its name.
    static func className(of entity: EntityDescription) -> String {
        if let represented = entity.representedClassName?.split(separator: ".").last.map(String.init),
            !represented.isEmpty, represented != "NSManagedObject", SwiftNaming.isIdentifier(represented)
        {
            return represented
        }
        return entity.name
    }
}
