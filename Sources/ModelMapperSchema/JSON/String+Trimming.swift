extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing spaces and tabs. Unlike Foundation's
    /// `trimmingCharacters(in:)` it does not go through `NSString`, and returns the string
    /// itself, uncopied, in the usual case where there is nothing to trim: it runs for every
    /// number the decoder reads.
    package func trimmingSpaces() -> String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return String(self) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard isSpace(first) || isSpace(last) else { return String(self) }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return String(self[start..<end])
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes without leading and trailing spaces and tabs.
    package func trimmingSpaces() -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = count
        while start < end, self[start] == 0x20 || self[start] == 0x09 { start += 1 }
        while end > start, self[end - 1] == 0x20 || self[end - 1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(rebasing: self[start..<end])
    }
}
