/// A to-many relationship's objects keyed by their identities, as its JSON is (`jsonForm`
/// `map`): a dictionary property beside the array.
struct IdentityMapTemplateContext {
    /// The property's name: the relationship's with `ByID` (`eventsByID`).
    let accessorName: String
}
