import Foundation

/// A place in a model file kept as "element n" and turned into a line and column only when
/// asked.
struct SourcePosition: Sendable, Hashable {
    let locator: SourceLocator
    /// The element's pre-order ordinal in the document.
    let element: Int

    /// Where the element starts.
    var location: SourceLocation { locator.location(ofElement: element) }

    /// Where one of the element's XML attributes is written; the element's own location when
    /// the attribute is not in its start tag.
    func location(ofAttribute attribute: String) -> SourceLocation {
        locator.location(ofElement: element, attribute: attribute)
    }

    static func == (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.locator === rhs.locator && lhs.element == rhs.element
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(locator))
        hasher.combine(element)
    }
}
