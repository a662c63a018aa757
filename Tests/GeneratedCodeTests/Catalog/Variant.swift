// Variant.swift: your code for entity Variant of Catalog.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Variant.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Variant`: its properties are generated in `_Variant`.
public class Variant: _Variant {
    // Your additions here.
}
