import AuthorsKit
import ModelMapper
import TestSupport

/// Loads the current Authors model the way the example does: generated classes bound,
/// transformers registered.
public enum AuthorsModelLoader {
    /// The Authors model of `Models/`, the version `version` (the current one when nil), its
    /// classes bound and its transformers registered.
    ///
    /// - Throws: ``ModelLoadingError`` when the model does not load.
    public static func load(version: String? = nil) throws -> ObjectModel {
        try AuthorsModel.load(contentsOf: TestPaths.model("Authors"), version: version)
    }
}
