// Author.swift: your code for entity Author of Authors.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Author.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Author`: its properties are generated in `_Author`.
public class Author: _Author {
    // Your additions here.
}
