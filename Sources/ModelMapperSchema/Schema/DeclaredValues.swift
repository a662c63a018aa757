import Foundation

/// The values an attribute's JSON may hold, as its userInfo `jsonValues` lists them
/// (``MappingKeys/jsonValues``): texts for a String attribute, integers for an Integer 16, 32
/// or 64 one. The decoder refuses any other value (through every entry point), the encoder
/// does not write one, `modelgen schema` writes them as `enum`, and `modelgen diff` compares
/// them between versions.
///
/// For example, `jsonValues` = `draft, live, archived` on a String attribute: `"live"` is read,
/// `"deleted"` is an error at its path, `expected one of "draft", "live", "archived"`.
package enum DeclaredValues: Sendable, Equatable {
    case strings([String])
    case integers([Int64])

    /// The values as declared, in order, each as its text.
    package var texts: [String] {
        switch self {
        case .strings(let values): values
        case .integers(let values): values.map(String.init)
        }
    }

    /// The values for a message: `"draft", "live"`, or `1, 2`.
    package var listDescription: String {
        switch self {
        case .strings(let values): values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .integers(let values): values.map(String.init).joined(separator: ", ")
        }
    }

    /// The values `text` lists for an attribute of `type` (with a transformer when
    /// `isTransformed`): comma-separated, the spaces around each value not part of it. Throws
    /// the problem, in words, of a list that declares nothing, an empty or repeated value, an
    /// integer out of the type's range, or an attribute whose type cannot take the list.
    package static func parse(_ text: String, type: AttributeType, isTransformed: Bool) throws(Problem)
        -> DeclaredValues
    {
        let range: ClosedRange<Int64>? =
            switch type {
            case .integer16: Int64(Int16.min)...Int64(Int16.max)
            case .integer32: Int64(Int32.min)...Int64(Int32.max)
            case .integer64: Int64.min...Int64.max
            default: nil
            }
        guard !isTransformed, type == .string || range != nil else {
            throw Problem(
                "only a String or an Integer 16, 32 or 64 attribute without a transformer can list its values"
            )
        }
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
            .map {
                String($0).trimmingSpaces()
            }
        var seen = Set<String>()
        for entry in entries {
            guard !entry.isEmpty else {
                throw Problem("'\(text)' has an empty value; list the values separated by commas")
            }
            guard seen.insert(entry).inserted else { throw Problem("'\(entry)' is listed twice") }
        }
        guard let range else { return .strings(entries) }
        var integers: [Int64] = []
        for entry in entries {
            guard let value = Int64(entry), range.contains(value), String(value) == entry else {
                throw Problem("'\(entry)' is not an integer the attribute's type (\(type.rawValue)) holds")
            }
            integers.append(value)
        }
        return .integers(integers)
    }

    /// Why a list of values cannot be read, in words.
    package struct Problem: Error, Sendable {
        package let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
