import Foundation
import PackagePlugin

// Shared by the build plugin and the command plugin (Plugins/ModelgenCommandPlugin links this
// file): plugins cannot depend on a library target, so the one copy is linked into both.

/// The Core Data models of a target and their files.
enum ModelFiles {
    /// Model bundles and bare model folders of the target: declared as resources, excluded, or
    /// simply there (SwiftPM lists excluded files nowhere, so the folder is searched too).
    static func models(in target: SourceModuleTarget) -> [URL] {
        var found = Set<String>()
        for file in target.sourceFiles where ["xcdatamodeld", "xcdatamodel"].contains(file.url.pathExtension) {
            found.insert(file.url.standardizedFileURL.path)
        }
        if let enumerator = FileManager.default.enumerator(at: target.directoryURL, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where ["xcdatamodeld", "xcdatamodel"].contains(url.pathExtension) {
                found.insert(url.standardizedFileURL.path)
                enumerator.skipDescendants()
            }
        }
        return found.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// Every file of a model (or any folder), so that editing any version reruns the generator.
    static func files(in folder: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder.resolvingSymlinksInPath(),
                includingPropertiesForKeys: [.isRegularFileKey]
            )
        else { return [folder] }
        var files: [URL] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The model's name: `Shop` for `Shop.xcdatamodeld`.
    static func name(of model: URL) -> String {
        model.deletingPathExtension().lastPathComponent
    }
}
