// Movie.swift: your code for entity Movie of Media.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Movie.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Movie`: its properties are generated in `_Movie`.
public class Movie: _Movie {
    // Your additions here.
}
