import Foundation

extension MappingError {
    /// What to do about the error, where there is something to say: how to register a
    /// transformer, declare an identity or a date's formats, which keys a document has at a
    /// key path, or the name closest to an unknown one. Foundation shows it beside
    /// `localizedDescription`.
    public var recoverySuggestion: String? {
        let context = context
        let closest = context.detail.flatMap(Self.closestName(in:))
        switch self {
        case .unregisteredTransformer:
            return "Register it before decoding or encoding: "
                + "ValueTransformer.setValueTransformer(YourTransformer(), forName: .init(\"\(context.name)\"))."
        case .unknownKey, .unknownEntity, .unknownRelationship:
            return closest.map { "Did you mean '\($0)'?" }
        case .missingValue where context.found?.hasPrefix("the document has nothing at") == true:
            guard let detail = context.detail else { return nil }
            return "Give a key path the document has: " + detail
        case .typeMismatch where context.expected == "an object" && Self.isScalar(context.found):
            return "A scalar stands for an object (a foreign key) only when its entity declares one identity "
                + "attribute: add identityAttributes to the userInfo of entity '\(context.entityName ?? "?")'."
        case .typeMismatch, .invalidValue:
            guard let expected = context.expected, expected.contains("date string"), Self.isNumber(context.found)
            else { return nil }
            return "The JSON gives this date as a number: list the attribute's formats in its userInfo "
                + "(dateFormats = secondsSince1970, millisecondsSince1970 or microsecondsSince1970), or set ModelDecoder.Options.dateFormat."
        default:
            return nil
        }
    }

    /// The name in "did you mean 'X'?" of a detail, if it has one.
    private static func closestName(in detail: String) -> String? {
        guard let start = detail.range(of: "did you mean '"),
            let end = detail[start.upperBound...].range(of: "'?")
        else { return nil }
        return String(detail[start.upperBound..<end.lowerBound])
    }

    /// Whether a "found" description is a JSON scalar other than null: a string, number or
    /// Boolean.
    private static func isScalar(_ found: String?) -> Bool {
        guard let found else { return false }
        return found.hasPrefix("\"") || found == "true" || found == "false" || isNumber(found)
    }

    private static func isNumber(_ found: String?) -> Bool {
        guard let first = found?.unicodeScalars.first else { return false }
        return first == "-" || ("0"..."9").contains(first)
    }
}
