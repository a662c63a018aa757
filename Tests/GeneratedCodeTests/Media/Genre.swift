// Genre.swift: your code for entity Genre of Media.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Genre.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Genre`: its properties are generated in `_Genre`.
public class Genre: _Genre {
    // Your additions here.
}
