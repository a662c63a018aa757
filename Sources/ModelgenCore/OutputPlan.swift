/// What writing generated files would change, given what is on disk: machine files are
/// rewritten when their content differs, human files written only when missing, and machine
/// files left by entities that are gone (orphans) are reported, to be pruned.
///
/// ```swift
/// let plan = OutputPlan(files: result.files, existing: ["_Author.swift": oldText],
///                       machineFolder: ["_Old.swift": oldMachineText], sourceName: "Authors.xcdatamodeld")
/// plan.writes        // the files to write
/// plan.orphans       // ["_Old.swift"]: generated from this model, no longer generated
/// plan.isUpToDate    // false when anything would be written or pruned
/// ```
package struct OutputPlan: Sendable {
    /// A file to write, with what is on disk now (nil when it does not exist).
    package struct Write: Sendable {
        /// What would be written.
        package var file: GeneratedFile
        /// What is there now, nil for a new file.
        package var existing: String?
    }

    /// A machine file on disk that this model no longer generates.
    package struct Orphan: Sendable, Hashable {
        /// Its name in the machine folder.
        package var path: String
        /// What it holds.
        package var contents: String
    }

    /// The files that would be written.
    package var writes: [Write] = []
    /// Files whose content on disk is already what was generated (or human files that exist).
    package var unchanged: [GeneratedFile] = []
    /// Machine files generated from the same model that it no longer generates, by name.
    package var orphans: [Orphan] = []

    /// What to write of `files`, given what is on disk.
    ///
    /// - Parameters:
    ///   - files: what the generator made.
    ///   - existing: the current content of each generated file's path, nil when it does not exist.
    ///   - machineFolder: the `.swift` files in the machine folder, by name, to find orphans in.
    ///     A file is an orphan only when its header says it was generated from `sourceName`
    ///     (a `_` prefix alone proves nothing: human files and other tools' files stay untouched).
    ///   - sourceName: what the model is called in headers (`Authors.xcdatamodeld`).
    package init(
        files: [GeneratedFile],
        existing: [String: String?],
        machineFolder: [String: String] = [:],
        sourceName: String = ""
    ) {
        for file in files {
            let current = existing[file.path] ?? nil
            switch (file.kind, current) {
            case (.human, .some), (.machine, file.contents?):
                unchanged.append(file)
            default:
                writes.append(Write(file: file, existing: current))
            }
        }
        let generated = Set(files.filter { $0.kind == .machine }.map(\.path))
        orphans =
            machineFolder
            .filter { !generated.contains($0.key) && ModelGenerator.isMachineFile($0.value, generatedFrom: sourceName) }
            .map { Orphan(path: $0.key, contents: $0.value) }
            .sorted { $0.path < $1.path }
    }

    /// Whether nothing would be written or pruned.
    package var isUpToDate: Bool { writes.isEmpty && orphans.isEmpty }

    /// The diff `--check` prints, for `git apply`: each file that would change against what is
    /// on disk, and each orphan deleted. `displayPath` gives a file's path as the diff names
    /// it (relative to where it will be applied).
    package func diffs(displayPath: (GeneratedFile.Kind, String) -> String = { $1 }) -> String {
        let changes = writes.map { write in
            UnifiedDiff.make(
                old: write.existing,
                new: write.file.contents,
                path: displayPath(write.file.kind, write.file.path)
            )
        }
        let deletions = orphans.map { orphan in
            UnifiedDiff.make(old: orphan.contents, new: nil, path: displayPath(.machine, orphan.path))
        }
        return (changes + deletions).joined()
    }
}
