/// How the objects of one entity keep their values: a slot per property, in the entity's
/// property order (inherited ones first), the defaults a new object starts with, and the
/// relationship slots with their inverses.
///
/// Compiled once per model, on first use, and kept in the model's plan cache; every object of
/// the entity holds it (unowned: the model keeps it as long as it lives). What an entity's JSON
/// is, is compiled separately by the mapping layer, which refers to this layout.
final class EntityLayout: @unchecked Sendable {
    /// The model the layout is of. Unowned: the model keeps its layouts, so that it outlives
    /// them, and every object that holds a layout holds the model alive (see
    /// ``ModelObject``'s `modelOwner`): an object reads its model here, in two loads.
    unowned(unsafe) let model: ObjectModel
    /// The entity's position in the model.
    let entityIndex: Int
    /// The properties, one per slot.
    let properties: [SlotLayout]
    /// `properties.count`, read without counting a reference to the array.
    let slotCount: Int
    let slotByName: [String: Int]
    /// The slots of a new object: defaults set, everything else absent, in memory every new
    /// object shares until it first changes a slot (see ``SlotStorage``), so making an object
    /// does not copy it; only read after `init`.
    let initialSlotBuffer: SlotPointer
    /// The relationships with their inverses, in memory of the layout's own, written in `init`
    /// and only read after: walking an array held by a class counts a reference to the array
    /// (two atomic operations, each dearer than the walk), and objects walk this as they go.
    let relationshipList: UnsafeBufferPointer<RelationshipSlot>
    /// The slots that must have a value, in memory of the layout's own for the same reason:
    /// the decoder and the encoder walk them for every object. They are the attributes neither
    /// optional nor transient with no default, and the to-one relationships neither optional
    /// nor transient (a to-many always has a value, its list, empty or not).
    let requiredSlotList: UnsafeBufferPointer<Int>

    /// A relationship's slot, the slot of its inverse in the destination (-1: none), and
    /// whether it is to-many.
    struct RelationshipSlot {
        let slot: Int
        let inverse: Int
        let destination: Int
        let isToMany: Bool
    }

    init(model: ObjectModel, entityIndex: Int, properties slots: [SlotLayout], slotByName: [String: Int]) {
        self.model = model
        self.entityIndex = entityIndex
        self.properties = slots
        self.slotCount = slots.count
        self.slotByName = slotByName
        let initialSlots = slots.map { slot -> Slot in
            guard !slot.isRelationship, let value = slot.defaultValue else { return .absent }
            return Slot(attributeValue: value, type: slot.attributeType)
        }
        self.initialSlotBuffer = .allocateAbsent(count: slots.count)
        for (slot, value) in initialSlots.enumerated() { initialSlotBuffer.initialize(slot, to: value) }
        let relationships = slots.indices.filter { slots[$0].isRelationship }
            .map { slot in
                RelationshipSlot(
                    slot: slot,
                    inverse: slots[slot].inverseSlot ?? -1,
                    destination: slots[slot].destination,
                    isToMany: slots[slot].isToMany
                )
            }
        self.relationshipList = Self.plainCopy(relationships)
        self.requiredSlotList = Self.plainCopy(
            slots.indices.filter {
                !slots[$0].isToMany && !slots[$0].isOptional && slots[$0].defaultValue == nil
            }
        )
    }

    /// A copy of `elements` in memory of its own, freed by the owner's `deinit`.
    static func plainCopy<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(rebasing: buffer[..<elements.count])
    }

    deinit {
        // Plain values: freed with no deinitializing.
        UnsafeMutableBufferPointer(mutating: relationshipList).deallocate()
        UnsafeMutableBufferPointer(mutating: requiredSlotList).deallocate()
        for slot in 0..<slotCount { initialSlotBuffer.deinitialize(slot) }
        initialSlotBuffer.deallocate(count: slotCount)
    }

    /// The layouts of every entity of `model`, which keeps them.
    static func layouts(of model: ObjectModel) -> [EntityLayout] {
        let records = model.entityRecords
        return records.indices.map { entity in
            let record = records[entity]
            let slots = record.properties.map { reference -> SlotLayout in
                let owner = records[reference.entity]
                return reference.isRelationship
                    ? SlotLayout(owner.ownRelationships[reference.index], in: records)
                    : SlotLayout(owner.ownAttributes[reference.index])
            }
            return EntityLayout(
                model: model,
                entityIndex: entity,
                properties: slots,
                slotByName: record.propertyIndexByName
            )
        }
    }
}
