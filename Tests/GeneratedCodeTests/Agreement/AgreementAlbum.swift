// AgreementAlbum.swift: your code for entity Album of Agreement.xcdatamodel.
// modelgen created this file once and never overwrites it; _AgreementAlbum.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Album`: its properties are generated in `_AgreementAlbum`.
public class AgreementAlbum: _AgreementAlbum {
    // Your additions here.
}
