import Foundation
import ModelMapper
import Testing

/// Whether two object graphs hold the same values: same entities, same attribute states and
/// values, same related objects (compared recursively, each pair once), through public API only.
func graphsAreEqual(_ lhs: ModelObject, _ rhs: ModelObject, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    let differences = graphDifferences(lhs, rhs)
    if !differences.isEmpty {
        Issue.record(Comment(rawValue: "graphs differ:\n" + differences.prefix(10).joined(separator: "\n")), sourceLocation: sourceLocation)
    }
    return differences.isEmpty
}

/// Where two graphs differ, one line per difference.
func graphDifferences(_ lhs: ModelObject, _ rhs: ModelObject) -> [String] {
    var compared: Set<[ObjectIdentifier]> = []
    var differences: [String] = []
    compare(lhs, rhs, path: lhs.entity.name, compared: &compared, differences: &differences)
    return differences
}

private func compare(_ lhs: ModelObject, _ rhs: ModelObject, path: String, compared: inout Set<[ObjectIdentifier]>, differences: inout [String]) {
    guard compared.insert([ObjectIdentifier(lhs), ObjectIdentifier(rhs)]).inserted else { return }
    guard lhs.entity.name == rhs.entity.name else {
        differences.append("\(path): entity \(lhs.entity.name) != \(rhs.entity.name)")
        return
    }
    for property in lhs.entity.properties {
        let key = property.name
        let here = "\(path).\(key)"
        guard lhs.valueState(forKey: key) == rhs.valueState(forKey: key) else {
            differences.append("\(here): \(String(describing: lhs.valueState(forKey: key))) != \(String(describing: rhs.valueState(forKey: key)))")
            continue
        }
        switch property {
        case .attribute:
            if !valuesAreEqual(lhs.value(forKey: key), rhs.value(forKey: key)) {
                differences.append("\(here): \(String(describing: lhs.value(forKey: key))) != \(String(describing: rhs.value(forKey: key)))")
            }
        case .relationship(let relationship):
            if relationship.isToMany {
                let left = lhs.value(forKey: key) as? [ModelObject] ?? []
                let right = rhs.value(forKey: key) as? [ModelObject] ?? []
                guard left.count == right.count else {
                    differences.append("\(here): \(left.count) objects != \(right.count)")
                    continue
                }
                for (index, pair) in zip(left, right).enumerated() {
                    compare(pair.0, pair.1, path: "\(here)[\(index)]", compared: &compared, differences: &differences)
                }
            } else {
                switch (lhs.value(forKey: key) as? ModelObject, rhs.value(forKey: key) as? ModelObject) {
                case (nil, nil): break
                case let (left?, right?): compare(left, right, path: here, compared: &compared, differences: &differences)
                default: differences.append("\(here): one side has no object")
                }
            }
        }
    }
}

/// Attribute values compared by type: Hashable values directly, others (dictionaries of JSON
/// values, `Any` from undefined attributes) as JSON.
func valuesAreEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (left?, right?):
        if let left = left as? AnyHashable, let right = right as? AnyHashable, !(left.base is NSNull) { return left == right }
        guard let leftJSON = try? JSONValue(foundationObject: left), let rightJSON = try? JSONValue(foundationObject: right) else { return false }
        return leftJSON.isEquivalent(to: rightJSON)
    default: return false
    }
}
