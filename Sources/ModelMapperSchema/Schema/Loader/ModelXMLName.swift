/// The XML attribute names of model files that the loader reads, recognised straight from
/// libxml2's bytes (by length, then bytes) so that looking one up later compares a number.
enum ModelXMLName: UInt8, CaseIterable, Sendable {
    case name, representedClassName, parentEntity, isAbstract, codeGenerationType
    case attributeType, optional, transient, derived, derivationExpression, indexed
    case defaultValueString, defaultDateTimeInterval, minValueString, maxValueString
    case minDateTimeInterval, maxDateTimeInterval, regularExpressionString, valueTransformerName
    case customClassName, composite, usesScalarValueType, allowsExternalBinaryDataStorage
    case destinationEntity, deletionRule, minCount, maxCount, inverseName, inverseEntity, toMany, ordered
    case syncable
    case key, value, entity, predicateString, usedWithCloudKit

    /// The name as written in model files.
    var text: String { Self.texts[Int(rawValue)] }

    private static let texts: [String] = allCases.map { "\($0)" }

    /// The bit of this name in `XMLAttributes.present`.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    private static let known = KnownNames(allCases.map { ($0, $0.text) })

    /// The known name spelled by a NUL-terminated UTF-8 string, or nil.
    init?(cString: UnsafePointer<UInt8>) {
        guard let name = Self.known.lookup(cString) else { return nil }
        self = name
    }
}
