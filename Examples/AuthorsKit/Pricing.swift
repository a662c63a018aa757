import Foundation
import ModelMapper

/// The pricing of a book (`Authors 3`), in a one-to-one with it.
public final class Pricing: ModelObject {
    override public class var entityName: String { "Pricing" }

    public var currency: String {
        get { value(forKey: "currency") as? String ?? "" }
        set { setPrimitiveValue(newValue, forKey: "currency") }
    }

    public var listPrice: Decimal? {
        get { value(forKey: "listPrice") as? Decimal }
        set { setPrimitiveValue(newValue, forKey: "listPrice") }
    }

    public var book: Book? {
        get { value(forKey: "book") as? Book }
        set { setPrimitiveValue(newValue, forKey: "book") }
    }
}
