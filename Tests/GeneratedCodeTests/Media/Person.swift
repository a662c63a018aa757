// Person.swift: your code for entity Person of Media.xcdatamodeld.
// modelgen created this file once and never overwrites it; _Person.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Person`: its properties are generated in `_Person`.
public class Person: _Person {
    // Your additions here.
}
