import ModelMapper

/// Where two JSON documents differ, path by path.
///
/// By default the comparison is strict, as a round trip should be: numbers as spelled (`1.0`
/// is not `1`), keys in order, an absent member is not a `null` one. ``Normalizations`` relax it,
/// one named rule at a time.
///
/// For example:
///
/// ```swift
/// let differences = JSONComparison.differences(expected: fixture, found: encoded, normalizations: [.numbersByValue])
/// // ["$.books[0].year: expected 1876, found \"1876\""]
/// ```
public enum JSONComparison {
    /// The rules a comparison may relax.
    public struct Normalizations: OptionSet, Sendable, Hashable {
        /// The options, one bit each.
        public let rawValue: Int
        /// The options whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Numbers are equal when they are the same number, however spelled (`1`, `1.0`, `1e0`).
        public static let numbersByValue = Normalizations(rawValue: 1 << 0)
        /// Objects are equal whatever the order of their keys.
        public static let keyOrderIgnored = Normalizations(rawValue: 1 << 1)
        /// A member that is absent equals one that is `null`.
        public static let absentEqualsNull = Normalizations(rawValue: 1 << 2)

        /// Every rule relaxed.
        public static let all: Normalizations = [.numbersByValue, .keyOrderIgnored, .absentEqualsNull]
    }

    /// Every difference in document order, at most `limit`: in an object, its keys' order first,
    /// then its members in the expected order, then the members only the other has; in an
    /// array, the elements both have, then those one lacks. Nested values are compared without
    /// recursion, and paths are spelled out only for what is reported: time is linear in the
    /// documents however deep they are.
    public static func differences(
        expected: JSONValue,
        found: JSONValue,
        normalizations: Normalizations = [],
        limit: Int = 100
    ) -> [JSONDifference] {
        var comparison = Comparison(normalizations: normalizations)
        var differences: [JSONDifference] = []
        // Depth first, in order: work is pushed in reverse.
        var pending: [Work] = [.compare(Comparison.root, expected, found)]
        while let work = pending.popLast(), differences.count < limit {
            switch work {
            case .report(let node, let kind):
                differences.append(JSONDifference(path: comparison.path(node), kind: kind))
            case .compare(let node, let expected, let found):
                switch (expected, found) {
                case (.null, .null): continue
                case (.bool(let a), .bool(let b)) where a == b: continue
                case (.string(let a), .string(let b)) where a == b: continue
                case (.number(let a), .number(let b))
                where a == b || (normalizations.contains(.numbersByValue) && JSONValue.numbersEqual(a, b)):
                    continue
                case (.array(let a), .array(let b)):
                    var next: [Work] = []
                    for index in 0..<min(a.count, b.count) {
                        next.append(.compare(comparison.child(of: node, .index(index)), a[index], b[index]))
                    }
                    for index in b.count..<max(a.count, b.count) {
                        next.append(.report(comparison.child(of: node, .index(index)), .missing(expected: a[index])))
                    }
                    for index in a.count..<max(a.count, b.count) {
                        next.append(.report(comparison.child(of: node, .index(index)), .unexpected(found: b[index])))
                    }
                    pending.append(contentsOf: next.reversed())
                case (.object(let a), .object(let b)):
                    pending.append(contentsOf: comparison.compareObjects(a, b, at: node).reversed())
                default:
                    differences.append(
                        JSONDifference(path: comparison.path(node), kind: .value(expected: expected, found: found))
                    )
                }
            }
        }
        return differences
    }

    private enum Work {
        case compare(Int, JSONValue, JSONValue)
        case report(Int, JSONDifference.Kind)
    }

    /// The paths of a comparison, as a tree: each node its parent and its last step, so that
    /// going one level deeper costs one node, not a copy of the path.
    private struct Comparison {
        let normalizations: Normalizations
        var nodes: [(parent: Int, component: JSONPath.Component?)] = [(-1, nil)]
        static let root = 0

        init(normalizations: Normalizations) {
            self.normalizations = normalizations
        }

        mutating func child(of node: Int, _ component: JSONPath.Component) -> Int {
            nodes.append((node, component))
            return nodes.count - 1
        }

        func path(_ node: Int) -> JSONPath {
            var components: [JSONPath.Component] = []
            var current = node
            while current >= 0 {
                if let component = nodes[current].component { components.append(component) }
                current = nodes[current].parent
            }
            return JSONPath(components.reversed())
        }

        /// The work of comparing two objects, in order.
        mutating func compareObjects(_ expected: JSONObject, _ found: JSONObject, at node: Int) -> [Work] {
            var work: [Work] = []
            let expectedKeys = expected.keys
            let foundKeys = found.keys
            if !normalizations.contains(.keyOrderIgnored) {
                let expectedOrder = expectedKeys.filter { found[$0] != nil }
                let foundOrder = foundKeys.filter { expected[$0] != nil }
                if expectedOrder != foundOrder {
                    work.append(.report(node, .keyOrder(expected: expectedOrder, found: foundOrder)))
                }
            }
            let nullIsAbsent = normalizations.contains(.absentEqualsNull)
            for key in expectedKeys {
                guard let value = expected[key] else { continue }
                if let other = found[key] {
                    // `null` against a value stays a difference: only absence is forgiven.
                    work.append(.compare(child(of: node, .key(key)), value, other))
                } else if !(nullIsAbsent && value == .null) {
                    work.append(.report(child(of: node, .key(key)), .missing(expected: value)))
                }
            }
            for key in foundKeys where expected[key] == nil {
                guard let value = found[key], !(nullIsAbsent && value == .null) else { continue }
                work.append(.report(child(of: node, .key(key)), .unexpected(found: value)))
            }
            return work
        }
    }
}
