import Foundation

/// A question asked of objects in memory: those of an entity (with its subentities, unless
/// asked otherwise) for which a predicate holds, sorted, a page of them.
///
/// For example:
///
/// ```swift
/// var request = ModelFetchRequest(entityName: "Photo")
/// request.predicate = try ModelPredicate(format: "photographer.name ==[c] %@", "ansel adams")
/// request.sortDescriptors = [ModelSortDescriptor(keyPath: "dateTaken", ascending: false)]
/// request.fetchLimit = 20
/// let photos = try graph.fetch(request)
/// ```
///
/// Run it against an ``ObjectGraph`` (``ObjectGraph/fetch(_:substitutionVariables:options:)``)
/// or any collection of objects (``run(on:substitutionVariables:options:)``). A model's
/// templates give requests by name (``ModelMapperSchema/ObjectModel/fetchRequest(named:substitutionVariables:)``).
public struct ModelFetchRequest: Sendable, Hashable {
    /// The entity whose objects are fetched.
    public var entityName: String
    /// What an object must satisfy to be fetched; nil fetches every object of the entity.
    public var predicate: ModelPredicate?
    /// How the fetched objects are ordered: by the first descriptor, then the next for ties.
    public var sortDescriptors: [ModelSortDescriptor]
    /// The most objects returned; 0 for no limit.
    public var fetchLimit: Int
    /// How many of the sorted objects to skip first.
    public var fetchOffset: Int
    /// Whether objects of the entity's subentities are fetched too.
    public var includesSubentities: Bool

    /// A request for objects of `entityName`; by default every one, unsorted, subentities included.
    public init(
        entityName: String,
        predicate: ModelPredicate? = nil,
        sortDescriptors: [ModelSortDescriptor] = [],
        fetchLimit: Int = 0,
        fetchOffset: Int = 0,
        includesSubentities: Bool = true
    ) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        self.includesSubentities = includesSubentities
    }

    /// The objects of `objects` the request selects (those of its entity, or of its
    /// subentities, for which the predicate holds), sorted, paged.
    ///
    /// - Throws: ``PredicateEvaluationError``, as ``ModelMapperSchema/ModelPredicate/evaluate(with:substitutionVariables:options:)``;
    ///   a key the entity does not have is an error even when no object is looked at.
    public func run(
        on objects: some Sequence<ModelObject>,
        substitutionVariables: [String: Any] = [:],
        options: ModelPredicate.EvaluationOptions = .init()
    ) throws(PredicateEvaluationError) -> [ModelObject] {
        let candidates = objects.filter { object in
            guard let entity = object.model.entity(named: entityName) else { return false }
            return includesSubentities ? object.entity.isKind(of: entity) : object.entity == entity
        }
        return try select(from: candidates, substitutionVariables: substitutionVariables, options: options)
    }

    /// Filters, sorts and pages objects already of the request's entity.
    func select(
        from candidates: [ModelObject],
        substitutionVariables: [String: Any],
        options: ModelPredicate.EvaluationOptions
    ) throws(PredicateEvaluationError) -> [ModelObject] {
        var selected = candidates
        if let predicate {
            try checkVariables(of: predicate, given: substitutionVariables)
            selected = try predicate.filter(candidates, substitutionVariables: substitutionVariables, options: options)
        }
        if !sortDescriptors.isEmpty {
            selected = try ModelSortDescriptor.sort(selected, by: sortDescriptors, options: options)
        }
        let start = min(max(fetchOffset, 0), selected.count)
        let end = fetchLimit > 0 ? min(selected.count, start + min(fetchLimit, selected.count)) : selected.count
        return Array(selected[start..<end])
    }

    /// A variable the predicate reads that is not given is an error up front, even when no
    /// object would have made it read.
    private func checkVariables(of predicate: ModelPredicate, given: [String: Any]) throws(PredicateEvaluationError) {
        for name in predicate.freeVariables.sorted() where given[name] == nil {
            throw PredicateEvaluationError(.missingVariable(name), predicate: predicate.description)
        }
    }
}

extension EntityDescription {
    /// The entity's superentities, nearest first.
    var superentityChain: [EntityDescription] {
        var chain: [EntityDescription] = []
        var current = superentity
        while let entity = current {
            chain.append(entity)
            current = entity.superentity
        }
        return chain
    }
}

extension ObjectGraph {
    /// The graph's objects a fetch request selects.
    ///
    /// For example:
    ///
    /// ```swift
    /// let request = ModelFetchRequest(
    ///     entityName: "Album", predicate: try ModelPredicate(format: "band.name == %@", "Japan"),
    ///     sortDescriptors: [ModelSortDescriptor(keyPath: "released")])
    /// let albums = try graph.fetch(request)
    /// ```
    ///
    /// - Throws: ``PredicateEvaluationError``: an entity the model does not have, a key its
    ///   entity does not have (even in a graph with no such object), a variable not given, and
    ///   the errors of evaluation.
    public func fetch(
        _ request: ModelFetchRequest,
        substitutionVariables: [String: Any] = [:],
        options: ModelPredicate.EvaluationOptions = .init()
    ) throws(PredicateEvaluationError) -> [ModelObject] {
        guard let entity = model.entitiesByName[request.entityName] else {
            throw PredicateEvaluationError(.unknownEntity(request.entityName))
        }
        if let predicate = request.predicate { try predicate.checkKeys(for: entity) }
        let candidates = objects(of: entity, includingSubentities: request.includesSubentities)
        return try request.select(from: candidates, substitutionVariables: substitutionVariables, options: options)
    }

    /// The objects a fetch request selects, as instances of the class bound to their entity.
    ///
    /// - Throws: ``PredicateEvaluationError``, as ``fetch(_:substitutionVariables:options:)``;
    ///   `.invalidOperand` when an object is not a `T`.
    public func fetch<T: ModelObject>(
        _ request: ModelFetchRequest,
        as type: T.Type,
        substitutionVariables: [String: Any] = [:],
        options: ModelPredicate.EvaluationOptions = .init()
    ) throws(PredicateEvaluationError) -> [T] {
        let objects = try fetch(request, substitutionVariables: substitutionVariables, options: options)
        var typed: [T] = []
        typed.reserveCapacity(objects.count)
        for object in objects {
            guard let object = object as? T else {
                throw PredicateEvaluationError(
                    .invalidOperand(
                        "an object of \(object.entity.name) is a \(Swift.type(of: object)), not a \(T.self)"
                    )
                )
            }
            typed.append(object)
        }
        return typed
    }

    /// How many objects a fetch request selects (its limit and offset applied).
    ///
    /// - Throws: ``PredicateEvaluationError``, as ``fetch(_:substitutionVariables:options:)``.
    public func count(
        for request: ModelFetchRequest,
        substitutionVariables: [String: Any] = [:],
        options: ModelPredicate.EvaluationOptions = .init()
    ) throws(PredicateEvaluationError) -> Int {
        var unsorted = request
        unsorted.sortDescriptors = []
        return try fetch(unsorted, substitutionVariables: substitutionVariables, options: options).count
    }
}
