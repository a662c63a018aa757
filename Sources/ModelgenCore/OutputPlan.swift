/// What writing generated files would change, given what is on disk: machine files are
/// rewritten when their content differs, human files written only when missing.
///
/// ```swift
/// let plan = OutputPlan(files: result.files, existing: ["_Author.swift": oldText])
/// plan.writes        // the files to write
/// plan.isUpToDate    // false when anything would be written
/// ```
public struct OutputPlan: Sendable {
    /// A file to write, with what is on disk now (nil when it does not exist).
    public struct Write: Sendable {
        /// What would be written.
        public var file: GeneratedFile
        /// What is there now, nil for a new file.
        public var existing: String?
    }

    /// The files that would be written.
    public var writes: [Write] = []
    /// Files whose content on disk is already what was generated (or human files that exist).
    public var unchanged: [GeneratedFile] = []

    /// - Parameter existing: the current content of each file path, nil when it does not exist.
    public init(files: [GeneratedFile], existing: [String: String?]) {
        for file in files {
            let current = existing[file.path] ?? nil
            switch (file.kind, current) {
            case (.human, .some), (.machine, file.contents?):
                unchanged.append(file)
            default:
                writes.append(Write(file: file, existing: current))
            }
        }
    }

    /// Whether nothing would be written.
    public var isUpToDate: Bool { writes.isEmpty }

    /// The diffs `--check` prints: each file that would change, against what is on disk.
    public func diffs() -> String {
        writes.map { write in
            UnifiedDiff.make(old: write.existing ?? "", new: write.file.contents, path: write.file.path)
        }.joined()
    }
}
