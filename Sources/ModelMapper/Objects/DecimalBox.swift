import Foundation

/// A `Decimal` too wide for a slot's payload: one whose mantissa takes more than 96 bits (see
/// ``SlotPointer``). Rare: a JSON number of up to 28 digits reads into a narrower one.
final class DecimalBox {
    let value: Decimal
    init(_ value: Decimal) { self.value = value }
}
