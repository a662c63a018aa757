// Dimensions.swift: your code for entity Dimensions of Catalog.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Dimensions.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Dimensions`: its properties are generated in `_Dimensions`.
public class Dimensions: _Dimensions {
    // Your additions here.
}
