import Foundation

extension ModelObject {
    /// Checks this object, and every object it reaches through its relationships, for what
    /// the decoder would refuse and the encoder therefore refuses to write (see
    /// ``ModelEncoder/Options/checksValues``): required values unset or null, and values that
    /// are no raw value of their type. Nothing is encoded.
    ///
    /// For example:
    ///
    /// ```swift
    /// let photo = Photo(entity: photoEntity)
    /// try photo.setValue("9", forKey: "photoID")
    /// try photo.validate()   // $.title: Photo.title: a value (String) is required, but the object has none
    /// ```
    ///
    /// Paths start at this object (`$`) and follow the model's names: `$.tags[1].name`. With
    /// `checkingBounds`, values outside the bounds the model declares are problems too (see
    /// ``ModelEncoder/Options/checksBounds``).
    ///
    /// - Throws: ``MappingError`` for one problem; ``MappingErrors`` for several, each at its
    ///   path.
    public func validate(checkingBounds: Bool = false) throws {
        try Self.throwing(Self.valueProblems(reachableFrom: self, bounds: checkingBounds))
    }

    /// The problems of `root` and the objects it reaches, each object checked once, at the
    /// path where it is first found (an explicit stack: graphs may be deep).
    static func valueProblems(reachableFrom root: ModelObject, bounds: Bool = false) -> [MappingError] {
        var problems: [MappingError] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var stack: [(object: ModelObject, path: JSONPath)] = [(root, .root)]
        while let (object, path) = stack.popLast() {
            if !ValueCheck.passes(object, bounds: bounds) {
                problems += ValueCheck.problems(of: object, keyed: object.baseMapping, at: path, bounds: bounds)
            }
            // Pushed in reverse, so that objects are checked in the order of their properties.
            var next: [(object: ModelObject, path: JSONPath)] = []
            let mapping = object.baseMapping
            for relationship in object.relationshipSlots {
                let property = mapping.properties[relationship.slot]
                let base = path.appending(keys: property.keyPath)
                for (index, child) in object.linkedObjects(atSlot: relationship.slot).enumerated()
                where seen.insert(ObjectIdentifier(child)).inserted {
                    next.append((child, property.isToMany ? base.appending(index: index) : base))
                }
            }
            stack += next.reversed()
        }
        return problems
    }

    /// Throws `problems`: nothing for none, the error for one, all of them for several.
    static func throwing(_ problems: [MappingError]) throws {
        guard let first = problems.first else { return }
        if problems.count == 1 { throw first }
        throw MappingErrors(problems)
    }
}
