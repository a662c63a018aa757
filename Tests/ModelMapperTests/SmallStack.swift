import Foundation

/// Runs `body` on a thread with a 512 KB stack (the default of secondary threads on Apple
/// platforms) and waits for it.
func onSmallStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
}
