import Foundation
import ModelMapper

// The classes of Orders.xcdatamodeld (Order, LineItem) and the `OrdersModel` type are in
// Orders+ModelMapper.swift, written by `modelgen generate Orders.xcdatamodeld --layout
// single-file -o .` in this folder (CI checks that it is up to date). This file adds what the
// model cannot say.

extension LineItem {
    /// The line's price times its quantity.
    public var subtotal: Decimal { unitPrice * Decimal(quantity) }
}
