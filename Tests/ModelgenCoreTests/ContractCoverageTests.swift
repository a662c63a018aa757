import Foundation
import ModelMapper
import ModelgenCore
import TestSupport
import Testing

/// Every userInfo key and conventions setting the library reads is classified for the
/// contract tools (`ContractCoverage`): a diff rule and a schema mapping, or no effect on the
/// JSON. A key added later fails here until it is.
@Suite("What bears on the JSON contract is classified")
struct ContractCoverageTests {
    /// The userInfo keys `MappingKeys` declares, read from its source: the first of each list,
    /// with its aliases.
    static func mappingKeys() throws -> [[String]] {
        let source = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent(
                "Sources/ModelMapperSchema/Schema/MappingKeys.swift"
            ),
            encoding: .utf8
        )
        let declaration = try Regex(#"(?:public|package) static let \w+ = \[([^\]]*)\]"#)
        let literal = try Regex(#""([^"]+)""#)
        return source.matches(of: declaration)
            .map { match in
                let list = String(source[match.range])
                return list.matches(of: literal).map { String(list[$0.range].dropFirst().dropLast()) }
            }
    }

    @Test("every userInfo key the library reads")
    func userInfoKeys() throws {
        let lists = try Self.mappingKeys()
        #expect(lists.count >= 15, "MappingKeys.swift was not read: \(lists.count) lists")
        let read = Set(lists.compactMap(\.first))
        let unclassified = read.subtracting(ContractCoverage.userInfoKeys.keys)
        #expect(unclassified.isEmpty, "classify in ContractCoverage.userInfoKeys: \(unclassified.sorted())")
        let stale = Set(ContractCoverage.userInfoKeys.keys).subtracting(read)
        #expect(stale.isEmpty, "no longer read: \(stale.sorted())")
    }

    @Test("every setting of a conventions file")
    func conventionSettings() {
        let read = Set(ModelConventions.keys)
        #expect(read.count >= 10)
        #expect(Set(ContractCoverage.conventionSettings.keys) == read)
    }
}
