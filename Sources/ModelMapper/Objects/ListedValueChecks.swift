import Foundation

/// The checks of the values an unbound model's attributes list, as the model's plan cache
/// keeps them.
final class ListedValueChecks {
    let all: [[RawValueCheck]]

    init(_ all: [[RawValueCheck]]) {
        self.all = all
    }
}

extension PlanCache.Place {
    /// Where the checks of the values a model's attributes list are kept (see `ListedValueChecks`).
    static let listedValueChecks = PlanCache.Place(4)
}
