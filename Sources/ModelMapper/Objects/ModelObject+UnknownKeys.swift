import Foundation

extension ModelObject {
    /// The error for a property name the object's entity does not have, suggesting the
    /// closest it has.
    func unknownKey(_ key: String) -> MappingError {
        let suggestion = ClosestName.to(key, among: entity.properties.map(\.name))
        return MappingError(
            .unknownKey(key),
            entityName: entity.name,
            detail: suggestion.map { "did you mean '\($0)'?" }
        )
    }
}
