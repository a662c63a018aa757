import Foundation

/// Reading the values the model requires, as typed accessors such as generated ones do: a
/// required attribute is non-optional in Swift, and an object that lacks one is either a
/// placeholder or a mistake in code.
extension ModelObject {
    /// Whether the object stands for one known by its identity alone, and may lack values the
    /// model requires:
    /// - the decoder read it from references alone (a foreign key, `"author_id": 7`, an
    ///   identity in a to-many list, or a nested object of its identity alone that lacks a
    ///   required value, `"author": {"id": 7}`) and never from a record of its own;
    /// - or an ``ObjectGraph`` made it for a reference to an object it did not have
    ///   (``ObjectGraph/UnresolvedReferencePolicy/placeholder``), and no merge filled it in.
    ///
    /// An object decoded from a JSON object of its own, or made by a generated class's typed
    /// initializer, is never a placeholder: it has every value the model requires.
    ///
    /// For example:
    ///
    /// ```swift
    /// let book = try decoder.decode(Book.self, from: Data(#"{"book_id": 1, "title": "Emma", "author": 9}"#.utf8))
    /// book.author?.isPlaceholder                // true: author 9 is known by its identity alone
    /// book.author?.value(forKey: "lastName")    // nil; `book.author?.lastName` would stop the program
    /// ```
    public var isPlaceholder: Bool { flags.contains(.isReadAsReference) || flags.contains(.isGraphPlaceholder) }

    /// The value of a property the model requires (neither optional nor transient), for typed
    /// accessors such as generated ones: the value, or the model's default when it is unset.
    ///
    /// Reading a required value the object lacks is a programming error, and stops the
    /// program with a message naming `Entity.property`. An object lacks one when it is a
    /// placeholder (``isPlaceholder``: ask before reading), was made with ``init(entity:)``
    /// and not given the value, had it removed or set to null by key, or was decoded with
    /// ``ModelDecoder/Options/requiresNonOptionalValues`` off; and a required to-one lacks
    /// its object while an ``ObjectGraph`` reference waits for it
    /// (``ObjectGraph/UnresolvedReferencePolicy/pending``). Read such objects with
    /// ``value(forKey:)``, which returns nil.
    ///
    /// For example:
    ///
    /// ```swift
    /// var title: String { requiredValue(forKey: "title") }
    /// ```
    @inlinable
    public func requiredValue<Value>(forKey key: String, as type: Value.Type = Value.self) -> Value {
        // Unwrapped before the cast: a nil `Any?` cast to `Any` would succeed.
        if let value = value(forKey: key), let typed = value as? Value { return typed }
        stopOnUnreadableRequiredValue(key, as: Value.self)
    }

    /// The value of a required String attribute holding raw values of `Value`, as
    /// ``requiredValue(forKey:as:)`` reads it: a stored value that is none of `Value`'s raw
    /// values (set by key, or decoded without the class bound) stops the program too.
    @inlinable
    public func requiredRawRepresentableValue<Value: RawRepresentable>(
        forKey key: String,
        as type: Value.Type = Value.self
    ) -> Value where Value.RawValue == String {
        if let value = rawRepresentableValue(forKey: key, as: Value.self) { return value }
        stopOnUnreadableRequiredValue(key, as: Value.self)
    }

    /// The value of a required Integer 16, 32 or 64 attribute holding raw values of `Value`,
    /// as the String form reads it.
    @inlinable
    public func requiredRawRepresentableValue<Value: RawRepresentable>(
        forKey key: String,
        as type: Value.Type = Value.self
    ) -> Value where Value.RawValue: BinaryInteger {
        if let value = rawRepresentableValue(forKey: key, as: Value.self) { return value }
        stopOnUnreadableRequiredValue(key, as: Value.self)
    }

    /// Stops the program on reading a required value the object lacks, or holds as another
    /// type than `type` (none of an enum's raw values), saying why. Out of line: the
    /// accessors above are inlined into generated code, and this is their cold path.
    @usableFromInline
    func stopOnUnreadableRequiredValue(_ key: String, as type: Any.Type) -> Never {
        if let value = value(forKey: key) {
            let what = type is any RawRepresentable.Type ? "none of the raw values of" : "not a value of type"
            preconditionFailure("\(entity.name).\(key) holds \(value), \(what) \(type)")
        }
        let state = valueState(forKey: key).map { $0 == .null ? "null" : "unset" } ?? "not a property of the entity"
        let why: String
        if isPlaceholder {
            why =
                "this \(entity.name) is a placeholder, known by its identity alone (check isPlaceholder before reading)"
        } else if let waiting = changeObserver?.waitingReference(self, key) {
            why =
                "its reference waits for an object the graph does not have yet, \(waiting) (see "
                + "ObjectGraph.unresolvedReferences, or merge with the .placeholder policy)"
        } else {
            why =
                "the object was made with init(entity:) or had the value removed (make it with the typed initializer, "
                + "or set the value first)"
        }
        preconditionFailure("\(entity.name).\(key) is required, and \(state): \(why)")
    }
}
