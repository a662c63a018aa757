// Track.swift: your code for entity Track of Media.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Track.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Track`: its properties are generated in `_Track`.
public class Track: _Track {
    // Your additions here.
}
