import Foundation
import ModelMapper

// The classes of Orders.xcdatamodeld (Order, LineItem) and the `OrdersModel` type are generated
// at build time by ModelgenPlugin from the model in this folder. This file adds what the model
// cannot say.

extension LineItem {
    /// The line's price times its quantity.
    public var subtotal: Decimal { unitPrice * Decimal(quantity) }
}
