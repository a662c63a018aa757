import Foundation
import TestSupport
import Testing

@testable import ModelMapper

#if os(Linux)
/// glibc's size of a malloc block, less its own word (`malloc.h`, which Glibc's module
/// does not export).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// An object's own size is most of what a decoded graph takes (issue 49: a 64 MB document's
/// graph within three times the document): these hold the sizes the layout was packed to,
/// so that a field added or reordered shows here rather than in a benchmark.
@Suite("Object sizes: the fields pack into as few words as they can")
struct ObjectSizeTests {
    @Test("the slot storage takes 21 bytes, so that the object's flags fill its last word")
    func slotStorage() {
        #expect(MemoryLayout<SlotStorage>.size == 21)
    }

    @Test("slots are kept in 17 bytes each (16 of payload, a tag byte), not a Slot's 24")
    func packedSlots() {
        #expect(MemoryLayout<Slot>.stride == 24)
        #expect(SlotPointer.byteCount(count: 6) == 6 * 16 + 8)
        #expect(SlotPointer.byteCount(count: 8) == 8 * 17)
        #expect(SlotPointer.byteCount(count: 9) == 9 * 16 + 16)
        #expect(SlotPointer.byteCount(count: 0) == 0)
    }

    @Test("an object takes 88 bytes with its header: one malloc block of 96")
    func objectSize() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let entity = try #require(model.entity(named: "Book"))
        let book = ModelObject(entity: entity)
        let size = mallocUsableSize(Unmanaged.passUnretained(book).toOpaque())
        // glibc's blocks are 16-byte multiples with 8 bytes of its own: an object of 88
        // bytes has 88 usable, one of 89 to 104 has 104.
        #expect(size == 88, "usable size \(size)")
        #expect(book.entity == entity, "the entity is made from the model and the layout")
        #expect(book.entity.name == "Book")
    }
}
#endif
