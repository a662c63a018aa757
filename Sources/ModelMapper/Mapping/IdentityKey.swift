import Foundation

/// The identity of an object within a run: its entity family and identity values, typed.
enum IdentityKey: Hashable {
    case integer(family: Int, Int64)
    case string(family: Int, String)
    case values(family: Int, [IdentityValue])

    /// The key of an object's slots; nil when an identity value is unset or null.
    init?(family: Int, slots: SlotPointer, identitySlots: UnsafeBufferPointer<Int>) {
        if identitySlots.count == 1 {
            switch slots[identitySlots[0]] {
            case .integer(let value): self = .integer(family: family, value)
            case .string(let value): self = .string(family: family, value)
            case let slot:
                guard let value = IdentityValue(slot) else { return nil }
                self = .values(family: family, [value])
            }
            return
        }
        var values: [IdentityValue] = []
        values.reserveCapacity(identitySlots.count)
        for slot in identitySlots {
            guard let value = IdentityValue(slots[slot]) else { return nil }
            values.append(value)
        }
        self = .values(family: family, values)
    }
}
