import Foundation

/// Runs a fuzz target's body: under libFuzzer when built for fuzzing (`-D FUZZING` with
/// `-sanitize=fuzzer`, see `Fuzz/run`), otherwise once on each file named on the command line
/// (each file of a named folder), which is how CI replays the corpus and the regression inputs
/// in an ordinary build, under the address sanitizer or not.
///
/// For example, a target's `main.swift`:
///
/// ```swift
/// FuzzDriver.run { bytes in
///     _ = try? JSONValue.parse(Data(bytes))
/// }
/// ```
///
/// The body must not throw or leave state behind: a crash, a sanitizer report or a failed
/// check (``FuzzDriver/check(_:_:)``) is what a fuzz target reports.
public enum FuzzDriver {
    /// The body being fuzzed: libFuzzer's callback is a C function and cannot capture it.
    nonisolated(unsafe) private static var body: ((UnsafeRawBufferPointer) -> Void)?

    /// Runs `body` on each input, as libFuzzer's callback or over the files named on the command
    /// line, then exits.
    public static func run(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        Self.body = body
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        exit(replay(CommandLine.arguments.dropFirst()))
        #endif
    }

    private static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
        FuzzDriver.body?(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

    /// Runs the body on every file of `paths` (folders: their files, sorted); 2 when a path
    /// cannot be read.
    private static func replay(_ paths: ArraySlice<String>) -> Int32 {
        var files: [URL] = []
        for path in paths where !path.hasPrefix("-") {
            let url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("no such file or folder: \(path)\n".utf8))
                return 2
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().filter { !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
            } else {
                files.append(url)
            }
        }
        for file in files {
            guard let data = try? Data(contentsOf: file) else {
                FileHandle.standardError.write(Data("cannot read \(file.path)\n".utf8))
                return 2
            }
            data.withUnsafeBytes { bytes in body?(bytes) }
        }
        print("replayed \(files.count) inputs")
        return 0
    }

    /// Stops the run with `message` when `condition` is false: a property every input must
    /// have (say, a value written and read again is the same value), reported as a crash.
    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            FileHandle.standardError.write(Data("fuzz check failed: \(message())\n".utf8))
            abort()
        }
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif
