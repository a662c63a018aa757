import Foundation

/// A JSON object: string keys in insertion order, with lookup by key.
///
/// ```swift
/// var object = JSONObject()
/// object["id"] = 7
/// object["name"] = "Ada"
/// object.keys   // ["id", "name"]
/// ```
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The keys and values, shared between copies until one changes them. A class of ours, so
    /// that a value nested in it however deeply is freed without recursion (see ``JSONArray``).
    final class Storage: @unchecked Sendable {
        // Unchecked: storage is only changed while uniquely referenced (copy on write).
        var keys: [String]
        var values: [String: JSONValue]

        init(keys: [String] = [], values: [String: JSONValue] = [:]) {
            self.keys = keys
            self.values = values
        }

        deinit {
            guard values.values.contains(where: \.isContainer) else { return }
            var taken = Array(values.values)
            values = [:]
            JSONTreeRelease.release(&taken)
        }
    }

    private(set) var storage = Storage()

    /// An empty object.
    public init() {}

    /// The keys, in insertion order.
    public var keys: [String] { storage.keys }

    /// The number of keys.
    public var count: Int { storage.keys.count }

    /// Makes room for `capacity` keys.
    public mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        storage.keys.reserveCapacity(capacity)
        storage.values.reserveCapacity(capacity)
    }
    /// Whether the object has no key.
    public var isEmpty: Bool { storage.keys.isEmpty }

    /// The value of a key; setting nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get { storage.values[key] }
        set {
            makeUnique()
            if let newValue {
                if storage.values.updateValue(newValue, forKey: key) == nil { storage.keys.append(key) }
            } else if storage.values.removeValue(forKey: key) != nil {
                storage.keys.removeAll { $0 == key }
            }
        }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(keys: storage.keys, values: storage.values) }
    }

    /// Moves the values into `pending` when this object holds the only reference to them, so
    /// that freeing it then frees no nested value (see ``JSONTreeRelease``).
    mutating func giveValues(to pending: inout [JSONValue]) {
        guard isKnownUniquelyReferenced(&storage), storage.values.values.contains(where: \.isContainer) else { return }
        pending.append(contentsOf: storage.values.values)
        storage.values = [:]
    }

    /// The members in insertion order.
    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var index = 0
        return AnyIterator { [storage] in
            guard index < storage.keys.count else { return nil }
            defer { index += 1 }
            let key = storage.keys[index]
            return (key, storage.values[key] ?? .null)
        }
    }

    /// Whether both are the same JSON text, as ``JSONValue``'s `==` compares.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storage === rhs.storage || JSONValue.object(lhs) == JSONValue.object(rhs)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        JSONValue.object(self).hash(into: &hasher)
    }
}
