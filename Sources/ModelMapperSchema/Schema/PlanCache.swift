import Foundation

/// What later layers compile from a model and keep as long as it lives (the JSON mappings of
/// its entities, once per conventions), under a lock: models are shared by threads, and the
/// first use on any of them compiles. The model does not name what is kept: each layer keys
/// its own plans and knows their type.
///
/// The plans every operation reads (the layouts, the mappings under the model's own
/// conventions) are kept in fixed places (``Place``), so that finding one is one atomic load,
/// with no lock once it is made (issue 50: threads decoding with one model do not wait on each
/// other): a dictionary keyed by `AnyHashable` cost a decode call of a small document more than
/// reading it (about 18,000 instructions a lookup, hashing and comparing resolved conventions).
/// Plans kept by key (those of conventions a coder's options set) are found under the lock.
package final class PlanCache: @unchecked Sendable {
    private let lock = NSLock()
    // Read and written under `lock` only, which is what keeps accesses exclusive: the run-time
    // check would cost each decode call two more accesses.
    @exclusivity(unchecked) private var plans: [AnyHashable: AnyObject] = [:]
    /// The places: each read with an atomic load, and written once (from nil, under `lock`),
    /// so that a plan found is never replaced or freed while the cache lives.
    private let placed: UnsafeMutablePointer<AnyObject?>

    package init() {
        placed = .allocate(capacity: Place.count)
        placed.initialize(repeating: nil, count: Place.count)
    }

    deinit {
        placed.deinitialize(count: Place.count)
        placed.deallocate()
    }

    /// A fixed place for a plan, declared by the layer that keeps it there.
    package struct Place: Sendable {
        /// How many places there are.
        static let count = 5
        let index: Int

        /// The place numbered `index` (less than 5); each layer declares its own.
        package init(_ index: Int) {
            precondition(index >= 0 && index < Self.count, "plan place \(index) out of range")
            self.index = index
        }
    }

    /// The plan kept under `key`, made by `make` (once, under the lock) when there is none yet.
    /// A key is stored with one type of plan only: its layer's.
    package func plan<Plan: AnyObject>(for key: AnyHashable, as type: Plan.Type, make: () -> Plan) -> Plan {
        lock.lock()
        defer { lock.unlock() }
        if let made = plans[key] { return unsafeDowncast(made, to: Plan.self) }
        let made = make()
        plans[key] = made
        return made
    }

    /// The plan kept in `place`, made by `make` (once, under the lock) when there is none yet.
    /// A place holds one type of plan only: its layer's.
    package func plan<Plan: AnyObject>(in place: Place, as type: Plan.Type, make: () -> Plan) -> Plan {
        if let made = placedPlan(place) { return unsafeDowncast(made, to: Plan.self) }
        lock.lock()
        defer { lock.unlock() }
        if let made = placedPlan(place) { return unsafeDowncast(made, to: Plan.self) }
        let made = make()
        // Always stored: places are written under the lock only, and this one was empty.
        _ = _stdlib_atomicInitializeARCRef(object: placed + place.index, desired: made)
        return made
    }

    /// The plan kept under `key`, made by `make` outside the lock when there is none yet: for a
    /// plan whose making reads other plans, since the lock is not reentrant. When two threads
    /// make one at once, the first stored is kept, and both get it.
    package func plan<Plan: AnyObject>(for key: AnyHashable, as type: Plan.Type, makingUnlocked make: () -> Plan)
        -> Plan
    {
        if let made = locked({ plans[key] }) { return unsafeDowncast(made, to: Plan.self) }
        let made = make()
        return plan(for: key, as: type, make: { made })
    }

    /// The plan kept in `place`, made by `make` outside the lock when there is none yet, as
    /// ``plan(for:as:makingUnlocked:)``.
    package func plan<Plan: AnyObject>(in place: Place, as type: Plan.Type, makingUnlocked make: () -> Plan) -> Plan {
        if let made = placedPlan(place) { return unsafeDowncast(made, to: Plan.self) }
        let made = make()
        return plan(in: place, as: type, make: { made })
    }

    /// The plan in `place`, if made: an atomic load, which sees the whole plan its maker stored.
    private func placedPlan(_ place: Place) -> AnyObject? {
        _stdlib_atomicLoadARCRef(object: placed + place.index)
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
