import Foundation
@_spi(Engine) import ModelMapperSchema

/// The key order a run has seen documents use, per ``KeyLevel``: which key came first in the
/// last object read and which followed each key. The decoder tries that key first, comparing
/// it in place (``KeyTable/plainKey(_:)``), so that objects listing their keys in one order
/// (the usual case, and seldom the model's alphabetical one) are read without a lookup per
/// key. One per run, not shared: learning writes on every change of order.
///
/// Each level has `count + 1` entries from its `orderOffset`: at 0 the first key, at `i + 1`
/// the key after key `i`, each stored as its distance from `i + 1` so that zeroed memory
/// means "the keys in the model's order".
///
/// Not copyable, held by the run: a struct that frees its memory with the run rather than an
/// object of its own (an allocation and a release fewer on every decode call).
struct KeyOrder: ~Copyable {
    let entries: UnsafeMutablePointer<Int32>

    init(count: Int) {
        entries = .mallocated(capacity: max(count, 1))
        entries.initialize(repeating: 0, count: max(count, 1))
    }

    deinit {
        free(entries)
    }
}
