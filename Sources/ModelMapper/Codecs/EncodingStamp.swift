import Foundation

/// Numbers for encoding runs, unique in the process, so that a run can mark the objects it
/// wrote on the objects themselves instead of hashing them into a set.
enum EncodingStamp {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
