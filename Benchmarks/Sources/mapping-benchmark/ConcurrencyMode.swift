import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper
import Workloads

/// Issue 50's scaling check (`--concurrency K`): K threads of one process decoding the same
/// document over and over, sharing one model and one decoder (as a server's request handlers
/// share them), against K processes doing the same each with its own, in interleaved rounds.
/// A decode that scales with threads as it does with processes takes no lock and writes no
/// memory that other threads read on its way.
///
///     swift run -c release mapping-benchmark 0 5 --concurrency 2              # every workload
///     swift run -c release mapping-benchmark 0 5 --concurrency 16 --workload authors
///
/// The workloads: decoding the Authors shape of 200 authors (377 KB, as issue 50 measured), the
/// flat shape of 1,000 records, and the standard documents where `../shared/bench-corpus` is at
/// hand; encoding the Authors shape's objects (`authors.encode`: each thread encodes objects of
/// its own, decoded once, since an encode marks the objects it writes); and merging a set of ten
/// Bands documents of 1,000 objects into a new graph (`graph.merge`).
/// Each round runs the threads for `seconds` (2 by default, `--seconds`), then the processes
/// for as long, started together at a time set in advance; the figures are medians of the rounds'
/// MB/s, the document's bytes decoded over the time.
enum ConcurrencyMode {
    /// A decode to run over and over, and the bytes it reads.
    struct Workload {
        let name: String
        let bytes: Int
        let decode: () throws -> Void
    }

    /// The workloads' names, in the order they run.
    static let names = ["authors", "flat", "authors.encode", "graph.merge"] + StandardDocuments.all.map(\.name)

    /// The workload named `name`; nil when it is a standard document that is not at hand.
    static func workload(_ name: String) throws -> Workload? {
        switch name {
        case "authors":
            let shape = try authorsShape(count: 200)
            return Workload(name: name, bytes: shape.data.count, decode: shape.decode)
        case "flat":
            let shape = try flatShape(count: 1_000)
            return Workload(name: name, bytes: shape.data.count, decode: shape.decode)
        case "authors.encode":
            let shape = try authorsShape(count: 200)
            let objects = ThreadOwned { try shape.decodeKept() as? [Author] ?? [] }
            let encoder = ModelEncoder(options: benchmarkEncoderOptions)
            return Workload(
                name: name,
                bytes: shape.data.count,
                decode: { _ = try encoder.encode(try objects.value(), at: "authors") }
            )
        case "graph.merge":
            let model = try ObjectModel(contentsOf: GraphDocuments.modelURL)
            let documents = GraphDocuments.documents(count: 1_000)
            return Workload(
                name: name,
                bytes: documents.reduce(0) { $0 + $1.count },
                decode: { _ = try GraphDocuments.merge(documents, model: model) }
            )
        default:
            guard let document = StandardDocuments.available(named: [name])?.first else { return nil }
            let (data, contenders) = try StandardDocuments.contenders(of: document)
            guard let decode = contenders.first(where: { $0.name == "decode" }) else { return nil }
            return Workload(name: name, bytes: data.count, decode: decode.body)
        }
    }

    /// Every workload (or `only`), `rounds` interleaved rounds of `threads` threads against as
    /// many processes.
    static func run(threads: Int, seconds: Double, rounds: Int, only: String?) throws {
        print(
            "medians of \(rounds) rounds of \(seconds) s each: \(threads) threads of one process (one model and "
                + "decoder shared) against \(threads) processes; MB/s of the document decoded"
        )
        for name in names where only == nil || only == name {
            guard let workload = try workload(name) else {
                print("\(name): skipped (../shared/bench-corpus is not at hand)")
                continue
            }
            var threaded: [Double] = []
            var separate: [Double] = []
            var single: [Double] = []
            for _ in 0..<rounds {
                single.append(try Self.threaded(workload, threads: 1, seconds: seconds))
                threaded.append(try Self.threaded(workload, threads: threads, seconds: seconds))
                separate.append(try processes(name, bytes: workload.bytes, count: threads, seconds: seconds))
            }
            let (one, many, apart) = (median(single), median(threaded), median(separate))
            print(
                String(
                    format: "%@ %5d KiB  1 thread %7.1f MB/s   %d threads %7.1f MB/s   %d processes %7.1f MB/s   "
                        + "threads / processes %.2fx",
                    name.padding(toLength: 13, withPad: " ", startingAt: 0),
                    workload.bytes / 1024,
                    one,
                    threads,
                    many,
                    threads,
                    apart,
                    many / apart
                )
            )
        }
    }

    /// MB/s of `threads` threads decoding `workload` over and over for `seconds`, sharing it.
    static func threaded(_ workload: Workload, threads: Int, seconds: Double) throws -> Double {
        let shared = SharedDecode(workload.decode)
        let results = ThreadResults(count: threads)
        let group = DispatchGroup()
        let deadline = Date().addingTimeInterval(seconds)
        let start = Date()
        for index in 0..<threads {
            group.enter()
            let thread = Thread {
                results.record(index, Self.loop(shared.decode, until: deadline))
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        let elapsed = Date().timeIntervalSince(start)
        let decodes = try results.total()
        return Double(decodes * workload.bytes) / elapsed / 1_048_576
    }

    /// How many decodes ran before `deadline`, or the first error.
    static func loop(_ decode: () throws -> Void, until deadline: Date) -> Result<Int, any Error> {
        Result {
            var count = 0
            repeat {
                try decode()
                count += 1
            } while Date() < deadline
            return count
        }
    }

    /// The MB/s of `count` processes, each decoding the workload `name` over and over for
    /// `seconds` from a time set in advance, so that they run together.
    static func processes(_ name: String, bytes: Int, count: Int, seconds: Double) throws -> Double {
        // Time for each child to start and make its workload before the common start.
        let start = Date().timeIntervalSince1970 + 3
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let children = try (0..<count)
            .map { _ -> (Process, Pipe) in
                let process = Process()
                process.executableURL = executable
                process.arguments = ["--concurrency-child", name, String(start), String(seconds)]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                return (process, pipe)
            }
        var total = 0.0
        for (process, pipe) in children {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // DECODES ELAPSED LATE
            let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard process.terminationStatus == 0, fields.count == 3 else {
                throw BenchmarkError("a --concurrency-child of \(name) failed: \(output)")
            }
            if fields[2] > 0.05 { print("  (a process of \(name) started \(fields[2]) s late)") }
            total += fields[0] * Double(bytes) / fields[1] / 1_048_576
        }
        return total
    }

    /// A child of ``processes(_:bytes:count:seconds:)``: makes the workload, waits for the
    /// common start, decodes until `seconds` after it, and prints the decodes, the time they
    /// took and how late it started.
    static func child(name: String, start: Double, seconds: Double) throws {
        guard let workload = try workload(name) else { throw BenchmarkError("no workload \(name)") }
        let late = Date().timeIntervalSince1970 - start
        if late < 0 { Thread.sleep(forTimeInterval: -late) }
        let begun = Date()
        let decodes = try loop(workload.decode, until: begun.addingTimeInterval(seconds)).get()
        print(decodes, Date().timeIntervalSince(begun), max(late, 0))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// A workload's decode, called from several threads at once: what is measured is whether the
/// decoder's shared state allows it, so the closure is passed as it is.
private final class SharedDecode: @unchecked Sendable {
    let decode: () throws -> Void
    init(_ decode: @escaping () throws -> Void) { self.decode = decode }
}

/// What each thread of a round counted, written once by each under a lock.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Int, any Error>]

    init(count: Int) { results = Array(repeating: .success(0), count: count) }

    func record(_ index: Int, _ result: Result<Int, any Error>) {
        lock.withLock { results[index] = result }
    }

    func total() throws -> Int {
        try lock.withLock { try results.reduce(0) { $0 + (try $1.get()) } }
    }
}

/// A value each thread makes once, with `make`, and keeps for itself: objects that one thread
/// works on while others work on their own.
private final class ThreadOwned<Value>: @unchecked Sendable {
    private let key = "ThreadOwned.\(UUID())"
    private let make: () throws -> Value

    init(_ make: @escaping () throws -> Value) { self.make = make }

    func value() throws -> Value {
        if let made = Thread.current.threadDictionary[key] as? Value { return made }
        let made = try make()
        Thread.current.threadDictionary[key] = made
        return made
    }
}
