import Foundation

/// The spelling of a value the encoder would write differently, and the value it spells.
struct Spelling {
    let slot: Int
    /// The value read, to tell whether the slot still holds it.
    let value: Slot
    /// The value as the JSON had it.
    let token: JSONValue
    /// For a date read without a transformer, the format it was read in: the spelling stands
    /// only when the encoder writes that format too.
    let dateFormat: DateFormat?
    /// How the encoder writes the value read, for values that compare only by their writing
    /// (dictionaries of a Composite, transformed objects that are not `Hashable`).
    let written: [UInt8]?

    /// Whether the spelling is of `value`; nil when only writing `value` can tell (compare
    /// with ``written``).
    func spells(_ value: Slot) -> Bool? {
        self.value.isIdentical(to: value)
    }
}
