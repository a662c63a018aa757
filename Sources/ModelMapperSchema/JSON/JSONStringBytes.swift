/// The bytes of a string's contents, escapes decoded: in the input when it had none,
/// else in the scratch buffer (valid until the next string is read). Always valid UTF-8.
@_spi(Engine) public struct JSONStringBytes {
    /// The first byte of the contents.
    public let start: UnsafePointer<UInt8>
    /// How many bytes the contents are.
    public let count: Int
    /// Whether the bytes are known to be ASCII (false: unknown, or not).
    public var isASCII = false

    /// The contents at `start`, `count` bytes long.
    @inlinable public init(start: UnsafePointer<UInt8>, count: Int, isASCII: Bool = false) {
        self.start = start
        self.count = count
        self.isASCII = isASCII
    }
    /// The contents as a buffer.
    @inlinable public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }
    /// The contents as a string.
    @inlinable public var string: String { String(decoding: buffer, as: UTF8.self) }
}
