import Foundation

/// One identity attribute's value.
enum IdentityValue: Hashable {
    case integer(Int64)
    case floatingPoint(Double)
    case boolean(Bool)
    case string(String)
    case decimal(Decimal)
    case date(Date)
    case uuid(UUID)
    case url(URL)
    case data(Data)
    case strings([String])
    /// Any other value, by its description.
    case other(String)

    init?(_ slot: Slot) {
        switch slot {
        case .absent, .null, .object, .objects: return nil
        case .integer(let value): self = .integer(value)
        case .floatingPoint(let value): self = .floatingPoint(value)
        case .boolean(let value): self = .boolean(value)
        case .string(let value): self = .string(value)
        case .decimal(let value): self = .decimal(value)
        case .date(let value): self = .date(value)
        case .uuid(let value): self = .uuid(value)
        case .url(let value): self = .url(value)
        case .data(let value): self = .data(value)
        case .strings(let value): self = .strings(value)
        case .boxed(let box): self = .other(String(describing: box.value))
        }
    }
}
