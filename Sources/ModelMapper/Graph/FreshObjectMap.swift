/// A value for each of a merge's fresh objects, kept by the object's place in the table of
/// what the JSON gave (``GivenValuesTable``): an array look-up instead of a hash per object,
/// several times per object in a merge. An object the decoder noted nothing of (none in
/// practice) is kept by its identifier.
struct FreshObjectMap<Value> {
    private let table: GivenValuesTable
    private var byIndex: [Value?]
    private var others: [ObjectIdentifier: Value] = [:]

    /// An empty map over the objects of `table`.
    init(_ table: GivenValuesTable) {
        self.table = table
        byIndex = Array(repeating: nil, count: table.count)
    }

    subscript(object: ModelObject) -> Value? {
        get {
            if let index = table.index(of: object) { return byIndex[index] }
            return others.isEmpty ? nil : others[ObjectIdentifier(object)]
        }
        set {
            if let index = table.index(of: object) {
                byIndex[index] = newValue
            } else {
                others[ObjectIdentifier(object)] = newValue
            }
        }
    }
}

extension FreshObjectMap where Value == Bool {
    /// A set of fresh objects: true for those in it.
    init(_ table: GivenValuesTable, marking objects: [ModelObject]) {
        self.init(table)
        for object in objects { self[object] = true }
    }

    /// Adds `object`, and says whether it was new to the set.
    mutating func insert(_ object: ModelObject) -> Bool {
        guard self[object] == nil else { return false }
        self[object] = true
        return true
    }

    func contains(_ object: ModelObject) -> Bool { self[object] == true }
}
