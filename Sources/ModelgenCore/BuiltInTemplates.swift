/// The Mustache templates `modelgen` renders with. Pass templates of the same names in
/// ``GeneratorOptions/templates`` (or `--templates <folder>` holding `<name>.mustache`) to
/// replace any of them; `modelgen templates --output <folder>` writes these as a start.
///
/// | name | renders | partials it uses |
/// |---|---|---|
/// | `machine` | `_Author.swift`: one entity's machine file | `class` |
/// | `human` | `Author.swift`: one entity's human file | |
/// | `model` | `_AuthorsModel.swift`: the model type | `modelType` |
/// | `single` | every class and the model type in one file | `class`, `modelType` |
/// | `class` | one entity's class declaration | |
/// | `modelType` | the model type's declaration | |
///
/// The variables each template sees are listed in the README ("Custom templates").
package enum BuiltInTemplates {
    /// Every built-in template by name.
    package static let all: [String: String] = [
        "machine": machine, "human": human, "model": model, "single": single, "class": classDeclaration,
        "modelType": modelType,
    ]

    static let machine = """
        {{% CONTENT_TYPE: TEXT}}
        {{{header}}}

        import Foundation
        import ModelMapper
        {{#entity}}

        {{> class}}
        {{/entity}}
        """

    static let human = """
        {{% CONTENT_TYPE: TEXT}}
        {{#entity}}
        // {{{className}}}.swift: your code for entity {{{entityName}}} of {{{sourceName}}}.
        // modelgen created this file once and never overwrites it; _{{{className}}}.swift holds the generated part.

        import Foundation
        import ModelMapper

        /// An object of entity `{{{entityName}}}`: its properties are generated in `{{{machineClassName}}}`.
        {{{access}}}class {{{className}}}: {{{machineClassName}}} {
            // Your additions here.
        }
        {{/entity}}

        """

    static let model = """
        {{% CONTENT_TYPE: TEXT}}
        {{{header}}}

        import Foundation
        import ModelMapper

        {{> modelType}}
        """

    static let single = """
        {{% CONTENT_TYPE: TEXT}}
        {{{header}}}

        import Foundation
        import ModelMapper
        {{#entities}}

        {{> class}}
        {{/entities}}

        {{> modelType}}
        """

    static let classDeclaration = """
        {{% CONTENT_TYPE: TEXT}}
        {{#docLines}}
        /// {{{.}}}
        {{/docLines}}
        {{{access}}}class {{{declaredClassName}}}: {{{superclassName}}} {
            /// The entity this class is bound to.
            override {{{access}}}class var entityName: String { {{{entityNameLiteral}}} }
        {{#initializer}}

        {{#docLines}}
            /// {{{.}}}
        {{/docLines}}
            ///
            /// - Throws: `MappingError` when `model` has no entity `{{{entityName}}}`, or makes its
            ///   objects of another class.
            {{{overrideKeyword}}}{{{access}}}init({{{parameterList}}}) throws {
                super.init(entity: try ModelMapper.ModelObject.entity(for: Self.self, in: {{{modelParameterName}}}))
        {{#hasParameters}}
                // Set in a function of the initializer's own: the compiler's checks of an initializer's
                // statements take time growing faster than their number, and an entity may require hundreds.
                func {{{setterFunctionName}}}(of {{{objectName}}}: {{{declaredClassName}}}) {
        {{#parameters}}
                    {{{objectName}}}.{{{swiftName}}} = {{{swiftName}}}
        {{/parameters}}
                }
                {{{setterFunctionName}}}(of: self)
        {{/hasParameters}}
            }
        {{/initializer}}

            /// An object of `entity` with the model's defaults alone, as the decoder makes one
            /// before it fills it in: values the model requires are missing until set. Make
            /// objects in code with `init(model:…)`, which takes them. (Declaring it keeps a
            /// subclass from inheriting its superclass's `init(model:…)`.)
            {{{access}}}required init(entity: ModelMapper.EntityDescription) {
                super.init(entity: entity)
            }

            /// The names of the properties, for `value(forKey:)` and the other key-based calls.
            {{{access}}}enum Keys {
        {{#keys}}
                {{{access}}}static let {{{swiftName}}} = {{{nameLiteral}}}
        {{/keys}}
            }
        {{#hasRawValueAttributes}}

            /// The attributes holding raw values of Swift types: decoding refuses other values.
            override {{{access}}}class var rawValueTypes: [String: ModelMapper.RawValueType] {
                super.rawValueTypes.merging([
        {{#rawValueAttributes}}
                    Keys.{{{swiftName}}}: .of({{{rawValueType}}}.self),
        {{/rawValueAttributes}}
                ]) { $1 }
            }
        {{/hasRawValueAttributes}}
        {{#attributes}}

        {{#docLines}}
            /// {{{.}}}
        {{/docLines}}
            {{{access}}}var {{{swiftName}}}: {{{swiftType}}} {
                get { {{{getter}}} }
                set { {{{setter}}} }
            }
        {{/attributes}}
        {{#relationships}}

        {{#docLines}}
            /// {{{.}}}
        {{/docLines}}
            {{{access}}}var {{{swiftName}}}: {{{swiftType}}} {
                get { {{{getter}}} }
                set { setPrimitiveValue(newValue, forKey: Keys.{{{swiftName}}}) }
            }
        {{#isToMany}}

            /// Adds an object to `{{{name}}}`; its inverse follows.
            {{{access}}}func addTo{{{capitalizedName}}}(_ object: {{{destinationClassName}}}) {
                addPrimitiveObject(object, forKey: Keys.{{{swiftName}}})
            }

            /// Removes an object from `{{{name}}}`; its inverse follows.
            {{{access}}}func removeFrom{{{capitalizedName}}}(_ object: {{{destinationClassName}}}) {
                removePrimitiveObject(object, forKey: Keys.{{{swiftName}}})
            }
        {{/isToMany}}
        {{#identityMap}}

            /// `{{{name}}}` keyed by their identities, as its JSON is: made from the array when read.
            {{{access}}}var {{{accessorName}}}: [{{{destinationClassName}}}.ID: {{{destinationClassName}}}] {
                Dictionary({{{swiftName}}}.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            }
        {{/identityMap}}
        {{/relationships}}
        {{#fetchRequests}}

        {{#docLines}}
            /// {{{.}}}
        {{/docLines}}
            {{{access}}}static func {{{functionName}}}({{{parameterList}}}in graph: ModelMapper.ObjectGraph) throws -> [{{{className}}}] {
                let request = try graph.model.fetchRequest(named: {{{nameLiteral}}}, substitutionVariables: [{{{variablesLiteral}}}])
                return try graph.fetch(request, as: {{{className}}}.self)
            }
        {{/fetchRequests}}
        {{#documentRoot}}

            /// Where the model says documents hold `{{{entityName}}}` objects (its `jsonRootKeyPath`;
            /// nil for the document itself), as `check-json`, `roundtrip` and `decode` read them.
            {{{access}}}static let jsonRootKeyPath: String? = {{{keyPathLiteral}}}

            /// The `{{{entityName}}}` objects of a document as the API sends it: the array
            /// {{{place}}}, where the model says documents hold them (`jsonRootKeyPath`). A document
            /// holding one object there reads with `decoder.decode(_:from:at:)` and `jsonRootKeyPath`.
            ///
            /// - Throws: `MappingError` (`MappingErrors` when collecting all errors) saying where
            ///   the JSON is malformed or does not fit the model.
            {{{access}}}static func decodeDocument(_ data: Foundation.Data, using decoder: ModelMapper.ModelDecoder) throws -> [{{{className}}}] {
                try decoder.decode([{{{className}}}].self, from: data, at: jsonRootKeyPath)
            }
        {{/documentRoot}}
        }
        {{#identity}}

        /// Objects of `{{{entityName}}}` are identified by `{{{swiftName}}}`, the entity's identity: two
        /// are equal when it is (in one graph, they are then one object).
        extension {{{declaredClassName}}}: Identifiable, Hashable {
        {{^isNamedID}}
            /// The identity, `{{{swiftName}}}`.
            {{{access}}}var id: {{{swiftType}}} { {{{swiftName}}} }

        {{/isNamedID}}
            /// Whether the two objects have the same identity.
            {{{access}}}static func == (lhs: {{{declaredClassName}}}, rhs: {{{declaredClassName}}}) -> Bool {
                lhs.{{{swiftName}}} == rhs.{{{swiftName}}}
            }

            /// Hashes the identity.
            {{{access}}}func hash(into hasher: inout Hasher) {
                hasher.combine({{{swiftName}}})
            }
        }
        {{/identity}}

        """

    static let modelType = """
        {{% CONTENT_TYPE: TEXT}}
        /// The `{{{modelName}}}` model ({{{sourceDescription}}}) and the classes of its entities.
        {{{access}}}enum {{{typeName}}} {
            /// The generated classes, bound to their entities by `load()`.
            {{{access}}}static let classes: [ModelMapper.ModelObject.Type] = [
        {{#classes}}
                {{{.}}}.self,
        {{/classes}}
            ]

            /// The model, read from the XML and the conventions embedded below (no file or resource
            /// lookup at run time) on the first call, and kept: every call returns that one model,
            /// or throws the error reading it gave. The first call registers the date transformers
            /// the model declares (`registerTransformers()`); every call checks that each value
            /// transformer the model names is registered.
            ///
            /// - Throws: `ModelLoadingError` when the model does not load; `MappingError`
            ///   `.unregisteredTransformer` (`MappingErrors` for several) for a transformer the
            ///   model names that nobody registered, saying where the model names it and how to
            ///   register it.
            {{{access}}}static func load() throws -> ModelMapper.ObjectModel {
                let model = try loaded.get()
                try model.checkTransformersRegistered()
                return model
            }

            /// The embedded model as first read: a `static let` is initialized once, on first use,
            /// whichever thread asks first.
            private static let loaded = Result<ModelMapper.ObjectModel, any Error> {
                registerTransformers()
                return try ModelMapper.ObjectModel(
                    xml: xml,
                    fileName: {{{fileNameLiteral}}},
                    conventions: ModelMapper.ModelConventions(json: conventions)
                )
                .binding(classes)
            }

            /// The model read from a `.xcdatamodeld` bundle, `.xcdatamodel` folder or `contents` file,
            /// with the generated classes bound to the entities it has (another version may lack some),
            /// after registering the date transformers the model declares.
            ///
            /// - Throws: `ModelLoadingError` when the model does not load; `MappingError` for a value
            ///   transformer it names that nobody registered, as `load()` does.
            {{{access}}}static func load(contentsOf url: URL, version: String? = nil) throws -> ModelMapper.ObjectModel {
                registerTransformers()
                let model = try ModelMapper.ObjectModel(contentsOf: url, version: version)
                    .binding(classes, ignoringUnknownEntities: true)
                try model.checkTransformersRegistered()
                return model
            }

            /// Registers a `DateTransformer` for each value transformer the model gives a date format
            /// (`dateFormat` in the userInfo of an attribute naming it), under a name nothing is
            /// registered under yet: a transformer the app registered first keeps its place. The
            /// `load` functions call it.
            {{{access}}}static func registerTransformers() {
        {{#dateTransformers}}
                // Declared by `{{{declaredBy}}}`.
                ModelMapper.DateTransformer.registerIfAbsent(formats: {{{formatsLiteral}}}, forName: {{{nameLiteral}}})
        {{/dateTransformers}}
        {{^dateTransformers}}
                // The model declares none.
        {{/dateTransformers}}
            }

            /// The model's XML as it was when this code was generated.
            {{{access}}}static let xml: String = {{{xmlLiteral}}}

            /// The model's conventions (its `.conventions.json`, `{}` when it has none) as they were
            /// when this code was generated.
            {{{access}}}static let conventions: String = {{{conventionsLiteral}}}
        }

        """
}
