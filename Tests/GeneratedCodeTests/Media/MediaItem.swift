// MediaItem.swift: your code for entity MediaItem of Media.xcdatamodeld.
// modelgen created this file once and never overwrites it; _MediaItem.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `MediaItem`: its properties are generated in `_MediaItem`.
public class MediaItem: _MediaItem {
    // Your additions here.
}
