// AgreementPhoto.swift: your code for entity Photo of Agreement.xcdatamodel.
// modelgen created this file once and never overwrites it; _AgreementPhoto.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Photo`: its properties are generated in `_AgreementPhoto`.
public class AgreementPhoto: _AgreementPhoto {
    // Your additions here.
}
