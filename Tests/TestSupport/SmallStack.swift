import Foundation

/// Runs `body` on a thread with a 512 KB stack (the default of secondary threads on Apple
/// platforms), or `stackSize` bytes, and waits for it.
public func onSmallStack(stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
}

/// Whether this process runs under a sanitizer, whose shadow memory and quarantine make
/// resident memory say nothing about ModelMapper's own, and whose instrumentation makes stack
/// frames several times larger than in the builds people ship.
public let runsUnderSanitizer: Bool = {
    #if canImport(Glibc)
    // RTLD_DEFAULT: the symbols of the program and everything it loaded.
    return dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
    #else
    return false
    #endif
}()
