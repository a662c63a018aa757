import Foundation
import ModelMapper
import TestSupport
import Testing

@Suite("Generated classes compile and work: decode fixtures, use typed properties, encode")
struct GeneratedCodeTests {
    init() {
        ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
    }

    @Test("Authors: typed properties read the decoded graph; the round trip is faithful")
    func authors() throws {
        let model = try AuthorsModel.load()
        #expect(model.versionName == nil)
        let data = try TestPaths.fixture("Authors/authors-v3.json")
        let authors = try ModelDecoder(model: model).decode([Author].self, from: data, at: "authors")
        let twain = try #require(authors.first)
        #expect(twain.authorID == 1)
        #expect(twain.firstName == "Mark")
        #expect(twain.lastName == "Twain")
        #expect(twain.dateOfBirth == (try DateFormat.yearMonthDay.date(from: "1835-11-30")))
        #expect(
            twain.books.map(\.title) == [
                "The Adventures of Tom Sawyer", "Adventures of Huckleberry Finn", "Life on the Mississippi",
            ]
        )
        let sawyer = twain.books[0]
        #expect(sawyer.year == 1876)
        #expect(sawyer.tags == ["adventure", "classic"])
        #expect(sawyer.retailPrice == Decimal(string: "9.99"))
        #expect(sawyer.pricing?.currency == "USD")
        #expect(sawyer.pricing?.book === sawyer)
        #expect(sawyer.author === twain)
        #expect(Author.Keys.authorID == "authorID")

        let encoded = try ModelEncoder().encodeJSON(authors)
        #expect(encoded.isEquivalent(to: try #require(JSONValue.parse(data)["authors"])))
    }

    @Test("Authors: setters and to-many helpers keep inverses")
    func authorsMutation() throws {
        let model = try AuthorsModel.load()
        let author = try Author(model: model, authorID: 1, lastName: "Austen")
        let book = try Book(model: model, bookID: 1, title: "Emma")
        author.addToBooks(book)
        #expect(book.author === author)
        #expect(author.books.count == 1)
        author.removeFromBooks(book)
        #expect(book.author == nil)
        book.author = author
        #expect(author.books.first === book)
        // A required attribute with a default reads it until set.
        #expect(Pricing(entity: try #require(model.entitiesByName["Pricing"])).currency == "USD")
    }

    @Test("Media: subentities decode as their generated classes")
    func media() throws {
        let model = try MediaModel.load()
        let people = try ModelDecoder(model: model).decode([Person].self, from: TestPaths.fixture("Media/media.json"))
        let kubrick = try #require(people.first)
        let works = kubrick.works
        #expect(works.allSatisfy { $0 is Movie })
        let odyssey = try #require(works.first as? Movie)
        #expect(odyssey.runtimeMinutes == 149)
        #expect(odyssey.genres.map(\.name) == ["Science fiction", "Drama"])
        #expect(odyssey.creator === kubrick)
        let album = try #require(people.last?.works.first as? Album)
        #expect(album.tracks.map(\.title) == ["So What", "Freddie Freeloader", "Blue in Green"])
        #expect(album.tracks.first?.album === album)
        let drama = try #require(odyssey.genres.last)
        #expect(drama.items.count == 2)
        let encoded = try ModelEncoder().encodeJSON(people)
        #expect(encoded.isEquivalent(to: try JSONValue.parse(TestPaths.fixture("Media/media.json"))))
    }

    @Test("Catalog: the model's fetch request templates as typed functions, keys as constants for predicates")
    func catalogFetchRequests() throws {
        let model = try CatalogModel.load()
        var decoding = ModelDecoder.Options()
        decoding.conventions.keyCasing = .modelNames
        // The fixture's tags are named by their labels alone: placeholders make them objects.
        let graph = ObjectGraph(
            model: model,
            options: ObjectGraph.Options(decoding: decoding, unresolvedReferences: .placeholder)
        )
        _ = try graph.merge(TestPaths.fixture("Catalog/catalog.json"), entity: "Product", at: "products")
        #expect(try Product.fetchBySKU(sku: "CHR-07", in: graph).map(\.sku) == ["CHR-07"])
        #expect(try Product.fetchCheaperThan(limit: 100, in: graph).map(\.sku) == ["LMP-01"])
        #expect(try Product.fetchWithTag(label: "HOME", in: graph).map(\.sku) == ["LMP-01", "CHR-07"])
        #expect(try Product.fetchWithTag(label: "garden", in: graph).isEmpty)
        let request = ModelFetchRequest(
            entityName: "Product",
            predicate: try ModelPredicate(format: "%K == %@", Product.Keys.sku, "LMP-01")
        )
        #expect(try graph.fetch(request, as: Product.self).map(\.sku) == ["LMP-01"])
    }

    @Test("Catalog: a class whose entity declares where documents hold its objects reads them there")
    func documentRoot() throws {
        let decoder = ModelDecoder(model: try CatalogModel.load())
        let document = try TestPaths.fixture("Catalog/catalog.json")
        #expect(Product.jsonRootKeyPath == "products")
        let products = try Product.decodeDocument(document, using: decoder)
        let read = try decoder.decode([Product].self, from: document, at: "products")
        #expect(products.map(\.sku) == read.map(\.sku))
        #expect(products.count == 2)
        // The library's own reading of the document itself is unchanged, and names the key path.
        let error = try #require(throws: MappingError.self) { try decoder.decode([Product].self, from: document) }
        #expect("\(error)".contains("products"), "\(error)")
    }

    @Test("Catalog: every attribute type through its typed property")
    func catalog() throws {
        let model = try CatalogModel.load()
        let products = try ModelDecoder(model: model)
            .decode([Product].self, from: TestPaths.fixture("Catalog/catalog.json"), at: "products")
        let lamp = try #require(products.first)
        #expect(lamp.sku == "LMP-01")
        #expect(lamp.available == true)
        #expect(lamp.price == Decimal(string: "49.9"))
        #expect(lamp.currency == "EUR")
        #expect(lamp.quantity == 12)
        #expect(lamp.views == 70000)
        #expect(lamp.serial == 9_007_199_254_740_993)
        #expect(lamp.weight == 1.25)
        #expect(lamp.rating == 4.5)
        #expect(lamp.releasedAt == Date(timeIntervalSince1970: 1_709_285_400))
        #expect(lamp.launchDay == (try DateFormat.yearMonthDay.date(from: "2024-03-04")))
        #expect(lamp.thumbnail == Data(base64Encoded: "iVBORw0KGgo="))
        #expect(lamp.keywords == ["lamp", "desk", "light"])
        #expect(lamp.homepage == URL(string: "https://example.com/lamp"))
        #expect(lamp.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(lamp.legacyID as? String == "x-coredata://ABC/Product/p1")
        #expect(lamp.origin?["city"] as? String == "Lyon")
        #expect(lamp.dimensions?.height == 45.5)
        #expect(lamp.dimensions?.product === lamp)
        #expect(lamp.variants.map(\.code) == ["LMP-01-BLK", "LMP-01-WHT"])
        #expect(lamp.tags.map(\.label) == ["home", "lighting"])
        #expect(products[1].tags.first === lamp.tags.first)
    }

    @Test("Catalog: attributes typed with the Swift types their userInfo names (swiftType)")
    func rawValueAttributes() throws {
        let model = try CatalogModel.load()
        let products = try ModelDecoder(model: model)
            .decode([Product].self, from: TestPaths.fixture("Catalog/catalog.json"), at: "products")
        let lamp = try #require(products.first)
        #expect(lamp.status == .active)
        #expect(products[1].status == .retired)
        #expect(lamp.variants.map(\.size) == [.medium, nil])
        // Set through the type, stored as the raw value of the attribute's own type.
        lamp.status = .draft
        #expect(lamp.value(forKey: "status") as? String == "draft")
        lamp.variants[1].size = .large
        #expect(lamp.variants[1].value(forKey: "size") as? Int16 == 3)
        lamp.status = nil
        #expect(lamp.valueState(forKey: "status") == .null)
        // Encoded as the raw values.
        let json = try ModelEncoder().encode(lamp.variants[1])
        #expect(String(decoding: json, as: UTF8.self).contains(#""size":3"#))
        #expect(CatalogModel.classes.contains { $0.rawValueTypes["status"]?.typeName == "ProductStatus" })
    }

    @Test("Catalog: a value that is none of the raw values is an error at its path, line and column")
    func unknownRawValues() throws {
        let model = try CatalogModel.load()
        let decoder = ModelDecoder(model: model)
        func error(_ json: String, at keyPath: String? = nil) -> MappingError? {
            do {
                _ = try decoder.decode([Product].self, from: Data(json.utf8), at: keyPath)
                return nil
            } catch {
                return error as? MappingError
            }
        }
        let status = error(#"[{"sku": "A", "name": "a"},\#n {"sku": "B", "name": "b", "status": "archived"}]"#)
        #expect(status?.code == .invalidValue)
        #expect(status?.path.description == "$[1].status")
        // The model lists Product.status's values (jsonValues): that check speaks first.
        #expect(status?.context.expected == #"one of "draft", "active", "retired" (jsonValues)"#)
        #expect(status?.context.found == #""archived""#)
        #expect(
            status?.description
                == #"$[1].status: Product.status: expected one of "draft", "active", "retired" (jsonValues), "#
                + #"found "archived""#
        )
        #expect(status?.context.line == 2)
        #expect(status?.context.column == 28)  // the member's key, as for every value error
        // Raw values compare exactly: no case folding.
        #expect(error(#"[{"sku": "A", "name": "a", "status": "Active"}]"#)?.code == .invalidValue)
        let size = error(
            #"[{"sku": "A", "name": "a", "variants": [{"code": "x", "size": 1}, {"code": "y", "size": 7}]}]"#
        )
        #expect(size?.code == .invalidValue)
        #expect(size?.path.description == "$[0].variants[1].size")
        #expect(size?.context.expected == "a raw value of VariantSize")
        // Out of the attribute's own range first; a numeric string is read leniently, then checked.
        #expect(
            error(#"[{"sku": "A", "name": "a", "variants": [{"code": "x", "size": 40000}]}]"#)?.code == .valueOutOfRange
        )
        #expect(error(#"[{"sku": "A", "name": "a", "variants": [{"code": "x", "size": "2"}]}]"#) == nil)
        #expect(error(#"[{"sku": "A", "name": "a", "variants": [{"code": "x", "size": "9"}]}]"#)?.code == .invalidValue)
        // Null and absent are no values, not wrong ones.
        #expect(
            error(#"[{"sku": "A", "name": "a", "status": null, "variants": [{"code": "x", "size": null}]}]"#) == nil
        )
        // Every wrong value is reported when collecting errors.
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        do {
            _ = try ModelDecoder(model: model, options: options)
                .decode(
                    [Product].self,
                    from: Data(
                        #"[{"sku": "A", "name": "a", "status": "x"}, {"sku": "B", "name": "b", "status": "y"}]"#.utf8
                    )
                )
            Issue.record("decoded values that are no raw values")
        } catch let errors as MappingErrors {
            #expect(errors.errors.map(\.path.description) == ["$[0].status", "$[1].status"])
        }
    }

    @Test("the embedded model is the file's model")
    func embeddedModel() throws {
        let embedded = try AuthorsModel.load()
        let fromFile = try AuthorsModel.load(contentsOf: TestPaths.model("Authors"))
        #expect(embedded.entities.map(\.name) == fromFile.entities.map(\.name))
        #expect(
            embedded.entities.flatMap { $0.properties.map(\.name) }
                == fromFile.entities.flatMap { $0.properties.map(\.name) }
        )
        #expect(embedded.objectClass(for: try #require(embedded.entitiesByName["Book"])) == Book.self)
    }

    @Test("classes of entities with an identity are Identifiable and Hashable by it")
    func identifiableByIdentity() throws {
        let model = try AuthorsModel.load()
        let json = Data(#"[{"author_id": 1, "lastName": "Twain"}, {"author_id": 2, "lastName": "Austen"}]"#.utf8)
        let first = try ModelDecoder(model: model).decode([Author].self, from: json)
        let again = try ModelDecoder(model: model).decode([Author].self, from: json)
        #expect(first.map(\.id) == [1, 2])
        // Two decodings, different objects: equal by identity, one each in a set.
        #expect(first[0] !== again[0] && first[0] == again[0] && first[0] != first[1])
        #expect(Set(first + again).count == 2)
        #expect(Dictionary(grouping: first + again, by: \.id).mapValues(\.count) == [1: 2, 2: 2])
    }

    @Test("init(model:…) takes the values the model requires, and refuses a class the model does not make")
    func initializerTakingTheModel() throws {
        let model = try AuthorsModel.load()
        let book = try Book(model: model, bookID: 7, title: "Roughing It")
        #expect(book.entity.name == "Book" && book.bookID == 7 && book.title == "Roughing It")
        #expect(!book.isPlaceholder && book.year == nil)
        // Defaults the model declares are set, and not asked for: Pricing's currency.
        #expect(try Pricing(model: model).currency == "USD")
        // What the initializer makes, the encoder writes and the decoder reads back.
        let json = try ModelEncoder().encode(book)
        #expect(try ModelDecoder(model: model).decode(Book.self, from: json).title == "Roughing It")
        // The model makes Book objects of class Book: the machine class is refused at the call.
        #expect {
            try _Book(model: model, bookID: 1, title: "x")
        } throws: { error in
            guard case MappingError.wrongEntity(let context) = error else { return false }
            return context.entityName == "Book" && context.found == "an object of class _Book"
        }
        // A model loaded without classes takes any.
        let unbound = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        #expect(try Author(model: unbound, authorID: 1, lastName: "Twain").entity.name == "Author")
        // A model without the entity: the error names it.
        let media = try MediaModel.load()
        #expect(throws: MappingError.self) { try Author(model: media, authorID: 1, lastName: "Twain") }
    }

    @Test("a subentity's initializer takes the values its superentity requires, too")
    func subentityInitializer() throws {
        let model = try MediaModel.load()
        let id = UUID()
        let movie = try Movie(model: model, itemID: id, title: "Stalker")
        #expect(movie.entity.name == "Movie" && movie.itemID == id && movie.title == "Stalker")
        #expect(try ModelDecoder(model: model).decode(Movie.self, from: ModelEncoder().encode(movie)).itemID == id)
    }

    @Test("a required to-one is non-optional, taken by the initializer, and its inverse follows")
    func requiredToOne() throws {
        let model = try MediaModel.load()
        let album = try Album(model: model, itemID: UUID(), title: "Kind of Blue")
        let track = try Track(model: model, title: "So What", album: album)
        #expect(track.album === album && album.tracks.count == 1 && album.tracks.first === track)
        // Written within its album, the track leaves its album out, and reads back with it.
        let read = try ModelDecoder(model: model).decode(Album.self, from: ModelEncoder().encode(album))
        #expect(read.tracks.map(\.title) == ["So What"] && read.tracks.first?.album === read)
        // On its own, a track without its album is refused, by the decoder and the encoder alike.
        #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decode(Track.self, from: Data(#"{"title": "So What"}"#.utf8))
        }
        // The track holds its album; the album holds a track only once linked from its side too.
        weak var listedOnly: Track?
        weak var added: Track?
        do {
            let listed = try Track(model: model, title: "Freddie Freeloader", album: album)
            listedOnly = listed
            let track = try Track(model: model, title: "Blue in Green", album: album)
            album.addToTracks(track)
            added = track
        }
        #expect(listedOnly == nil && added != nil && album.tracks.map(\.title) == ["So What", "Blue in Green"])
        let orphan = Track(entity: track.entity)
        orphan.title = "Blue in Green"
        #expect(throws: MappingError.self) { try ModelEncoder().encode(orphan) }
    }

    @Test("a required value reads non-optional; a placeholder says it is one")
    func requiredValuesAndPlaceholders() throws {
        let model = try AuthorsModel.load()
        // The author is read from its identity alone: a placeholder, without the last name.
        let book = try ModelDecoder(model: model)
            .decode(
                Book.self,
                from: Data(#"{"book_id": 1, "title": "Emma", "author": 9}"#.utf8)
            )
        let author = try #require(book.author)
        #expect(author.isPlaceholder && !book.isPlaceholder)
        #expect(author.authorID == 9 && author.value(forKey: "lastName") == nil)
        // Read in full later in the document: no longer a placeholder.
        let books = try ModelDecoder(model: model)
            .decode(
                [Book].self,
                from: Data(
                    #"[{"book_id": 1, "title": "Emma", "author": 9}, {"book_id": 2, "title": "Persuasion", "author": {"author_id": 9, "lastName": "Austen"}}]"#
                        .utf8
                )
            )
        #expect(books[0].author === books[1].author && books[0].author?.isPlaceholder == false)
        #expect(books[0].author?.lastName == "Austen")
    }

    @Test(
        "typed decoding asks for the values non-optional properties need whatever the options; plain objects may lack them"
    )
    func typedDecodingRequiresValues() throws {
        let model = try AuthorsModel.load()
        var options = ModelDecoder.Options()
        options.requiresNonOptionalValues = false
        options.nullHandling = .treatAsAbsent
        let decoder = ModelDecoder(model: model, options: options)
        for json in [#"{"book_id": 1, "title": null}"#, #"{"book_id": 1}"#] {
            let error = try #require(throws: MappingError.self) { try decoder.decode(Book.self, from: Data(json.utf8)) }
            #expect(error.code == .missingValue && error.path.description == "$.title", "\(json)")
            // Untyped calls make the bound class's objects too: the same error.
            #expect(throws: MappingError.self) {
                try decoder.decodeObject(of: try #require(model.entity(named: "Book")), from: Data(json.utf8))
            }
            // A graph of the bound classes, too.
            let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
            let merged = try #require(throws: MappingErrors.self) { try graph.merge(Data(json.utf8), entity: "Book") }
            #expect(merged.errors.map(\.path.description) == ["$.title"])
        }
        // The model without its classes: plain objects, which read a missing value as nil.
        let plain = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let book = try ModelDecoder(model: plain, options: options)
            .decodeObject(of: try #require(plain.entity(named: "Book")), from: Data(#"{"book_id": 1}"#.utf8))
        #expect(book.value(forKey: "title") == nil)
    }

    @Test("reading a required value a placeholder lacks stops the program, naming Entity.property")
    func readingWhatAPlaceholderLacks() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = try AuthorsModel.load()
            let book = try ModelDecoder(model: model)
                .decode(
                    Book.self,
                    from: Data(#"{"book_id": 1, "title": "Emma", "author": 9}"#.utf8)
                )
            _ = book.author?.lastName
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Author.lastName is required, and unset: this Author is a placeholder"))
    }

    @Test("the embedded model is read once: every load() gives the same model, from any thread")
    func embeddedModelCached() async throws {
        let first = try AuthorsModel.load()
        #expect(try AuthorsModel.load() === first)
        let others = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 { group.addTask { ObjectIdentifier(try MediaModel.load()) } }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(others.count == 1)
    }
}
