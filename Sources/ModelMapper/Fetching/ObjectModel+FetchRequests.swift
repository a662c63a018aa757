import Foundation

extension ObjectModel {
    /// The model's fetch request template `name` as a request to run, with its `$VARIABLES`
    /// substituted.
    ///
    /// For example, for `<fetchRequest name="byHumanName" entity="Human" predicateString="humanName == $humanName"/>`:
    ///
    /// ```swift
    /// let request = try model.fetchRequest(named: "byHumanName", substitutionVariables: ["humanName": "Ada"])
    /// let humans = try graph.fetch(request)
    /// ```
    ///
    /// The template's `fetchLimit` and `fetchOffset`, when the file gives them, carry over.
    ///
    /// - Throws: ``PredicateEvaluationError``: `.unknownTemplate`, `.missingVariable` naming a
    ///   variable the predicate reads that is not given, `.invalidOperand` for a predicate
    ///   string that does not parse (with the parser's column and expectation).
    public func fetchRequest(named name: String, substitutionVariables: [String: Any] = [:])
        throws(PredicateEvaluationError) -> ModelFetchRequest
    {
        guard let template = fetchRequestTemplatesByName[name] else {
            throw PredicateEvaluationError(.unknownTemplate(name))
        }
        var request = ModelFetchRequest(entityName: template.entityName)
        if let predicateString = template.predicateString, !predicateString.isEmpty {
            let predicate: ModelPredicate
            do {
                predicate = try ModelPredicate(format: predicateString)
            } catch {
                throw PredicateEvaluationError(
                    .invalidOperand("the predicate of template '\(name)' does not parse: \(error)"),
                    predicate: predicateString
                )
            }
            for variable in predicate.freeVariables.sorted() where substitutionVariables[variable] == nil {
                throw PredicateEvaluationError(.missingVariable(variable), predicate: predicateString)
            }
            request.predicate = try predicate.substituting(substitutionVariables)
        }
        request.fetchLimit = template.xmlAttributes["fetchLimit"].flatMap { Int($0) } ?? 0
        request.fetchOffset = template.xmlAttributes["fetchOffset"].flatMap { Int($0) } ?? 0
        return request
    }
}

extension ObjectGraph {
    /// The objects of a fetched property of `object`: those of the property's entity in this
    /// graph for which its predicate holds, with `$FETCH_SOURCE` the object and
    /// `$FETCHED_PROPERTY` the property (its `name`, `entityName` and `userInfo` readable by key
    /// path: `$FETCHED_PROPERTY.userInfo.limit`).
    ///
    /// For example, for a fetched property `sameCity` of Person with the predicate
    /// `city == $FETCH_SOURCE.city AND SELF != $FETCH_SOURCE`:
    ///
    /// ```swift
    /// let neighbours = try graph.fetchedProperty("sameCity", of: person)
    /// ```
    ///
    /// - Throws: ``PredicateEvaluationError``: `.unknownKey` for a name that is not a fetched
    ///   property of the object's entity, and the errors of parsing and evaluating its predicate.
    public func fetchedProperty(_ name: String, of object: ModelObject) throws(PredicateEvaluationError)
        -> [ModelObject]
    {
        guard let property = object.entity.fetchedPropertiesIncludingInherited.first(where: { $0.name == name }) else {
            throw PredicateEvaluationError(.unknownKey(name, entity: object.entity.name))
        }
        guard let entityName = property.entityName, let entity = model.entitiesByName[entityName] else {
            throw PredicateEvaluationError(.unknownEntity(property.entityName ?? ""))
        }
        var request = ModelFetchRequest(entityName: entity.name)
        if let predicateString = property.predicateString, !predicateString.isEmpty {
            do {
                request.predicate = try ModelPredicate(format: predicateString)
            } catch {
                throw PredicateEvaluationError(
                    .invalidOperand("the predicate of fetched property '\(name)' does not parse: \(error)"),
                    predicate: predicateString
                )
            }
        }
        let fetchedProperty = PredicateOperand.dictionary([
            "name": .string(property.name), "entityName": .string(entityName),
            "userInfo": .dictionary(property.userInfo.mapValues { .string($0) }),
        ])
        return try fetch(
            request,
            substitutionVariables: ["FETCH_SOURCE": object, "FETCHED_PROPERTY": fetchedProperty]
        )
    }
}

extension EntityDescription {
    /// The fetched properties of the entity and of its superentities.
    var fetchedPropertiesIncludingInherited: [FetchedPropertyDescription] {
        fetchedProperties + superentityChain.flatMap(\.fetchedProperties)
    }
}
