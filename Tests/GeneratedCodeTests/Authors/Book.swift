// Book.swift: your code for entity Book of Authors.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Book.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Book`: its properties are generated in `_Book`.
public class Book: _Book {
    // Your additions here.
}
