import Foundation

/// An order for fetched objects: a key path, ascending or descending, and how strings compare.
/// Several descriptors break ties in order; `nil` sorts first in ascending order (last in
/// descending), as Core Data sorts it; objects equal under every descriptor keep their order.
///
/// For example:
///
/// ```swift
/// let newestFirst = ModelSortDescriptor(keyPath: "dateTaken", ascending: false)
/// let byName = ModelSortDescriptor(keyPath: "author.lastName", comparison: .localizedStandard)
/// ```
public struct ModelSortDescriptor: Sendable, Hashable {
    /// How strings compare.
    public enum StringComparison: Sendable, Hashable {
        /// By their characters (`"B" < "a"`).
        case `default`
        /// Ignoring case (`"a" < "B"`).
        case caseInsensitive
        /// As Finder sorts names: ignoring case and diacritics, and numbers by value
        /// (`"file2" < "file10"`), as `localizedStandardCompare` does.
        case localizedStandard
    }

    /// The key path compared: `"name"`, `"author.lastName"`, `"books.@count"`.
    public var keyPath: String
    /// Smallest first when true, largest first otherwise (nil values come first either way).
    public var ascending: Bool
    /// How strings are compared.
    public var comparison: StringComparison

    /// Sorts by `keyPath`, ascending unless told otherwise.
    public init(keyPath: String, ascending: Bool = true, comparison: StringComparison = .default) {
        self.keyPath = keyPath
        self.ascending = ascending
        self.comparison = comparison
    }

    /// `objects` in the order `descriptors` give.
    ///
    /// - Throws: ``PredicateEvaluationError``: a key path an object's entity does not have, or
    ///   values of kinds that have no order between them (a string and a number).
    static func sort(
        _ objects: [ModelObject],
        by descriptors: [ModelSortDescriptor],
        options: ModelPredicate.EvaluationOptions
    ) throws(PredicateEvaluationError) -> [ModelObject] {
        guard !descriptors.isEmpty, objects.count > 1 else { return objects }
        // Each object's keys, read once.
        var evaluator = PredicateEvaluator(
            predicate: nil,
            context: "sort by " + descriptors.map(\.keyPath).joined(separator: ", "),
            variables: [:],
            options: options
        )
        let expressions = descriptors.map { descriptor in
            PredicateSyntax.Expression.keyPath(
                .evaluatedObject,
                descriptor.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            )
        }
        var keys: [[PredicateOperand]] = []
        keys.reserveCapacity(objects.count)
        for object in objects {
            var row: [PredicateOperand] = []
            evaluator.startObject()
            for expression in expressions { row.append(try evaluator.value(of: expression, on: .object(object))) }
            keys.append(row)
        }
        var failure: PredicateEvaluationError?
        let order = objects.indices.sorted { a, b in
            for (column, descriptor) in descriptors.enumerated() {
                let result = descriptor.compare(keys[a][column], keys[b][column])
                guard let result else {
                    failure =
                        failure
                        ?? PredicateEvaluationError(
                            .incomparable(
                                left: keys[a][column].kindDescription,
                                operator: "sorted with",
                                right: keys[b][column].kindDescription
                            ),
                            predicate: "sort by \(descriptor.keyPath)"
                        )
                    return a < b
                }
                if result != .orderedSame { return result == .orderedAscending }
            }
            return a < b
        }
        if let failure { throw failure }
        return order.map { objects[$0] }
    }

    /// The order of two keys under this descriptor; nil for kinds without an order between them.
    func compare(_ left: PredicateOperand, _ right: PredicateOperand) -> ComparisonResult? {
        let result: ComparisonResult
        switch (left, right) {
        case (.null, .null): result = .orderedSame
        case (.null, _): result = .orderedAscending
        case (_, .null): result = .orderedDescending
        case (.string(let a), .string(let b)):
            switch comparison {
            case .default: result = a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
            case .caseInsensitive:
                result = PredicateEvaluator.order(left, right, .caseInsensitive) ?? .orderedSame
            case .localizedStandard: result = LocalizedStandardOrder.compare(a, b)
            }
        default:
            guard let order = PredicateEvaluator.order(left, right, []) else { return nil }
            result = order
        }
        guard !ascending else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
