@_spi(Engine) import ModelMapperSchema

/// Whether a number attribute writes a number literal back as it was sent, read and written
/// by the library's own rules (`NumberReading`, `JSONWriter`, `padFraction`): what inference
/// asks before it declares a Double for numbers whose fraction digits differ from sample to
/// sample (`586` beside `245.5`), so that nothing read is altered.
enum NumberWriteBack {
    /// As a `Double` with `jsonFractionDigits` 0: the shortest digits that read back, an
    /// integral value without `.0` (`586`, `245.5`, `0.35`; not `49.90`).
    static func double(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var writer = JSONWriter(capacity: bytes.count + 8)
        let isRead = bytes.withUnsafeBufferPointer { buffer in
            guard let value = NumberReading.double(buffer), value.isFinite else { return false }
            writer.double(value)
            return true
        }
        guard isRead else { return false }
        writer.padFraction(from: 0, to: 0)
        return writer.bytes(from: 0) == bytes
    }
}
