#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing shared by the benchmarks: contenders run in interleaved rounds (A B C, B C A, …) and
/// each reports its median, so that what the machine does meanwhile falls on all of them alike.
public enum InterleavedRounds {
    /// Runs each body once per round, `rounds` times, and returns each one's median duration.
    /// The order rotates from round to round, so that no contender always runs after the same
    /// one, and the heap is settled before each: what the previous contender left in the
    /// allocator moves a run by up to 3x on this machine, whichever contender it is.
    ///
    /// For example:
    ///
    /// ```swift
    /// let medians = try InterleavedRounds.medians(rounds: 9, [decodeWithModelMapper, decodeWithCodable])
    /// print(medians[0].milliseconds / medians[1].milliseconds)
    /// ```
    public static func medians(rounds: Int, _ bodies: [() throws -> Void]) throws -> [Duration] {
        var samples = Array(repeating: [Duration](), count: bodies.count)
        try rotate(rounds: rounds, count: bodies.count) { index in
            let start = ContinuousClock.now
            try bodies[index]()
            samples[index].append(ContinuousClock.now - start)
        }
        return samples.map(median)
    }

    /// Like ``medians(rounds:_:)``, for bodies that return what they made: the median time of
    /// each body, and apart from it the median time of freeing its result. Freeing a graph of
    /// objects is part of what decoding costs its caller, and it is bound by memory rather
    /// than by instructions: this tells how much of a contender's time it takes.
    public static func phases(rounds: Int, _ bodies: [() throws -> Any]) throws -> [(work: Duration, free: Duration)] {
        var work = Array(repeating: [Duration](), count: bodies.count)
        var free = work
        try rotate(rounds: rounds, count: bodies.count) { index in
            let start = ContinuousClock.now
            var result: Any? = try bodies[index]()
            let made = ContinuousClock.now
            measuredRun { result = nil }
            free[index].append(ContinuousClock.now - made)
            work[index].append(made - start)
            _ = result
        }
        return bodies.indices.map { (median(work[$0]), median(free[$0])) }
    }

    /// Calls `run` with each of `count` contenders once per round, `rounds` times, the order
    /// rotating from round to round and the heap settled before each.
    private static func rotate(rounds: Int, count: Int, _ run: (Int) throws -> Void) rethrows {
        for round in 0..<max(1, rounds) {
            for step in 0..<count {
                settleHeap()
                try run((round + step) % count)
            }
        }
    }

    private static func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

    /// Makes the allocator consolidate the small blocks the previous contender freed, outside
    /// the timed region: glibc defers that work to the next large request, so each contender
    /// would otherwise pay for the garbage of the one before it. A 64 KiB block comes from the
    /// heap (below the mmap threshold), so nothing is returned to the system.
    static func settleHeap() {
        free(malloc(1 << 16))
    }
}

/// Runs one contender alone; a function of its own, never inlined, so that callgrind counts it
/// and nothing of the setup around it:
///
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' ...
@inline(never) public func measuredRun(_ body: () throws -> Void) rethrows { try body() }

extension Duration {
    /// The duration in milliseconds.
    public var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}
