import Foundation

/// Parses a predicate format string into a ``PredicateSyntax``: recursive descent over the
/// lexer's tokens, with format arguments substituted as they are met.
///
/// Precedence, loosest first: `OR`, `AND`, `NOT`, a comparison, `+ -`, `* /`, `**`, unary `-`,
/// `.key` and `[index]`. Whether `(` opens a predicate or an expression is told from the token
/// after its matching `)` (an operator that continues an expression, or not), found for every
/// parenthesis in one pass beforehand, so that parsing stays linear. Nesting is bounded
/// (``ModelPredicate/maximumDepth``), so that no input can exhaust the stack.
struct PredicateParser {
    private let format: String
    private let bytes: [UInt8]
    private let tokens: [PredicateLexer.Token]
    /// For each `(` token, the index of its matching `)`.
    private let closing: [Int: Int]
    private var position = 0
    private var depth = 0
    private var arguments: [Any?]
    private var nextArgument = 0

    init(format: String, arguments: [Any?]) throws(PredicateSyntaxError) {
        self.format = format
        bytes = Array(format.utf8)
        guard bytes.count <= ModelPredicate.maximumLength else {
            throw PredicateSyntaxError(
                column: 1,
                expected: "a format of at most \(ModelPredicate.maximumLength) bytes",
                found: "\(bytes.count) bytes",
                format: ""
            )
        }
        tokens = try PredicateLexer.tokens(of: format)
        var closing: [Int: Int] = [:]
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.kind == .symbol("(") { open.append(index) }
            if token.kind == .symbol(")"), let start = open.popLast() { closing[start] = index }
        }
        self.closing = closing
        self.arguments = arguments
    }

    /// The whole format as a predicate.
    mutating func parse() throws(PredicateSyntaxError) -> PredicateSyntax {
        let predicate = try parseOr()
        guard current.kind == .end else { throw fail("AND, OR or the end of the predicate") }
        guard nextArgument == arguments.count else {
            throw fail("as many format specifiers as arguments (\(arguments.count) given, \(nextArgument) used)")
        }
        return predicate
    }

    /// An expression alone (a derived attribute's derivation), to the end of the format.
    mutating func parseStandaloneExpression() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        let expression = try parseExpression()
        guard current.kind == .end else { throw fail("an operator or the end of the expression") }
        guard nextArgument == arguments.count else {
            throw fail("as many format specifiers as arguments (\(arguments.count) given, \(nextArgument) used)")
        }
        return expression
    }

    // MARK: Predicates

    private mutating func parseOr() throws(PredicateSyntaxError) -> PredicateSyntax {
        try descend()
        defer { depth -= 1 }
        var terms = [try parseAnd()]
        while takeKeyword("OR") || take("||") { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateSyntax {
        var terms = [try parseNot()]
        while takeKeyword("AND") || take("&&") { terms.append(try parseNot()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseNot() throws(PredicateSyntaxError) -> PredicateSyntax {
        if takeKeyword("NOT") || take("!") {
            try descend()
            defer { depth -= 1 }
            return .not(try parseNot())
        }
        if takeKeyword("TRUEPREDICATE") { return .alwaysTrue }
        if takeKeyword("FALSEPREDICATE") { return .alwaysFalse }
        if current.kind == .symbol("("), !opensExpression(at: position) {
            position += 1
            let inner = try parseOr()
            try expect(")", "')' closing the predicate in parentheses")
            return inner
        }
        return .comparison(try parseComparison())
    }

    /// Whether the `(` at `index` opens an expression, such as `(a + b) * 2 > c`: its `)` is
    /// followed by something that continues an expression or compares it.
    private func opensExpression(at index: Int) -> Bool {
        guard let end = closing[index], end + 1 < tokens.count else { return false }
        switch tokens[end + 1].kind {
        case .symbol(let symbol):
            return ["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "+", "-", "*", "/", "**", ".", "["]
                .contains(symbol)
        case .keyword(let word):
            return ["IN", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES"].contains(word)
        default:
            return false
        }
    }

    private mutating func parseComparison() throws(PredicateSyntaxError) -> PredicateSyntax.Comparison {
        var quantifier = PredicateSyntax.Comparison.Quantifier.direct
        if takeKeyword("ANY") || takeKeyword("SOME") {
            quantifier = .any
        } else if takeKeyword("ALL") {
            quantifier = .all
        } else if takeKeyword("NONE") {
            quantifier = .none
        }
        let left = try parseExpression()
        guard let comparisonOperator = takeOperator() else {
            throw fail(
                "a comparison (==, !=, <, <=, >, >=, BETWEEN, IN, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES)"
            )
        }
        let options = try parseOptions()
        let right = try parseExpression()
        return PredicateSyntax.Comparison(left, comparisonOperator, right, options: options, quantifier: quantifier)
    }

    private mutating func takeOperator() -> PredicateSyntax.Comparison.Operator? {
        let result: PredicateSyntax.Comparison.Operator?
        switch current.kind {
        case .symbol("=="), .symbol("="): result = .equal
        case .symbol("!="), .symbol("<>"): result = .notEqual
        case .symbol("<"): result = .less
        case .symbol("<="), .symbol("=<"): result = .lessOrEqual
        case .symbol(">"): result = .greater
        case .symbol(">="), .symbol("=>"): result = .greaterOrEqual
        case .keyword(let word): result = PredicateSyntax.Comparison.Operator(rawValue: word)
        default: result = nil
        }
        if result != nil { position += 1 }
        return result
    }

    /// `[c]`, `[d]`, `[cd]` after an operator (`n` and `l`, which Foundation also takes, change
    /// nothing here and are accepted).
    private mutating func parseOptions() throws(PredicateSyntaxError) -> PredicateSyntax.Comparison.Options {
        guard current.kind == .symbol("["), position + 2 < tokens.count,
            case .name(let letters) = tokens[position + 1].kind,
            tokens[position + 2].kind == .symbol("]")
        else { return [] }
        var options: PredicateSyntax.Comparison.Options = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n", "l": break
            default:
                position += 1
                throw fail("comparison options made of c, d, n and l")
            }
        }
        position += 3
        return options
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        try descend()
        defer { depth -= 1 }
        var left = try parseMultiplicative()
        while true {
            if take("+") {
                left = .arithmetic(left, .add, try parseMultiplicative())
            } else if take("-") {
                left = .arithmetic(left, .subtract, try parseMultiplicative())
            } else {
                return left
            }
        }
    }

    private mutating func parseMultiplicative() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        var left = try parsePower()
        while true {
            if take("*") {
                left = .arithmetic(left, .multiply, try parsePower())
            } else if take("/") {
                left = .arithmetic(left, .divide, try parsePower())
            } else {
                return left
            }
        }
    }

    private mutating func parsePower() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        var left = try parseUnary()
        while take("**") { left = .arithmetic(left, .power, try parseUnary()) }
        return left
    }

    private mutating func parseUnary() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        guard take("-") else { return try parsePostfix() }
        try descend()
        defer { depth -= 1 }
        let operand = try parseUnary()
        // A negative literal stays a literal: `-5` is the number -5.
        if case .constant(.number(let text)) = operand, !text.hasPrefix("-") { return .constant(.number("-" + text)) }
        return .negated(operand)
    }

    private mutating func parsePostfix() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        var expression = try parsePrimary()
        while true {
            if take(".") {
                let component: String
                switch current.kind {
                case .name(let name): component = name
                case .collectionOperator(let name): component = "@" + name
                case .keyword(let word) where word == "SELF": component = "self"
                default: throw fail("a key or a collection operator (@count, @sum, …) after '.'")
                }
                position += 1
                if case .keyPath(let base, let components) = expression {
                    expression = .keyPath(base, components + [component])
                } else {
                    expression = .keyPath(expression, [component])
                }
            } else if current.kind == .symbol("[") {
                position += 1
                let index: PredicateSyntax.Index
                switch current.kind {
                case .name(let name) where ["FIRST", "LAST", "SIZE"].contains(name.uppercased()):
                    position += 1
                    index = name.uppercased() == "FIRST" ? .first : name.uppercased() == "LAST" ? .last : .size
                default:
                    index = .position(try parseExpression())
                }
                try expect("]", "']' closing the index")
                expression = .index(expression, index)
            } else {
                return expression
            }
        }
    }

    private mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        let token = current
        switch token.kind {
        case .name(let name):
            position += 1
            if current.kind == .symbol("(") { return try parseFunction(name) }
            return .keyPath(.evaluatedObject, [name])
        case .collectionOperator(let name):
            position += 1
            return .keyPath(.evaluatedObject, ["@" + name])
        case .variable(let name):
            position += 1
            return .variable(name)
        case .number(let text):
            position += 1
            return .constant(.number(text))
        case .string(let text):
            position += 1
            return .constant(.string(text))
        case .formatSpecifier(let specifier):
            position += 1
            return try argument(for: specifier, at: token)
        case .keyword("SELF"):
            position += 1
            return .evaluatedObject
        case .keyword("TRUE"), .keyword("YES"):
            position += 1
            return .constant(.boolean(true))
        case .keyword("FALSE"), .keyword("NO"):
            position += 1
            return .constant(.boolean(false))
        case .keyword("NIL"), .keyword("NULL"):
            position += 1
            return .constant(.null)
        case .keyword("SUBQUERY"):
            position += 1
            return try parseSubquery()
        case .symbol("{"):
            position += 1
            try descend()
            defer { depth -= 1 }
            var elements: [PredicateSyntax.Expression] = []
            if !take("}") {
                repeat { elements.append(try parseExpression()) } while take(",")
                try expect("}", "',' or '}' in the list")
            }
            return .aggregate(elements)
        case .symbol("("):
            position += 1
            let inner = try parseExpression()
            try expect(")", "')' closing the expression in parentheses")
            return inner
        default:
            throw fail("a value (a key path, a literal, a variable or a format argument)")
        }
    }

    /// `name(arguments…)`: the function's name as written, its arguments.
    private mutating func parseFunction(_ name: String) throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        position += 1
        try descend()
        defer { depth -= 1 }
        var arguments: [PredicateSyntax.Expression] = []
        if !take(")") {
            repeat { arguments.append(try parseExpression()) } while take(",")
            try expect(")", "',' or ')' in the arguments of \(name)")
        }
        return .function(name, arguments)
    }

    /// `SUBQUERY(collection, $variable, predicate)`, after the keyword.
    private mutating func parseSubquery() throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        try expect("(", "'(' after SUBQUERY")
        try descend()
        defer { depth -= 1 }
        let collection = try parseExpression()
        try expect(",", "',' after the collection of SUBQUERY")
        guard case .variable(let variable) = current.kind else { throw fail("the variable of SUBQUERY ($x)") }
        position += 1
        try expect(",", "',' after the variable of SUBQUERY")
        let predicate = try parseOr()
        try expect(")", "')' closing SUBQUERY")
        return .subquery(collection, variable: variable, predicate)
    }

    // MARK: Format arguments

    /// The next argument, for a specifier: `%K` a key path, `%@` any value, `%d`… an integer,
    /// `%f` a floating-point number.
    private mutating func argument(
        for specifier: Character,
        at token: PredicateLexer.Token
    ) throws(PredicateSyntaxError) -> PredicateSyntax.Expression {
        guard nextArgument < arguments.count else {
            throw fail("an argument for %\(specifier) (\(arguments.count) given)", at: token)
        }
        let value = arguments[nextArgument]
        nextArgument += 1
        func mismatch(_ expected: String) -> PredicateSyntaxError {
            fail("\(expected) for %\(specifier)", found: "\(value.map { "a \(type(of: $0))" } ?? "nil")", at: token)
        }
        switch specifier {
        case "K":
            guard let key = value as? String, !key.isEmpty else { throw mismatch("a key path (a String)") }
            return .keyPath(
                .evaluatedObject,
                key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            )
        case "d", "i", "u":
            guard let value, let text = PredicateSyntax.Value.integerText(value) else { throw mismatch("an integer") }
            return .constant(.number(text))
        case "f":
            guard let value, let number = PredicateSyntax.Value.floatingPoint(value), number.isFinite else {
                throw mismatch("a finite floating-point number")
            }
            return .constant(.number("\(number)"))
        default:
            guard let constant = PredicateSyntax.Value(argument: value) else {
                throw mismatch("a string, number, Boolean, date, UUID, URL, data, object, nil or a collection of them")
            }
            return .constant(constant)
        }
    }

    // MARK: Tokens

    private var current: PredicateLexer.Token { tokens[min(position, tokens.count - 1)] }

    private mutating func take(_ symbol: String) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func takeKeyword(_ word: String) -> Bool {
        guard current.kind == .keyword(word) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ expected: String) throws(PredicateSyntaxError) {
        guard take(symbol) else { throw fail(expected) }
    }

    /// One level deeper, or an error past the limit.
    private mutating func descend() throws(PredicateSyntaxError) {
        depth += 1
        guard depth <= ModelPredicate.maximumDepth else {
            throw fail("at most \(ModelPredicate.maximumDepth) levels of nesting", found: "more")
        }
    }

    private func fail(_ expected: String, found: String? = nil, at token: PredicateLexer.Token? = nil)
        -> PredicateSyntaxError
    {
        let token = token ?? current
        return PredicateSyntaxError(
            column: PredicateLexer.column(of: token.offset, in: bytes),
            expected: expected,
            found: found ?? describe(token),
            format: format
        )
    }

    private func describe(_ token: PredicateLexer.Token) -> String {
        switch token.kind {
        case .end: "the end"
        case .name(let name): "'\(name)'"
        case .keyword(let word): word
        case .number(let text): text
        case .string(let text): "the string \"\(text)\""
        case .variable(let name): "$\(name)"
        case .collectionOperator(let name): "@\(name)"
        case .formatSpecifier(let specifier): "%\(specifier)"
        case .symbol(let symbol): "'\(symbol)'"
        }
    }
}
