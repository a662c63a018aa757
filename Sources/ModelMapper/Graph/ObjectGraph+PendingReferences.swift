/// The bookkeeping of references that wait for their objects: by the identity they wait for
/// (to link them when it comes) and by their relationship (to forget them when the
/// relationship is given again, or the owner leaves the graph), each in time proportional to
/// the references concerned. Forgetting leaves the reference in `pending` (taking it out of a
/// long list one at a time would cost time quadratic in the list); `waitingKeys` tells, and the
/// forgotten are swept once they outnumber the rest.
extension ObjectGraph {
    /// Notes that `link` waits for the object with `key`.
    func addPending(_ link: PendingLink, waitingFor key: IdentityKey) {
        let slot = PendingSlot(owner: ObjectIdentifier(link.owner), slot: link.slot)
        guard waitingKeys[slot, default: []].insert(key).inserted else { return }
        pending[key, default: []].append(link)
        pendingEntryCount += 1
    }

    /// The references that waited for the object with `key`, which has come: they wait no more.
    func resolvePending(_ key: IdentityKey) -> [PendingLink]? {
        guard let links = pending.removeValue(forKey: key) else { return nil }
        pendingEntryCount -= links.count
        var waiting: [PendingLink] = []
        for link in links {
            let slot = PendingSlot(owner: ObjectIdentifier(link.owner), slot: link.slot)
            if waitingKeys[slot]?.remove(key) != nil {
                if waitingKeys[slot]?.isEmpty == true { waitingKeys[slot] = nil }
                waiting.append(link)
            } else {
                forgottenPendingCount -= 1
            }
        }
        return waiting.isEmpty ? nil : waiting
    }

    /// Forgets the references of `owner` that wait, those of its relationship in `slot` only
    /// when given: a relationship given again no longer refers to what it referred to before.
    func dropPending(owner: ModelObject, slot: Int? = nil) {
        guard !waitingKeys.isEmpty else { return }
        let identifier = ObjectIdentifier(owner)
        if let slot {
            forget(PendingSlot(owner: identifier, slot: slot))
        } else {
            for relationship in owner.relationshipSlots {
                forget(PendingSlot(owner: identifier, slot: relationship.slot))
            }
        }
        if forgottenPendingCount > 64, forgottenPendingCount > pendingEntryCount / 2 {
            sweepForgottenPending()
        }
    }

    private func forget(_ slot: PendingSlot) {
        guard let keys = waitingKeys.removeValue(forKey: slot) else { return }
        forgottenPendingCount += keys.count
    }

    /// The references that wait, each once.
    func waitingLinks() -> [PendingLink] {
        var seen = Set<PendingReference>()
        var links: [PendingLink] = []
        for (key, list) in pending {
            for link in list {
                let slot = PendingSlot(owner: ObjectIdentifier(link.owner), slot: link.slot)
                guard waitingKeys[slot]?.contains(key) == true,
                    seen.insert(PendingReference(slot: slot, key: key)).inserted
                else { continue }
                links.append(link)
            }
        }
        return links
    }

    /// Takes the forgotten references out of `pending`, in one pass.
    private func sweepForgottenPending() {
        var seen = Set<PendingReference>()
        pendingEntryCount = 0
        for (key, list) in pending {
            let kept = list.filter { link in
                let slot = PendingSlot(owner: ObjectIdentifier(link.owner), slot: link.slot)
                return waitingKeys[slot]?.contains(key) == true
                    && seen.insert(PendingReference(slot: slot, key: key)).inserted
            }
            pending[key] = kept.isEmpty ? nil : kept
            pendingEntryCount += kept.count
        }
        forgottenPendingCount = 0
    }

    private struct PendingReference: Hashable {
        let slot: PendingSlot
        let key: IdentityKey
    }
}
