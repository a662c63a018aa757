import Foundation

extension Slot {
    /// Whether two attribute values are the same value, as a conflict between two places of
    /// one object in a document is judged: strings by Swift's `==` (canonical equivalence),
    /// decimals by number (`1.0` is `1.00`); a boxed value never is, as it cannot be compared.
    /// Whether a value needs writing again is told by ``isIdentical(to:)``.
    func isSameValue(as other: Slot) -> Bool {
        switch (self, other) {
        case (.absent, .absent), (.null, .null): true
        case let (.integer(a), .integer(b)): a == b
        case let (.floatingPoint(a), .floatingPoint(b)): a.bitPattern == b.bitPattern
        case let (.boolean(a), .boolean(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.decimal(a), .decimal(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.url(a), .url(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.strings(a), .strings(b)): a == b
        default: false
        }
    }
}

extension Slot {
    /// Whether a later attribute value differs from this one, as far as can be told: a
    /// boxed value cannot be compared, so it conflicts with nothing.
    func conflicts(with later: Slot) -> Bool {
        switch (self, later) {
        case (.absent, _), (_, .absent), (.boxed, _), (_, .boxed): false
        default: !isSameValue(as: later)
        }
    }

    /// The value, briefly, for a message: strings quoted, `null` as in JSON.
    var briefDescription: String {
        switch self {
        case .absent: "nothing"
        case .null: "null"
        case .string(let text): "\"\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))\""
        case .strings(let list): "\(list)"
        case .boxed: "a transformed value"
        case .object, .objects: "objects"
        case .integer(let value): "\(value)"
        case .floatingPoint(let value): "\(value)"
        case .boolean(let value): "\(value)"
        case .decimal(let value): "\(value)"
        case .date(let value): "\(value)"
        case .uuid(let value): value.uuidString
        case .url(let value): value.absoluteString
        case .data(let value): "\(value.count) bytes"
        }
    }
}

extension SlotPointer {
    /// Whether slot `index` holds an attribute value identical to slot `otherIndex` of `other`,
    /// as ``Slot/isIdentical(to:)`` judges it (one it cannot tell is not): read in place for the kinds a merge of unchanged
    /// records compares most (no copy, no count taken), copied for the others.
    func holdsSameValue(_ index: Int, as other: SlotPointer, _ otherIndex: Int) -> Bool {
        let tag = self.tag(index)
        switch tag {
        case .absent, .null:
            return other.tag(otherIndex) == tag
        case .integer:
            return other.tag(otherIndex) == .integer
                && payload(index, as: Int64.self).pointee == other.payload(otherIndex, as: Int64.self).pointee
        case .floatingPoint:
            return other.tag(otherIndex) == .floatingPoint
                && payload(index, as: Double.self).pointee.bitPattern
                    == other.payload(otherIndex, as: Double.self).pointee.bitPattern
        case .boolean:
            return other.tag(otherIndex) == .boolean
                && payload(index, as: Bool.self).pointee == other.payload(otherIndex, as: Bool.self).pointee
        case .string:
            return other.tag(otherIndex) == .string
                && Slot.sameBytes(
                    payload(index, as: String.self).pointee,
                    other.payload(otherIndex, as: String.self).pointee
                )
        case .date:
            return other.tag(otherIndex) == .date
                && payload(index, as: Date.self).pointee == other.payload(otherIndex, as: Date.self).pointee
        default:
            return self[index].isIdentical(to: other[otherIndex]) == true
        }
    }
}
