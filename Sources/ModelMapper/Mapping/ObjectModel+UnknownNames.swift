import Foundation

extension ObjectModel {
    /// The error for an entity name the model does not have, suggesting the closest it has.
    func unknownEntity(_ name: String) -> MappingError {
        let suggestion = ClosestName.to(name, among: entities.map(\.name))
        return MappingError(
            .unknownEntity(name),
            detail: suggestion.map { "did you mean '\($0)'?" }
                ?? "its entities are " + entities.map(\.name).prefix(12).joined(separator: ", ")
        )
    }
}
