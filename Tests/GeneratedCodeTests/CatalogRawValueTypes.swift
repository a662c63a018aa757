// The Swift types Models/Catalog.xcdatamodeld names in its attributes' `swiftType` userInfo:
// the generated classes type `Product.status` and `Variant.size` with them. Written by hand,
// as an app would.

/// What `Product.status` holds: raw values are strings.
public enum ProductStatus: String, Sendable {
    case draft, active, retired
}

/// What `Variant.size` holds: raw values are integers, wider than the Integer 16 attribute.
public enum VariantSize: Int, Sendable {
    case small = 1
    case medium = 2
    case large = 3
}
