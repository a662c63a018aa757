/// The byte loops that find their way through JSON text without reading its values, eight
/// bytes at a time where they can: the end of a string, and the line and column of an offset.
/// What the scans ahead of the decoder share (``JSONArraySplit``, the streaming decoder's
/// element finder), so that each rule is written once.
package enum JSONTextScan {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` equal to the byte `repeated` repeats, and possibly
    /// of bytes above such a byte: so its lowest set bit is the first match exactly.
    @inlinable @inline(__always)
    static func matches(_ word: UInt64, _ repeated: UInt64) -> UInt64 {
        let difference = word ^ repeated
        return (difference &- ones) & ~difference & highs
    }

    /// Where the string whose contents start at `from` ends, just past its closing quote; or,
    /// when the text (`count` bytes at `base`) ends first, nil, with the offset to go on from
    /// when more text follows (past `count` when the text ends with a backslash, whose escaped
    /// byte comes next). Eight bytes at a time, jumping to the first quote or backslash among
    /// them; a byte at a time in the last seven. Inlined into the scans: most strings are short,
    /// and a call costs what their bytes do.
    @inlinable
    package static func skipString(_ base: UnsafeRawPointer, from: Int, count: Int) -> (end: Int?, next: Int) {
        let quotes = ones &* UInt64(UInt8(ascii: "\""))
        let backslashes = ones &* UInt64(UInt8(ascii: "\\"))
        var index = from
        while true {
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let found = matches(word, quotes) | matches(word, backslashes)
                if found != 0 {
                    index &+= found.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
            guard index < count else { return (nil, index) }
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == UInt8(ascii: "\"") { return (index + 1, index + 1) }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
    }

    /// Moves `line` and `column` (1-based; columns count Unicode scalars, so a UTF-8
    /// continuation byte adds none) over the bytes from `from` to `to` at `base`: a line feed
    /// starts the next line. Eight bytes at a time while none is a line feed.
    package static func advance(line: inout Int, column: inout Int, over base: UnsafeRawPointer, from: Int, to: Int) {
        let feeds = ones &* 0x0A
        var index = from
        while index < to {
            if index &+ 8 <= to {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if matches(word, feeds) == 0 {
                    // A continuation byte is 10xxxxxx: its high bit set, the one below clear.
                    // Their count: one bit per byte moved to the low bit, summed into the top
                    // byte by a multiplication (a population count is not an instruction every
                    // x86-64 has).
                    let continuations = (word & highs & ~(word &<< 1)) &>> 7
                    column &+= 8 &- Int(truncatingIfNeeded: (continuations &* ones) &>> 56)
                    index &+= 8
                    continue
                }
            }
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == 0x0A {
                line &+= 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column &+= 1
            }
            index &+= 1
        }
    }
}
