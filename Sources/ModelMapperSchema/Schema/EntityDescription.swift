import Foundation

/// An entity of a model: its name, class, inheritance and properties.
///
/// Properties include the inherited ones, superentity's first, each group in file order,
/// so `properties` of an entity is the order in which a `ModelObject` stores values:
///
/// ```swift
/// let book = model.entitiesByName["Book"]
/// book?.attributesByName["title"]?.attributeType   // .string
/// book?.relationshipsByName["author"]?.destinationEntity.name   // "Author"
/// ```
public struct EntityDescription: Sendable, Hashable, CustomStringConvertible {
    /// What keeps ``model`` alive: the model, or the ``ModelHandle`` of whoever made the
    /// description (a decoding run), which the objects made with it hold in turn.
    package let modelOwner: any AnyObject & Sendable
    /// The model this entity belongs to.
    public var model: ObjectModel { lentModel.takeUnretainedValue() }
    /// ``model``, lent: reading it counts no reference.
    package var lentModel: Unmanaged<ObjectModel> { ModelHandle.model(keptBy: modelOwner) }
    /// The position of the entity in `model.entities`.
    public let index: Int
    /// The layout of the entity's objects when the maker already had it (the decoder), so that
    /// making an object does not look it up again; opaque here, since layouts are a later
    /// layer's. Unmanaged: `model` keeps its layouts (compiled once, never replaced), so that
    /// neither copying a description nor reading its layout counts a reference to the layout
    /// every thread shares (issue 50).
    package let knownLayout: Unmanaged<any AnyObject & Sendable>?

    package init(model: ObjectModel, index: Int, layout: __shared (any AnyObject & Sendable)? = nil) {
        self.modelOwner = model
        self.index = index
        self.knownLayout = layout.map { .passUnretained($0) }
    }

    /// A description that keeps its model alive through `handle`, as the objects made with it
    /// will.
    package init(handle: ModelHandle, index: Int, layout: __shared (any AnyObject & Sendable)? = nil) {
        self.modelOwner = handle
        self.index = index
        self.knownLayout = layout.map { .passUnretained($0) }
    }

    var record: EntityRecord { model.entityRecords[index] }

    /// The entity's name in the model.
    public var name: String { record.name }

    /// The class named in the model (`representedClassName`), if any.
    public var representedClassName: String? { record.representedClassName }

    /// The parent entity (`parentEntity`), if any.
    public var superentity: EntityDescription? {
        record.superentity.map { EntityDescription(model: model, index: $0) }
    }

    /// The entities whose parent is this one, in file order.
    public var subentities: [EntityDescription] {
        record.subentities.map { EntityDescription(model: model, index: $0) }
    }

    /// The subentities by name.
    public var subentitiesByName: [String: EntityDescription] {
        Dictionary(subentities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the entity is abstract (`isAbstract="YES"`): only its subentities have instances.
    public var isAbstract: Bool { record.isAbstract }

    /// Whether `self` is `other` or one of its (transitive) subentities.
    public func isKind(of other: EntityDescription) -> Bool {
        guard lentModel.toOpaque() == other.lentModel.toOpaque() else { return false }
        return lentModel._withUnsafeGuaranteedRef { $0.isEntity(index, kindOf: other.index) }
    }

    /// The `userInfo` dictionary of the entity.
    public var userInfo: [String: String] { record.userInfo }

    /// Xcode's code generation setting (`class`, `category`, or nil for manual).
    public var codeGenerationType: String? { record.codeGenerationType }

    /// Uniqueness constraints: each inner array is one constraint, a list of property names.
    public var uniquenessConstraints: [[String]] { record.uniquenessConstraints }

    /// The attributes that identify an instance (its primary key), from `userInfo`
    /// (`identityAttributes`, or per attribute `sync.isPrimaryKey` and friends, see
    /// ``MappingKeys``), inherited from the superentity when the entity names none.
    public var identityAttributes: [AttributeDescription] {
        record.identityAttributeNames.compactMap { attributesByName[$0] }
    }

    /// The JSON key that says which entity an object is (userInfo `jsonTypeKey`, here or on a
    /// superentity), for JSON holding objects of several subentities; nil when there is none.
    public var jsonTypeKey: String? { record.typeKey }

    /// Whether the entity's objects are what a document holds at its top level
    /// (``MappingKeys/rootKeyPath``), and where: ``rootKeyPath``, nil for the document itself.
    package var declaresRoot: Bool { record.isDeclaredRoot }
    package var rootKeyPath: JSONKeyPath? { record.rootKeyPath }

    /// The value of ``jsonTypeKey`` that means this entity: userInfo `jsonTypeValue`, else the name.
    public var jsonTypeValue: String { record.typeValue }

    /// Every XML attribute of the `<entity>` element as written, unknown ones included.
    public var xmlAttributes: [String: String] { record.xmlAttributes.dictionary }

    /// The elements inside `<entity>` that ModelMapper does not read (Xcode's
    /// `<compoundIndexes>` and `<fetchIndex>`, a newer Xcode's elements), as written, in order.
    public var xmlElements: [ModelXMLNode] { record.otherElements }

    /// Where the entity is declared.
    public var location: SourceLocation { record.location }

    // MARK: Properties

    /// All properties (attributes and relationships), inherited first, in file order.
    public var properties: [PropertyDescription] {
        record.properties.map { property(at: $0) }
    }

    /// All properties by name.
    public var propertiesByName: NamedDescriptions<PropertyDescription> {
        propertyView(kind: nil, PropertyDescription.init)
    }

    /// The attributes, inherited first, in file order.
    public var attributes: [AttributeDescription] {
        record.attributeIndexes.map { AttributeDescription(model: model, reference: record.properties[$0]) }
    }

    /// The attributes by name.
    public var attributesByName: NamedDescriptions<AttributeDescription> {
        propertyView(kind: false, AttributeDescription.init)
    }

    /// The relationships, inherited first, in file order.
    public var relationships: [RelationshipDescription] {
        record.relationshipIndexes.map { RelationshipDescription(model: model, reference: record.properties[$0]) }
    }

    /// The relationships by name.
    public var relationshipsByName: NamedDescriptions<RelationshipDescription> {
        propertyView(kind: true, RelationshipDescription.init)
    }

    /// A by-name view of the properties: all of them (`kind` nil), the attributes (false)
    /// or the relationships (true).
    private func propertyView<Description: Sendable>(
        kind isRelationship: Bool?,
        _ make: @escaping @Sendable (ObjectModel, PropertyReference) -> Description
    ) -> NamedDescriptions<Description> {
        let model = model
        let references = record.properties
        let names = references.filter { isRelationship == nil || $0.isRelationship == isRelationship }.map(\.name)
        return NamedDescriptions(
            names: names,
            positions: record.propertyIndexByName,
            includes: { isRelationship == nil || references[$0].isRelationship == isRelationship },
            make: { make(model, references[$0]) }
        )
    }

    /// The relationships whose destination is `entity` (or one of its superentities).
    public func relationships(forDestination entity: EntityDescription) -> [RelationshipDescription] {
        relationships.filter { entity.isKind(of: $0.destinationEntity) }
    }

    /// The fetched properties the entity declares, in file order (not part of `properties`:
    /// they are queries, not values, and are never mapped to JSON).
    public var fetchedProperties: [FetchedPropertyDescription] { record.fetchedProperties }

    /// The position of a property in `properties` (the slot a `ModelObject` keeps it in).
    public func propertyIndex(named name: String) -> Int? {
        record.propertyIndexByName[name]
    }

    func property(at reference: PropertyReference) -> PropertyDescription {
        PropertyDescription(model: model, reference: reference)
    }

    // MARK: Hashable

    /// Whether both describe the same entity of the same loaded model.
    public static func == (lhs: EntityDescription, rhs: EntityDescription) -> Bool {
        lhs.lentModel.toOpaque() == rhs.lentModel.toOpaque() && lhs.index == rhs.index
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lentModel.toOpaque())
        hasher.combine(index)
    }

    /// This `EntityDescription` as text, as `print` and string interpolation show it.
    public var description: String { "EntityDescription(\(name))" }
}

extension ObjectModel {
    func attributeRecord(_ reference: PropertyReference) -> AttributeRecord {
        entityRecords[reference.entity].ownAttributes[reference.index]
    }

    func relationshipRecord(_ reference: PropertyReference) -> RelationshipRecord {
        entityRecords[reference.entity].ownRelationships[reference.index]
    }
}

extension ObjectModel {
    /// Whether entity `index` is entity `other` or one of its (transitive) subentities: the rule
    /// of ``EntityDescription/isKind(of:)``, by position, for callers that hold no description.
    package func isEntity(_ index: Int, kindOf other: Int) -> Bool {
        var current: Int? = index
        while let entity = current {
            if entity == other { return true }
            current = entityRecords[entity].superentity
        }
        return false
    }
}
