import Foundation

/// What later layers compile from a model and keep as long as it lives (the JSON mappings of
/// its entities, once per conventions), under a lock: models are shared by threads, and the
/// first use on any of them compiles. The model does not name what is kept: each layer keys
/// its own plans and knows their type.
package final class PlanCache: @unchecked Sendable {
    private let lock = NSLock()
    private var plans: [AnyHashable: AnyObject] = [:]

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
}
