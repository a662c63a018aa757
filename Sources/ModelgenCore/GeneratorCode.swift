import ModelMapper

/// The codes of the generator's own diagnostics (`modelgen generate`), `MM8xx`, beside those
/// of the model file (`MM1xx` to `MM7xx`, *Errors and validation*): each diagnostic is made at
/// its one place with its code, severity and text, and keeps its code as its text is reworded.
enum GeneratorCode {
    /// A name given to generate is not an entity of the model.
    static let unknownEntity: ModelDiagnostic.Code = "MM801"
    /// An entity named to generate inherits from one that was not named: it is generated too.
    static let superentityGenerated: ModelDiagnostic.Code = "MM802"
    /// An entity's class name is not a Swift identifier.
    static let classNameNotIdentifier: ModelDiagnostic.Code = "MM803"
    /// An entity's class name would hide a Swift or ModelMapper name.
    static let classNameReserved: ModelDiagnostic.Code = "MM804"
    /// An entity's class name is taken by another entity.
    static let classNameTaken: ModelDiagnostic.Code = "MM805"
    /// A property's name is not a Swift identifier.
    static let propertyNameNotIdentifier: ModelDiagnostic.Code = "MM806"
    /// A property's name would clash with a member of ModelObject or Swift.
    static let propertyNameReserved: ModelDiagnostic.Code = "MM807"
    /// Two properties have the same Swift name.
    static let propertyNameTaken: ModelDiagnostic.Code = "MM808"
    /// An attribute's `swiftType` is not a Swift type name.
    static let swiftTypeNotAName: ModelDiagnostic.Code = "MM809"
    /// An attribute's `swiftType` needs a String or Integer attribute.
    static let swiftTypeWrongAttribute: ModelDiagnostic.Code = "MM810"
    /// A Transformable's custom class is not a standard Swift or Foundation type.
    static let customClassUntrusted: ModelDiagnostic.Code = "MM811"
    /// Two attributes give one date transformer different formats.
    static let dateFormatsDiffer: ModelDiagnostic.Code = "MM812"
    /// An attribute gives its date transformer several formats.
    static let dateFormatList: ModelDiagnostic.Code = "MM813"
    /// A fetch request template's predicate does not parse.
    static let fetchRequestPredicate: ModelDiagnostic.Code = "MM814"
    /// A custom template does not parse.
    static let templateUnparsable: ModelDiagnostic.Code = "MM815"
    /// A custom template is not one modelgen uses.
    static let templateUnknown: ModelDiagnostic.Code = "MM816"
    /// A template rendered nothing.
    static let templateEmpty: ModelDiagnostic.Code = "MM817"
    /// An entity's class name hides a common Swift, Foundation or ModelMapper type from the
    /// other files of its module (``ShadowedTypeNames``); it is kept.
    static let classNameShadows: ModelDiagnostic.Code = "MM818"
}
