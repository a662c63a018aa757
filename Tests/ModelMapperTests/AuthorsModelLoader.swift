import AuthorsKit
import ModelMapper
import TestSupport

/// Loads the current Authors model the way the example does.
enum AuthorsModelLoader {
    static func load() throws -> ObjectModel {
        try AuthorsModel.load(from: TestPaths.model("Authors"))
    }
}
