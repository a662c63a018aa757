import Foundation
import ModelMapper

/// Whether two object graphs hold the same values, and where not: the same entities, the same
/// state of every property (unset, `null`, a value), equal attribute values and related objects
/// compared in turn (each pair of objects once, so that cycles end), without recursion.
///
/// For example:
///
/// ```swift
/// let differences = GraphComparison.differences(expected: decodedYesterday, found: decodedToday)
/// // ["$.books[0].year: expected 1876, found 1877"]
/// ```
public enum GraphComparison {
    /// The places where `found` differs from `expected`, in the order they are met (breadth
    /// first from the roots), at most `limit` of them.
    ///
    /// - Parameters:
    ///   - expected: the root of the graph taken as right.
    ///   - found: the root of the graph compared with it.
    ///   - limit: the most differences listed; the comparison stops there.
    /// - Returns: the differences, each with its path, what was expected and what was found.
    public static func differences(expected: ModelObject, found: ModelObject, limit: Int = 100) -> [GraphDifference] {
        var differences: [GraphDifference] = []
        var compared: Set<[ObjectIdentifier]> = []
        var pending: [(JSONPath, ModelObject, ModelObject)] = [(.root, expected, found)]
        while let (path, lhs, rhs) = pending.popLast(), differences.count < limit {
            guard compared.insert([ObjectIdentifier(lhs), ObjectIdentifier(rhs)]).inserted else { continue }
            guard lhs.entity.name == rhs.entity.name else {
                differences.append(
                    GraphDifference(
                        path: path,
                        expected: "an object of \(lhs.entity.name)",
                        found: "an object of \(rhs.entity.name)"
                    )
                )
                continue
            }
            var next: [(JSONPath, ModelObject, ModelObject)] = []
            for property in lhs.entity.properties {
                let key = property.name
                let here = path.appending(key: key)
                let (leftState, rightState) = (lhs.valueState(forKey: key), rhs.valueState(forKey: key))
                guard leftState == rightState else {
                    differences.append(
                        GraphDifference(
                            path: here,
                            expected: describe(lhs, key, leftState),
                            found: describe(rhs, key, rightState)
                        )
                    )
                    continue
                }
                switch property {
                case .attribute:
                    let (left, right) = (lhs.value(forKey: key), rhs.value(forKey: key))
                    if !valuesAreEqual(left, right) {
                        differences.append(
                            GraphDifference(path: here, expected: describe(left), found: describe(right))
                        )
                    }
                case .relationship(let relationship):
                    if relationship.isToMany {
                        let left = lhs.value(forKey: key) as? [ModelObject] ?? []
                        let right = rhs.value(forKey: key) as? [ModelObject] ?? []
                        guard left.count == right.count else {
                            differences.append(
                                GraphDifference(path: here, expected: count(left.count), found: count(right.count))
                            )
                            continue
                        }
                        for (index, pair) in zip(left, right).enumerated() {
                            next.append((here.appending(index: index), pair.0, pair.1))
                        }
                    } else {
                        switch (lhs.value(forKey: key) as? ModelObject, rhs.value(forKey: key) as? ModelObject) {
                        case (nil, nil): break
                        case (let left?, let right?): next.append((here, left, right))
                        case (let left, let right):
                            differences.append(
                                GraphDifference(
                                    path: here,
                                    expected: left.map { "an object of \($0.entity.name)" } ?? "nothing",
                                    found: right.map { "an object of \($0.entity.name)" } ?? "nothing"
                                )
                            )
                        }
                    }
                }
            }
            pending.append(contentsOf: next.reversed())
        }
        return differences
    }

    /// Attribute values compared by type: `Hashable` values directly, others (dictionaries of
    /// JSON values, `Any` from Undefined attributes) as JSON.
    static func valuesAreEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let left?, let right?):
            if let left = left as? AnyHashable, let right = right as? AnyHashable, !(left.base is NSNull) {
                return left == right
            }
            guard let leftJSON = try? JSONValue(foundationObject: left),
                let rightJSON = try? JSONValue(foundationObject: right)
            else { return false }
            return leftJSON.isEquivalent(to: rightJSON)
        default: return false
        }
    }

    private static func count(_ count: Int) -> String { count == 1 ? "1 object" : "\(count) objects" }

    private static func describe(_ object: ModelObject, _ key: String, _ state: ModelObject.ValueState?) -> String {
        switch state {
        case .absent?, nil: "nothing"
        case .null?: "null"
        case .value?: describe(object.value(forKey: key))
        }
    }

    /// A value as a reader expects it: strings quoted, numbers and Booleans as written, dates
    /// in ISO 8601, data by its size.
    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nothing"
        case let text as String: return JSONValue.string(text).jsonText(options: [.withoutEscapingSlashes])
        case let date as Date: return date.formatted(.iso8601)
        case let data as Data: return "\(data.count) bytes"
        case let objects as [ModelObject]: return count(objects.count)
        case let object as ModelObject: return "an object of \(object.entity.name)"
        case let value?:
            if let json = try? JSONValue(foundationObject: value) { return JSONDifference.show(json) }
            return String(describing: value)
        }
    }
}
