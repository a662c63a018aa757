import Foundation
@_spi(Engine) import ModelMapperSchema

/// What every decoding run over one model and one set of conventions reads the same way: the
/// mappings, and plain-memory tables of them, of the entities' classes and of their slot
/// readings. Made once and kept in the model's plan cache, so that a decode call of a small
/// document does not build them again: making them (five allocations and copies) cost a
/// 150-byte document's decode about as much as reading it.
///
/// Immutable once made, and shared by every run and thread that decodes with the model.
final class DecodingTables: @unchecked Sendable {
    /// The model's mappings for the conventions.
    let mappings: [EntityMapping]
    /// The mappings objects are made with: the model's own (keys as named in the model),
    /// whatever the casing, so that an object's mapping does not depend on how it was read.
    let objectMappings: [EntityMapping]
    /// ``mappings``, unretained in plain memory, for the decoder to look one up per object
    /// without counting references (`mappings` keeps them alive).
    let mappingRefs: UnsafeMutableBufferPointer<Unmanaged<EntityMapping>>
    /// ``objectMappings`` likewise.
    let objectMappingRefs: UnsafeMutableBufferPointer<Unmanaged<EntityMapping>>
    /// The model's class for each entity, likewise in plain memory.
    let objectClasses: UnsafeMutableBufferPointer<ModelObject.Type>
    /// Each entity's slot readings: its mapping's, or, for an entity whose class checks raw
    /// values (``/ModelMapperSchema/ObjectModel/rawValueChecks``), a copy in which the checked
    /// attributes take the careful path. Plain memory, read once per object.
    let readingsByEntity: UnsafeMutableBufferPointer<UnsafeMutablePointer<SlotReading>>
    /// The copies of readings made for raw value checks, freed with the tables.
    private let checkedReadings: [UnsafeMutablePointer<SlotReading>]

    private init(model: ObjectModel, mappings set: EntityMappings) {
        mappings = set.all
        objectMappings = set.isBase ? mappings : model.mappings
        mappingRefs = .allocate(capacity: max(mappings.count, 1))
        _ = mappingRefs.initialize(from: mappings.map { Unmanaged.passUnretained($0) })
        objectMappingRefs = .allocate(capacity: max(mappings.count, 1))
        _ = objectMappingRefs.initialize(from: objectMappings.map { Unmanaged.passUnretained($0) })
        let classes = model.objectClasses
        objectClasses = .allocate(capacity: max(classes.count, 1))
        _ = objectClasses.initialize(from: classes)
        readingsByEntity = .allocate(capacity: max(mappings.count, 1))
        _ = readingsByEntity.initialize(from: mappings.map(\.readings))
        var copies: [UnsafeMutablePointer<SlotReading>] = []
        if model.hasRawValueChecks {
            for (entity, checks) in model.rawValueChecks.enumerated() where !checks.isEmpty {
                let count = mappings[entity].slotCount
                let copy = UnsafeMutablePointer<SlotReading>.allocate(capacity: max(count, 1))
                copy.initialize(from: mappings[entity].readings, count: count)
                for check in checks { copy[check.slot] = copy[check.slot].checkingRawValues() }
                readingsByEntity[entity] = copy
                copies.append(copy)
            }
        }
        checkedReadings = copies
    }

    deinit {
        readingsByEntity.deallocate()
        for readings in checkedReadings { readings.deallocate() }
        mappingRefs.deallocate()
        objectMappingRefs.deallocate()
        objectClasses.deallocate()
    }

    /// The key of tables under conventions the options set, in the model's plan cache.
    private struct Key: Hashable {
        let conventions: ModelConventions
    }

    /// The tables for decoding with `model` under the conventions `options` set (see
    /// ``/ModelMapperSchema/ObjectModel/mappingSet(options:)``), made on first use. Those
    /// under the model's own conventions, which most decoders use, are found in a fixed place.
    static func of(_ model: ObjectModel, options: ModelConventions) -> DecodingTables {
        // Made outside the cache's lock, which is not reentrant: the mappings take it. Each call
        // writes its own closure, so that its context stays on the stack (one closure value
        // passed to both was allocated on every decode call).
        if options.isEmpty {
            return model.planCache.plan(
                in: .ownDecodingTables,
                as: DecodingTables.self,
                makingUnlocked: { DecodingTables(model: model, mappings: model.mappingSet(options: options)) }
            )
        }
        return model.planCache.plan(
            for: Key(conventions: options),
            as: DecodingTables.self,
            makingUnlocked: { DecodingTables(model: model, mappings: model.mappingSet(options: options)) }
        )
    }
}
