import Foundation

extension ModelObject {
    /// Sets the object of a to-one relationship; nil sets it to null. The inverse follows:
    /// `book.set(modelObject: pricing, forKey: "pricing")` also makes `pricing.book` this book.
    ///
    /// - Throws: ``MappingError`` `.unknownRelationship` for a name that is not a relationship of
    ///   the entity, `.typeMismatch` for a to-many relationship, `.wrongEntity` for an object of
    ///   another entity than the destination.
    public func set(modelObject object: ModelObject?, forKey key: String) throws {
        let slot = try relationshipSlot(key, toMany: false)
        try replaceRelationship(atSlot: slot, with: object.map { [$0] } ?? [], null: object == nil)
        changeObserver?.objectChanged(self)
    }

    /// Adds an object to a to-many relationship (once: an object already there stays where it
    /// is). The inverse follows: `author.add(modelObject: book, forKey: "books")` also makes
    /// `book.author` this author.
    ///
    /// - Throws: ``MappingError`` `.unknownRelationship`, `.typeMismatch` for a to-one
    ///   relationship, `.wrongEntity`.
    public func add(modelObject object: ModelObject, forKey key: String) throws {
        let slot = try relationshipSlot(key, toMany: true)
        try checkDestination(of: object, atSlot: slot)
        attach(object, atSlot: slot)
        changeObserver?.objectChanged(self)
    }

    /// Adds objects to a to-many relationship, in order; nothing is added when one of them
    /// is of the wrong entity. This is the form Modelmatic's users write:
    ///
    /// ```swift
    /// let books: [Book] = …
    /// try author.add(modelObject: books, forKey: "books")
    /// ```
    ///
    /// - Throws: ``MappingError`` `.unknownRelationship`, `.typeMismatch` for a to-one
    ///   relationship, `.wrongEntity`.
    public func add<Objects: Sequence>(modelObject objects: Objects, forKey key: String) throws
    where Objects.Element: ModelObject {
        let slot = try relationshipSlot(key, toMany: true)
        let objects = Array(objects)
        for object in objects { try checkDestination(of: object, atSlot: slot) }
        for object in objects { attach(object, atSlot: slot) }
        changeObserver?.objectChanged(self)
    }

    /// Adds objects to a to-many relationship, in order (the same as `add(modelObject:forKey:)` with an array).
    ///
    /// - Throws: ``MappingError`` `.unknownRelationship`, `.typeMismatch`, `.wrongEntity`.
    public func add(modelObjects objects: [ModelObject], forKey key: String) throws {
        try add(modelObject: objects, forKey: key)
    }

    /// Removes an object from a to-many relationship (nothing happens if it is not there); the
    /// inverse follows.
    ///
    /// - Throws: ``MappingError`` `.unknownRelationship` when `key` is not a to-many relationship of
    ///   the object's entity.
    public func remove(modelObject object: ModelObject, forKey key: String) throws {
        let slot = try relationshipSlot(key, toMany: true)
        detach(object, atSlot: slot)
        changeObserver?.objectChanged(self)
    }

    /// Adds an object to a to-many relationship without throwing, for typed accessors such as
    /// generated ones: a wrong key or entity is a programming error and stops the program.
    public func addPrimitiveObject(_ object: ModelObject, forKey key: String) {
        stopOnError("addPrimitiveObject", key) { try add(modelObject: object, forKey: key) }
    }

    /// Removes an object from a to-many relationship without throwing, for typed accessors.
    public func removePrimitiveObject(_ object: ModelObject, forKey key: String) {
        stopOnError("removePrimitiveObject", key) { try remove(modelObject: object, forKey: key) }
    }

    // MARK: Internals

    private func relationshipSlot(_ key: String, toMany: Bool) throws -> Int {
        guard let slot = layout.slotByName[key], layout.properties[slot].isRelationship else {
            throw MappingError(.unknownRelationship(key), entityName: entity.name)
        }
        let property = layout.properties[slot]
        guard property.isToMany == toMany else {
            throw MappingError(
                .typeMismatch,
                entityName: entity.name,
                propertyName: key,
                expected: toMany ? "a to-many relationship" : "a to-one relationship",
                found: toMany ? "a to-one relationship" : "a to-many relationship",
                detail: toMany ? "use set(modelObject:forKey:)" : "use add(modelObject:forKey:)"
            )
        }
        return slot
    }

    func checkDestination(of object: ModelObject, atSlot slot: Int) throws {
        let property = layout.properties[slot]
        // By position, without descriptions: this runs for every object linked, and a
        // description counts a reference to the model every thread shares (issue 50).
        let lent = lentModel
        let isKind =
            object.lentModel.toOpaque() == lent.toOpaque()
            && lent._withUnsafeGuaranteedRef { $0.isEntity(object.layout.entityIndex, kindOf: property.destination) }
        guard isKind else {
            let destination = EntityDescription(model: model, index: property.destination)
            throw MappingError(
                .wrongEntity,
                entityName: entity.name,
                propertyName: property.name,
                expected: "an object of entity '\(destination.name)'",
                found: "an object of entity '\(object.entity.name)'"
            )
        }
    }

    /// Replaces every object of a relationship (detaching the old ones from their inverses).
    /// Builds a to-many list in one pass, so decoding an array of n objects costs O(n).
    ///
    /// `searchBudget` bounds the searches that keep strong links free of cycles (see
    /// ``linkKind(to:atSlot:searchBudget:)``); it is spent across calls. With `unlinks`, the
    /// links that other objects' lists hold back to objects leaving are removed when the batch
    /// ends (see ``DeferredUnlinks``).
    func replaceRelationship(
        atSlot slot: Int,
        with objects: [ModelObject],
        null: Bool,
        searchBudget: inout Int,
        deferring unlinks: DeferredUnlinks? = nil
    ) throws {
        for object in objects { try checkDestination(of: object, atSlot: slot) }
        unlinks?.apply(to: self, atSlot: slot)
        let property = layout.properties[slot]
        let current = linkedObjects(atSlot: slot)
        // The objects linked before, and still: only their inverses may hold this object.
        var linked = Set<ObjectIdentifier>()
        if !current.isEmpty {
            linked = Set(current.map(ObjectIdentifier.init))
            let kept = Set(objects.map(ObjectIdentifier.init))
            let leaving = current.filter { !kept.contains(ObjectIdentifier($0)) }
            if !leaving.isEmpty {
                // This object's links to them go in one pass (a list of n objects emptied costs
                // O(n), not O(n²)); their links back, one each.
                let leavingSet = Set(leaving.map(ObjectIdentifier.init))
                removeLinks(toAnyOf: leavingSet, atSlot: slot)
                if let inverse = property.inverseSlot {
                    for old in leaving {
                        if let unlinks {
                            unlinks.add(removing: self, from: old, atSlot: inverse)
                        } else {
                            old.removeLink(to: self, atSlot: inverse)
                        }
                    }
                }
                linked.subtract(leavingSet)
            }
        }
        if null {
            slots[slot] = .null
        } else if property.isToMany {
            var seen = Set<ObjectIdentifier>(minimumCapacity: objects.count)
            var links: [Link] = []
            links.reserveCapacity(objects.count)
            // A link kept with the kind it had needs nothing of its inverse, which agrees with
            // it already: not searched for in the other object's list, which may be long (a tag
            // on every product, each product read again).
            let keptKinds = linked.isEmpty ? [:] : linkKinds(atSlot: slot)
            // The links kept are made again below: their count is taken off first.
            removeStrongLinks(atSlot: slot)
            for object in objects where seen.insert(ObjectIdentifier(object)).inserted {
                links.append(Link(object, kind: linkKind(to: object, atSlot: slot, searchBudget: &searchBudget)))
            }
            if links.contains(where: \.isStrong) { flags.insert(.mayListStrongLinks) }
            slots[slot] = .objects(links)
            if let inverse = property.inverseSlot {
                for link in links {
                    guard let object = link.object else { continue }
                    if keptKinds[ObjectIdentifier(object)] == link.kind, linked.contains(ObjectIdentifier(object)) {
                        continue
                    }
                    object.attachInverse(
                        self,
                        atSlot: inverse,
                        ownerKind: link.kind,
                        sourceIsUnlinked: !linked.contains(ObjectIdentifier(object)),
                        deferring: unlinks
                    )
                }
            }
        } else if let object = objects.first {
            attach(
                object,
                atSlot: slot,
                kind: linkKind(to: object, atSlot: slot, searchBudget: &searchBudget),
                deferring: unlinks
            )
        }
    }

    /// ``replaceRelationship(atSlot:with:null:searchBudget:deferring:)`` for a caller in code.
    func replaceRelationship(
        atSlot slot: Int,
        with objects: [ModelObject],
        null: Bool,
        deferring unlinks: DeferredUnlinks? = nil
    ) throws {
        var budget = Self.cycleSearchLimit
        try replaceRelationship(atSlot: slot, with: objects, null: null, searchBudget: &budget, deferring: unlinks)
    }

    /// Links `object` into a relationship set in code, strongly unless that would close a cycle.
    func attach(_ object: ModelObject, atSlot slot: Int) {
        var budget = Self.cycleSearchLimit
        attach(object, atSlot: slot, kind: linkKind(to: object, atSlot: slot, searchBudget: &budget))
    }

    /// Whether every object linked at `slot` passes `test` (true when none is): read in place,
    /// without an array of them or a count taken.
    func allLinkedObjects(atSlot slot: Int, pass test: (ModelObject) -> Bool) -> Bool {
        switch slots.state(at: slot) {
        case .object:
            return slots.linkedObject(at: slot).map { $0._withUnsafeGuaranteedRef(test) } ?? true
        case .objects:
            return slots.links(at: slot)
                .allSatisfy { link in
                    link.unmanagedObject.map { $0._withUnsafeGuaranteedRef(test) } ?? true
                }
        default:
            return true
        }
    }

    /// The kind of each link of a to-many slot, by the object it links to.
    private func linkKinds(atSlot slot: Int) -> [ObjectIdentifier: Link.Kind] {
        var kinds: [ObjectIdentifier: Link.Kind] = [:]
        for link in slots.links(at: slot) {
            guard let object = link.object else { continue }
            kinds[ObjectIdentifier(object)] = link.kind
        }
        return kinds
    }

    func linkedObjects(atSlot slot: Int) -> [ModelObject] {
        switch slots[slot] {
        case .object(let link): return link.object.map { [$0] } ?? []
        case .objects(let links): return links.compactMap(\.object)
        default: return []
        }
    }

    /// The kind a link made in code (or by a decoder updating an object it had) from this
    /// object to `object` takes: strong, unless `object` already reaches this object through
    /// strong links, so that the link would close a cycle of them; then weak. The link that
    /// `object` may hold back to this object through the relationship's inverse does not
    /// count: it becomes a back-reference when this link is strong.
    ///
    /// Nothing reaches an object that no strong link leads to, so most links are told at once:
    /// an object made or decoded and not yet linked, a top-level decoded object. Otherwise the
    /// objects `object` reaches are searched, spending `searchBudget` (one per link looked at);
    /// when it runs out before the search ends, the link is weak.
    func linkKind(to object: ModelObject, atSlot slot: Int, searchBudget: inout Int) -> Link.Kind {
        if object === self { return .weak }
        if strongOwnerCount == 0 { return .strong }
        let inverse = layout.properties[slot].inverseSlot ?? -1
        switch object.reachesStrongly(self, skippingLinksFrom: inverse, budget: &searchBudget) {
        case false?: return .strong
        case true?, nil: return .weak
        }
    }

    /// Links `object` into a relationship, and this object into the inverse: a back-reference
    /// for a strong link (so that ownership follows the direction the link was made in), a weak
    /// link for a weak one.
    func attach(_ object: ModelObject, atSlot slot: Int, kind: Link.Kind, deferring unlinks: DeferredUnlinks? = nil) {
        let property = layout.properties[slot]
        var wasLinked = property.isToMany  // not known without a search of this list
        if property.isToMany {
            insertLink(to: object, atSlot: slot, kind: kind, replacing: true)
        } else {
            if let current = slots.link(at: slot)?.pointee.object {
                if current === object { wasLinked = true } else { detach(current, atSlot: slot, deferring: unlinks) }
            }
            if let link = slots.link(at: slot), link.pointee.refers(to: object), link.pointee.kind == kind {
                // Already linked so.
            } else {
                removeStrongLinks(atSlot: slot)
                slots[slot] = .object(Link(object, kind: kind))
            }
        }
        guard let inverse = property.inverseSlot else { return }
        object.attachInverse(self, atSlot: inverse, ownerKind: kind, sourceIsUnlinked: !wasLinked, deferring: unlinks)
    }

    /// The inverse half of `attach`: links `source` as a back-reference when it holds this
    /// object strongly (a strong link the other way, which would now close a cycle, becomes
    /// one), weakly when it holds it weakly (a strong link the other way stays).
    ///
    /// `sourceIsUnlinked`: `source` does not link to this object yet (it was just made, or its
    /// side of the relationship did not hold this object, and the two sides of a relationship
    /// always agree), so a to-many here cannot hold it and is not searched: many objects linked
    /// to one would otherwise cost time quadratic in them. With `unlinks`, a previous owner
    /// this object leaves drops it when the batch ends.
    func attachInverse(
        _ source: ModelObject,
        atSlot slot: Int,
        ownerKind: Link.Kind,
        sourceIsUnlinked: Bool = false,
        deferring unlinks: DeferredUnlinks? = nil
    ) {
        // Unowned, as `layout` is: a copy would count a reference to the shared layout, once per
        // object linked (issue 50).
        unowned(unsafe) let property = layout.properties[slot]
        let kind: Link.Kind = ownerKind == .strong ? .backReference : .weak
        if property.isToMany {
            // A link to `source` this list lost in the batch goes before it is made again.
            unlinks?.applyNow(removing: source, from: self, atSlot: slot)
            if sourceIsUnlinked {
                appendLink(to: source, atSlot: slot, kind: kind)
            } else {
                insertLink(to: source, atSlot: slot, kind: kind, replacing: ownerKind == .strong)
            }
            return
        }
        unlinks?.apply(to: self, atSlot: slot)
        if let link = slots.link(at: slot), let current = link.pointee.object {
            if current === source {
                if ownerKind == .strong, link.pointee.kind != .backReference {
                    removeStrongLinks(atSlot: slot)
                    slots[slot] = .object(Link(source, kind: .backReference))
                }
                return
            }
            // One-to-one or many-to-one: this object leaves its previous owner.
            if let back = property.inverseSlot {
                if let unlinks {
                    unlinks.add(removing: self, from: current, atSlot: back)
                } else {
                    current.removeLink(to: self, atSlot: back)
                }
            }
        }
        removeStrongLinks(atSlot: slot)
        slots[slot] = .object(Link(source, kind: kind))
    }

    /// The places of a to-many that may hold back-references; past them, the inverse of a
    /// strong link is a weak link. An object being freed searches only these places for its
    /// back-references (`removeBackReference`): without the bound, freeing the 100,000 albums
    /// that share one band would search the band's list once per album, in time quadratic in
    /// them. A weak link needs no removal (it reads as nothing once its object is freed), at
    /// the cost of a box per link, for the objects of long lists only.
    static let backReferencePlaces = 16

    /// The kind a link of `kind` takes at `position` of a to-many list (see
    /// ``backReferencePlaces``).
    private static func kind(_ kind: Link.Kind, atPosition position: Int) -> Link.Kind {
        kind == .backReference && position >= backReferencePlaces ? .weak : kind
    }

    /// Appends a link to an object the to-many in `slot` does not hold.
    private func appendLink(to object: ModelObject, atSlot slot: Int, kind: Link.Kind) {
        var links = slots.takeLinks(slot)  // moved out, so that the append does not copy the list
        let kind = Self.kind(kind, atPosition: links.count)
        if kind == .strong { flags.insert(.mayListStrongLinks) }
        links.append(Link(object, kind: kind))
        slots[slot] = .objects(links)
    }

    /// Appends a link to `object` in a to-many slot; when the object is there already, its
    /// link takes the new kind if `replacing`, else stays as it is.
    private func insertLink(to object: ModelObject, atSlot slot: Int, kind: Link.Kind, replacing: Bool) {
        if kind == .strong { flags.insert(.mayListStrongLinks) }
        var links = slots.takeLinks(slot)  // moved out, so that appends do not copy the list
        if let position = links.firstIndex(where: { $0.refers(to: object) }) {
            let kind = Self.kind(kind, atPosition: position)
            if replacing, links[position].kind != kind {
                if links[position].isStrong { object.forgetStrongOwner() }
                links[position] = Link(object, kind: kind)
            }
        } else {
            links.append(Link(object, kind: Self.kind(kind, atPosition: links.count)))
        }
        slots[slot] = .objects(links)
    }

    /// Unlinks `object` from a relationship and from its inverse.
    func detach(_ object: ModelObject, atSlot slot: Int, deferring unlinks: DeferredUnlinks? = nil) {
        removeLink(to: object, atSlot: slot)
        if let inverse = layout.properties[slot].inverseSlot {
            if let unlinks {
                unlinks.add(removing: self, from: object, atSlot: inverse)
            } else {
                object.removeLink(to: self, atSlot: inverse)
            }
        }
    }

    /// Removes the links to any of `objects` without touching the other sides, in one pass; a
    /// to-one becomes null.
    func removeLinks(toAnyOf objects: Set<ObjectIdentifier>, atSlot slot: Int) {
        switch slots.state(at: slot) {
        case .object:
            guard let object = slots.link(at: slot)?.pointee.object,
                objects.contains(ObjectIdentifier(object))
            else { return }
            removeLink(to: object, atSlot: slot)
        case .objects:
            var links = slots.takeLinks(slot)  // moved out, so that removing does not copy the list
            links.removeAll { link in
                guard let object = link.object, objects.contains(ObjectIdentifier(object)) else { return false }
                if link.isStrong { object.forgetStrongOwner() }
                return true
            }
            slots[slot] = .objects(links)
        default:
            break
        }
    }

    /// Removes a link without touching the other side; a to-one becomes null.
    func removeLink(to object: ModelObject, atSlot slot: Int) {
        switch slots.state(at: slot) {
        case .object:
            guard let link = slots.link(at: slot), link.pointee.refers(to: object) else { return }
            if link.pointee.isStrong { object.forgetStrongOwner() }
            slots[slot] = .null
        case .objects:
            var links = slots.takeLinks(slot)  // moved out, so that removing does not copy the list
            // Found in place and removed by position: a list holds an object once, and a
            // removal that rewrote every element (`removeAll(where:)`) would count a reference
            // per link to keep.
            let position = links.withUnsafeBufferPointer { buffer in
                buffer.firstIndex { $0.refers(to: object) }
            }
            if let position {
                if links[position].isStrong { object.forgetStrongOwner() }
                links.remove(at: position)
            }
            slots[slot] = .objects(links)
        default:
            break
        }
    }

    /// Empties the relationship at `slot` (absent) without touching the inverses of the objects
    /// it linked to: for objects let go together with every object they link to, whose links
    /// back go with them (``GraphMerger``).
    func dropLinks(atSlot slot: Int) {
        removeStrongLinks(atSlot: slot)
        slots[slot] = .absent
    }

    /// Takes the count of the strong links of a slot about to be overwritten off their objects.
    private func removeStrongLinks(atSlot slot: Int) {
        switch slots[slot] {
        case .object(let link) where link.isStrong: link.object?.forgetStrongOwner()
        case .objects(let links): for link in links where link.isStrong { link.object?.forgetStrongOwner() }
        default: break
        }
    }
}

extension ModelObject {
    /// How many links a search for a cycle looks at, at most, for a link made in code: a link
    /// into a graph larger than that (reached by strong links, from an object that is itself
    /// linked strongly) is weak.
    static let cycleSearchLimit = 1 << 20

    /// Notes one more strong link to this object (``Link``'s `init` calls it).
    func noteStrongOwner() {
        if strongOwnerCount < .max { strongOwnerCount += 1 }
    }

    /// Notes one strong link to this object fewer. A count that reached the maximum stays
    /// there: it is an upper bound, never too low.
    func forgetStrongOwner() {
        if strongOwnerCount > 0, strongOwnerCount < .max { strongOwnerCount -= 1 }
    }

    /// Whether `target` is this object or can be reached from it through strong links; nil
    /// when `budget` (one per link followed) runs out first. At this object only, links in
    /// slot `skippedSlot` to `target` are not followed.
    ///
    /// The search keeps its own stack (no recursion, whatever the depth) and needs no marks:
    /// an object reached twice is searched twice, which the budget bounds. The lists of an
    /// object that holds no strong link in any (``Flags/mayListStrongLinks``) are not read.
    func reachesStrongly(_ target: ModelObject, skippingLinksFrom skippedSlot: Int, budget: inout Int) -> Bool? {
        if self === target { return true }
        var pending: [ModelObject] = []
        var object = self
        while true {
            let listsHoldNoStrongLink = !object.flags.contains(.mayListStrongLinks)
            for relationship in object.layout.relationshipList {
                if relationship.isToMany, listsHoldNoStrongLink { continue }
                let skipsTarget = object === self && relationship.slot == skippedSlot
                let links: [Link]
                switch object.slots[relationship.slot] {
                case .object(let link): links = [link]
                case .objects(let list): links = list
                default: continue
                }
                // Every link looked at is spent, not only those followed: a long list of links
                // that are not strong (a band's back-references to its albums) costs its length.
                guard budget >= links.count else { return nil }
                budget -= links.count
                for link in links where link.isStrong {
                    guard let next = link.object else { continue }
                    if next === target {
                        if skipsTarget { continue }
                        return true
                    }
                    pending.append(next)
                }
            }
            guard let next = pending.popLast() else { return false }
            object = next
        }
    }
}
