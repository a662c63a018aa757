/// How each setting the library reads bears on the JSON contract: which rules of `modelgen
/// diff` see a change to it and how `modelgen schema` describes it, or why it has no effect
/// on the JSON. `ContractCoverageTests` fails for a userInfo key or a conventions setting the
/// library reads that is not here, so that a new one is classified when it is added.
package enum ContractCoverage {
    /// By the first name of each `MappingKeys` list (its aliases share it).
    package static let userInfoKeys: [String: String] = [
        "jsonKeyPath": "diff: key-moved, key-removed; schema: the key path, nested objects",
        "JSONTransformerName": "diff: transformer-changed; schema: a date transformer's form, else any value",
        "identityAttributes": "diff: identity-changed; schema: references by identity",
        "sync.isPrimaryKey": "diff: identity-changed; schema: references by identity",
        "jsonTypeKey": "diff: type-key-changed; schema: the family's choice by type key",
        "jsonTypeValue": "diff: type-value-changed; schema: each member's const",
        "jsonWritesIdentity": "diff: written-changed; schema: none (reading accepts both forms)",
        "dateFormats": "diff: date-form-removed, date-form-written-changed, date-form-added; schema: patterns",
        "swiftType": "diff: values-unknown; schema: none (the values are the app's enum's)",
        "jsonForm": "diff: json-form-changed; schema: text forms, maps keyed by identity",
        "jsonFractionDigits": "no effect on what is read; the digits written (a number's value is the same)",
        "JSONDictionaryTransformerName": "diff: none (the app's transformer); schema: an open object",
        "entityMapperName": "diff: none (the app's transformer); schema: an open object",
        "jsonRootKeyPath": "diff: root-key-path-changed; schema: the document's key path",
        "sync.nonExportable": "diff: written-changed; schema: none (read all the same)",
        "jsonValues": "diff: values-removed, values-added; schema: enum",
    ]

    /// By their names in a conventions file.
    package static let conventionSettings: [String: String] = [
        "keyCasing": "diff: key-moved (the keys it makes); schema: the keys",
        "identifiesByID": "diff: identity-changed; schema: references by identity",
        "identityAttributes": "diff: identity-changed; schema: references by identity",
        "identityKey": "diff: key-moved (the identity's key); schema: the key",
        "reservedNames": "diff: key-moved (the keys it makes); schema: the keys",
        "acceptsModelNames": "diff: alias-removed; schema: the model's names as other keys",
        "foreignKeySuffixes": "diff: alias-removed; schema: foreign keys as other keys",
        "transformerFieldReadsJSON": "diff: transformer-changed; schema: a date transformer's form, else any value",
        "ignoresTransformablesWithoutTransformer": "diff: key-removed; schema: the key left out",
        "preset": "diff and schema: the settings it stands for",
    ]
}
