import Foundation
@_spi(Engine) import ModelMapperSchema

/// The objects an encoding run is inside, innermost last, in memory the run manages: a frame
/// changes in place and is never copied, so that stepping through an object counts no
/// references.
///
/// The stack holds a strong reference to each frame's object, and to a program made for that
/// object alone, from ``push(_:)`` until ``pop()`` (or until the stack is freed, after an
/// error). Everything else a frame refers to lives at least as long: the entity's program and
/// mapping belong to the object, the owner and its key level to the frame below.
final class EncodingFrames {
    struct Frame {
        let object: Unmanaged<ModelObject>
        let program: Unmanaged<WriteProgram>
        /// Whether the object kept the JSON it was decoded from (see ``DecodedSource``): then
        /// ``program`` was made for it, and the stack retains it.
        let hasSource: Bool
        /// The next step of the program.
        var step = 0
        /// The relationship slot not to write (the inverse of the one this object was reached
        /// by), or -1.
        let skipping: Int
        /// The attribute slot not to write (the identity of an object of a map that leaves it
        /// to the key, `jsonForm` `mapOmittingIdentity`), or -1.
        let omitting: Int
        /// Whether the current level has no member yet.
        var isEmpty: Bool
        /// How many open nested objects of flattened key paths the run had when the frame was
        /// pushed: the frame is at its own level while the run has no more.
        let nestingBase: Int
        /// Keys the object that links to this one writes in it (its flattened attributes).
        let extras: Unmanaged<KeyLevel>?
        /// The object that links to this one, when it writes keys in it.
        let owner: Unmanaged<ModelObject>?
        /// Per step of ``program``, whether the owner writes its key (an entity's program
        /// only; nil otherwise). Owned by the stack.
        let writtenByOwner: UnsafeMutablePointer<Bool>?
        /// How the frame was reached, for error paths: the relationship slot of the frame
        /// below (-1 for the root) and the index in a to-many (-1 for a to-one).
        let viaSlot: Int
        let viaIndex: Int
        /// The to-many relationship being written: its slot (-1: none), its objects, the next
        /// one and whether one was written.
        var arraySlot = -1
        /// Nil outside an array: a frame then holds nothing to release but its object.
        var arrayLinks: [Link]?
        var arrayIndex = 0
        var arrayIsEmpty = true
        /// Whether the to-many is written as an object keyed by identity (`jsonForm` `map`).
        var arrayIsMap = false

        /// Takes a reference to `object`; `program` comes retained when `hasSource` (it was
        /// made for the object), unretained otherwise (the object's mapping keeps it alive).
        init(
            object: ModelObject,
            program: Unmanaged<WriteProgram>,
            hasSource: Bool,
            skipping: Int,
            omitting: Int = -1,
            isEmpty: Bool,
            nestingBase: Int,
            extras: Unmanaged<KeyLevel>?,
            owner: Unmanaged<ModelObject>?,
            writtenByOwner: UnsafeMutablePointer<Bool>?,
            viaSlot: Int,
            viaIndex: Int
        ) {
            self.hasSource = hasSource
            self.object = .passRetained(object)
            self.program = program
            self.skipping = skipping
            self.omitting = omitting
            self.isEmpty = isEmpty
            self.nestingBase = nestingBase
            self.extras = extras
            self.owner = owner
            self.writtenByOwner = writtenByOwner
            self.viaSlot = viaSlot
            self.viaIndex = viaIndex
        }
    }

    /// The frames; valid until the next push, which may move them.
    private(set) var frames: UnsafeMutablePointer<Frame>
    private(set) var count = 0
    private var capacity = 16
    /// The flags of ``WriteProgram/stepsWritten(byOwnerLevel:)`` made so far, per owner level
    /// and program (held, so that neither is freed and its address reused while the flags
    /// stand): a handful per model.
    private var ownerFlags: [(level: KeyLevel, program: WriteProgram, flags: UnsafeMutablePointer<Bool>)] = []
    /// The entry of ``ownerFlags`` found last, by address (the entry holds both alive).
    private var lastOwnerFlags:
        (level: UnsafeMutableRawPointer, program: UnsafeMutableRawPointer, flags: UnsafeMutablePointer<Bool>)?

    init() {
        frames = .mallocated(capacity: capacity)
    }

    deinit {
        while count > 0 { pop() }
        free(frames)
        for entry in ownerFlags { entry.flags.deallocate() }
    }

    var isEmpty: Bool { count == 0 }

    func push(_ frame: consuming Frame) {
        if count == capacity {
            frames = frames.movedToDoubledCapacity(count: count, capacity: capacity)
            capacity *= 2
        }
        (frames + count).initialize(to: frame)
        count += 1
    }

    /// Pops the top frame, releasing what it held; returns whether its level stayed empty.
    @discardableResult
    func pop() -> Bool {
        count -= 1
        // Released field by field: the frame's memory holds only plain values after, which the
        // next push initializes over.
        let frame = frames + count
        frame.pointee.object.release()
        if frame.pointee.hasSource { frame.pointee.program.release() }
        if frame.pointee.arrayLinks != nil { frame.pointee.arrayLinks = nil }
        return frame.pointee.isEmpty
    }

    /// Whether an object is one of the frames' (on the way to the top).
    func contains(_ object: ModelObject) -> Bool {
        let address = Unmanaged.passUnretained(object).toOpaque()
        for index in 0..<count where frames[index].object.toOpaque() == address { return true }
        return false
    }

    /// Which steps of `program` (an entity's) an owner writing `level` in its objects takes
    /// over, made once per run and pair; the pair met last is looked up first.
    func steps(of program: Unmanaged<WriteProgram>, writtenByOwnerLevel level: Unmanaged<KeyLevel>)
        -> UnsafeMutablePointer<Bool>
    {
        let key = (level: level.toOpaque(), program: program.toOpaque())
        if let last = lastOwnerFlags, last.level == key.level, last.program == key.program { return last.flags }
        let flags: UnsafeMutablePointer<Bool>
        if let entry = ownerFlags.first(where: {
            $0.level === level.takeUnretainedValue() && $0.program === program.takeUnretainedValue()
        }) {
            flags = entry.flags
        } else {
            flags = program._withUnsafeGuaranteedRef { $0.stepsWritten(byOwnerLevel: level.takeUnretainedValue()) }
            ownerFlags.append((level.takeUnretainedValue(), program.takeUnretainedValue(), flags))
        }
        lastOwnerFlags = (key.level, key.program, flags)
        return flags
    }
}
