import Foundation

/// Orders strings with their digit runs compared as numbers: `Model 2` before `Model 10`.
enum NaturalOrder {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = chunks(lhs)
        let right = chunks(rhs)
        for (a, b) in zip(left, right) where a != b {
            if let x = Int(a), let y = Int(b), x != y { return x < y }
            return a < b
        }
        return left.count < right.count
    }

    private static func chunks(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var inDigits = false
        for character in text {
            let isDigit = character.isASCII && character.isNumber
            if !current.isEmpty, isDigit != inDigits {
                result.append(current)
                current = ""
            }
            inDigits = isDigit
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
