import ModelMapper

/// A loaded model as JSON for other tools (`modelgen inspect --format json`): what the model
/// declares, in a shape that stays put from release to release (``formatVersion`` changes when
/// it does not), in file order, with userInfo keys sorted and no absent member written as
/// `null`, so that the same model gives the same bytes.
///
/// For example:
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// let json = ModelDocument.render(model)   // {"formatVersion": 2, "entities": [...], ...}
/// ```
package enum ModelDocument {
    /// The version of the document's shape: members may be added within a version, never
    /// renamed or removed.
    package static let formatVersion = 2

    /// The document, pretty-printed, ending with a newline.
    ///
    /// - Parameters:
    ///   - model: the model.
    ///   - conventionOverrides: conventions the caller sets over the model's, for the
    ///     `conventions` member (``ConventionsInEffect``).
    /// - Returns: the document's text.
    package static func render(_ model: ObjectModel, conventionOverrides: ModelConventions = ModelConventions())
        -> String
    {
        document(model, conventionOverrides: conventionOverrides)
            .jsonText(options: [.prettyPrinted, .withoutEscapingSlashes]) + "\n"
    }

    /// The document as a JSON value.
    package static func document(_ model: ObjectModel, conventionOverrides: ModelConventions = ModelConventions())
        -> JSONValue
    {
        var root = JSONObject()
        root["formatVersion"] = .integer(formatVersion)
        root["version"] = model.versionName.map(JSONValue.string)
        root["conventions"] = array(
            ConventionsInEffect(model: model, overrides: conventionOverrides).rows
                .map { row in
                    object([
                        ("key", .string(row.key)), ("value", .string(row.value)), ("source", .string(row.source)),
                    ])
                }
        )
        root["entities"] = array(model.entities.map(entity))
        root["composites"] = array(
            model.composites.map { composite in
                object([
                    ("name", .string(composite.name)),
                    (
                        "elements",
                        array(
                            composite.elements.map { element in
                                object([
                                    ("name", .string(element.name)), ("type", .string(element.attributeType.rawValue)),
                                    ("optional", .bool(element.isOptional)),
                                    ("default", element.defaultValueString.map(JSONValue.string)),
                                    ("composite", element.compositeName.map(JSONValue.string)),
                                ])
                            }
                        )
                    ),
                ])
            }
        )
        root["fetchRequests"] = array(
            model.fetchRequestTemplates.map { template in
                object([
                    ("name", .string(template.name)), ("entity", .string(template.entityName)),
                    ("predicate", template.predicateString.map(JSONValue.string)),
                ])
            }
        )
        root["configurations"] = array(
            model.configurations.map { configuration in
                object([
                    ("name", .string(configuration.name)),
                    ("entities", array(configuration.entityNames.map(JSONValue.string))),
                ])
            }
        )
        return .object(root)
    }

    private static func entity(_ entity: EntityDescription) -> JSONValue {
        object([
            ("name", .string(entity.name)),
            ("superentity", entity.superentity.map { .string($0.name) }),
            ("subentities", when(!entity.subentities.isEmpty, array(entity.subentities.map { .string($0.name) }))),
            ("abstract", when(entity.isAbstract, .bool(true))),
            ("className", entity.representedClassName.map(JSONValue.string)),
            (
                "identity",
                when(!entity.identityAttributes.isEmpty, array(entity.identityAttributes.map { .string($0.name) }))
            ),
            ("jsonTypeKey", entity.jsonTypeKey.map(JSONValue.string)),
            ("jsonTypeValue", when(entity.jsonTypeKey != nil, .string(entity.jsonTypeValue))),
            ("userInfo", userInfo(entity.userInfo)),
            ("line", .integer(entity.location.line)),
            ("attributes", array(entity.attributes.filter { $0.entity == entity }.map(attribute))),
            ("relationships", array(entity.relationships.filter { $0.entity == entity }.map(relationship))),
            (
                "fetchedProperties",
                when(
                    !entity.fetchedProperties.isEmpty,
                    array(
                        entity.fetchedProperties.map { fetched in
                            object([
                                ("name", .string(fetched.name)), ("entity", fetched.entityName.map(JSONValue.string)),
                                ("predicate", fetched.predicateString.map(JSONValue.string)),
                            ])
                        }
                    )
                )
            ),
        ])
    }

    private static func attribute(_ attribute: AttributeDescription) -> JSONValue {
        object([
            ("name", .string(attribute.name)),
            ("type", .string(attribute.attributeType.rawValue)),
            ("optional", .bool(attribute.isOptional)),
            ("jsonKeyPath", .string(attribute.jsonKeyPath.description)),
            ("default", attribute.defaultValueString.map(JSONValue.string)),
            ("transformer", attribute.valueTransformerName.map(JSONValue.string)),
            ("className", attribute.customClassName.map(JSONValue.string)),
            ("composite", attribute.composite.map { .string($0.name) }),
            ("identity", when(attribute.isIdentity, .bool(true))),
            ("transient", when(attribute.isTransient, .bool(true))),
            ("derivation", when(attribute.isDerived, .string(attribute.derivationExpression ?? ""))),
            ("minimum", attribute.minValueString.map(JSONValue.string)),
            ("maximum", attribute.maxValueString.map(JSONValue.string)),
            ("userInfo", userInfo(attribute.userInfo)),
            ("line", .integer(attribute.location.line)),
        ])
    }

    private static func relationship(_ relationship: RelationshipDescription) -> JSONValue {
        object([
            ("name", .string(relationship.name)),
            ("destination", .string(relationship.destinationEntity.name)),
            ("toMany", .bool(relationship.isToMany)),
            ("ordered", when(relationship.isOrdered, .bool(true))),
            ("optional", .bool(relationship.isOptional)),
            ("minCount", when(relationship.isToMany && relationship.minCount > 0, .integer(relationship.minCount))),
            ("maxCount", when(relationship.isToMany && relationship.maxCount > 0, .integer(relationship.maxCount))),
            ("inverse", relationship.inverseRelationship.map { .string($0.name) }),
            ("deletionRule", .string(relationship.deletionRule.rawValue)),
            ("jsonKeyPath", .string(relationship.jsonKeyPath.description)),
            ("transient", when(relationship.isTransient, .bool(true))),
            ("userInfo", userInfo(relationship.userInfo)),
            ("line", .integer(relationship.location.line)),
        ])
    }

    /// Members in order, those without a value left out.
    private static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in members {
            if let value { object[key] = value }
        }
        return .object(object)
    }

    private static func array(_ values: [JSONValue]) -> JSONValue { .array(JSONArray(values)) }

    /// `value` when `condition` holds, else no member at all. (A bare `nil` would not do:
    /// `JSONValue` is `ExpressibleByNilLiteral`, and a `nil` typed as one is `null`.)
    private static func when(_ condition: Bool, _ value: @autoclosure () -> JSONValue) -> JSONValue? {
        condition ? .some(value()) : .none
    }

    private static func userInfo(_ userInfo: [String: String]) -> JSONValue? {
        guard !userInfo.isEmpty else { return nil }
        return object(userInfo.keys.sorted().map { ($0, userInfo[$0].map(JSONValue.string)) })
    }
}
