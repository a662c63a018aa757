import Foundation
import TestSupport
import Testing

@testable import ModelMapper

/// The table of what the JSON gave each object (issue 50's dense merge index): an object finds
/// its entry by its run index, checked against the entry, so that a stranger or an object of
/// another run never reads an entry that is not its own.
@Suite("Given values: slot sets and the table by run index")
struct GivenValuesTableTests {
    @Test("a slot set holds slots on both sides of 64, in order, and ignores slots outside it")
    func slotSet() {
        var set = SlotSet(count: 130)
        for slot in [0, 63, 64, 65, 127, 129, 130, -1] { set.insert(slot) }
        #expect(Array(set) == [0, 63, 64, 65, 127, 129])
        #expect(set.contains(64) && set.contains(129))
        #expect(!set.contains(1) && !set.contains(128) && !set.contains(130) && !set.contains(-1))
        var small = SlotSet(count: 3)
        small.insert(2)
        small.insert(5)
        #expect(Array(small) == [2])
        #expect(Array(SlotSet(count: 0)).isEmpty)
    }

    @Test("an entry is found by its own object only; a piece's entries join with new places")
    func tableByRunIndex() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let entity = try #require(model.entity(named: "Book"))
        let title = try #require(ModelObject(entity: entity).layout.slotByName["title"])
        func noted(_ objects: [ModelObject]) -> GivenValuesTable {
            var table = GivenValuesTable()
            for object in objects {
                object.slots.withUnsafeSlots {
                    table.note(object, $0, count: 0, isReference: false, identityLists: [], insert: nil)
                }
            }
            return table
        }
        let (first, second, third) = (
            ModelObject(entity: entity), ModelObject(entity: entity), ModelObject(entity: entity)
        )
        first[stored: title] = .string("Roughing It")
        var table = GivenValuesTable()
        first.slots.withUnsafeSlots {
            table.note(first, $0, count: first.slots.count, isReference: true, identityLists: [], insert: nil)
        }
        #expect(table.index(of: first) == 0)
        // The slots that hold something: the title set here, and any the model gives a default.
        let holding = (0..<first.slots.count).filter { first.storedState(atSlot: $0) != .absent }
        #expect(holding.contains(title))
        #expect(table.slots(of: first).map(Array.init) == holding)
        #expect(table.isGivenAsObject(first) == false)
        // A stranger whose run index points into the table reads nothing.
        second.runIndex = 0
        #expect(table.index(of: second) == nil && table[second] == nil)

        let piece = noted([second, third])
        #expect(table.index(of: second) == nil, "its place in the piece is the first object's here")
        table.append(contentsOf: piece)
        #expect(table.count == 3)
        #expect(table.index(of: first) == 0 && table.index(of: second) == 1 && table.index(of: third) == 2)
        #expect(table.isGivenAsObject(third) == true)
    }
}
