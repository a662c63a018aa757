import ArgumentParser
import Foundation
import ModelMapper

/// What the commands that read documents of one entity share: which entity, and the date
/// transformers the command line registers.
enum DocumentEntity {
    /// What `--entity` defaults to, as the help of every command that takes it says it.
    static let defaultHelp =
        "default: the entity whose jsonRootKeyPath says where a document holds it, when one does; else the "
        + "model's only entity without a superentity, else the only one no other holds in a to-many or cascading "
        + "relationship"

    /// What `--model-version` says, for every command that takes it.
    static let modelVersionHelp = "The version of a .xcdatamodeld bundle to use (default: its current version)."

    /// What `--date-transformer` says, for every command that takes it (it registers what
    /// ``registerDateTransformers(_:)`` reads).
    static let dateTransformerHelp =
        "The date form of a transformer the model names: NAME=FORMAT (iso8601, yearMonthDay, secondsSince1970, "
        + "millisecondsSince1970, microsecondsSince1970, rfc1123 or a pattern; repeatable). One the model declares "
        + "(dateFormat beside the transformer's name) needs none; this replaces it."

    /// Registers each `NAME=FORMAT` of `--date-transformer` as a `DateTransformer`, over any
    /// other of that name.
    static func registerDateTransformers(_ definitions: [String]) throws {
        for definition in definitions {
            let parts = definition.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let format = DateFormat.list(parts[1]).first else {
                throw ValidationError("--date-transformer takes NAME=FORMAT, not '\(definition)'.")
            }
            ValueTransformer.setValueTransformer(
                DateTransformer(format: format),
                forName: ValueTransformer.Name(parts[0])
            )
        }
    }

    /// The entity a document holds: `--entity` (`entity`); else the one entity that declares where a
    /// document holds it (`jsonRootKeyPath`); else the one ``ObjectModel/topLevelEntities``
    /// gives. Several of either are a question for the user.
    static func choose(in loaded: ObjectModel, named entity: String?, modelPath model: String) throws
        -> EntityDescription
    {
        if let entity {
            guard let found = loaded.entitiesByName[entity] else {
                throw CommandFailure(
                    path: model,
                    message: "the model has no entity '\(entity)'"
                        + ClosestName.suggestion(for: entity, among: loaded.entities.map(\.name))
                )
            }
            return found
        }
        let declared = loaded.declaredRoots
        if declared.count == 1, let root = declared.first { return root }
        if declared.count > 1 {
            let listed = declared.map { root in root.name + (root.rootKeyPath.map { " at \($0)" } ?? "") }
            throw ValidationError(
                "The model declares \(declared.count) entities a document may hold (jsonRootKeyPath): say which "
                    + "with --entity (\(listed.joined(separator: ", ")))."
            )
        }
        let roots = loaded.topLevelEntities
        guard roots.count == 1, let root = roots.first else {
            let listed = roots.isEmpty ? loaded.entities : roots
            throw ValidationError(
                "The model has \(roots.count) entities a document may hold at its top level: say which with "
                    + "--entity (\(listed.map(\.name).joined(separator: ", ")))."
            )
        }
        return root
    }
}
