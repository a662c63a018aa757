// Tag.swift: your code for entity Tag of Catalog.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Tag.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Tag`: its properties are generated in `_Tag`.
public class Tag: _Tag {
    // Your additions here.
}
