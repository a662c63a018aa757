// Pricing.swift: your code for entity Pricing of Authors.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Pricing.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Pricing`: its properties are generated in `_Pricing`.
public class Pricing: _Pricing {
    // Your additions here.
}
