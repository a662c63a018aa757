import Foundation
import ModelMapper

extension ObjectModel {
    /// What changed since `old`, an earlier version of this model, judged in each direction
    /// (``ModelChange/Direction``): whether this model still reads documents valid for the
    /// old one, whether readers of the old one read what this one writes, whether code
    /// generated from the old one still compiles, and whether Core Data's lightweight
    /// migration infers the change. The same model twice has no changes.
    ///
    /// For example, to fail a build on a change that breaks clients:
    ///
    /// ```swift
    /// let old = try ObjectModel(contentsOf: bundle, version: "Authors 2")
    /// let new = try ObjectModel(contentsOf: bundle, version: "Authors 3")
    /// let breaking = try new.changes(since: old).filter { $0.diagnostic.severity == .error }
    /// ```
    ///
    /// - Parameters:
    ///   - old: the earlier version.
    ///   - acceptFile: the text of an accept file (*The model as a contract* gives its format):
    ///     the changes it lists, each with a reason, are left out.
    /// - Returns: every change, in the order of the new model's entities and properties, then
    ///   what the old one had that the new one lost.
    /// - Throws: for an accept file that is not one, an error whose description says which
    ///   entry and what is wrong.
    public func changes(since old: ObjectModel, accepting acceptFile: Data? = nil) throws -> [ModelChange] {
        var differ = ModelDiffer(old: old, new: self)
        differ.run()
        guard let acceptFile else { return differ.changes }
        let accepted = try AcceptFile(acceptFile)
        return differ.changes.filter { accepted.reason(for: $0) == nil }
    }
}
