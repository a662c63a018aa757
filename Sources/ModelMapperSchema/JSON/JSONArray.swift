/// A JSON array: values in order. It behaves as `[JSONValue]` does (a value type, copied on
/// write, indexed from 0, built from an array literal), and a value nested in it however deeply
/// is freed without recursion.
///
/// For example:
///
/// ```swift
/// var tags: JSONArray = ["classic", "novel"]
/// tags.append("satire")
/// let value = JSONValue.array(tags)
/// if case .array(let elements) = value { elements.count }   // 3
/// ```
///
/// Why not `[JSONValue]`: freeing nested arrays frees each level from inside the one above, one
/// stack frame each, so a value built in code a few ten thousand levels deep would overflow the
/// stack when it is let go of. Its storage is a class of ours, whose `deinit` takes the nested
/// values apart one by one instead (`JSONTreeRelease`).
public struct JSONArray: Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Hashable, CustomStringConvertible
{
    /// The elements, shared between copies until one changes them.
    final class Storage: @unchecked Sendable {
        // Unchecked: storage is only changed while uniquely referenced (copy on write).
        var elements: [JSONValue]

        init(_ elements: [JSONValue]) {
            self.elements = elements
        }

        deinit {
            guard elements.contains(where: \.isContainer) else { return }
            var taken: [JSONValue] = []
            swap(&taken, &elements)
            JSONTreeRelease.release(&taken)
        }
    }

    private(set) var storage: Storage

    /// An array of `elements`.
    public init(_ elements: [JSONValue]) {
        storage = Storage(elements)
    }

    /// An array of the values of `elements`.
    public init<Elements: Sequence>(_ elements: Elements) where Elements.Element == JSONValue {
        storage = Storage(Array(elements))
    }

    /// An empty array.
    public init() {
        storage = Storage([])
    }

    /// An array written as an array literal.
    public init(arrayLiteral elements: JSONValue...) {
        storage = Storage(elements)
    }

    /// The elements as a Swift array.
    public var elements: [JSONValue] { storage.elements }

    /// The first element's position: 0.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { storage.elements.count }

    /// The element at `position`.
    public subscript(position: Int) -> JSONValue {
        get { storage.elements[position] }
        set {
            makeUnique()
            storage.elements[position] = newValue
        }
    }

    /// Replaces the elements in `range` with `replacement`.
    public mutating func replaceSubrange<Replacement: Collection>(_ range: Range<Int>, with replacement: Replacement)
    where Replacement.Element == JSONValue {
        makeUnique()
        storage.elements.replaceSubrange(range, with: replacement)
    }

    /// Reserves room for `capacity` elements.
    public mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(capacity)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements) }
    }

    /// Moves the elements into `pending` when this array holds the only reference to them, so
    /// that freeing it then frees no nested value (see ``JSONTreeRelease``).
    mutating func giveElements(to pending: inout [JSONValue]) {
        guard isKnownUniquelyReferenced(&storage), storage.elements.contains(where: \.isContainer) else { return }
        pending.append(contentsOf: storage.elements)
        storage.elements = []
    }

    /// Whether both are the same JSON text, as ``JSONValue``'s `==` compares.
    public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
        lhs.storage === rhs.storage || JSONValue.array(lhs) == JSONValue.array(rhs)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        JSONValue.array(self).hash(into: &hasher)
    }

    /// This `JSONArray` as text, as `print` and string interpolation show it.
    public var description: String { JSONValue.array(self).jsonText() }
}
