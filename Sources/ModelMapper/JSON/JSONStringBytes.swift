/// The bytes of a string's contents, escapes decoded: in the input when it had none,
/// else in the scratch buffer (valid until the next string is read). Always valid UTF-8.
struct JSONStringBytes {
    let start: UnsafePointer<UInt8>
    let count: Int
    /// Whether the bytes are known to be ASCII (false: unknown, or not).
    var isASCII = false
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }
    var string: String { String(decoding: buffer, as: UTF8.self) }
}
