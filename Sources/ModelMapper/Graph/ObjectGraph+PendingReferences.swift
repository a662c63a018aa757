/// The bookkeeping of references that wait for their objects: by the identity they wait for
/// (to link them when it comes) and by their owner (to forget them when the owner's
/// relationship is given again, or the owner leaves the graph), each in time proportional to
/// the references concerned.
extension ObjectGraph {
    /// Notes that `link` waits for the object with `key`.
    func addPending(_ link: PendingLink, waitingFor key: IdentityKey) {
        pending[key, default: []].append(link)
        pendingKeys[ObjectIdentifier(link.owner), default: []].insert(key)
    }

    /// The references that waited for the object with `key`, which has come: they wait no more.
    func resolvePending(_ key: IdentityKey) -> [PendingLink]? {
        guard let links = pending.removeValue(forKey: key) else { return nil }
        for link in links {
            let owner = ObjectIdentifier(link.owner)
            pendingKeys[owner]?.remove(key)
            if pendingKeys[owner]?.isEmpty == true { pendingKeys[owner] = nil }
        }
        return links
    }

    /// Forgets the references of `owner` that wait, those of its relationship in `slot` only
    /// when given: a relationship given again no longer refers to what it referred to before.
    func dropPending(owner: ModelObject, slot: Int? = nil) {
        let identifier = ObjectIdentifier(owner)
        guard let keys = pendingKeys[identifier] else { return }
        for key in keys {
            guard var links = pending[key] else { continue }
            links.removeAll { $0.owner === owner && (slot == nil || $0.slot == slot) }
            pending[key] = links.isEmpty ? nil : links
            if !links.contains(where: { $0.owner === owner }) { pendingKeys[identifier]?.remove(key) }
        }
        if pendingKeys[identifier]?.isEmpty == true { pendingKeys[identifier] = nil }
    }
}
