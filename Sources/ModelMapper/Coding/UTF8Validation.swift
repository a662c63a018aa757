import Foundation

/// UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF;
/// and strings made from bytes known to be such without checking them again.
enum UTF8Validation {
    /// Whether the bytes are UTF-8 as RFC 3629 defines it.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            func continuation(_ offset: Int) -> Bool {
                index + offset < count && bytes[index + offset] & 0xC0 == 0x80
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                index += 2
            case 0xE0...0xEF:
                guard continuation(1), continuation(2) else { return false }
                let second = bytes[index + 1]
                if lead == 0xE0, second < 0xA0 { return false }  // overlong
                if lead == 0xED, second > 0x9F { return false }  // surrogates
                index += 3
            case 0xF0...0xF4:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                let second = bytes[index + 1]
                if lead == 0xF0, second < 0x90 { return false }  // overlong
                if lead == 0xF4, second > 0x8F { return false }  // above U+10FFFF
                index += 4
            default:
                return false
            }
        }
        return true
    }

    /// Whether every byte is ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    static func string(ofValid bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool? = nil) -> String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let ascii = isASCII ?? Self.isASCII(bytes)
            let span = unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: ascii)
            return String(copying: span)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
