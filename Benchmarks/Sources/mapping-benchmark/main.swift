// Mapping benchmark: decoding and encoding three generated document shapes with ModelMapper,
// side by side in one run with Foundation's JSONDecoder/JSONEncoder (Codable types of the same
// Swift types: Date in the same format, Decimal, [String] split in init(from:)) and
// JSONSerialization:
//
// - authors: the Authors model's nested document (authors with ten books, each with a date,
//   a comma-separated list, two decimals and a one-to-one pricing that a flattened key path
//   also reads);
// - flat: wide records, 16 attributes of every type;
// - strings: records of text with escapes and non-ASCII characters.
//
//     swift run -c release mapping-benchmark [scale] [repetitions] [--shape authors|flat|strings]
//     swift run -c release mapping-benchmark --memory           # peak memory decoding 1, 16, 64 MB
//     swift run -c release mapping-benchmark --streaming [MB]   # streaming a 1 GB (or MB) array
//     swift run -c release mapping-benchmark [scale] [repetitions] --phases   # decoding apart from freeing
//     swift run -c release mapping-benchmark 0 [repetitions] --graph   # ObjectGraph: 10k and 100k objects
//                                                                       # from 10 documents
//     (--graph-only N merges N objects once, for callgrind: see GraphMode; --graph-upsert-only N
//     merges them again into the graph they made; --fetch-only N fetches once)
//     swift run -c release mapping-benchmark 0 [repetitions] --documents   # canada, citm_catalog, twitter
//                                                                           # (see StandardDocuments)
//     swift run -c release mapping-benchmark 0 [repetitions] --fetch [N]   # a fetch request over N (100k)
//                                                                           # books against hand-written Swift
//     swift run -c release mapping-benchmark 0 [repetitions] --concurrency K [--seconds S] [--workload NAME]
//     swift run -c release mapping-benchmark 0 [repetitions] --across-threads
//                                      # K threads sharing a decoder against K processes (see ConcurrencyMode)
//
// `--phases` times decoding and freeing the result apart; callgrind then counts the freeing alone (of both
// contenders, one round each):
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
//         .build/release/mapping-benchmark 2000 1 --phases --shape authors
//
// `scale` is the number of authors (records are 5 times as many). The contenders run in
// interleaved rounds (see BenchmarkSupport); it prints each one's median and ModelMapper's
// ratios to the Foundation baselines, then simdjson's floor over the same bytes (parse+walk and
// minify, see SimdjsonFloor) and ModelMapper's ratios to it.
//
// `--only SHAPE.CONTENDER` (say `authors.decode`) runs one contender `repetitions` times, for
// counting its instructions (and nothing of the setup) with callgrind, from the package folder:
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
//         .build/release/mapping-benchmark 2000 1 --only authors.decode
// or for sampling it on the clock (`perf record -g`, many repetitions). `--unchecked` turns the
// encoder's value check off (ModelEncoder.Options.checksValues), to count what it costs.
import BenchmarkSupport
import Foundation
import Workloads

let arguments = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("--") }.compactMap { Int($0) }
let scale = arguments.first ?? 2_000
let repetitions = arguments.dropFirst().first ?? 7
func option(_ name: String) -> String? {
    CommandLine.arguments.firstIndex(of: name).flatMap { CommandLine.arguments.dropFirst($0 + 1).first }
}

// The memory modes (see MemoryModes), each in child processes of its own.
if let path = option("--memory-child") {
    try MemoryModes.peakMemoryChild(path: path, contender: option(path) ?? "modelmapper")
    exit(0)
}
if let path = option("--streaming-child") {
    try MemoryModes.streamingChild(path: path, threads: option("--threads").flatMap { Int($0) } ?? 1)
    exit(0)
}
// The concurrency mode (see ConcurrencyMode): its children, then the mode.
if let name = option("--concurrency-child"), let index = CommandLine.arguments.firstIndex(of: "--concurrency-child"),
    CommandLine.arguments.count > index + 3, let start = Double(CommandLine.arguments[index + 2]),
    let seconds = Double(CommandLine.arguments[index + 3])
{
    try ConcurrencyMode.child(name: name, start: start, seconds: seconds)
    exit(0)
}
if let threads = option("--concurrency").flatMap({ Int($0) }) {
    try ConcurrencyMode.run(
        threads: threads,
        seconds: option("--seconds").flatMap { Double($0) } ?? 2,
        rounds: repetitions,
        only: option("--workload")
    )
    exit(0)
}
if CommandLine.arguments.contains("--across-threads") {
    try AcrossThreadsMode.run(rounds: repetitions, only: option("--workload"))
    exit(0)
}
if CommandLine.arguments.contains("--memory") {
    try MemoryModes.peakMemory(sizes: [1, 16, 64])
    exit(0)
}
if let size = option("--graph-only").flatMap({ Int($0) }) {
    try GraphMode.runOnce(size: size)
    exit(0)
}
if let size = option("--graph-upsert-only").flatMap({ Int($0) }) {
    try GraphMode.runUpsertOnce(size: size)
    exit(0)
}
if let count = option("--fetch-only").flatMap({ Int($0) }) {
    try FetchMode.runOnce(count: count)
    exit(0)
}
if CommandLine.arguments.contains("--fetch") {
    try FetchMode.run(count: option("--fetch").flatMap { Int($0) } ?? 100_000, rounds: repetitions)
    exit(0)
}
if CommandLine.arguments.contains("--graph") {
    try GraphMode.run(sizes: [10_000, 100_000], rounds: repetitions)
    exit(0)
}
if CommandLine.arguments.contains("--documents") {
    try StandardDocuments.run(rounds: repetitions)
    exit(0)
}
if CommandLine.arguments.contains("--small") {
    try SmallDocuments.run(rounds: repetitions)
    exit(0)
}
if let only = option("--only"), try StandardDocuments.runOnly(only, repetitions: repetitions) {
    exit(0)
}
if let only = option("--only"), try SmallDocuments.runOnly(only, repetitions: repetitions) {
    exit(0)
}
if CommandLine.arguments.contains("--streaming") {
    try MemoryModes.streaming(megabytes: option("--streaming").flatMap { Int($0) } ?? 1_024)
    exit(0)
}

let shapeNames =
    option("--shape").map { [$0] } ?? option("--only").map { [String($0.prefix { $0 != "." })] } ?? [
        "authors", "flat", "strings",
    ]
guard shapeNames.allSatisfy(["authors", "flat", "strings"].contains) else {
    print("shapes: authors, flat, strings")
    exit(2)
}

/// A shape's document, model and the objects and values its encoders write, made when the
/// shape is measured and dropped after: each shape is measured with only its own graphs in
/// the heap, as if it ran alone (with every shape's graphs alive, the allocator's state made
/// the later shapes' figures move by a third from run to run).
func makeShape(_ name: String) throws -> Shape {
    switch name {
    case "authors": try authorsShape(count: scale)
    case "flat": try flatShape(count: scale * 5)
    default: try stringsShape(count: scale * 5)
    }
}

func contenders(of shape: Shape) -> [(name: String, body: () throws -> Void)] {
    [
        ("decode", shape.decode), ("jsondecoder", shape.jsonDecoder), ("serialization-read", shape.foundationRead),
        ("encode", shape.encode), ("jsonencoder", shape.jsonEncoder), ("serialization-write", shape.foundationWrite),
    ]
}

if CommandLine.arguments.contains("--phases") {
    print("medians of \(repetitions) rounds: the time to decode (the result kept), then the time to free the result")
    for name in shapeNames {
        let shape = try makeShape(name)
        let phases = try InterleavedRounds.phases(rounds: repetitions, [shape.decodeKept, shape.jsonDecoderKept])
        let name = shape.name.padding(toLength: 8, withPad: " ", startingAt: 0)
        print(
            name
                + String(
                    format: " ModelDecoder %6.1f ms + free %5.1f ms   JSONDecoder %6.1f ms + free %5.1f ms",
                    phases[0].work.milliseconds,
                    phases[0].free.milliseconds,
                    phases[1].work.milliseconds,
                    phases[1].free.milliseconds
                )
        )
    }
    exit(0)
}
if let only = option("--only") {
    let contenderName = only.split(separator: ".").dropFirst().first.map(String.init) ?? ""
    guard let name = shapeNames.first, let shape = try? makeShape(name),
        let contender = contenders(of: shape).first(where: { $0.name == contenderName })
    else {
        print(
            "--only takes SHAPE.CONTENDER, a contender being one of: decode, jsondecoder, serialization-read, encode, "
                + "jsonencoder, serialization-write"
        )
        exit(2)
    }
    try measuredRun { for _ in 0..<repetitions { try contender.body() } }
    exit(0)
}

print(
    "medians of \(repetitions) interleaved rounds; ratio = Foundation's time / ModelMapper's (above 1: ModelMapper is "
        + "faster)"
)
for name in shapeNames {
    let shape = try makeShape(name)
    let medians = try InterleavedRounds.medians(rounds: repetitions, contenders(of: shape).map(\.body))
        .map(\.milliseconds)
    print("\n\(shape.name): \(shape.summary), \(shape.data.count / 1024) KiB")
    print(
        String(
            format:
                "  decode  ModelDecoder %7.1f ms   JSONDecoder %7.1f ms   JSONSerialization %7.1f ms   %5.2fx "
                + "JSONDecoder",
            medians[0],
            medians[1],
            medians[2],
            medians[1] / medians[0]
        )
    )
    print(
        String(
            format:
                "  encode  ModelEncoder %7.1f ms   JSONEncoder %7.1f ms   JSONSerialization %7.1f ms   %5.2fx "
                + "JSONEncoder",
            medians[3],
            medians[4],
            medians[5],
            medians[4] / medians[3]
        )
    )
    // simdjson's floor over the same bytes, written to a file of their own for its process.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapping-benchmark-\(shape.name).json")
    try shape.data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    if let floor = SimdjsonFloor.medians(rounds: repetitions, files: [file])?[file.path] {
        print(
            String(
                format: "  simdjson parse+walk %7.2f ms (decode %5.1fx it)   minify %7.2f ms (encode %5.1fx it)",
                floor.parseAndWalk,
                medians[0] / floor.parseAndWalk,
                floor.minify,
                medians[3] / floor.minify
            )
        )
    }
}
