import Foundation

/// What the members of one JSON object level feed: the keys of an entity's object, or of an
/// object inside it that flattened key paths (`pricing.retail_price`) go through.
final class KeyLevel: @unchecked Sendable {
    let table: KeyTable
    let nodes: [KeyNode]
    /// Where this level's entries start in a run's ``KeyOrder``: `nodes.count + 1` of them.
    let orderOffset: Int
    /// Per key, in node order, what the decoder does with its value and how it reads the key in
    /// place when it is the one expected next: the nodes as plain values (written in `init`,
    /// only read after). One entry past the last is never readable, so that a guess at the end
    /// needs no bounds check of its own.
    let entries: UnsafeMutablePointer<KeyEntry>

    init(nodes: [KeyNode], orderOffset: Int) {
        self.nodes = nodes
        let table = KeyTable(keys: nodes.map(\.key))
        self.table = table
        self.orderOffset = orderOffset
        entries = .allocate(capacity: nodes.count + 1)
        for index in 0...nodes.count {
            let action = index < nodes.count ? KeyAction(nodes[index]) : nil
            (entries + index).initialize(to: KeyEntry(plainKey: table.plainKey(index), action: action))
        }
    }

    deinit {
        table.deallocate()
        entries.deallocate()
    }
}
