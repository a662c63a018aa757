import Foundation

/// The classes bound to a model's entities, resolved per entity, and the raw value checks
/// they ask for. The model holds it opaquely (`ObjectModel.classTable`): the model's layer
/// comes before the objects'.
final class ClassTable: Sendable {
    /// The class that objects of each entity are created with: the class bound to the
    /// entity, else the one bound to its nearest superentity, else `ModelObject`.
    let objectClasses: [ModelObject.Type]
    /// Per entity, the attributes whose model lists their values, and those its class says
    /// hold raw values of a Swift type (``ModelObject/rawValueTypes``, checked when the classes
    /// are bound), in slot order; empty for most.
    let rawValueChecks: [[RawValueCheck]]
    /// Whether any entity has one: a decoding run looks no further when none does.
    let hasRawValueChecks: Bool

    /// Binds `classes` to the entities of `records`.
    ///
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` for a class naming an entity the model does not have,
    ///   or raw value types the entity's attributes cannot hold.
    init(binding classes: [ModelObject.Type], to records: [EntityRecord], fileName: String) throws(ModelLoadingError) {
        var indexByName: [String: Int] = [:]
        for (index, entity) in records.enumerated() { indexByName[entity.name] = index }
        objectClasses = try Self.bind(classes, to: records, indexByName: indexByName, fileName: fileName)
        // The values the model lists, then the classes' raw values, per slot in that order.
        let listed = ObjectModel.listedValueChecks(records: records)
        let ofClasses = try ObjectModel.rawValueChecks(of: objectClasses, records: records)
        rawValueChecks = zip(listed, ofClasses)
            .map { listed, ofClass in
                (listed + ofClass).enumerated().sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }
                    .map(\.element)
            }
        hasRawValueChecks = rawValueChecks.contains { !$0.isEmpty }
    }

    /// Resolves the class of each entity from the classes given at load time.
    static func bind(
        _ classes: [ModelObject.Type],
        to records: [EntityRecord],
        indexByName: [String: Int],
        fileName: String
    ) throws(ModelLoadingError) -> [ModelObject.Type] {
        var bound: [ModelObject.Type?] = Array(repeating: nil, count: records.count)
        var problems: [ModelDiagnostic] = []
        for objectClass in classes {
            guard let index = indexByName[objectClass.entityName] else {
                problems.append(
                    ModelDiagnostic(
                        .classUnknownEntity(className: "\(objectClass)", entity: objectClass.entityName),
                        at: SourceLocation(file: fileName)
                    )
                )
                continue
            }
            bound[index] = objectClass
        }
        guard problems.isEmpty else { throw ModelLoadingError(diagnostics: problems) }
        return records.indices.map { index in
            var current: Int? = index
            while let entity = current {
                if let objectClass = bound[entity] { return objectClass }
                current = records[entity].superentity
            }
            return ModelObject.self
        }
    }
}
