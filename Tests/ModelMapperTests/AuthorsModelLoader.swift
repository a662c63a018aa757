import AuthorsKit
import ModelMapper
import TestSupport

/// Loads the current Authors model the way the example does: generated classes bound,
/// transformers registered.
enum AuthorsModelLoader {
    static func load(version: String? = nil) throws -> ObjectModel {
        AuthorsModel.registerTransformers()
        return try AuthorsModel.load(contentsOf: TestPaths.model("Authors"), version: version)
    }
}
