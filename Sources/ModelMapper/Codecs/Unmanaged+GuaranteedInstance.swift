extension Unmanaged {
    /// Runs `body` with the instance, counting no reference to it (whatever holds it keeps it
    /// alive meanwhile), and throws `body`'s error as it is typed: `_withUnsafeGuaranteedRef`
    /// rethrows, which widens it to `any Error`.
    ///
    /// For example:
    ///
    /// ```swift
    /// try child.withGuaranteedInstance { child throws(MappingError) in try begin(child) }
    /// ```
    ///
    /// - Throws: what `body` throws.
    @inline(__always)
    func withGuaranteedInstance<Value, Failure: Error>(_ body: (Instance) throws(Failure) -> Value) throws(Failure)
        -> Value
    {
        // The error is carried out beside the closure rather than in a `Result`: wrapping
        // each value and error in one costs a copy of the error's storage every call.
        var failure: Failure?
        let value: Value? = _withUnsafeGuaranteedRef { instance in
            do throws(Failure) {
                return try body(instance)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        guard let value else { preconditionFailure("body neither returned nor threw") }
        return value
    }
}
