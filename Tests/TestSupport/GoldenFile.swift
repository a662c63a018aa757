import Foundation
import Testing

/// The golden files of this package's own tests: text a test compares what it makes with,
/// byte for byte.
///
/// One environment variable re-records every one of them:
///
/// ```sh
/// MODELMAPPER_RECORD_GOLDEN=1 swift test
/// ```
///
/// A recording run writes each golden file that differs (or is missing) and fails the test with
/// "recorded new baseline", as swift-argument-parser's snapshot tests do, so that a recording
/// never passes for a check; run the tests again without the variable, and review the diff
/// before committing it. (`MODELMAPPER_RECORD_FIXTURES` is another thing: the variable users of
/// ModelMapperTesting set to record their round-trip fixtures' expected files.)
public enum GoldenFile {
    /// The environment variable that turns recording on.
    public static let recordingVariable = "MODELMAPPER_RECORD_GOLDEN"

    /// Whether ``recordingVariable`` is set to `1`, `true` or `yes`.
    public static var isRecording: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[recordingVariable]?.lowercased() ?? "")
    }

    /// Expects `text` to be the contents of the golden file at `url`; when recording, writes it
    /// there instead (if it differs) and records an issue saying so.
    ///
    /// - Parameters:
    ///   - text: what the test made.
    ///   - url: the golden file.
    ///   - explain: what the failure adds to show the difference (a diff, say), from the golden
    ///     text and the test's.
    ///   - sourceLocation: where the test calls this.
    /// - Throws: the error writing the file throws, when recording.
    public static func expect(
        _ text: String,
        matches url: URL,
        explain: ((_ golden: String, _ made: String) -> String)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let golden = try? String(contentsOf: url, encoding: .utf8)
        if golden == text { return }
        if isRecording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
            Issue.record("recorded new baseline: \(relativePath(url))", sourceLocation: sourceLocation)
            return
        }
        guard let golden else {
            Issue.record(
                "no golden file \(relativePath(url)); record it with \(recordingVariable)=1 swift test",
                sourceLocation: sourceLocation
            )
            return
        }
        let line = firstDifferingLine(golden, text)
        let message =
            "\(relativePath(url)) differs from what the test made, first at line \(line); "
            + "if the change is meant, record it with \(recordingVariable)=1 swift test"
            + (explain.map { "\n" + $0(golden, text) } ?? "")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Expects the folder at `url` to hold exactly `files` (paths relative to it, and their
    /// contents) among its files ending in `pathExtension`; when recording, writes those that
    /// differ, removes the others, and records an issue saying so.
    ///
    /// - Parameters:
    ///   - files: what the test made: each file's path in the folder and its contents.
    ///   - url: the golden folder.
    ///   - pathExtension: the kind of file the folder holds that the test makes; others are left alone.
    ///   - explain: what a failure adds to show a file's difference, from its path, the golden
    ///     text and the test's.
    ///   - sourceLocation: where the test calls this.
    /// - Throws: the error reading the folder, or writing or removing a file when recording, throws.
    public static func expect(
        _ files: [(path: String, contents: String)],
        matchFolder url: URL,
        pathExtension: String,
        explain: ((_ path: String, _ golden: String, _ made: String) -> String)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let onDisk = Set(
            (try? FileManager.default.contentsOfDirectory(atPath: url.path))?
                .filter { $0.hasSuffix("." + pathExtension) } ?? []
        )
        let made = Set(files.map(\.path))
        if isRecording {
            for stale in onDisk.subtracting(made).sorted() {
                try FileManager.default.removeItem(at: url.appendingPathComponent(stale))
                Issue.record(
                    "recorded new baseline: removed \(relativePath(url))/\(stale)",
                    sourceLocation: sourceLocation
                )
            }
        } else {
            for extra in onDisk.subtracting(made).sorted() {
                let message =
                    "\(relativePath(url))/\(extra) is not made any more; if that is meant, record with "
                    + "\(recordingVariable)=1 swift test"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
        for file in files {
            try expect(
                file.contents,
                matches: url.appendingPathComponent(file.path),
                explain: explain.map { explain in { golden, made in explain(file.path, golden, made) } },
                sourceLocation: sourceLocation
            )
        }
    }

    /// The first line (from 1) where the two texts differ.
    static func firstDifferingLine(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (x, y)) in zip(left, right).enumerated() where x != y { return index + 1 }
        return min(left.count, right.count) + 1
    }

    /// `url`'s path from the package root, when it is inside it.
    static func relativePath(_ url: URL) -> String {
        let root = TestPaths.packageRoot.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
