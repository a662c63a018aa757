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
        attach(object, atSlot: slot, strong: true)
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
    public func add<Objects: Sequence>(modelObject objects: Objects, forKey key: String) throws where Objects.Element: ModelObject {
        let slot = try relationshipSlot(key, toMany: true)
        let objects = Array(objects)
        for object in objects { try checkDestination(of: object, atSlot: slot) }
        for object in objects { attach(object, atSlot: slot, strong: true) }
    }

    /// Adds objects to a to-many relationship, in order (the same as `add(modelObject:forKey:)` with an array).
    ///
    /// - Throws: ``MappingError`` `.unknownRelationship`, `.typeMismatch`, `.wrongEntity`.
    public func add(modelObjects objects: [ModelObject], forKey key: String) throws {
        try add(modelObject: objects, forKey: key)
    }

    /// Removes an object from a to-many relationship (nothing happens if it is not there); the
    /// inverse follows.
    public func remove(modelObject object: ModelObject, forKey key: String) throws {
        let slot = try relationshipSlot(key, toMany: true)
        detach(object, atSlot: slot)
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
        guard let slot = mapping.slotByName[key], mapping.properties[slot].isRelationship else {
            throw MappingError(.unknownRelationship(key), entityName: entity.name)
        }
        let property = mapping.properties[slot]
        guard property.isToMany == toMany else {
            throw MappingError(.typeMismatch, entityName: entity.name, propertyName: key,
                               expected: toMany ? "a to-many relationship" : "a to-one relationship",
                               found: toMany ? "a to-one relationship" : "a to-many relationship",
                               detail: toMany ? "use set(modelObject:forKey:)" : "use add(modelObject:forKey:)")
        }
        return slot
    }

    func checkDestination(of object: ModelObject, atSlot slot: Int) throws {
        let property = mapping.properties[slot]
        let destination = EntityDescription(model: entity.model, index: property.destination)
        guard object.entity.isKind(of: destination) else {
            throw MappingError(.wrongEntity, entityName: entity.name, propertyName: property.name,
                               expected: "an object of entity '\(destination.name)'", found: "an object of entity '\(object.entity.name)'")
        }
    }

    /// Replaces every object of a relationship (detaching the old ones from their inverses).
    /// Builds a to-many list in one pass, so decoding an array of n objects costs O(n).
    func replaceRelationship(atSlot slot: Int, with objects: [ModelObject], null: Bool) throws {
        for object in objects { try checkDestination(of: object, atSlot: slot) }
        let current = linkedObjects(atSlot: slot)
        if !current.isEmpty {
            let kept = Set(objects.map(ObjectIdentifier.init))
            for old in current where !kept.contains(ObjectIdentifier(old)) {
                detach(old, atSlot: slot)
            }
        }
        let property = mapping.properties[slot]
        if null {
            slots[slot] = .null
        } else if property.isToMany {
            var seen = Set<ObjectIdentifier>(minimumCapacity: objects.count)
            var links: [Link] = []
            links.reserveCapacity(objects.count)
            for object in objects where seen.insert(ObjectIdentifier(object)).inserted {
                links.append(Link(object, strong: true))
            }
            slots[slot] = .objects(links)
            if let inverse = property.inverseSlot {
                for object in objects { object.attachInverse(self, atSlot: inverse, ownerIsStrong: true) }
            }
        } else if let object = objects.first {
            attach(object, atSlot: slot, strong: true)
        }
    }

    func linkedObjects(atSlot slot: Int) -> [ModelObject] {
        switch slots[slot] {
        case .object(let link): return link.object.map { [$0] } ?? []
        case .objects(let links): return links.compactMap(\.object)
        default: return []
        }
    }

    /// Links `object` into a relationship and sets the inverse (weakly, so that ownership
    /// follows the direction the link was made in).
    func attach(_ object: ModelObject, atSlot slot: Int, strong: Bool) {
        let property = mapping.properties[slot]
        if property.isToMany {
            insertLink(to: object, atSlot: slot, strong: strong, restrengthening: strong ? true : nil)
        } else {
            if case .object(let link) = slots[slot], let current = link.object, current !== object {
                detach(current, atSlot: slot)
            }
            if case .object(let link) = slots[slot], link.refers(to: object), link.isStrong || !strong {
                // Already linked at least as strongly.
            } else {
                slots[slot] = .object(Link(object, strong: strong))
            }
        }
        guard let inverse = property.inverseSlot else { return }
        object.attachInverse(self, atSlot: inverse, ownerIsStrong: strong)
    }

    /// The inverse half of `attach`: links `source` weakly. A strong link the other way is
    /// made weak when the source now owns this object, so that no cycle keeps both alive.
    func attachInverse(_ source: ModelObject, atSlot slot: Int, ownerIsStrong: Bool) {
        let property = mapping.properties[slot]
        if property.isToMany {
            insertLink(to: source, atSlot: slot, strong: false, restrengthening: ownerIsStrong ? false : nil)
            return
        }
        if case .object(let link) = slots[slot], let current = link.object {
            if current === source {
                if ownerIsStrong { slots[slot] = .object(Link(source, strong: false)) }
                return
            }
            // One-to-one or many-to-one: this object leaves its previous owner.
            if let back = property.inverseSlot { current.removeLink(to: self, atSlot: back) }
        }
        slots[slot] = .object(Link(source, strong: false))
    }

    /// Appends a link to `object` in a to-many slot; when the object is there already, its
    /// link becomes strong or weak as `restrengthening` says (nil: left as it is).
    private func insertLink(to object: ModelObject, atSlot slot: Int, strong: Bool, restrengthening: Bool?) {
        var links: [Link] = []
        if case .objects(let current) = slots[slot] {
            links = current
            slots[slot] = .absent  // so that `links` is the only reference and appends do not copy
        }
        if let position = links.firstIndex(where: { $0.refers(to: object) }) {
            if let restrengthening { links[position] = Link(object, strong: restrengthening) }
        } else {
            links.append(Link(object, strong: strong))
        }
        slots[slot] = .objects(links)
    }

    /// Unlinks `object` from a relationship and from its inverse.
    func detach(_ object: ModelObject, atSlot slot: Int) {
        removeLink(to: object, atSlot: slot)
        if let inverse = mapping.properties[slot].inverseSlot {
            object.removeLink(to: self, atSlot: inverse)
        }
    }

    /// Removes a link without touching the other side; a to-one becomes null.
    func removeLink(to object: ModelObject, atSlot slot: Int) {
        switch slots[slot] {
        case .object(let link) where link.refers(to: object):
            slots[slot] = .null
        case .objects(var links):
            links.removeAll { $0.refers(to: object) }
            slots[slot] = .objects(links)
        default:
            break
        }
    }
}

extension ModelObject {
    /// Clears the back-references to this object held by the objects it links strongly, as
    /// it is freed (see ``Link``). Objects held by nothing else are freed with it and need
    /// nothing. Only pointers are compared: nothing retains the object.
    func clearBackReferences() {
        // The relationships from plain memory, each value moved out of its slot: an object
        // being freed would otherwise count references to the list and to every link.
        for relationship in mapping.relationshipList where relationship.inverse >= 0 {
            // Taken out of the slot, so that a link to an object held nowhere else is unique.
            switch slots.take(relationship.slot) {
            case .object(var link):
                if link.isStrong, !link.isOnlyReference() {
                    link.object?.removeBackReference(to: self, atSlot: relationship.inverse)
                }
            case .objects(var links):
                for index in links.indices where links[index].isStrong && !links[index].isOnlyReference() {
                    links[index].object?.removeBackReference(to: self, atSlot: relationship.inverse)
                }
            default:
                continue
            }
        }
    }

    private func removeBackReference(to object: ModelObject, atSlot slot: Int) {
        switch slots[slot] {
        case .object(let link) where !link.isStrong && link.refers(to: object):
            slots[slot] = .absent
        case .objects(var links):
            slots[slot] = .absent  // so that `links` is the only reference and removing does not copy
            links.removeAll { !$0.isStrong && $0.refers(to: object) }
            slots[slot] = .objects(links)
        default:
            break
        }
    }
}
