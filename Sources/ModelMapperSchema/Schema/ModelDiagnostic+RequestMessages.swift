/// The catalogue of model diagnostics, configurations, fetch requests and predicates (MM6xx), and the classes bound to a model (MM7xx): each diagnostic's code, severity and text
/// in one declaration. The loader, the bundle reader, the conventions reader and class binding
/// report these and nothing else, so that a message is worded in one place and each kind keeps
/// its code (*Errors and validation* lists the codes).
extension ModelDiagnostic.Message {
    static var configurationWithoutName: Self {
        Self("MM601", .warning, "a <configuration> has no name; it is ignored")
    }

    static func configurationUnknownEntity(configuration: String, entity: String) -> Self {
        Self(
            "MM602",
            .warning,
            "configuration '\(configuration)' names entity '\(entity)', which does not exist; it is left " + "out"
        )
    }

    static var fetchRequestWithoutName: Self {
        Self("MM603", .warning, "a <fetchRequest> has no name; it is ignored")
    }

    static func fetchRequestUnknownEntity(request: String, entity: String, suggestion: String) -> Self {
        Self(
            "MM604",
            .warning,
            "fetch request '\(request)' names entity '\(entity)', which does not exist" + suggestion
        )
    }

    static func predicateDoesNotParse(owner: String, problem: String, format: String) -> Self {
        Self("MM605", .warning, "the predicate of \(owner) does not parse: \(problem) in \"\(format)\"")
    }

    static func fetchedPropertyUnknownEntity(property: String, entity: String) -> Self {
        Self(
            "MM606",
            .warning,
            "fetched property '\(property)' fetches entity '\(entity)', which " + "does not exist"
        )
    }

    static package func classUnknownEntity(className: String, entity: String) -> Self {
        Self(
            "MM701",
            .error,
            "class '\(className)' names entity '\(entity)', which the model does not " + "have"
        )
    }

    static package func rawValuesUnknownAttribute(className: String, attribute: String, type: String, entity: String)
        -> Self
    {
        Self(
            "MM702",
            .error,
            "class '\(className)' gives attribute '\(attribute)' the raw values of \(type), but "
                + "entity '\(entity)' has no attribute '\(attribute)'"
        )
    }

    static package func rawValuesWrongType(
        className: String,
        attribute: String,
        type: String,
        needed: String,
        actual: String
    )
        -> Self
    {
        Self(
            "MM703",
            .error,
            "class '\(className)' gives attribute '\(attribute)' the raw values of "
                + "\(type), which need \(needed) attribute; it is " + "\(actual)"
        )
    }
}
