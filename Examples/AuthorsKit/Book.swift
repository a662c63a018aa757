import Foundation
import ModelMapper

/// A book of `Models/Authors.xcdatamodeld`, with hand-written typed accessors.
public final class Book: ModelObject {
    override public class var entityName: String { "Book" }

    public var bookID: Int64 {
        get { value(forKey: "bookID") as? Int64 ?? 0 }
        set { setPrimitiveValue(newValue, forKey: "bookID") }
    }

    public var title: String {
        get { value(forKey: "title") as? String ?? "" }
        set { setPrimitiveValue(newValue, forKey: "title") }
    }

    public var year: Int16? {
        get { value(forKey: "year") as? Int16 }
        set { setPrimitiveValue(newValue, forKey: "year") }
    }

    public var tags: [String]? {
        get { value(forKey: "tags") as? [String] }
        set { setPrimitiveValue(newValue, forKey: "tags") }
    }

    public var rating: Double? {
        get { value(forKey: "rating") as? Double }
        set { setPrimitiveValue(newValue, forKey: "rating") }
    }

    public var favorite: Bool {
        get { value(forKey: "favorite") as? Bool ?? false }
        set { setPrimitiveValue(newValue, forKey: "favorite") }
    }

    public var retailPrice: Decimal? {
        get { value(forKey: "retailPrice") as? Decimal }
        set { setPrimitiveValue(newValue, forKey: "retailPrice") }
    }

    public var author: Author? {
        get { value(forKey: "author") as? Author }
        set { setPrimitiveValue(newValue, forKey: "author") }
    }

    public var pricing: Pricing? {
        get { value(forKey: "pricing") as? Pricing }
        set { setPrimitiveValue(newValue, forKey: "pricing") }
    }
}
