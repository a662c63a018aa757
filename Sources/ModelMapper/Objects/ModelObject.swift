import Foundation

/// An object of an entity of a loaded model: its values live in slots in the entity's
/// property order, with Key-Value-Coding-like access by name, and its relationships keep
/// their inverses up to date.
///
/// Use it as it is, driven only by the model:
///
/// ```swift
/// let author = try ModelObject(dictionary: ["firstName": "Mark", "lastName": "Twain"], entity: authorEntity)
/// author.value(forKey: "firstName")          // "Mark"
/// try author.setValue("Samuel", forKey: "firstName")
/// author.dictionaryRepresentation            // ["firstName": "Samuel", "lastName": "Twain"]
/// ```
///
/// or subclass it to give an entity typed properties (`modelgen` generates such classes):
///
/// ```swift
/// final class Author: ModelObject {
///     override class var entityName: String { "Author" }
///     var firstName: String? {
///         get { value(forKey: "firstName") as? String }
///         set { setPrimitiveValue(newValue, forKey: "firstName") }
///     }
/// }
/// let author = try Author(dictionary: json, entity: authorEntity)   // an Author
/// ```
///
/// An object graph belongs to one thread or actor at a time.
open class ModelObject: CustomStringConvertible {
    // The stored fields are ordered so that they pack into 72 bytes after the object's header
    // (88 in all, 96 with malloc's own word): an object's size is most of what a decoded graph
    // takes, so each field is as small as it can be, and the flags and counts fill the words
    // the slot storage leaves.

    /// What keeps the object's model alive: the ``ModelHandle`` of the decoding run that made
    /// the object, so that making and freeing objects writes no reference count that other
    /// threads share (issue 50), or the model itself for an object made otherwise (whatever
    /// its ``EntityDescription`` held). Only held: the object reads its model from its layout.
    private let modelOwner: any AnyObject & Sendable
    /// How the object keeps its values (see ``EntityLayout``), looked up once when the object is
    /// made. Unowned: ``model`` keeps its layouts as long as it lives (they are compiled once
    /// and never replaced), so that making and freeing an object counts one reference fewer.
    unowned(unsafe) let layout: EntityLayout
    /// The values. Exclusive access is not checked at run time: an object graph belongs to one
    /// thread at a time, and the checks cost more than the accesses.
    @exclusivity(unchecked) var slots: SlotStorage
    /// The object's flags, one bit each (see ``Flags``): packed in one byte, so that the run
    /// index fits in the word the slot storage leaves.
    @exclusivity(unchecked) var flags: Flags = []
    /// The object's place in the table of what the JSON gave the objects of the decoding run
    /// that made it (`GivenValuesTable`), for the run and the merge that follows it to look it
    /// up without hashing. Meaningful only to that table, which checks that its entry holds
    /// this object.
    @exclusivity(unchecked) var runIndex: UInt32 = .max
    /// At least the number of strong links to this object (see ``Link``): links dropped
    /// with an object being freed are not taken off. Zero means that none leads here, so that
    /// no link from this object can close a cycle of strong links.
    @exclusivity(unchecked) var strongOwnerCount: UInt32 = 0
    /// The encoding run that last wrote this object in full (0: none), so that a run writes
    /// each object in full once. An object graph belongs to one thread at a time, so this
    /// needs no lock.
    @exclusivity(unchecked) var encodingStamp: UInt64 = 0
    /// How the object was written in the JSON it was decoded from, kept by the codecs (their
    /// `DecodedSource`, which this layer does not name: see `ModelObject+DecodedSource.swift`).
    var sourceRecord: AnyObject?
    /// The graph the object is in, told when a setter changes the object (see
    /// ``ObjectChangeObserver``); nil outside a graph. Weak, as an object may outlive its
    /// graph: this is the one word an object spends on being in a graph.
    weak var changeObserver: ObjectChangeObserver?

    /// The model the object's entity is in, read from the layout (which the model keeps, and
    /// `modelOwner` keeps the model). The object keeps no `EntityDescription` (three words), and
    /// makes ``entity`` from the model and its layout.
    var model: ObjectModel { layout.model }
    /// ``model``, lent: reading it counts no reference, which the per-object paths need (a
    /// count on the model is a write that every thread shares).
    var lentModel: Unmanaged<ObjectModel> { .passUnretained(layout.model) }

    /// The entity of the object.
    public var entity: EntityDescription {
        EntityDescription(model: model, index: layout.entityIndex, layout: layout)
    }

    /// The name of the entity this class is for. The default is the class's own name.
    open class var entityName: String { String(describing: self) }

    /// The attributes that hold raw values of a Swift type (an enum), by attribute name: the
    /// decoder refuses a value that is none of the type's raw values (see ``RawValueType``).
    /// Empty by default. Read once, when the class is bound to a model; a subclass adds to its
    /// superclass's (`super.rawValueTypes.merging(...)`), as generated classes do.
    ///
    /// For example:
    ///
    /// ```swift
    /// override class var rawValueTypes: [String: RawValueType] {
    ///     super.rawValueTypes.merging(["status": .of(Status.self)]) { $1 }
    /// }
    /// ```
    open class var rawValueTypes: [String: RawValueType] { [:] }

    /// A new object of `entity`, with the model's default values set.
    public required init(entity: EntityDescription) {
        // Reached without counting a reference: the model keeps its layouts (issue 50).
        let layout =
            entity.knownLayout.map { Unmanaged<EntityLayout>.fromOpaque($0.toOpaque()) }
            ?? Unmanaged.passUnretained(entity.model.layouts[entity.index])
        self.layout = layout.takeUnretainedValue()
        let (initial, count) = layout._withUnsafeGuaranteedRef { ($0.initialSlotBuffer, $0.slotCount) }
        slots = SlotStorage(sharing: initial, count: count)
        modelOwner = entity.modelOwner
    }

    deinit {
        if !flags.contains(.hasReleasedLinks), !layout.relationshipList.isEmpty { releaseRelationships() }
    }

    // MARK: Key-value access

    /// The value of an attribute (of its Swift type), the object of a to-one relationship, or
    /// the objects (`[ModelObject]`) of a to-many one. An attribute that is unset reads as its
    /// model default; unset, `null` and unknown keys read as nil.
    public func value(forKey key: String) -> Any? {
        guard let slot = layout.slotByName[key] else { return nil }
        return value(atSlot: slot)
    }

    func value(atSlot slot: Int) -> Any? {
        if let derive = layout.properties[slot].derive {
            return derive.derivedValue(on: self, type: layout.properties[slot].attributeType)
        }
        switch slots[slot] {
        case .absent:
            let property = layout.properties[slot]
            if property.isRelationship { return property.isToMany ? [ModelObject]() : nil }
            return property.defaultValue
        case .null: return layout.properties[slot].isToMany ? [ModelObject]() : nil
        case .object(let link): return link.object
        case .objects(let links): return links.compactMap(\.object)
        case let value:
            let property = layout.properties[slot]
            let attributeValue = value.attributeValue(type: property.attributeType)
            // JSON of a declared Swift type, read as that type (`[1, 2.5]` as `[Double]`).
            if let shape = property.jsonShape, let attributeValue { return shape.typed(attributeValue) }
            return attributeValue
        }
    }

    /// Whether a property is unset, `null`, or has a value.
    public enum ValueState: Sendable, Hashable {
        /// Unset: the key was missing from the JSON, or the value was removed.
        case absent
        /// Explicitly `null`.
        case null
        /// A value.
        case value
    }

    /// The state of a property; nil for a key the entity does not have.
    public func valueState(forKey key: String) -> ValueState? {
        guard let slot = layout.slotByName[key] else { return nil }
        switch slots[slot] {
        case .absent: return .absent
        case .null: return .null
        default: return .value
        }
    }

    /// Sets a property by name: an attribute value (converted to the attribute's type when that
    /// is exact: an `Int` for an `Integer 16` that fits), a `ModelObject` for a to-one
    /// relationship, `[ModelObject]` for a to-many one; nil or `NSNull` sets null.
    /// Relationships update their inverses.
    ///
    /// - Throws: ``MappingError`` `.unknownKey` for a name the entity does not have,
    ///   `.typeMismatch` or `.valueOutOfRange` for a value that does not fit.
    public func setValue(_ value: Any?, forKey key: String) throws {
        guard let slot = layout.slotByName[key] else {
            throw unknownKey(key)
        }
        try setValue(value, atSlot: slot)
        changeObserver?.objectChanged(self)
    }

    func setValue(_ value: Any?, atSlot slot: Int) throws {
        let property = layout.properties[slot]
        let isNull = value == nil || value is NSNull
        // Checked before any cast: casting a Foundation container that contains itself (or
        // nests deeper than a stack allows) bridges it recursively and overflows the stack.
        // (Objects are let through unwalked; `is [ModelObject]` itself would bridge a Foundation
        // array, so it is asked only of what is not one.)
        if let value,
            FoundationContainer.identity(of: value) != nil || !(value is ModelObject || value is [ModelObject]),
            let problem = FoundationContainer.problem(in: value, maximumDepth: FoundationJSON.maximumDepth)
        {
            throw MappingError(.notRepresentable, entityName: entity.name, propertyName: property.name, found: problem)
        }
        if property.isRelationship {
            if isNull {
                try replaceRelationship(atSlot: slot, with: [], null: true)
            } else if property.isToMany {
                guard let objects = value as? [ModelObject] else {
                    throw MappingError(
                        .typeMismatch,
                        entityName: entity.name,
                        propertyName: property.name,
                        expected: "[ModelObject]",
                        found: "a value of type \(type(of: value ?? ()))"
                    )
                }
                try replaceRelationship(atSlot: slot, with: objects, null: false)
            } else {
                guard let object = value as? ModelObject else {
                    throw MappingError(
                        .typeMismatch,
                        entityName: entity.name,
                        propertyName: property.name,
                        expected: "ModelObject",
                        found: "a value of type \(type(of: value ?? ()))"
                    )
                }
                try replaceRelationship(atSlot: slot, with: [object], null: false)
            }
            return
        }
        if isNull {
            slots[slot] = .null
            return
        }
        guard let value else { return }
        if let error = MappingError.shapeMismatch(
            of: value,
            declaredBy: property.jsonShape,
            entityName: entity.name,
            propertyName: property.name
        ) {
            throw error
        }
        do {
            slots[slot] = Slot(
                attributeValue: try property.attributeType.modelValue(value),
                type: property.attributeType
            )
        } catch var error {
            error.entityName = entity.name
            error.propertyName = property.name
            throw error
        }
    }

    /// Sets a property by name without throwing, for typed accessors such as generated ones:
    /// the key must be a property of the entity and the value of its type. A wrong key or
    /// value is a programming error and stops the program.
    public func setPrimitiveValue(_ value: Any?, forKey key: String) {
        stopOnError("setPrimitiveValue", key) { try setValue(value, forKey: key) }
    }

    /// Runs a call of a `…Primitive…` accessor, for which an error is a programming error.
    func stopOnError(_ accessor: String, _ key: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            preconditionFailure("\(accessor)(_:forKey: \"\(key)\") on \(entity.name): \(error)")
        }
    }

    /// Marks a property as unset again, as if its key had been missing from the JSON.
    ///
    /// - Throws: ``MappingError`` `.unknownKey` when `key` is not a property of the object's entity.
    public func removeValue(forKey key: String) throws {
        guard let slot = layout.slotByName[key] else { throw unknownKey(key) }
        if layout.properties[slot].isRelationship {
            try replaceRelationship(atSlot: slot, with: [], null: false)
        }
        slots[slot] = .absent
        changeObserver?.objectChanged(self)
    }

    open var description: String {
        let values = layout.properties.indices.compactMap { slot -> String? in
            let property = layout.properties[slot]
            switch slots[slot] {
            case .absent: return nil
            case .null: return "\(property.name): null"
            case .object(let link): return "\(property.name): \(link.object.map { "<\($0.entity.name)>" } ?? "nil")"
            case .objects(let links):
                return "\(property.name): [\(links.count) \(model.entityRecords[property.destination].name)]"
            case let value: return "\(property.name): \(value.attributeValue(type: property.attributeType) ?? "nil")"
            }
        }
        return "<\(entity.name) \(values.joined(separator: ", "))>"
    }
}
