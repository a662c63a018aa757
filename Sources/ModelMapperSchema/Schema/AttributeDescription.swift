import Foundation

/// An attribute of an entity: its type, optionality, default, constraints and JSON mapping.
///
/// ```swift
/// if let born = model.entitiesByName["Author"]?.attributesByName["dateOfBirth"] {
///     born.attributeType          // .date
///     born.jsonKeyPath            // born
///     born.valueTransformerName   // "Date"
/// }
/// ```
public struct AttributeDescription: Sendable, Hashable, CustomStringConvertible {
    /// The model the attribute belongs to.
    public let model: ObjectModel
    let reference: PropertyReference

    init(model: ObjectModel, reference: PropertyReference) {
        self.model = model
        self.reference = reference
    }

    var record: AttributeRecord { model.attributeRecord(reference) }

    /// The attribute's name in the model.
    public var name: String { reference.name }

    /// The entity that declares the attribute (a superentity, for an inherited one).
    public var entity: EntityDescription { EntityDescription(model: model, index: reference.entity) }

    /// The attribute's type, which decides its Swift type and JSON form.
    public var attributeType: AttributeType { record.attributeType }

    /// Whether the attribute may have no value (`optional="YES"`).
    public var isOptional: Bool { record.isOptional }
    /// Whether Core Data would not store it (`transient="YES"`); ModelMapper maps it, but never requires it.
    public var isTransient: Bool { record.isTransient }
    /// Whether the value is derived from other values (`derived="YES"`).
    public var isDerived: Bool { record.isDerived }
    /// The derivation expression of a derived attribute, as written.
    public var derivationExpression: String? { record.derivationExpression }
    /// Whether the store indexes it (informational).
    public var isIndexed: Bool { record.isIndexed }

    /// The default value as written in the model (`defaultValueString`).
    public var defaultValueString: String? { record.defaultValueString }

    /// The default value converted to the attribute's type: `Int16`, `Int32`, `Int64`,
    /// `Decimal`, `Double`, `Float`, `String`, `Bool`, `Date`, `Data`, `UUID` or `URL`;
    /// nil when the model gives none (or for types whose defaults are not interpreted:
    /// transformable, composite, undefined, object ID).
    public var defaultValue: (any Sendable)? { record.defaultValue }

    /// The lower bound for numbers (of the attribute's type) and dates, if any.
    public var minValue: (any Sendable)? { record.minValue }
    /// The upper bound for numbers (of the attribute's type) and dates, if any.
    public var maxValue: (any Sendable)? { record.maxValue }
    /// The minimum length of a string or binary value, if any.
    public var minLength: Int? { record.minLength }
    /// The maximum length of a string or binary value, if any.
    public var maxLength: Int? { record.maxLength }
    /// `minValueString` as written.
    public var minValueString: String? { record.minValueString }
    /// `maxValueString` as written.
    public var maxValueString: String? { record.maxValueString }
    /// The regular expression a string value must match, as written.
    public var regularExpressionString: String? { record.regularExpressionString }

    /// The name of the value transformer applied between JSON and the model value:
    /// the attribute's `valueTransformerName`, else `userInfo` `JSONTransformerName`
    /// or `sync.valueTransformer`.
    public var valueTransformerName: String? { record.valueTransformerName }

    /// Which way ``valueTransformerName``'s forward transformation goes: from the model to
    /// JSON for the attribute's own `valueTransformerName` (Core Data's field), from JSON to the
    /// model for a transformer named in userInfo (Groot's and Sync's keys).
    public var valueTransformerDirection: ValueTransformer.Direction { record.valueTransformerDirection }

    /// The values the attribute's JSON may hold, as its userInfo `jsonValues` lists them
    /// (``MappingKeys/jsonValues``); nil when it lists none.
    package var listedValues: DeclaredValues? { model.entityRecords[reference.entity].listedValues[reference.index] }

    /// The Swift enum whose raw values the attribute holds, as `userInfo` `swiftType` names it
    /// (``MappingKeys/swiftType``); nil when it names none. Generated classes type the
    /// attribute with it.
    public var swiftTypeName: String? { MappingKeys.firstEntry(of: MappingKeys.swiftType, in: record.userInfo)?.value }

    /// The Swift type of a transformable attribute's value (`customClassName`), e.g. `[String]`.
    public var customClassName: String? { record.customClassName }

    /// For a `Composite` attribute, its composite type.
    public var composite: CompositeDescription? { record.compositeName.flatMap(model.composite(named:)) }

    /// Whether Xcode generates a scalar (`Int64`) rather than an object (`NSNumber`) property.
    public var usesScalarValueType: Bool { record.usesScalarValueType }
    /// Whether a store may keep the bytes outside the database (informational).
    public var allowsExternalBinaryDataStorage: Bool { record.allowsExternalBinaryDataStorage }

    /// Whether the attribute is one of its entity's identity attributes.
    public var isIdentity: Bool { record.isIdentity }

    /// The attribute's user info, as written in the model.
    public var userInfo: [String: String] { record.userInfo }

    /// Where the value is in JSON: `userInfo` `jsonKeyPath` (or an alias, see
    /// ``MappingKeys``), else the attribute's own name.
    public var jsonKeyPath: JSONKeyPath { record.jsonKeyPath }

    /// The key path the model's userInfo gives, nil when it gives none. A declared key path
    /// is used as written whatever the coder's ``JSONKeyCasing``.
    public var declaredJSONKeyPath: JSONKeyPath? { record.declaredJSONKeyPath }

    /// Every XML attribute of the `<attribute>` element as written, unknown ones included.
    public var xmlAttributes: [String: String] { record.xmlAttributes.dictionary }

    /// Where the attribute is declared.
    public var location: SourceLocation { record.location }

    /// Whether both describe the same attribute of the same loaded model.
    public static func == (lhs: AttributeDescription, rhs: AttributeDescription) -> Bool {
        lhs.model === rhs.model && lhs.reference == rhs.reference
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(model))
        hasher.combine(reference)
    }

    /// This `AttributeDescription` as text, as `print` and string interpolation show it.
    public var description: String { "AttributeDescription(\(entity.name).\(name): \(attributeType.rawValue))" }
}
