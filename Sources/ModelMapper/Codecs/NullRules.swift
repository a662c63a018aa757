import Foundation

/// ``ModelEncoder/Options/nullEncoding`` resolved for each kind of property
/// (``ModelEncoder/Options/NullEncoding/perKind(attributes:transformables:toOnes:toManys:)``),
/// as plain values the encoder reads for every unset or null value.
struct NullRules {
    /// What one kind of property writes.
    enum Rule: UInt8 {
        case asDecoded, always, never

        /// Whether an unset value is written as `null` (`[]` for a to-many).
        var writesAbsent: Bool { self == .always }
        /// Whether a null value is written as `null`.
        var writesNull: Bool { self != .never }
    }

    let attributes: Rule
    let transformables: Rule
    let toOnes: Rule
    let toManys: Rule

    init(_ encoding: ModelEncoder.Options.NullEncoding) {
        func rule(_ kind: ModelEncoder.Options.NullEncoding.PropertyKind) -> Rule {
            switch encoding.part(kind) {
            case .always: .always
            case .never: .never
            default: .asDecoded
            }
        }
        (attributes, transformables, toOnes, toManys) = (
            rule(.attribute), rule(.transformable), rule(.toOne), rule(.toMany)
        )
    }

    /// The rule of an attribute: a Transformable's, or other attributes'. The property is
    /// looked at only where the two differ.
    @inline(__always)
    func attributeRule(_ property: Unmanaged<PropertyMapping>) -> Rule {
        guard attributes != transformables else { return attributes }
        return property._withUnsafeGuaranteedRef { $0.attributeType == .transformable } ? transformables : attributes
    }

    /// The rule of a relationship.
    @inline(__always)
    func relationshipRule(isToMany: Bool) -> Rule { isToMany ? toManys : toOnes }
}

extension ModelEncoder.Options.NullEncoding {
    /// The kinds of property ``perKind(attributes:transformables:toOnes:toManys:)`` tells apart.
    enum PropertyKind {
        case attribute, transformable, toOne, toMany
    }

    /// The encoding of one kind of property: `.asDecoded`, `.always` or `.never`.
    func part(_ kind: PropertyKind) -> Self {
        var encoding = self
        // A loop, not a recursion: a value nests as deep as the code that made it, no deeper.
        while case .perKind(let attributes, let transformables, let toOnes, let toManys) = encoding {
            switch kind {
            case .attribute: encoding = attributes
            case .transformable: encoding = transformables
            case .toOne: encoding = toOnes
            case .toMany: encoding = toManys
            }
        }
        return encoding
    }
}
