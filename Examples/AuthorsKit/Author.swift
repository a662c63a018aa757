import Foundation
import ModelMapper

/// An author of `Models/Authors.xcdatamodeld`, with typed accessors written by hand: each is
/// a thin wrapper over the same storage that `value(forKey:)` reads.
public final class Author: ModelObject {
    override public class var entityName: String { "Author" }

    public var authorID: Int64 {
        get { value(forKey: "authorID") as? Int64 ?? 0 }
        set { setPrimitiveValue(newValue, forKey: "authorID") }
    }

    public var firstName: String? {
        get { value(forKey: "firstName") as? String }
        set { setPrimitiveValue(newValue, forKey: "firstName") }
    }

    public var lastName: String {
        get { value(forKey: "lastName") as? String ?? "" }
        set { setPrimitiveValue(newValue, forKey: "lastName") }
    }

    public var dateOfBirth: Date? {
        get { value(forKey: "dateOfBirth") as? Date }
        set { setPrimitiveValue(newValue, forKey: "dateOfBirth") }
    }

    public var books: [Book] {
        get { (value(forKey: "books") as? [ModelObject] ?? []).compactMap { $0 as? Book } }
        set { setPrimitiveValue(newValue, forKey: "books") }
    }
}
