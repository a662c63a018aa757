import Foundation

/// The date transformers a model declares: an attribute names a value transformer that is not
/// built in and gives a date format beside it (`dateFormat` = `yyyy-MM-dd` in its userInfo), so
/// that the format lives in the model rather than in code each app must find and write.
extension ObjectModel {
    /// One attribute's declaration of a date transformer.
    public struct DateTransformerDeclaration: Sendable {
        /// The transformer's name (`Date`).
        public let name: ValueTransformer.Name
        /// The `dateFormat` text, as written (`yyyy-MM-dd`; see ``DateFormat/list(_:)``).
        public let formats: String
        /// The attribute that declares it.
        public let attribute: AttributeDescription
    }

    /// Every declaration, in model order: each attribute of an entity's own that names a value
    /// transformer other than the built-in ones (``ValueTransformer/builtInNames``) with a
    /// `dateFormat` naming at least one format. A name may be declared more than once.
    public var dateTransformerDeclarations: [DateTransformerDeclaration] {
        entities.flatMap { entity in
            entity.attributes.compactMap { attribute -> DateTransformerDeclaration? in
                guard attribute.entity == entity, let name = attribute.valueTransformerName, !name.isEmpty,
                    !ValueTransformer.builtInNames.contains(ValueTransformer.Name(name)),
                    let formats = MappingKeys.firstEntry(of: MappingKeys.dateFormats, in: attribute.userInfo)?.value,
                    !DateFormat.list(formats).isEmpty
                else { return nil }
                return DateTransformerDeclaration(
                    name: ValueTransformer.Name(name),
                    formats: formats,
                    attribute: attribute
                )
            }
        }
    }

    /// Registers a ``DateTransformer`` for each transformer the model declares, in the first
    /// format its first declaration names, under a name nothing is registered under yet: a
    /// transformer the app registered first keeps its place. Generated model types call it
    /// (as `registerTransformers()`, written out), and so does `modelgen` before it decodes.
    ///
    /// For example:
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: modelURL)
    /// model.registerDeclaredDateTransformers()   // `Date`, as Author.dateOfBirth declares it
    /// ```
    ///
    /// - Returns: the names it registered a transformer under.
    @discardableResult
    public func registerDeclaredDateTransformers() -> [ValueTransformer.Name] {
        dateTransformerDeclarations.filter { DateTransformer.registerIfAbsent(formats: $0.formats, forName: $0.name) }
            .map(\.name)
    }
}
