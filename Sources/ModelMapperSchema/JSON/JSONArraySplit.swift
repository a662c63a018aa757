import Foundation

/// Finds element boundaries of a JSON array by one pass over its bytes that follows only
/// strings and nesting: the idea of simdjson's first stage (find the structure before reading
/// any value), without building its index. It moves forward only, as far as asked: each call
/// of ``next(near:notBefore:)`` gives the element boundary nearest an offset, so that whoever
/// cuts the array into pieces scans no further than its last cut.
///
/// Nothing is checked: a malformed array may give boundaries that are not elements'. Whoever
/// reads the pieces checks each against the reading itself (a piece is used only when a
/// reader that reached its start reads it exactly), so a boundary is a guess that is never
/// trusted, and costs time linear in the bytes, no recursion, and no memory.
package struct JSONArraySplit {
    /// A boundary: where an element starts, and its position in the array.
    package struct Boundary: Sendable, Equatable {
        /// Just past the `,` before the element.
        package let start: Int
        /// The element's position in the array.
        package let index: Int
    }

    private let base: UnsafeRawPointer?
    private let count: Int
    /// The next byte to look at, never inside a string.
    private var position: Int
    private var depth = 0
    private var commas = 0
    /// Just past the array's `]`, once the scan has passed it.
    package private(set) var end: Int?

    /// A scan of the array whose `[` is at `opening`.
    package init(_ bytes: UnsafeRawBufferPointer, opening: Int) {
        base = bytes.baseAddress
        count = bytes.count
        position = opening + 1
    }

    /// The element boundary nearest `target` that is not before `lowest`: the last one at or
    /// before `target`, or the first after it, whichever is closer; nil when there is none
    /// (the array ends first, or the text does, or a `}` closes it: a malformed array, which its
    /// reader reports). The scan moves on past what it returns, or past `target` when it
    /// returns the one before.
    package mutating func next(near target: Int, notBefore lowest: Int) -> Boundary? {
        guard let base, end == nil else { return nil }
        var index = position
        defer { position = index }
        var before: Boundary?
        while index < count {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            switch byte {
            case UInt8(ascii: "\""):
                guard let after = JSONTextScan.skipString(base, from: index + 1, count: count).end else {
                    index = count
                    return nil
                }
                index = after
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 {
                    if byte == UInt8(ascii: "]") { end = index + 1 }
                    index = count
                    return before
                }
                depth -= 1
            case UInt8(ascii: ","):
                guard depth == 0 else { break }
                commas += 1
                index += 1
                guard index >= lowest else { continue }
                let boundary = Boundary(start: index, index: commas)
                guard index > target else {
                    before = boundary
                    continue
                }
                guard let before, target - before.start <= index - target else { return boundary }
                return before
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
