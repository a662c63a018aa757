import Foundation
import Testing

@testable import ModelMapper

/// A merge compares the values a record gives with the values the graph's object holds in
/// place (`SlotPointer.holdsSameValue`), without copying them: it must judge every pair as
/// `Slot.isIdentical` does, so that an upsert skips exactly the values that did not change.
@Suite("Slots: values compared in place agree with values compared as copies")
struct SlotSameValueTests {
    static var values: [Slot] {
        [
            .absent, .null, .integer(7), .integer(8), .floatingPoint(0.5), .floatingPoint(-0.0), .floatingPoint(0.0),
            .boolean(true), .boolean(false), .string("Japan"), .string("Japan, the band"), .string(""),
            // Canonically equivalent (Swift's `==` holds them equal), not identical.
            .string("Caf\u{E9}"), .string("Cafe\u{301}"),
            .decimal(Decimal(string: "12.99") ?? 0), .decimal(Decimal(string: "123456789012345678901234.5") ?? 0),
            .date(Date(timeIntervalSince1970: 0)), .date(Date(timeIntervalSince1970: 1)),
            .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
            .strings(["a", "b"]), .strings(["a"]), .strings(["Caf\u{E9}"]), .strings(["Cafe\u{301}"]),
        ]
    }

    @Test("every pair of kinds and values, both ways")
    func everyPair() {
        let values = Self.values
        let count = values.count
        let slots = SlotPointer.allocateAbsent(count: count)
        let copies = SlotPointer.allocateAbsent(count: count)
        defer {
            for index in 0..<count {
                slots.deinitialize(index)
                copies.deinitialize(index)
            }
            slots.deallocate(count: count)
            copies.deallocate(count: count)
        }
        for (index, value) in values.enumerated() {
            slots.initialize(index, to: value)
            copies.initialize(index, to: value)
        }
        for first in 0..<count {
            for second in 0..<count {
                let expected = values[first].isIdentical(to: values[second]) == true
                #expect(slots.holdsSameValue(first, as: copies, second) == expected, "\(first) against \(second)")
                #expect(expected == (first == second), "the list holds no two equal values: \(first), \(second)")
            }
        }
    }

    @Test("a conflict is judged by value: canonically equivalent strings are the same value, not identical")
    func conflictsByValue() {
        let composed = Slot.string("Caf\u{E9}")
        let decomposed = Slot.string("Cafe\u{301}")
        #expect(composed.isSameValue(as: decomposed) && composed.isIdentical(to: decomposed) == false)
        #expect(!composed.conflicts(with: decomposed) && composed.conflicts(with: .string("Cafe")))
    }
}
