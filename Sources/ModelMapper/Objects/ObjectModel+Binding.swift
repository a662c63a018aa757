import Foundation

extension ObjectModel {
    /// A model of `contents` with `classes` bound to its entities.
    ///
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` for a class the model cannot bind.
    convenience init(contents: ModelContents, classes: [ModelObject.Type]) throws(ModelLoadingError) {
        let table =
            classes.isEmpty
            ? nil
            : try ClassTable(
                binding: classes,
                to: contents.entityRecords,
                fileName: contents.source?.fileName ?? "<model>"
            )
        self.init(contents: contents, classTable: table)
    }

    /// The bound classes, or nil when none is bound.
    var classes: ClassTable? {
        // Only `init(contents:classes:)` stores a table, and only a `ClassTable`.
        classTable.map { unsafeDowncast($0 as AnyObject, to: ClassTable.self) }
    }

    /// The class that objects of each entity are created with (see ``ClassTable``).
    var objectClasses: [ModelObject.Type] {
        classes?.objectClasses ?? Array(repeating: ModelObject.self, count: entityRecords.count)
    }

    /// Per entity, the raw value checks: of the values the model lists and of the bound
    /// classes (see ``ClassTable``).
    var rawValueChecks: [[RawValueCheck]] {
        if let classes { return classes.rawValueChecks }
        return declaresValues ? listedValueChecks : Array(repeating: [], count: entityRecords.count)
    }

    /// Whether any entity has a raw value check.
    var hasRawValueChecks: Bool { classes?.hasRawValueChecks ?? declaresValues }

    /// The same model with classes bound to its entities (replacing any bound before), so that
    /// objects of those entities, nested ones too, are created with their class.
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url).binding([Author.self, Book.self])
    /// ```
    ///
    /// - Parameters:
    ///   - classes: the classes to bind, each naming its entity (``ModelObject/entityName``).
    ///   - ignoringUnknownEntities: leave out the classes whose entity this model does
    ///     not have (for classes shared by several versions of a model) instead of failing.
    /// - Returns: the same model, with the classes bound.
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` naming a class whose ``ModelObject/entityName`` is not an
    ///   entity of the model.
    public func binding(_ classes: [ModelObject.Type], ignoringUnknownEntities: Bool = false) throws(ModelLoadingError)
        -> ObjectModel
    {
        let kept = ignoringUnknownEntities ? classes.filter { entityIndexByName[$0.entityName] != nil } : classes
        return try ObjectModel(contents: contents, classes: kept)
    }

    /// The class objects of `entity` are created with.
    public func objectClass(for entity: EntityDescription) -> ModelObject.Type {
        classes?.objectClasses[entity.index] ?? ModelObject.self
    }

    /// Loads a model and binds classes to its entities, so that objects of those entities
    /// (nested ones too) are created with their class. A class names its entity with
    /// ``ModelObject/entityName``; a subentity without a class of its own uses its superentity's.
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url, classes: [Author.self, Book.self])
    /// let author = try ModelDecoder(model: model).decode(Author.self, from: data)
    /// author.books.first   // a Book
    /// ```
    ///
    /// - Parameters:
    ///   - url: a `.xcdatamodeld` bundle, a `.xcdatamodel` folder or a `contents` file.
    ///   - version: the version of a bundle to load; nil for its current one.
    ///   - options: how strictly the file is read (``/ModelMapperSchema/ObjectModel/LoadingOptions``).
    ///   - limits: how large a file is read (``/ModelMapperSchema/ObjectModel/LoadingLimits``).
    ///   - classes: the classes to bind, each naming its entity.
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` with every problem found, and for a class naming an entity
    ///   the model does not have.
    @available(*, deprecated, message: "read the model, then bind the classes: ObjectModel(…).binding(classes)")
    public convenience init(
        contentsOf url: URL,
        version: String? = nil,
        options: LoadingOptions = [],
        limits: LoadingLimits = .default,
        classes: [ModelObject.Type]
    ) throws(ModelLoadingError) {
        try self.init(
            contents: Self.loadContents(of: url, version: version, options: options, limits: limits),
            classes: classes
        )
    }

    /// Reads a model from the XML text of a `contents` file, and binds classes to its entities.
    ///
    /// ```swift
    /// let model = try ObjectModel(xml: """
    ///     <model><entity name="Tag"><attribute name="label" attributeType="String"/></entity></model>
    ///     """)
    /// ```
    ///
    /// - Parameters:
    ///   - xml: the text of the file.
    ///   - fileName: the name diagnostics give as the file.
    ///   - options: how strictly the text is read (``/ModelMapperSchema/ObjectModel/LoadingOptions``).
    ///   - limits: how large a document is read (``/ModelMapperSchema/ObjectModel/LoadingLimits``).
    ///   - conventions: the model's conventions (``/ModelMapperSchema/ModelConventions``), which a model read
    ///     from a file finds in the file beside it.
    ///   - classes: the classes to bind, each naming its entity.
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` with every problem found, each with line and column.
    @available(*, deprecated, message: "read the model, then bind the classes: ObjectModel(…).binding(classes)")
    public convenience init(
        xml: String,
        fileName: String = "<memory>",
        options: LoadingOptions = [],
        limits: LoadingLimits = .default,
        conventions: ModelConventions = ModelConventions(),
        classes: [ModelObject.Type]
    ) throws(ModelLoadingError) {
        try self.init(
            xml: Data(xml.utf8),
            fileName: fileName,
            options: options,
            limits: limits,
            conventions: conventions,
            classes: classes
        )
    }

    /// Reads a model from the XML bytes of a `contents` file, in any encoding XML allows (UTF-8
    /// with or without a byte-order mark, UTF-16, …), and binds classes to its entities.
    ///
    /// - Parameters:
    ///   - xml: the bytes of the file.
    ///   - fileName: the name diagnostics give as the file.
    ///   - options: how strictly the bytes are read (``/ModelMapperSchema/ObjectModel/LoadingOptions``).
    ///   - limits: how large a document is read (``/ModelMapperSchema/ObjectModel/LoadingLimits``).
    ///   - conventions: the model's conventions (``/ModelMapperSchema/ModelConventions``).
    ///   - classes: the classes to bind, each naming its entity.
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` with every problem found, each with line and column.
    @available(*, deprecated, message: "read the model, then bind the classes: ObjectModel(…).binding(classes)")
    public convenience init(
        xml: Data,
        fileName: String = "<memory>",
        options: LoadingOptions = [],
        limits: LoadingLimits = .default,
        conventions: ModelConventions = ModelConventions(),
        classes: [ModelObject.Type]
    ) throws(ModelLoadingError) {
        try self.init(
            contents: Self.memoryContents(
                xml: xml,
                fileName: fileName,
                options: options,
                limits: limits,
                conventions: conventions
            ),
            classes: classes
        )
    }
}
