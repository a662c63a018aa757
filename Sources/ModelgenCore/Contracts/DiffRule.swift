import ModelMapper

/// The rules of `modelgen diff`, each with its code (`MM8xx`, stable from one version to the
/// next) and its name (what an accept file and the output name): one declaration each, so
/// that a rule is named in one place. *The model as a contract* lists them with examples.
package struct DiffRule: Sendable, Hashable {
    package let code: ModelDiagnostic.Code
    package let name: String

    private init(_ code: ModelDiagnostic.Code, _ name: String) {
        self.code = code
        self.name = name
    }

    // Entities.
    static let entityRemoved = DiffRule("MM801", "entity-removed")
    static let entityRenamed = DiffRule("MM802", "entity-renamed")
    static let entityAdded = DiffRule("MM803", "entity-added")
    static let superentityChanged = DiffRule("MM804", "superentity-changed")
    static let typeKeyChanged = DiffRule("MM805", "type-key-changed")
    static let typeValueChanged = DiffRule("MM806", "type-value-changed")
    static let identityChanged = DiffRule("MM807", "identity-changed")
    static let classNameChanged = DiffRule("MM808", "class-name-changed")
    static let rootKeyPathChanged = DiffRule("MM809", "root-key-path-changed")
    static let abstractChanged = DiffRule("MM810", "abstract-changed")

    // Keys.
    static let keyRemoved = DiffRule("MM811", "key-removed")
    static let keyMoved = DiffRule("MM812", "key-moved")
    static let propertyAdded = DiffRule("MM813", "property-added")
    static let propertyRenamed = DiffRule("MM814", "property-renamed")
    static let aliasRemoved = DiffRule("MM815", "alias-removed")
    static let writtenChanged = DiffRule("MM816", "written-changed")

    // Values.
    static let requiredAdded = DiffRule("MM821", "required-added")
    static let requiredRemoved = DiffRule("MM822", "required-removed")
    static let typeNarrowed = DiffRule("MM823", "type-narrowed")
    static let typeWidened = DiffRule("MM824", "type-widened")
    static let typeChanged = DiffRule("MM825", "type-changed")
    static let boundsTightened = DiffRule("MM826", "bounds-tightened")
    static let boundsLoosened = DiffRule("MM827", "bounds-loosened")
    static let valuesRemoved = DiffRule("MM828", "values-removed")
    static let valuesAdded = DiffRule("MM829", "values-added")
    static let valuesUnknown = DiffRule("MM830", "values-unknown")
    static let dateFormRemoved = DiffRule("MM831", "date-form-removed")
    static let dateFormWrittenChanged = DiffRule("MM832", "date-form-written-changed")
    static let dateFormAdded = DiffRule("MM833", "date-form-added")
    static let jsonFormChanged = DiffRule("MM834", "json-form-changed")
    static let transformerChanged = DiffRule("MM835", "transformer-changed")
    static let optionalityChanged = DiffRule("MM836", "optionality-changed")

    // Relationships.
    static let cardinalityChanged = DiffRule("MM841", "cardinality-changed")
    static let destinationChanged = DiffRule("MM842", "destination-changed")
    static let countsTightened = DiffRule("MM843", "counts-tightened")
    static let countsLoosened = DiffRule("MM844", "counts-loosened")

    // Core Data's lightweight migration.
    static let lightweight = DiffRule("MM851", "lightweight-migration")
    static let needsMappingModel = DiffRule("MM852", "needs-mapping-model")

    /// Every rule, in code order (the article's table and the accept file's check read it).
    package static let all: [DiffRule] = [
        entityRemoved, entityRenamed, entityAdded, superentityChanged, typeKeyChanged, typeValueChanged,
        identityChanged, classNameChanged, rootKeyPathChanged, abstractChanged, keyRemoved, keyMoved, propertyAdded,
        propertyRenamed, aliasRemoved, writtenChanged, requiredAdded, requiredRemoved, typeNarrowed, typeWidened,
        typeChanged, boundsTightened, boundsLoosened, valuesRemoved, valuesAdded, valuesUnknown, dateFormRemoved,
        dateFormWrittenChanged, dateFormAdded, jsonFormChanged, transformerChanged, optionalityChanged,
        cardinalityChanged, destinationChanged, countsTightened, countsLoosened, lightweight, needsMappingModel,
    ]
}

extension ModelChange.Direction {
    /// The level a change in this direction has unless it is information only: reading and
    /// writing break clients (errors), the generated API breaks code (warnings), migration is
    /// information.
    var severity: ModelDiagnostic.Severity {
        switch self {
        case .read, .write: .error
        case .source: .warning
        case .migration: .note
        }
    }
}
