/// The mappings with the model's own names of the model an encoding run met last, by entity,
/// in memory of the table's own.
///
/// Objects hold their layouts, not their mappings, so the encoder finds an object's mapping by
/// its entity, for every object and attribute it writes: reading an array for it would count a
/// reference each time, and comparing models would count one for the model. Here a lookup is a
/// bounds check and a comparison of the layout's address. Unretained: the model keeps them.
final class BaseMappingTable {
    private var mappings: UnsafeMutablePointer<Unmanaged<EntityMapping>>
    private var layouts: UnsafeMutablePointer<UnsafeMutableRawPointer>
    private var count = 0
    private var capacity = 0

    init() {
        mappings = .allocate(capacity: 1)
        layouts = .allocate(capacity: 1)
    }

    deinit {
        // Plain values: freed with no deinitializing.
        mappings.deallocate()
        layouts.deallocate()
    }

    /// The mapping of the entity at `index` when the table holds its model's: its layout is
    /// `layout` (layouts belong to one model each).
    @inline(__always)
    func mapping(at index: Int, layout: UnsafeMutableRawPointer) -> Unmanaged<EntityMapping>? {
        guard index < count, layouts[index] == layout else { return nil }
        return mappings[index]
    }

    /// Holds `mappings` (one model's, by entity) from now on.
    func hold(_ mappings: [EntityMapping]) {
        if mappings.count > capacity {
            self.mappings.deallocate()
            layouts.deallocate()
            capacity = mappings.count
            self.mappings = .allocate(capacity: capacity)
            layouts = .allocate(capacity: capacity)
        }
        for (index, mapping) in mappings.enumerated() {
            self.mappings[index] = .passUnretained(mapping)
            layouts[index] = Unmanaged.passUnretained(mapping.layout).toOpaque()
        }
        count = mappings.count
    }
}
