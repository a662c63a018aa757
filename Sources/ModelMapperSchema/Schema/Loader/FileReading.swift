import Foundation

/// Reads files for the loader and says what went wrong the way a person would: "no such
/// file", "permission denied", "is a folder", never a Foundation error dump.
enum FileReading {
    /// The bytes of a file of at most `maximumSize` bytes.
    ///
    /// - Throws: ``ModelLoadingError`` located at the file, with the reason in plain words.
    static func data(at url: URL, maximumSize: Int) throws(ModelLoadingError) -> Data {
        let location = SourceLocation(file: url.displayPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ModelLoadingError(.fileMissing, at: location)
        }
        if isDirectory.boolValue {
            throw ModelLoadingError(.notAFile, at: location)
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw ModelLoadingError(.permissionDenied, at: location)
        }
        let data: Data?
        do throws(ReadError) {
            data = try contents(ofFileAt: url.path, maximumSize: maximumSize)
        } catch {
            throw ModelLoadingError(.unreadable(error.reason), at: location)
        }
        guard let data else { throw ModelLoadingError(.fileTooLarge(maximumSize: maximumSize), at: location) }
        return data
    }

    /// Why reading a file failed: the C library's words for `errno`.
    struct ReadError: Error {
        let reason: String

        init(errno code: Int32) {
            reason = strerror(code).map { String(cString: $0).lowercased() } ?? "error \(code)"
        }
    }

    /// A file's bytes, read with the C library: `Data(contentsOf:)` on Linux leaks the block it
    /// reads into when the file is empty (swift-foundation's `readBytesFromFile`), and an empty
    /// file is just what a careless caller hands a loader.
    ///
    /// Nil when the file has more than `maximumSize` bytes: told by its size before anything
    /// is read, and by what was read for a file that grows (or a device that has no size).
    static func contents(ofFileAt path: String, maximumSize: Int = .max) throws(ReadError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, Int(status.st_size) > maximumSize { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(errno: errno)
            }
            if count == 0 { return Data(bytes) }
            guard count <= maximumSize - bytes.count else { return nil }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The reason of a file-system error in a few words: the POSIX error's text when there is one.
    static func reason(for error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message).lowercased()
        }
        if error.domain == NSPOSIXErrorDomain, let message = strerror(Int32(error.code)) {
            return String(cString: message).lowercased()
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "the volume is read-only"
        case .fileWriteFileExists: return "a file is already there"
        default: return error.localizedFailureReason ?? error.localizedDescription
        }
    }
}
