import Foundation
import TestSupport
import Testing

/// The command-line reference in the documentation is made from the argument parser, not
/// written by hand: every command's help as the tool prints it, so that the two never part.
/// `MODELMAPPER_RECORD_GOLDEN=1 swift test --filter CommandLineReferenceTests` writes it again.
@Suite("modelgen: the DocC command-line reference is the argument parser's help")
struct CommandLineReferenceTests {
    static let article = TestPaths.packageRoot.appendingPathComponent(
        "Sources/ModelMapper/ModelMapper.docc/CommandLineReference.md"
    )

    @Test("CommandLineReference.md holds every command's --help, at 100 columns")
    func reference() throws {
        try GoldenFile.expect(try Self.make(), matches: Self.article)
    }

    /// The article: the tool's help, then each command's, in the order the tool lists them.
    static func make() throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "100"
        func help(_ arguments: [String]) throws -> String {
            let result = try Modelgen.run(arguments + ["--help"], environment: environment)
            #expect(result.status == 0, "modelgen \(arguments.joined(separator: " ")) --help")
            return result.standardOutput.trimmingCharacters(in: .newlines)
        }
        let dump = try Modelgen.run(["--experimental-dump-help"], environment: environment)
        let tree = try #require(
            try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any]
        )
        let command = try #require(tree["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        var text = """
            # Command-line reference

            Every `modelgen` command and option, as `modelgen <command> --help` prints them.

            ## Overview

            This article is made from the tool's own help by a test (`CommandLineReferenceTests`), so \
            it is never out of step with the tool: change the help in `Sources/modelgen`, then run \
            `MODELMAPPER_RECORD_GOLDEN=1 swift test --filter CommandLineReferenceTests`.

            ```text
            \(try help([]))
            ```

            """
        for subcommand in subcommands where subcommand["shouldDisplay"] as? Bool ?? true {
            let name = try #require(subcommand["commandName"] as? String)
            let abstract = subcommand["abstract"] as? String ?? ""
            text += "\n## modelgen \(name)\n\n\(abstract)\n\n```text\n\(try help([name]))\n```\n"
        }
        return text
    }
}
