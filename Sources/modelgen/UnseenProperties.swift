import Foundation
import ModelMapper

/// Which properties of a model the decoded files give a value (or `null`) for, so that
/// `check-json --report-unseen` can list the ones none of them does: properties an API never
/// sends, or sends under a key the model does not read.
///
/// Every object reachable from the files' top-level objects counts, each once; an entity no
/// object of the files has is listed as a whole.
struct UnseenProperties {
    /// Per entity with objects in the files, the properties some object of it has.
    private var seen: [String: Set<String>] = [:]

    /// Notes what `roots` and every object they reach hold, without recursion.
    mutating func note(_ roots: [ModelObject]) {
        // Identities are of objects alive during this call only: another file's objects, made
        // after these are freed, may reuse their addresses.
        var visited: Set<ObjectIdentifier> = []
        var pending = roots
        while let object = pending.popLast() {
            guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
            let entity = object.entity
            if seen[entity.name] == nil { seen[entity.name] = [] }
            // Inserted in place: a copy of the set taken out and put back would copy it whole
            // for every object.
            for property in entity.properties where object.valueState(forKey: property.name) != .absent {
                seen[entity.name, default: []].insert(property.name)
            }
            for relationship in entity.relationships {
                switch object.value(forKey: relationship.name) {
                case let related as ModelObject: pending.append(related)
                case let related as [ModelObject]: pending += related
                default: break
                }
            }
        }
    }

    /// A note for each property no file holds, at the property in the model file (or the
    /// entity, for an entity with no object in the files), in model order.
    func notes(for model: ObjectModel) -> [JSONFileProblem] {
        var notes: [JSONFileProblem] = []
        for entity in model.entities where !entity.isAbstract {
            guard let names = seen[entity.name] else {
                notes.append(note(at: entity.location, "entity '\(entity.name)' has no object in the files"))
                continue
            }
            for property in entity.properties where !names.contains(property.name) {
                notes.append(
                    note(at: property.location, "property '\(entity.name).\(property.name)' is in none of the files")
                )
            }
        }
        return notes
    }

    private func note(at location: SourceLocation, _ message: String) -> JSONFileProblem {
        var problem = JSONFileProblem(file: location.file, message: message)
        problem.line = location.line
        problem.column = location.column
        problem.severity = "note"
        return problem
    }
}
