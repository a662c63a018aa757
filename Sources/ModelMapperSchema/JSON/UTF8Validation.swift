import Foundation

/// UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF;
/// and strings made from bytes known to be such without checking them again.
@_spi(Engine) public enum UTF8Validation {
    /// Whether the bytes are UTF-8 as RFC 3629 defines it.
    ///
    /// ASCII runs are passed eight bytes at a time. Each other sequence is checked as one word
    /// of its next four bytes (zeros past the end, which no continuation byte is): its form by a
    /// mask, the range of its second byte by the lead (Unicode's Table 3-7).
    @inlinable public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                // An ASCII run, a word at a time, to the first byte above 0x7F. Entered only at an
                // ASCII byte, so that text of multi-byte characters (Japanese, say) goes from one
                // sequence to the next without loading a word that starts at a lead byte.
                index += 1
                while index + 8 <= count {
                    let highs = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080
                    if highs != 0 {
                        index += UInt64(littleEndian: highs).trailingZeroBitCount >> 3
                        break
                    }
                    index += 8
                }
                continue
            }
            // The sequence's bytes as one word, the lead lowest.
            var word: UInt32 = 0
            if count - index >= 4 {
                word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            } else {
                for offset in 0..<(count - index) { word |= UInt32(base[index + offset]) << (8 * offset) }
            }
            let second = UInt8(truncatingIfNeeded: word >> 8)
            if word & 0xC0_C0F0 == 0x80_80E0 {  // 1110xxxx 10xxxxxx 10xxxxxx: most non-Latin text
                if lead == 0xE0, second < 0xA0 { return false }  // no overlong forms
                if lead == 0xED, second > 0x9F { return false }  // no surrogates
                index += 3
            } else if word & 0xC0E0 == 0x80C0 {  // 110xxxxx 10xxxxxx
                guard lead >= 0xC2 else { return false }  // no overlong forms
                index += 2
            } else if word & 0xC0C0_C0F8 == 0x8080_80F0 {  // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx
                if lead == 0xF0, second < 0x90 { return false }  // no overlong forms
                if lead > 0xF4 || (lead == 0xF4 && second > 0x8F) { return false }  // nothing above U+10FFFF
                index += 4
            } else {
                return false
            }
        }
        return true
    }

    /// Whether every byte is ASCII, eight at a time.
    @inlinable public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var highs: UInt64 = 0
        while index + 8 <= bytes.count {
            highs |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            highs |= UInt64(base[index])
            index += 1
        }
        return highs & 0x8080_8080_8080_8080 == 0
    }

    /// A string of bytes already known to be valid UTF-8 (the scanner checked them, or they
    /// are ASCII), made without checking them again where the standard library allows it:
    /// `String(decoding:)` would check every byte a second time. `isASCII` says what the
    /// caller knows; when nil, the bytes are looked at (a string made from ASCII must be marked
    /// so, or comparing it later takes Unicode's slow path).
    ///
    /// - Precondition: the bytes are valid UTF-8. Anything else makes a broken `String`.
    @inlinable public static func string(ofValid bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool? = nil) -> String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let ascii = isASCII ?? Self.isASCII(bytes)
            let span = unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: ascii)
            return String(copying: span)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
