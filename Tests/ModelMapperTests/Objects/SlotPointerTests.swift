import Foundation
import Testing

@testable import ModelMapper

/// Objects keep their slots packed (``SlotPointer``): every kind of value a slot holds must
/// come back exactly as it was set, be moved out without a count, and be destroyed once.
@Suite("Packed slots: every value kept exactly")
struct SlotPointerTests {
    /// One value of every case a slot has, with the bits that must survive (a negative zero,
    /// a decimal's exponent, a decimal too wide for the payload).
    static func everyValue() throws -> [Slot] {
        let url = try #require(URL(string: "https://example.com/a%20b?q=1"))
        let wide = try #require(Decimal(string: "79228162514264337593543950335123"))  // more than 96 bits
        return [
            .absent, .null, .integer(.min), .integer(-1), .floatingPoint(-0.0), .floatingPoint(.nan),
            .boolean(true), .boolean(false), .string("short"),
            .string(String(repeating: "a long string, allocated ", count: 4)),
            .decimal(Decimal(sign: .minus, exponent: -2, significand: 12345)),
            .decimal(Decimal(string: "1.50") ?? 0), .decimal(wide), .decimal(.nan),
            .date(Date(timeIntervalSinceReferenceDate: -1.5)), .uuid(UUID()), .url(url),
            .data(Data(repeating: 7, count: 40)), .data(Data([1, 2])), .strings(["a", "b,c"]),
            .value(["boxed": 1] as [String: Int]), .objects([]),
        ]
    }

    @Test("each value reads back the same, bits included")
    func readsBack() throws {
        let values = try Self.everyValue()
        let slots = SlotPointer.allocateAbsent(count: values.count)
        defer {
            for index in values.indices { slots.deinitialize(index) }
            slots.deallocate(count: values.count)
        }
        for index in values.indices {
            guard case .absent = slots[index] else {
                Issue.record("slot \(index) is not absent at first")
                return
            }
            slots.initialize(index, to: values[index])
        }
        for (index, value) in values.enumerated() {
            let read = slots[index]
            #expect(Self.describe(read) == Self.describe(value), "slot \(index)")
        }
    }

    @Test("a decimal keeps its exponent and sign, in the payload or boxed")
    func decimals() throws {
        let wide = try #require(Decimal(string: "-7922816251426433759354395033.5123"))
        let cases = [Decimal(string: "100") ?? 0, Decimal(sign: .plus, exponent: 2, significand: 1), wide, Decimal()]
        let slots = SlotPointer.allocateAbsent(count: cases.count)
        defer {
            for index in cases.indices { slots.deinitialize(index) }
            slots.deallocate(count: cases.count)
        }
        for (index, decimal) in cases.enumerated() { slots.initialize(index, to: .decimal(decimal)) }
        #expect(slots.tag(0) == .decimal)
        #expect(slots.tag(2) == .wideDecimal)
        for (index, decimal) in cases.enumerated() {
            guard case .decimal(let read) = slots[index] else {
                Issue.record("slot \(index) lost its decimal")
                continue
            }
            #expect(read == decimal && read.exponent == decimal.exponent && read.sign == decimal.sign)
            #expect(withUnsafeBytes(of: read, Array.init) == withUnsafeBytes(of: decimal, Array.init))
        }
    }

    @Test("setting a slot releases what it held; moving one leaves it absent and counts nothing")
    func ownership() {
        weak var released: SlotBox?
        weak var moved: SlotBox?
        weak var overwritten: SlotBox?
        let slots = SlotPointer.allocateAbsent(count: 2)
        let other = SlotPointer.allocateAbsent(count: 2)
        do {
            let first = SlotBox([1, 2, 3])
            let second = SlotBox("moved")
            let third = SlotBox("overwritten")
            released = first
            moved = second
            overwritten = third
            slots.initialize(0, to: .boxed(first))
            slots.initialize(1, to: .boxed(second))
            other.initialize(1, to: .boxed(third))
        }
        #expect(released != nil && moved != nil && overwritten != nil, "the slots hold their values")
        slots[0] = .integer(3)
        #expect(released == nil, "the replaced value was released")
        other.moveAssign(1, from: slots, 1)
        #expect(slots.tag(1) == .absent)
        #expect(overwritten == nil, "the value moved over was released")
        do {
            guard case .boxed(let box) = other[1] else {
                Issue.record("the moved value is not where it was moved")
                return
            }
            #expect(box.value as? String == "moved")
        }
        #expect(moved != nil)
        for index in 0..<2 {
            slots.deinitialize(index)
            other.deinitialize(index)
        }
        #expect(moved == nil, "the moved value was released once, with its new slot")
        slots.deallocate(count: 2)
        other.deallocate(count: 2)
    }

    /// What a slot holds, as text that tells the cases and the exact bits apart.
    static func describe(_ slot: Slot) -> String {
        switch slot {
        case .floatingPoint(let number): "floatingPoint(\(number.bitPattern))"
        case .decimal(let decimal): "decimal(\(withUnsafeBytes(of: decimal, Array.init)))"
        case .boxed(let box): "boxed(\(box.value))"
        default: "\(slot)"
        }
    }
}
