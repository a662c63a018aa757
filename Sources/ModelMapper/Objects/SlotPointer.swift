import Foundation
@_spi(Engine) import ModelMapperSchema

/// Where the slots of one object are, packed: 16 bytes of payload per slot, and before them a
/// byte per slot that says what its payload holds (its ``Tag``), in reverse order, so that
/// both are found from this one pointer.
///
/// A ``Slot`` is 24 bytes: `String`, `UUID`, `URL`, `Data` and `Link` take 16 and leave the
/// enum no spare bits for its case, which then takes a word of its own. Packed, a slot takes
/// 17 bytes, and the slots are most of what a decoded graph takes (a 64 MB document's 4.4
/// million slots were 106 MB of its 212). `Slot` stays the value that is read and written;
/// this is only how slots are kept. A `Decimal` (20 bytes) is kept in 16 when the last 4 of
/// its bytes are zero (a mantissa under 2^96, which is every decimal a JSON number of up to 28
/// digits reads into), and boxed otherwise.
///
/// A plain pointer: it owns nothing. ``SlotStorage`` owns an object's slots; a decoder's frame
/// owns them while it fills them (see ``SlotArena``).
struct SlotPointer {
    /// The first slot's payload.
    let payloads: UnsafeMutableRawPointer

    /// What a slot's payload holds. Absent is zero, so that memory of zeros is absent slots.
    enum Tag: UInt8 {
        case absent = 0
        case null, integer, floatingPoint, boolean, string, decimal, wideDecimal, date, uuid, url, data
        case strings, boxed, object, objects
    }

    /// The bytes of one slot's payload.
    static let payloadSize = 16

    /// The bytes of tags before the payloads of `count` slots: a multiple of 8, so that the
    /// payloads are aligned as the memory is.
    @inline(__always)
    static func tagBytes(count: Int) -> Int { (count &+ 7) & ~7 }

    /// The bytes that `count` slots take.
    @inline(__always)
    static func byteCount(count: Int) -> Int { tagBytes(count: count) &+ payloadSize &* count }

    /// `count` absent slots in `memory`, which has ``byteCount(count:)`` bytes aligned to 8.
    @inline(__always)
    init(absentIn memory: UnsafeMutableRawPointer, count: Int) {
        let tagBytes = Self.tagBytes(count: count)
        memory.initializeMemory(as: Tag.self, repeating: .absent, count: tagBytes)
        payloads = memory + tagBytes
    }

    /// `count` absent slots in memory of their own, from malloc: freed with
    /// ``deallocate(count:)``.
    static func allocateAbsent(count: Int) -> SlotPointer {
        let memory = UnsafeMutablePointer<UInt64>.mallocated(capacity: byteCount(count: count) / 8)
        return SlotPointer(absentIn: UnsafeMutableRawPointer(memory), count: count)
    }

    /// Frees memory from ``allocateAbsent(count:)``; its slots must hold no reference.
    func deallocate(count: Int) {
        free(payloads - Self.tagBytes(count: count))
    }

    /// What slot `index` holds.
    @inline(__always)
    func tag(_ index: Int) -> Tag {
        (payloads - 1 - index).assumingMemoryBound(to: Tag.self).pointee
    }

    @inline(__always)
    private func setTag(_ tag: Tag, _ index: Int) {
        (payloads - 1 - index).assumingMemoryBound(to: Tag.self).pointee = tag
    }

    /// Slot `index`'s payload as a `T`, which its tag must say it holds: read in place, so
    /// that a reader that only looks counts no reference.
    @inline(__always)
    func payload<T>(_ index: Int, as type: T.Type) -> UnsafeMutablePointer<T> {
        (payloads + Self.payloadSize &* index).assumingMemoryBound(to: T.self)
    }

    /// Slot `index`, copied; setting it destroys what it held.
    subscript(index: Int) -> Slot {
        @inline(__always) get {
            switch tag(index) {
            case .absent: return .absent
            case .null: return .null
            case .integer: return .integer(payload(index, as: Int64.self).pointee)
            case .floatingPoint: return .floatingPoint(payload(index, as: Double.self).pointee)
            case .boolean: return .boolean(payload(index, as: Bool.self).pointee)
            case .string: return .string(payload(index, as: String.self).pointee)
            case .decimal: return .decimal(compactDecimal(index))
            case .wideDecimal: return .decimal(payload(index, as: DecimalBox.self).pointee.value)
            case .date: return .date(payload(index, as: Date.self).pointee)
            case .uuid: return .uuid(payload(index, as: UUID.self).pointee)
            case .url: return .url(payload(index, as: URL.self).pointee)
            case .data: return .data(payload(index, as: Data.self).pointee)
            case .strings: return .strings(payload(index, as: [String].self).pointee)
            case .boxed: return .boxed(payload(index, as: SlotBox.self).pointee)
            case .object: return .object(payload(index, as: Link.self).pointee)
            case .objects: return .objects(payload(index, as: [Link].self).pointee)
            }
        }
        @inline(__always) nonmutating set {
            deinitialize(index)
            initialize(index, to: newValue)
        }
    }

    /// Sets slot `index`, whose memory holds no value (never set, moved out, or deinitialized).
    @inline(__always)
    func initialize(_ index: Int, to value: consuming Slot) {
        let memory = payloads + Self.payloadSize &* index
        let tag: Tag
        switch consume value {
        case .absent: tag = .absent
        case .null: tag = .null
        case .integer(let integer):
            memory.initializeMemory(as: Int64.self, to: integer)
            tag = .integer
        case .floatingPoint(let number):
            memory.initializeMemory(as: Double.self, to: number)
            tag = .floatingPoint
        case .boolean(let flag):
            memory.initializeMemory(as: Bool.self, to: flag)
            tag = .boolean
        case .string(let text):
            memory.initializeMemory(as: String.self, to: text)
            tag = .string
        case .decimal(let decimal):
            tag = Self.store(decimal, in: memory)
        case .date(let date):
            memory.initializeMemory(as: Date.self, to: date)
            tag = .date
        case .uuid(let uuid):
            memory.initializeMemory(as: UUID.self, to: uuid)
            tag = .uuid
        case .url(let url):
            memory.initializeMemory(as: URL.self, to: url)
            tag = .url
        case .data(let data):
            memory.initializeMemory(as: Data.self, to: data)
            tag = .data
        case .strings(let strings):
            memory.initializeMemory(as: [String].self, to: strings)
            tag = .strings
        case .boxed(let box):
            memory.initializeMemory(as: SlotBox.self, to: box)
            tag = .boxed
        case .object(let link):
            memory.initializeMemory(as: Link.self, to: link)
            tag = .object
        case .objects(let links):
            memory.initializeMemory(as: [Link].self, to: links)
            tag = .objects
        }
        setTag(tag, index)
    }

    /// Slot `index`'s payload, a `T` as its tag says, moved out: the slot is left absent.
    @inline(__always)
    func take<T>(_ index: Int, as type: T.Type) -> T {
        let value = payload(index, as: T.self).move()
        setTag(.absent, index)
        return value
    }

    /// Moves slot `sourceIndex` of `source` into slot `index` here, destroying what this slot
    /// held: its bytes and tag copied as they are (every payload type moves bitwise), so that
    /// no reference is counted and the value is not looked at. The source slot is left absent.
    @inline(__always)
    func moveAssign(_ index: Int, from source: SlotPointer, _ sourceIndex: Int) {
        deinitialize(index)
        (payloads + Self.payloadSize &* index)
            .copyMemory(from: source.payloads + Self.payloadSize &* sourceIndex, byteCount: Self.payloadSize)
        setTag(source.tag(sourceIndex), index)
        source.setTag(.absent, sourceIndex)
    }

    /// Destroys slot `index`'s value, leaving its memory to be initialized again or freed
    /// (its tag still names the value that was there).
    @inline(__always)
    func deinitialize(_ index: Int) {
        switch tag(index) {
        case .absent, .null, .integer, .floatingPoint, .boolean, .decimal, .date, .uuid: break
        case .string: payload(index, as: String.self).deinitialize(count: 1)
        case .wideDecimal: payload(index, as: DecimalBox.self).deinitialize(count: 1)
        case .url: payload(index, as: URL.self).deinitialize(count: 1)
        case .data: payload(index, as: Data.self).deinitialize(count: 1)
        case .strings: payload(index, as: [String].self).deinitialize(count: 1)
        case .boxed: payload(index, as: SlotBox.self).deinitialize(count: 1)
        case .object: payload(index, as: Link.self).deinitialize(count: 1)
        case .objects: payload(index, as: [Link].self).deinitialize(count: 1)
        }
    }

    /// Whether slot `index` is absent or null.
    @inline(__always)
    func isAbsentOrNull(_ index: Int) -> Bool {
        let tag = tag(index)
        return tag == .absent || tag == .null
    }

    // MARK: Decimals

    /// Keeps `decimal` in the payload at `memory` when its bytes past the 16th are zero (a
    /// `Decimal` is plain bytes: it holds no reference), and boxed otherwise.
    @inline(__always)
    private static func store(_ decimal: Decimal, in memory: UnsafeMutableRawPointer) -> Tag {
        let fits = withUnsafeBytes(of: decimal) { bytes in
            bytes[min(payloadSize, bytes.count)...].allSatisfy { $0 == 0 }
        }
        guard fits, _isPOD(Decimal.self) else {
            memory.initializeMemory(as: DecimalBox.self, to: DecimalBox(decimal))
            return .wideDecimal
        }
        withUnsafeBytes(of: decimal) { bytes in
            memory.copyMemory(from: bytes.baseAddress.unsafelyUnwrapped, byteCount: min(payloadSize, bytes.count))
        }
        return .decimal
    }

    /// The decimal kept in slot `index`'s payload (``store(_:in:)``).
    @inline(__always)
    private func compactDecimal(_ index: Int) -> Decimal {
        var decimal = Decimal()
        let memory = payloads + Self.payloadSize &* index
        withUnsafeMutableBytes(of: &decimal) { bytes in
            bytes.initializeMemory(as: UInt8.self, repeating: 0)
            let count = min(Self.payloadSize, bytes.count)
            bytes.baseAddress.unsafelyUnwrapped.copyMemory(from: memory, byteCount: count)
        }
        return decimal
    }
}
