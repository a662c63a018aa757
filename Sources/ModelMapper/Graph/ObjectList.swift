import Foundation

/// The objects of one entity in a graph, in the order they came: removal leaves a hole,
/// filled when holes are half the list, so that removing is O(1) amortized.
struct ObjectList {
    private var slots: [ModelObject?] = []
    private var positions: [ObjectIdentifier: Int] = [:]
    private var holes = 0

    var count: Int { positions.count }
    var objects: [ModelObject] { slots.compactMap { $0 } }

    func contains(_ object: ModelObject) -> Bool { positions[ObjectIdentifier(object)] != nil }

    /// Where `object` stands among the list's objects (holes counted), nil when not in it.
    func position(of object: ModelObject) -> Int? { positions[ObjectIdentifier(object)] }

    mutating func append(_ object: ModelObject) {
        let identifier = ObjectIdentifier(object)
        guard positions[identifier] == nil else { return }
        positions[identifier] = slots.count
        slots.append(object)
    }

    mutating func remove(_ object: ModelObject) {
        guard let position = positions.removeValue(forKey: ObjectIdentifier(object)) else { return }
        slots[position] = nil
        holes += 1
        guard holes * 2 > slots.count else { return }
        slots = slots.filter { $0 != nil }
        holes = 0
        for (position, object) in slots.enumerated() {
            if let object { positions[ObjectIdentifier(object)] = position }
        }
    }
}
