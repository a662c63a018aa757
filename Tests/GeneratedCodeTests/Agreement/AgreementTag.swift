// AgreementTag.swift: your code for entity Tag of Agreement.xcdatamodel.
// modelgen created this file once and never overwrites it; _AgreementTag.swift holds the generated part.

import Foundation
import ModelMapper

/// An object of entity `Tag`: its properties are generated in `_AgreementTag`.
public class AgreementTag: _AgreementTag {
    // Your additions here.
}
