import ArgumentParser
import ModelMapper

/// The conventions a command is told on its command line, over the model's own
/// (`ModelConventions`, from the `.conventions.json` beside the model).
struct ConventionOptions: ParsableArguments {
    @Option(
        name: .customLong("key-casing"),
        help: ArgumentHelp(
            "How JSON keys are made from property names without a jsonKeyPath: "
                + ModelConventions.casingsByName.map(\.name).joined(separator: ", ")
                + " (default: the model's conventions, else \(Self.defaultCasingName))."
        )
    )
    var keyCasing: String?

    @Flag(
        name: .customLong("identify-by-id"),
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Whether an attribute named 'id' is the identity of entities that declare none (default: the model's "
                + "conventions, else \(ModelConventions.defaults.identifiesByID == false ? "no" : "yes"))."
        )
    )
    var identifiesByID: Bool?

    /// The library's one default casing, by its name on the command line: the help says what
    /// the library does rather than restating it.
    static var defaultCasingName: String {
        ModelConventions.casingsByName.first { $0.casing == ModelConventions.defaults.keyCasing }?.name ?? "modelNames"
    }

    func validate() throws {
        if let keyCasing, !ModelConventions.casingsByName.contains(where: { $0.name == keyCasing }) {
            throw ValidationError(
                "--key-casing is one of \(ModelConventions.casingsByName.map(\.name).joined(separator: ", ")), "
                    + "not '\(keyCasing)'"
                    + ClosestName.suggestion(for: keyCasing, among: ModelConventions.casingsByName.map(\.name))
            )
        }
    }

    /// What the command line says, as conventions that override the model's.
    var overrides: ModelConventions {
        ModelConventions(
            keyCasing: keyCasing.flatMap { name in ModelConventions.casingsByName.first { $0.name == name }?.casing },
            identifiesByID: identifiesByID
        )
    }
}
