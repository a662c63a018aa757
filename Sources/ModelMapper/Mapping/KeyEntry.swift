import Foundation
@_spi(Engine) import ModelMapperSchema

/// One key of a level as the decoder reads it: what reads its value and, for when it is the key
/// expected next (``KeyOrder``), its quoted form to compare in place with the text, side by side
/// in plain memory, so that reading an expected member takes one lookup.
struct KeyEntry {
    /// The key's quoted form as words (length 0: compare ``bytes``).
    let pattern: QuotedKeyPattern
    let bytes: UnsafeBufferPointer<UInt8>
    let action: KeyAction
    /// Whether it can be read in place: a key JSON spells only as its bytes, whose value one
    /// reader alone reads.
    let isReadable: Bool

    init(plainKey: (bytes: UnsafeBufferPointer<UInt8>, pattern: QuotedKeyPattern)?, action: KeyAction?) {
        pattern = plainKey?.pattern ?? QuotedKeyPattern(nil)
        bytes = plainKey?.bytes ?? UnsafeBufferPointer(start: nil, count: 0)
        self.action = action ?? KeyAction(kind: .skip, slot: -1, nested: nil)
        isReadable = plainKey != nil && action.map { $0.kind != .shared } ?? false
    }
}
