import Foundation
import Testing

@testable import ModelMapper

/// Decoded objects' slots come in blocks of shared arenas: blocks never overlap, an arena
/// lives exactly as long as an object (or the decoder) holds a block of it, and objects kept
/// from a larger decode stay whole after the others are freed.
@Suite("Slot arenas: blocks, growth, lifetime")
struct SlotArenaTests {
    @Test("blocks follow each other in an arena, and a full arena makes way for a larger one")
    func blocksAndGrowth() {
        var allocator = SlotArena.Allocator()
        var blocks: [(slots: SlotPointer, count: Int, arena: Unmanaged<SlotArena>)] = []
        // 3 + 5 + 7 + ... slots: enough to fill several arenas.
        var capacities: [Int] = []
        for index in 0..<200 {
            let count = 3 + 2 * (index % 4)
            let (slots, arena) = allocator.allocateAbsent(count: count)
            let capacity = arena._withUnsafeGuaranteedRef(\.capacity)
            if blocks.last.map({ $0.arena.toOpaque() != arena.toOpaque() }) ?? true { capacities.append(capacity) }
            for slot in 0..<count {
                guard case .absent = slots[slot] else {
                    Issue.record("block \(index) slot \(slot) is not absent")
                    return
                }
            }
            blocks.append((slots, count, arena))
        }
        #expect(capacities.first == SlotArena.initialCapacity)
        #expect(capacities.allSatisfy { $0 <= SlotArena.maximumCapacity })
        #expect(capacities == capacities.sorted(), "arenas only grow: \(capacities)")
        #expect(capacities.last == SlotArena.maximumCapacity)
        // Within an arena, each block (its tags, then its payloads) starts where the one before ended.
        for (previous, next) in zip(blocks, blocks.dropFirst()) where previous.arena.toOpaque() == next.arena.toOpaque()
        {
            let previousEnd = previous.slots.payloads + SlotPointer.payloadSize * previous.count
            #expect(previousEnd + SlotPointer.tagBytes(count: next.count) == next.slots.payloads)
        }
        for block in blocks { SlotStorage.release(block.slots, count: block.count, arena: block.arena) }
    }

    @Test("an object with more slots than an arena holds gets an arena of its own size")
    func largeBlock() {
        var allocator = SlotArena.Allocator()
        let (small, smallArena) = allocator.allocateAbsent(count: 2)
        let count = SlotArena.maximumCapacity + 10
        let (large, largeArena) = allocator.allocateAbsent(count: count)
        #expect(largeArena.toOpaque() != smallArena.toOpaque())
        #expect(largeArena._withUnsafeGuaranteedRef(\.capacity) == SlotPointer.byteCount(count: count))
        var storage = SlotStorage(adopting: large, count: count, arena: largeArena)
        storage[count - 1] = .integer(7)
        guard case .integer(7) = storage[count - 1] else {
            Issue.record("the last slot of a large block did not keep its value")
            return
        }
        SlotStorage.release(small, count: 2, arena: smallArena)
    }

    @Test("an arena lives while any of its blocks is held, and is freed with the last")
    func arenaLifetime() {
        weak var weakArena: SlotArena?
        do {
            var allocator = SlotArena.Allocator()
            let (first, arena) = allocator.allocateAbsent(count: 4)
            let (second, sameArena) = allocator.allocateAbsent(count: 4)
            #expect(arena.toOpaque() == sameArena.toOpaque())
            weakArena = arena.takeUnretainedValue()
            allocator = SlotArena.Allocator()
            var kept = SlotStorage(adopting: first, count: 4, arena: arena)
            kept[1] = .string(String(repeating: "kept ", count: 20))
            SlotStorage.release(second, count: 4, arena: sameArena)
            #expect(weakArena != nil, "a block is still held")
            guard case .string(let text) = kept[1] else {
                Issue.record("the kept block lost its value")
                return
            }
            #expect(text.count == 100)
        }
        #expect(weakArena == nil, "the arena outlived its last block")
    }

    @Test("objects kept from a decode stay whole when the others are freed, and take writes")
    func keptObjectsOutliveTheirNeighbours() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Record">
                    <attribute name="id" attributeType="Integer 64"/>
                    <attribute name="name" optional="YES" attributeType="String"/>
                    <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="StringArray"/>
                  </entity>
                </model>
                """
        )
        let entity = try #require(model.entity(named: "Record"))
        let records = (0..<3000)
            .map { index in
                #"{"id": \#(index), "name": "a name long enough to be allocated \#(index)", "tags": "a,b,\#(index)"}"#
            }
        let data = Data(("[" + records.joined(separator: ",") + "]").utf8)
        var kept: [ModelObject] = []
        do {
            let objects = try ModelDecoder(model: model).decodeObjects(of: entity, from: data)
            kept = stride(from: 7, to: objects.count, by: 500).map { objects[$0] }
        }
        #expect(kept.count == 6)
        for object in kept {
            let id = try #require(object.value(forKey: "id") as? Int64)
            #expect(object.value(forKey: "name") as? String == "a name long enough to be allocated \(id)")
            #expect(object.value(forKey: "tags") as? [String] == ["a", "b", "\(id)"])
            try object.setValue("renamed \(id)", forKey: "name")
            #expect(object.value(forKey: "name") as? String == "renamed \(id)")
        }
    }
}
