// Album.swift: your code for entity Album of Media.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Album.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Album`: its properties are generated in `_Album`.
public class Album: _Album {
    // Your additions here.
}
