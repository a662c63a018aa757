import ArgumentParser
import Foundation
import ModelMapper
import ModelgenCore

struct DiagramCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Draw a model: entities with their attributes, relationships with cardinalities, inheritance.",
        discussion: """
            mermaid prints a Mermaid class diagram (GitHub and GitLab render it in Markdown, in a \
            ```mermaid block); dot prints Graphviz DOT; svg runs Graphviz's 'dot -Tsvg' on it, which \
            must be installed (apt-get install graphviz, brew install graphviz). A relationship and \
            its inverse are one edge, labelled 'name / inverse', with how many objects each end \
            holds (0..1, 1, 0..*); a relationship with no inverse has '*' at its source.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot, svg
    }

    @Argument(
        help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var model: String

    @Option(help: "mermaid, dot or svg.")
    var format: Format = .mermaid

    @Option(
        name: [.short, .long],
        help: "Write the diagram to this file instead of standard output.",
        completion: .file()
    )
    var output: String?

    @Option(help: "The version of a .xcdatamodeld bundle to draw (default: its current version).")
    var modelVersion: String?

    func execute() throws {
        let loaded = try loadModel(URL(fileURLWithPath: model), version: modelVersion)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        let title = URL(fileURLWithPath: model).deletingPathExtension().lastPathComponent
        let text: String
        switch format {
        case .mermaid: text = ModelDiagram.render(loaded, format: .mermaid, title: title)
        case .dot: text = ModelDiagram.render(loaded, format: .dot, title: title)
        case .svg: text = try Self.svg(fromDOT: ModelDiagram.render(loaded, format: .dot, title: title))
        }
        if let output {
            try FileSystem.write(text, to: URL(fileURLWithPath: output))
        } else {
            print(text, terminator: "")
        }
    }

    /// Graphviz's drawing of a DOT graph, through the `dot` found on the PATH.
    static func svg(fromDOT graph: String) throws -> String {
        guard let dot = executable(named: "dot") else {
            throw CommandFailure([
                "error: Graphviz's 'dot' is not installed (apt-get install graphviz, brew install graphviz); --format "
                    + "dot prints the graph for it, --format mermaid needs nothing"
            ])
        }
        // The graph and the drawing go through files: nothing waits on a full pipe.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelgen-diagram-\(UUID().uuidString)"
        )
        try FileSystem.createDirectory(folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphFile = folder.appendingPathComponent("model.dot")
        let drawingFile = folder.appendingPathComponent("model.svg")
        try FileSystem.write(graph, to: graphFile)
        let process = Process()
        process.executableURL = dot
        process.arguments = ["-Tsvg", "-o", drawingFile.path, graphFile.path]
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(path: dot.path, error)
        }
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure([
                "\(dot.path): error: dot exited with status \(process.terminationStatus): "
                    + String(decoding: messages, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            ])
        }
        return try FileSystem.read(drawingFile)
    }

    /// The first executable file of that name on the PATH.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
