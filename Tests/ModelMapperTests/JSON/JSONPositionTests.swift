import Foundation
import ModelMapper
import Testing

/// `JSONReader.position(of:in:)`: where the value at a path starts in a text, or its nearest
/// enclosing value there, for tools that found a place by path.
@Suite("JSON text: the line and column of a path")
struct JSONPositionTests {
    static let text = """
        {"a": [1, {"b": 2}],
          "c": {"d": "x\\u0041", "e": []},
          "é": true}
        """

    @Test(
        "each path is at its value, or at the nearest value the text has on the way",
        arguments: [
            ("$", 1, 1), ("$.a", 1, 7), ("$.a[0]", 1, 8), ("$.a[1]", 1, 11), ("$.a[1].b", 1, 17),
            ("$.c.d", 2, 14), ("$.c.e", 2, 30), ("$.é", 3, 8),
            // Not in the text: the nearest enclosing value.
            ("$.a[5]", 1, 7), ("$.c.e[0]", 2, 30), ("$.c.z", 2, 8), ("$.a[1].b.z", 1, 17),
        ]
    )
    func position(path: String, line: Int, column: Int) throws {
        let components = try Self.components(path)
        let found = try #require(JSONReader.position(of: JSONPath(components), in: Data(Self.text.utf8)))
        #expect(found.line == line, "\(path)")
        #expect(found.column == column, "\(path)")
    }

    @Test("text that is not JSON on the way has no position")
    func malformed() {
        let path = JSONPath([.key("a"), .key("b")])
        #expect(JSONReader.position(of: path, in: Data(#"{"x": [}, "a": {"b": 1}}"#.utf8)) == nil)
    }

    /// `$.a[1].b` as components.
    static func components(_ path: String) throws -> [JSONPath.Component] {
        var components: [JSONPath.Component] = []
        let scanner = Scanner(string: String(path.dropFirst()))
        scanner.charactersToBeSkipped = nil
        while !scanner.isAtEnd {
            if scanner.scanString(".") != nil {
                let key = try #require(scanner.scanUpToCharacters(from: CharacterSet(charactersIn: ".[")))
                components.append(.key(key))
            } else if scanner.scanString("[") != nil {
                let index = try #require(scanner.scanInt())
                _ = scanner.scanString("]")
                components.append(.index(index))
            } else {
                Issue.record("cannot read \(path)")
                break
            }
        }
        return components
    }
}
