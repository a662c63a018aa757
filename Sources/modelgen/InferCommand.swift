import ArgumentParser
import Foundation
import ModelMapper
@_spi(ModelgenTools) import ModelgenCore

/// `modelgen infer`: a model from sample JSON documents (``ModelInference``), written as a
/// `.xcdatamodeld` bundle with its conventions file beside it.
struct InferCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer a model from sample JSON files.",
        discussion: """
            Every object of the samples becomes an object of an entity named after the key that \
            holds it (an array's singular); each key an attribute typed by every value seen \
            (Integer 64, Double, Decimal, Boolean, String, Date with its format, UUID, URI, \
            arrays of scalars) or a relationship to nested objects, with an inverse. A string \
            that is a number's text stays a String unless --numbers-from-strings asks for \
            numbers. A key missing or null in some object is optional (with \
            --optional-by-default, every key but identities), and one only ever null an \
            optional String; id-like keys \
            become identities, and *_id and *_ids keys whose values are identities of another \
            entity become relationships to it. The key casing most keys follow is declared once, \
            in a conventions file beside the model, and keys that do not follow it get a \
            jsonKeyPath. Every guess is listed with what the samples showed; 'unsure' marks \
            those few values decided. Check the result with: modelgen roundtrip <model> <samples> \
            and modelgen check-json --unmapped error <model> <samples>.
            """
    )

    @Argument(help: "The sample JSON files.", completion: .file())
    var samples: [String]

    @Option(help: "The model to write: a .xcdatamodeld bundle (its conventions file goes beside it).")
    var output: String

    @Option(help: "Where the objects are in each sample, as a key path (`data.items`).")
    var at: String?

    @Option(
        help: ArgumentHelp(
            "The entity of the top-level objects (default: after --at, else the first sample's file name); "
                + "FILE=ENTITY for one sample's (repeatable).",
            discussion: "Samples whose objects share under a third of their keys look like responses of different "
                + "endpoints and are refused as one entity: give each file its entity, such as "
                + "--entity orders.json=Order --entity products.json=Product."
        )
    )
    var entity: [String] = []

    @Flag(
        help: ArgumentHelp(
            "Read strings that are numbers' text (\"14304\") as numbers sent as strings.",
            discussion: "By default they stay String, so that a value the samples did not show (\"02134\") is kept "
                + "as sent. With this flag, only where every sample is written back as it was sent."
        )
    )
    var numbersFromStrings = false

    @Flag(help: "As --numbers-from-strings, with numbers that have a fraction (\"24.99\") Decimal, not Double.")
    var decimalStrings = false

    @Flag(help: "Make every property optional but identities, not required where every sample had it.")
    var optionalByDefault = false

    @Flag(help: "Keep a key only ever null as the JSON has it (Undefined), not an optional String.")
    var keepUnknownAsJSON = false

    @Option(help: "Put before every class name (WC: WCOrder), so that two models' classes share a module.")
    var prefix: String?

    @Flag(help: "Replace a model (and conventions file) that exists.")
    var force = false

    @Flag(help: "Print only the summary, not every guess.")
    var quiet = false

    func validate() throws {
        guard !samples.isEmpty else { throw ValidationError("Give at least one sample JSON file.") }
        guard output.hasSuffix(".xcdatamodeld") else {
            throw ValidationError("--output must name a .xcdatamodeld bundle, such as Shop.xcdatamodeld.")
        }
        _ = try entities()
        if let prefix, !GeneratorConfiguration.isClassPrefix(prefix) {
            throw ValidationError(
                "--prefix '\(prefix)' cannot start a Swift type name: letters and digits, the first a capital."
            )
        }
    }

    /// `--entity` read: the entity of every sample (a plain name, at most one), and those of
    /// single samples (`FILE=ENTITY`, by the path as given or its file name).
    func entities() throws -> (all: String?, byFile: [String: String]) {
        var all: String?
        var byFile: [String: String] = [:]
        for entry in entity {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                guard
                    samples.contains(where: { $0 == parts[0] || URL(fileURLWithPath: $0).lastPathComponent == parts[0] }
                    )
                else {
                    throw ValidationError("--entity \(entry): '\(parts[0])' is none of the samples.")
                }
                byFile[parts[0]] = parts[1]
            } else {
                guard all == nil else {
                    throw ValidationError("Give --entity ENTITY once; FILE=ENTITY for the others.")
                }
                all = entry
            }
        }
        return (all, byFile)
    }

    /// The inference options the flags ask for.
    var options: ModelInference.Options {
        var options = ModelInference.Options(rootEntity: (try? entities())?.all, decimalStrings: decimalStrings)
        options.numbersFromStrings = numbersFromStrings
        options.optionalByDefault = optionalByDefault
        options.keepsUnknownAsJSON = keepUnknownAsJSON
        options.classPrefix = prefix ?? ""
        return options
    }

    func execute() throws {
        let bundle = URL(fileURLWithPath: output)
        try ModelFiles.refuseToReplace([bundle, ModelFiles.conventionsFile(of: bundle)], force: force)
        let result = try ModelFiles.infer(
            from: samples,
            at: at,
            entities: try entities().byFile,
            options: options
        )
        try ModelFiles.write(result.contents, conventions: result.conventions, toBundle: bundle)
        if !quiet {
            for guess in result.guesses { print("note: \(guess)") }
        }
        let model = result.model
        let attributes = model.entities.reduce(0) { $0 + $1.attributes.count }
        let relationships = model.entities.reduce(0) { $0 + $1.relationships.count }
        let unsure = result.guesses.filter { !$0.isSure }.count
        print(
            "wrote \(output): \(model.entities.count) entities, \(attributes) attributes, \(relationships) relationships; "
                + "\(unsure) unsure guesses; the samples' objects are "
                + model.declaredRoots.map(\.name).joined(separator: ", ")
                + (at.map { " at \($0)" } ?? "")
        )
    }
}
