// The names the code blocks of README.md and the DocC articles use without declaring them:
// the document a block reads (`data`), the model, the graph, a URL… Each block is type-checked
// as a program of its own that imports this module (`.ci/snippets/check`); a name a block
// declares itself shadows the one here. Nothing here runs: the blocks are type-checked, not
// built, so each value is a stub of the right type.
import Foundation
import ModelMapper

/// The value of a name a block takes as given; never called, as the blocks are only type-checked.
func given<Value>() -> Value { preconditionFailure("the snippet context is type-checked, never run") }

/// What a block's document looks like: the JSON it decodes, as text and as Foundation values.
public var data: Data { given() }
/// `update`, as the blocks use it.
public var update: Data { given() }
/// `upload`, as the blocks use it.
public var upload: Data { given() }
/// `json`, as the blocks use it.
public var json: [String: Any] { given() }
/// `chunks`, as the blocks use it.
public var chunks: AsyncStream<Data> { given() }

/// Where a block's files are.
public var url: URL { given() }
/// `modelURL`, as the blocks use it.
public var modelURL: URL { given() }
/// `fixturesURL`, as the blocks use it.
public var fixturesURL: URL { given() }
/// `bandsURL`, as the blocks use it.
public var bandsURL: URL { given() }
/// `handle`, as the blocks use it.
public var handle: FileHandle { given() }

/// The model, the coders and the graph a block works with.
public var model: ObjectModel { given() }
/// `decoder`, as the blocks use it.
public var decoder: ModelDecoder { given() }
/// `graph`, as the blocks use it.
public var graph: ObjectGraph { given() }
/// `bookEntity`, as the blocks use it.
public var bookEntity: EntityDescription { given() }

/// Objects and values a block works with.
public var product: ModelObject { given() }
/// `album`, as the blocks use it.
public var album: ModelObject { given() }
/// `person`, as the blocks use it.
public var person: ModelObject { given() }
/// `predicate`, as the blocks use it.
public var predicate: ModelPredicate { given() }
/// `cutoff`, as the blocks use it.
public var cutoff: Date { given() }
/// `books`, as the blocks use it.
public var books: [String] { given() }
/// `makeBook`, as the blocks use it.
public func makeBook(_ title: String) -> ModelObject { given() }

/// A search index the streaming example adds books to.
public final class BookIndex {
    /// `add`, as the blocks use it.
    public func add(_ book: ModelObject) {}
}
/// `index`, as the blocks use it.
public var index: BookIndex { given() }

extension Bundle {
    /// The bundle of a target's resources, as SwiftPM makes `Bundle.module` for a target that has some.
    public static var module: Bundle { given() }
}
