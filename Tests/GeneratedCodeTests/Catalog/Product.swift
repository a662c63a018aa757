// Product.swift: your code for entity Product of Catalog.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Product.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Product`: its properties are generated in `_Product`.
public class Product: _Product {
    // Your additions here.
}
