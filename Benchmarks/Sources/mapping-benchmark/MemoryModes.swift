import AuthorsClasses
import Foundation
import Workloads
import ModelMapper

/// The benchmark's memory modes, each measured in child processes of its own so that nothing
/// else the process did counts:
///
/// - `--memory`: peak resident memory while decoding Authors documents of 1, 16 and 64 MB, with
///   ModelMapper and with `JSONDecoder`, against the input and the graph decoded; its last
///   column is issue 49's measure, (peak of the decoding process - peak of one that only reads
///   the file) / the file's size, the baseline being the process before it reads the file;
/// - `--streaming [MB]`: decoding a generated file of small records (1 GB by default) one
///   element at a time, with its peak resident memory.
///
/// Linux only: peak and current resident memory come from `/proc/self/status`, and the peak is
/// reset (`/proc/self/clear_refs`) once the child has loaded what it needs.
enum MemoryModes {
    /// Current (`VmRSS`) or peak (`VmHWM`) resident memory, in bytes.
    static func resident(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kib =
                line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) } ?? 0
            return kib * 1024
        }
        return 0
    }

    /// Resets the peak resident memory to the current one.
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    /// Runs this program again with `arguments` and returns what it printed.
    static func child(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("child \(arguments) exited with \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Peak memory of decoding

    static func peakMemory(sizes: [Int]) throws {
        print("peak resident memory while decoding Authors documents (one child process each; the input counted apart)")
        print(
            "  size      decoder        input        graph     peak - baseline   limit (input + 1.5 graph)"
                + "   (peak - input) / input"
        )
        for size in sizes {
            // Authors in whole numbers of about 1.9 KB each.
            let count = max(1, size * 1_048_576 / 1_904)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapping-benchmark-\(size)mb.json")
            try authorsDocument(count: count).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            for contender in ["modelmapper", "jsondecoder"] {
                let fields = try child(["--memory-child", url.path, contender]).split(whereSeparator: \.isWhitespace)
                    .compactMap { Int($0) }
                guard fields.count == 3 else { throw BenchmarkError("unexpected child output") }
                let (input, graph, peak) = (fields[0], fields[1], fields[2])
                let limit = input + graph * 3 / 2
                print(
                    "  \(String(size).padding(toLength: 3, withPad: " ", startingAt: 0)) MB  "
                        + "\(contender.padding(toLength: 12, withPad: " ", startingAt: 0))"
                        + "  \(megabytes(input).leftPadded(10))  \(megabytes(graph).leftPadded(10))  "
                        + "\(megabytes(peak).leftPadded(12))"
                        + "  \(megabytes(limit).leftPadded(12))  \(peak <= limit ? "within" : "over  ")"
                        + String(format: "   %.2fx", Double(peak - input) / Double(max(input, 1)))
                )
            }
        }
    }

    /// In the child: reads the document, then decodes it; prints the input's size, the memory
    /// the decoded graph holds, and the peak above the baseline taken before reading the input.
    static func peakMemoryChild(path: String, contender: String) throws {
        AuthorsModel.registerTransformers()
        let model = try AuthorsModel.load(contentsOf: ModelFolder.url.appendingPathComponent("Authors.xcdatamodeld"))
        let decoder = ModelDecoder(model: model, options: benchmarkDecoderOptions)
        let jsonDecoder = JSONDecoder()
        jsonDecoder.dateDecodingStrategy = .formatted(dayFormatter)
        // Warm up both decoders on a small document, so that plans and caches are not counted.
        let small = authorsDocument(count: 2)
        _ = try decoder.decode([Author].self, from: small, at: "authors")
        _ = try jsonDecoder.decode(CodableAuthors.self, from: small)
        let baseline = resident("VmRSS")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        resetPeak()
        let beforeDecode = resident("VmRSS")
        var graph = 0
        if contender == "modelmapper" {
            let authors = try decoder.decode([Author].self, from: data, at: "authors")
            graph = resident("VmRSS") - beforeDecode
            withExtendedLifetime(authors) {}
        } else {
            let authors = try jsonDecoder.decode(CodableAuthors.self, from: data)
            graph = resident("VmRSS") - beforeDecode
            withExtendedLifetime(authors) {}
        }
        let peak = resident("VmHWM") - baseline
        print(data.count, max(graph, 0), peak)
    }

    // MARK: Streaming

    static func streaming(megabytes size: Int) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapping-benchmark-stream.json")
        defer { try? FileManager.default.removeItem(at: url) }
        // Written a block of authors at a time: the file is never held whole.
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkError("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data("{\"authors\": [".utf8))
        let target = size * 1_048_576
        var written = 0
        var next = 0
        while written < target {
            var block = authorsDocument(authors: next..<(next + 1_000))
            // The block's array elements alone: drop `{"authors":[` and `]}`.
            let open = block.firstIndex(of: UInt8(ascii: "[")) ?? 0
            block = block[(open + 1)..<(block.count - 2)]
            if next > 0 { try handle.write(contentsOf: Data(",".utf8)) }
            try handle.write(contentsOf: block)
            written += block.count
            next += 1_000
        }
        try handle.write(contentsOf: Data("]}".utf8))
        try handle.close()
        let start = Date()
        let output = try child(["--streaming-child", url.path])
        let seconds = Date().timeIntervalSince(start)
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else { throw BenchmarkError("unexpected child output") }
        print(
            "streamed \(fields[0]) authors (\(fields[0] * 21) objects) from a \(megabytes(written)) file in "
                + "\(String(format: "%.1f", seconds)) s;"
                + " peak resident memory \(megabytes(fields[1])) (the whole process)"
        )
    }

    /// In the child: decodes every author of the file one at a time (on `threads` threads);
    /// prints the count and the process's peak resident memory.
    static func streamingChild(path: String, threads: Int = 1) throws {
        AuthorsModel.registerTransformers()
        let model = try AuthorsModel.load(contentsOf: ModelFolder.url.appendingPathComponent("Authors.xcdatamodeld"))
        guard let entity = model.entity(named: "Author") else { throw BenchmarkError("no Author entity") }
        var count = 0
        var options = benchmarkDecoderOptions
        options.maximumThreads = threads
        let keep = CommandLine.arguments.contains("--keep")
        var kept: [ModelObject] = []
        let start = Date()
        try ModelDecoder(model: model, options: options)
            .forEachObject(of: entity, inFileAt: URL(fileURLWithPath: path), at: "authors") { author in
                count += 1
                if keep { kept.append(author) }
            }
        let seconds = Date().timeIntervalSince(start)
        print(count, resident("VmHWM"))
        if ProcessInfo.processInfo.environment["STREAM_TIME"] != nil {
            FileHandle.standardError.write(Data(String(format: "streamed in %.1f ms\n", seconds * 1000).utf8))
        }
        withExtendedLifetime(kept) {}
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
