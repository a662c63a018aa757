import Foundation
@_spi(Engine) import ModelMapperSchema

/// The transformer plans of a model's attributes, per entity and slot, made on first use:
/// one run of the decoder or encoder looks each transformer up once.
final class TransformerPlans {
    private let mappings: [EntityMapping]
    /// Where each entity's slots start in `table`, and the plans made so far, by slot: plain
    /// memory, so that a lookup (one per transformed value) counts no references.
    private let offsets: UnsafeMutablePointer<Int>
    private let table: UnsafeMutablePointer<Unmanaged<Box>?>
    private let tableCount: Int
    /// The plans, kept alive here; `table` refers to them unretained.
    private var boxes: [Box] = []

    private final class Box {
        let plan: TransformerPlan
        init(_ plan: TransformerPlan) { self.plan = plan }
    }

    init(mappings: [EntityMapping]) {
        self.mappings = mappings
        offsets = .mallocated(capacity: max(mappings.count, 1))
        var total = 0
        for (entity, mapping) in mappings.enumerated() {
            (offsets + entity).initialize(to: total)
            total += mapping.slotCount
        }
        tableCount = max(total, 1)
        table = .mallocated(capacity: tableCount)
        table.initialize(repeating: nil, count: tableCount)
    }

    deinit {
        free(offsets)
        free(table)
    }

    func plan(entity: Int, slot: Int) -> TransformerPlan {
        box(entity: entity, slot: slot)._withUnsafeGuaranteedRef { $0.plan }
    }

    /// The plan's shortcut alone, read without copying the plan.
    func shortcut(entity: Int, slot: Int) -> TransformerPlan.Shortcut {
        box(entity: entity, slot: slot)._withUnsafeGuaranteedRef { $0.plan.shortcut }
    }

    private func box(entity: Int, slot: Int) -> Unmanaged<Box> {
        let index = offsets[entity] + slot
        precondition(index < tableCount, "slot \(slot) of entity \(entity) out of range")
        if let box = table[index] { return box }
        let property = mappings[entity].properties[slot]
        let box = Box(TransformerPlan(name: property.transformerName, direction: property.transformerDirection))
        boxes.append(box)
        table[index] = .passUnretained(box)
        return .passUnretained(box)
    }
}
