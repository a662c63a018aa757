/// A set of an entity's slots (see ``GivenValues/slots``): one word for entities of up to 64
/// slots, which is nearly all, so that noting what a record gave allocates nothing.
struct SlotSet: Sequence {
    /// The slots below 64, one bit each.
    private var low: UInt64 = 0
    /// The slots from 64 on, 64 to a word (empty for an entity of 64 slots or fewer).
    private var high: [UInt64]
    /// The number of slots the set is of: the entity's (not the number in the set).
    let slotCount: Int

    /// An empty set of `count` slots.
    init(count: Int) {
        slotCount = count
        high = count > 64 ? Array(repeating: 0, count: (count - 1) / 64) : []
    }

    /// Whether `slot` is in the set (false for a slot outside `0..<slotCount`).
    func contains(_ slot: Int) -> Bool {
        guard slot >= 0, slot < slotCount else { return false }
        let word = slot < 64 ? low : high[slot / 64 - 1]
        return word & (1 << UInt64(slot % 64)) != 0
    }

    /// Whether `slot`, one of the set's slots, is not in it: a relationship the JSON did not
    /// give. A slot outside `0..<slotCount` is not judged (false).
    func leavesOut(_ slot: Int) -> Bool {
        slot >= 0 && slot < slotCount && !contains(slot)
    }

    /// Adds `slot`, when it is one of the set's slots.
    mutating func insert(_ slot: Int) {
        guard slot >= 0, slot < slotCount else { return }
        if slot < 64 { low |= 1 << UInt64(slot) } else { high[slot / 64 - 1] |= 1 << UInt64(slot % 64) }
    }

    /// The slots in the set, lowest first.
    func makeIterator() -> Iterator { Iterator(set: self) }

    /// The slots in the set, lowest first: one word at a time, each set bit of it.
    struct Iterator: IteratorProtocol {
        fileprivate let set: SlotSet
        private var wordIndex = 0
        private var word: UInt64

        fileprivate init(set: SlotSet) {
            self.set = set
            word = set.low
        }

        mutating func next() -> Int? {
            while word == 0 {
                guard wordIndex < set.high.count else { return nil }
                word = set.high[wordIndex]
                wordIndex += 1
            }
            let bit = word.trailingZeroBitCount
            word &= word &- 1
            return wordIndex &* 64 &+ bit
        }
    }
}
