import Foundation
@_spi(Engine) import ModelMapperSchema

/// The pieces of one large top-level array read on other threads while the calling thread reads
/// the first (see ``ObjectDecoder/readArrayAcrossThreads(entity:path:)``).
///
/// One block on Dispatch's global queue (the one pool of threads the process has, never more
/// threads than cores however many decodes submit to it) scans the array for its cuts
/// (``JSONArraySplit``), scanning no further than the last: each time it finds the start of a
/// piece, it submits the read of the piece before, and it reads the last piece itself. The
/// calling thread starts on the first piece at once, so the scan costs it nothing; the later
/// pieces are shorter by what their start waits for the scan (see ``targets``).
///
/// A piece is read in a run of its own, as if it were the array, and kept only when it read its
/// elements without an error. The calling thread takes each piece when it reaches it: one not
/// yet started is the caller's to read (so that a busy pool never makes a decode wait for a
/// thread, and two decodes waiting on each other's pieces cannot happen); one being read is
/// waited for. A scan that is not under way when the caller reaches the first cut, or whose
/// cut is not where the caller is, leaves the rest to the caller.
///
/// The lock is taken a few times per piece, never per object. The bytes must outlive every
/// read: ``finish()``, which the caller runs before it leaves the bytes, stops what has not
/// started and waits for what has.
final class ArrayPieceReads: @unchecked Sendable {
    /// A piece read apart: its objects, the run they were read in (its identities), and where
    /// it ended.
    struct Outcome {
        let objects: [ModelObject]
        let run: DecodingRun
        /// How much of the run's allowance for cycle searches the piece used.
        let allowanceUsed: Int
        /// Just past its last element's separator: the next piece's start, or past the `]`.
        let end: Int
        /// The position of the element after it.
        let nextIndex: Int
        /// Whether it ended the array.
        let endsArray: Bool
    }

    private enum State { case waiting, reading, read, taken }

    // Set once, before any block runs.
    private let bytes: UnsafeRawBufferPointer
    private let opening: Int
    /// Where each piece is cut: piece `k` starts at the element boundary nearest `targets[k]`
    /// that is not before `lowests[k]`, halfway from the cut before (`targets[0]` is the `[`).
    /// A piece's read starts when the scan reaches it, the scan being about ten times the
    /// speed of reading (``scanShare``): so the first piece is the largest and each later one
    /// shorter, that all end together.
    private let targets: [Int]
    /// Where the caller asks where piece `k` starts (see ``boundary(_:)``).
    let lowests: [Int]
    private let model: ObjectModel
    private let options: ModelDecoder.Options
    private let entity: Int
    private let path: JSONPath
    private let allowance: Int
    /// Whether the pieces' runs note what the JSON gave each object, and collect warnings, as
    /// the calling thread's does (a graph's merge, a partial read).
    private let recordsGivenValues: Bool
    private let collectsWarnings: Bool

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var states: [State]
    private var outcomes: [Outcome?]
    private var boundaries: [JSONArraySplit.Boundary?]
    private var scanState = ScanState.waiting
    private var isStopped = false
    private enum ScanState { case waiting, scanning, done }

    /// The time to scan a byte over the time to read it into objects, about: from 0.05
    /// (Authors, 190 MB/s read, against about 1.2 GB/s scanned) to 0.15 (objects of many small
    /// values).
    static let scanShare = 0.1

    /// Reads for `pieces` pieces of the array whose `[` is at `opening`, of objects of `entity`
    /// at `path`, with the options of `run` (stopping at the first error, which discards the
    /// piece) and its allowance for cycle searches.
    init(
        bytes: UnsafeRawBufferPointer,
        opening: Int,
        pieces: Int,
        entity: Int,
        path: JSONPath,
        run: DecodingRun
    ) {
        self.bytes = bytes
        self.opening = opening
        // The array is taken to run to the end of the text (most large arrays are the
        // document, or nearly all of it). Piece k starts after the scan has passed its start
        // (a share ρ of reading it): the cuts b_k = x (1 - (1 - ρ)^k) / ρ, for all to end together.
        let length = Double(bytes.count - opening)
        let keep = 1 - Self.scanShare
        let first = length * Self.scanShare / (1 - pow(keep, Double(pieces)))
        let targets = (0..<pieces)
            .map { piece in
                opening + Int(first * (1 - pow(keep, Double(piece))) / Self.scanShare)
            }
        self.targets = targets
        lowests = targets.indices.map { $0 == 0 ? opening : targets[$0] - (targets[$0] - targets[$0 - 1]) / 2 }
        self.model = run.model
        var options = run.options
        options.collectsAllErrors = false
        self.options = options
        self.entity = entity
        self.path = path
        self.allowance = run.cycleSearchAllowance
        recordsGivenValues = run.recordsGivenValues
        collectsWarnings = run.collectsWarnings
        states = Array(repeating: .waiting, count: pieces)
        states[0] = .taken
        outcomes = Array(repeating: nil, count: pieces)
        boundaries = Array(repeating: nil, count: pieces)
    }

    /// Submits the scan, which submits the reads.
    func start() {
        DispatchQueue.global().async { self.scanAndRead() }
    }

    /// Reads every piece after the first on this thread, now: what tests use to take the
    /// pool's timing out of what they check.
    func readAllHere() {
        scanAndRead(submitting: false)
    }

    /// Where piece `piece` starts, waiting for the scan to find it; nil when it has no start
    /// (the array ends first) or the scan is not under way, and then for every later piece.
    func boundary(_ piece: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while boundaries[piece] == nil, scanState == .scanning { condition.wait() }
        guard let boundary = boundaries[piece] else {
            stopLocked()
            return nil
        }
        return boundary.start
    }

    /// Piece `piece`, read apart, when it starts with the element at `index` (where the caller
    /// is), waiting for it while it is read; nil when it is the caller's to read (not started,
    /// or not read alone), and nil for every later piece when the scan counted elements
    /// otherwise.
    func take(_ piece: Int, index: Int) -> Outcome? {
        condition.lock()
        defer { condition.unlock() }
        guard boundaries[piece]?.index == index else {
            stopLocked()
            return nil
        }
        while states[piece] == .reading { condition.wait() }
        let outcome = states[piece] == .read ? outcomes[piece] : nil
        states[piece] = .taken
        outcomes[piece] = nil
        return outcome
    }

    /// Stops every piece not started: the caller reads the rest.
    func stop() {
        condition.lock()
        stopLocked()
        condition.unlock()
    }

    /// Stops what has not started and waits for what has; the pieces not taken are freed
    /// here, on the caller's thread.
    func finish() {
        condition.lock()
        stopLocked()
        while scanState == .scanning || states.contains(.reading) { condition.wait() }
        let left = outcomes
        outcomes = Array(repeating: nil, count: outcomes.count)
        condition.unlock()
        _ = left
    }

    /// Marks the scan and every piece not started as not to be started.
    private func stopLocked() {
        isStopped = true
        if scanState == .waiting { scanState = .done }
        for piece in states.indices where states[piece] == .waiting { states[piece] = .taken }
    }

    private func scanAndRead(submitting: Bool = true) {
        condition.lock()
        guard scanState == .waiting else {
            condition.unlock()
            return
        }
        scanState = .scanning
        condition.unlock()
        var scan = JSONArraySplit(bytes, opening: opening)
        var last = 0
        for piece in 1..<targets.count {
            guard let boundary = scan.next(near: targets[piece], notBefore: lowests[piece]) else { break }
            condition.lock()
            boundaries[piece] = boundary
            condition.broadcast()
            let isStopped = isStopped
            condition.unlock()
            if isStopped { break }
            if last > 0 {
                let previous = last
                if submitting {
                    DispatchQueue.global().async { self.read(previous, end: boundary.start) }
                } else {
                    read(previous, end: boundary.start)
                }
            }
            last = piece
        }
        condition.lock()
        scanState = .done
        condition.broadcast()
        condition.unlock()
        if last > 0 { read(last, end: nil) }
    }

    private func read(_ piece: Int, end: Int?) {
        condition.lock()
        guard states[piece] == .waiting, let start = boundaries[piece] else {
            condition.unlock()
            return
        }
        states[piece] = .reading
        condition.unlock()
        let outcome = readAlone(from: start, to: end)
        condition.lock()
        outcomes[piece] = outcome
        states[piece] = .read
        condition.broadcast()
        condition.unlock()
    }

    /// Reads a piece in a run of its own: its elements, each followed by its separator, to
    /// exactly `end` (the next piece's start), or to the array's `]` when nil.
    private func readAlone(from start: JSONArraySplit.Boundary, to end: Int?) -> Outcome? {
        let run = DecodingRun(model: model, options: options, byteCount: (end ?? bytes.count) - start.start)
        run.cycleSearchAllowance = allowance
        run.recordsGivenValues = recordsGivenValues
        run.collectsWarnings = collectsWarnings
        // Warnings are kept, and say where they are as the calling thread's do; errors are not.
        var reader = ObjectDecoder(bytes: bytes, run: run, locatesByLine: collectsWarnings)
        reader.scanner.index = start.start
        var objects: [ModelObject] = []
        var index = start.index
        do {
            while true {
                // Over the element limit, or an error recorded: the calling thread reads the
                // piece and reports it.
                guard index < reader.scanner.maximumElementCount else { return nil }
                let (object, hasMore) = try reader.readTopLevelElement(entity: entity, path: path, index: index)
                guard let object else { return nil }
                objects.append(object)
                index += 1
                guard let end else {
                    if hasMore { continue }
                    break
                }
                guard hasMore, reader.scanner.index <= end else { return nil }
                if reader.scanner.index == end { break }
            }
        } catch {
            return nil
        }
        guard run.errors.isEmpty else { return nil }
        return Outcome(
            objects: objects,
            run: run,
            allowanceUsed: allowance - run.cycleSearchAllowance,
            end: reader.scanner.index,
            nextIndex: index,
            endsArray: end == nil
        )
    }
}
