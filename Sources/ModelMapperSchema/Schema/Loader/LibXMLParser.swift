internal import CLibXML2
import Foundation

/// The only code that calls libxml2: parses a document safely with libxml2's SAX2 interface
/// into an `XMLTree` (elements, attributes and text, nothing else) that the model builder reads.
/// libxml2 builds no DOM at all: no node per element, attribute and blank, and none to free.
///
/// Safety choices, all on purpose:
/// - `XML_PARSE_NONET`: nothing is ever fetched from the network.
/// - never `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` or `XML_PARSE_DTDVALID`: no DTD is loaded.
/// - a document that declares any entity is rejected as soon as the declaration is read:
///   model files never declare entities, and refusing them stops both external-entity
///   (XXE) reads and entity-expansion bombs before any expansion happens.
/// - libxml2's messages are captured through per-thread error handlers (saved and restored
///   around each parse) and become diagnostics; nothing is printed to stderr.
enum LibXMLParser {
    /// `xmlInitParser` must run once before libxml2 is used from several threads.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `data` and calls `body` with its root element and a locator for its source. The
    /// elements are views of a tree that lives for the call only: nothing may keep them.
    /// Parsing stops at the first element past `limits`' element count or depth.
    static func withDocument<Result>(
        _ data: Data,
        fileName: String,
        limits: ObjectModel.LoadingLimits,
        _ body: (XMLElementNode, SourceLocator) throws(ModelLoadingError) -> Result
    ) throws(ModelLoadingError) -> Result {
        precondition(initialized)
        let source = SourceLocator(fileName: fileName, data: data)
        let collector = ParseState(fileName: fileName, limits: limits)
        // Model files average well over 40 bytes an element: the tree's arrays grow once. Capped,
        // so that a huge file claims no memory before the parser has seen its elements.
        collector.tree.reserve(min(data.count / 40, 1 << 18) + 16)

        guard let context = xmlNewParserCtxt() else {
            throw ModelLoadingError(.parserUnavailable, at: SourceLocation(file: fileName))
        }
        defer { xmlFreeParserCtxt(context) }
        let unmanagedCollector = Unmanaged.passRetained(collector)
        defer { unmanagedCollector.release() }
        context.pointee._private = unmanagedCollector.toOpaque()
        if let sax = context.pointee.sax {
            sax.pointee.entityDecl = rejectEntityDeclaration
            sax.pointee.startElementNs = startElement
            sax.pointee.endElementNs = endElement
            sax.pointee.characters = characters
            sax.pointee.cdataBlock = characters
            sax.pointee.ignorableWhitespace = ignoreCharacters
        }

        let previousStructured = mm_currentStructuredErrorFunc()
        let previousStructuredContext = mm_currentStructuredErrorContext()
        let previousGeneric = mm_currentGenericErrorFunc()
        let previousGenericContext = mm_currentGenericErrorContext()
        xmlSetStructuredErrorFunc(unmanagedCollector.toOpaque(), collectStructuredError)
        mm_silenceGenericErrors()
        defer {
            xmlSetStructuredErrorFunc(previousStructuredContext, previousStructured)
            mm_restoreGenericErrors(previousGeneric, previousGenericContext)
        }

        // NOBLANKS sends the indentation between elements to a handler that drops it.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOBLANKS.rawValue)
        guard !data.isEmpty else {
            throw ModelLoadingError(.fileEmpty, at: SourceLocation(file: fileName))
        }
        guard let length = Int32(exactly: data.count) else {
            throw ModelLoadingError(.fileTooLargeForParser(byteCount: data.count), at: SourceLocation(file: fileName))
        }
        let document: xmlDocPtr? = data.withUnsafeBytes { buffer -> xmlDocPtr? in
            guard let base = buffer.baseAddress else { return nil }
            return xmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), length, fileName, nil, options)
        }
        defer { if let document { xmlFreeDoc(document) } }

        if !collector.diagnostics.isEmpty {
            throw ModelLoadingError(diagnostics: collector.diagnostics)
        }
        guard collector.tree.count > 0 else {
            throw ModelLoadingError(.notXML, at: SourceLocation(file: fileName))
        }
        // The elements refer to the tree without owning it: keep it alive while they are read.
        let tree = XMLTree(collector.tree)
        return try withExtendedLifetime(tree) { () throws(ModelLoadingError) -> Result in
            try body(XMLElementNode(tree: tree, index: 0), source)
        }
    }
}

/// What one parse gathers: the element tree and libxml2's structured errors.
private final class ParseState {
    let fileName: String
    var diagnostics: [ModelDiagnostic] = []
    /// libxml2 interns names, so each distinct name comes as one pointer: what it was
    /// recognised as is remembered by pointer (a small direct-mapped table per parse).
    private var attributeNames = NameCache<ModelXMLName?>(empty: nil)
    private var elementNames = NameCache<ModelXMLElement>(empty: .other)
    /// For names the loader does not read, the known name each is one edit from, if any.
    private var unknownAttributeNames = NameCache<String?>(empty: nil)
    private var unknownElementNames = NameCache<String?>(empty: nil)

    func attributeName(_ name: UnsafePointer<xmlChar>) -> ModelXMLName? {
        attributeNames.value(for: name) { ModelXMLName(cString: $0) }
    }

    func elementName(_ name: UnsafePointer<xmlChar>) -> ModelXMLElement {
        elementNames.value(for: name) { ModelXMLElement(cString: $0) }
    }

    /// Notes an attribute name the loader does not read, of the element about to open, when
    /// it is one edit from a name of the format.
    func noteUnknownAttribute(_ name: UnsafePointer<xmlChar>, text: String) {
        let suggestion = unknownAttributeNames.value(for: name) { _ in
            ModelVocabulary.nearMiss(text, among: ModelVocabulary.sortedXMLAttributeNames)
        }
        guard let suggestion else { return }
        tree.nearMisses.append(.init(element: tree.count, attribute: text, name: text, suggestion: suggestion))
    }

    /// Notes an element name the loader does not read, of the element about to open, when it
    /// is one edit from a name of the format.
    func noteUnknownElement(_ name: UnsafePointer<xmlChar>, text: String) {
        let suggestion = unknownElementNames.value(for: name) { _ in
            ModelVocabulary.nearMiss(text, among: ModelVocabulary.sortedElementNames)
        }
        guard let suggestion else { return }
        tree.nearMisses.append(.init(element: tree.count, attribute: nil, name: text, suggestion: suggestion))
    }
    var tree = XMLTree.Builder()
    let limits: ObjectModel.LoadingLimits
    /// Elements opened so far, and how many are open now.
    private var elementCount = 0
    private var depth = 0
    /// Whether the parse went past a limit: libxml2 may still call a handler or two after
    /// being stopped, and those are ignored.
    private(set) var isStopped = false

    init(fileName: String, limits: ObjectModel.LoadingLimits) {
        self.fileName = fileName
        self.limits = limits
    }

    /// Counts an element opened; false (with the parse stopped and the error added) when it
    /// goes past a limit.
    func open(_ parser: xmlParserCtxtPtr) -> Bool {
        guard !isStopped else { return false }
        elementCount += 1
        depth += 1
        let broken: ModelDiagnostic.Message? =
            if elementCount > limits.maximumElementCount {
                .tooManyElements(limit: limits.maximumElementCount)
            } else if depth > limits.maximumDepth {
                .nestedTooDeep(limit: limits.maximumDepth)
            } else {
                nil
            }
        guard let broken else { return true }
        let (line, column) = Self.position(of: parser)
        add(broken, line: line, column: column)
        stop(parser)
        return false
    }

    func close() {
        guard !isStopped else { return }
        depth -= 1
        tree.close()
    }

    func stop(_ parser: xmlParserCtxtPtr) {
        isStopped = true
        xmlStopParser(parser)
    }

    /// Where the parser is: the line and column of what it read last.
    static func position(of parser: xmlParserCtxtPtr) -> (line: Int, column: Int) {
        (parser.pointee.input.map { Int($0.pointee.line) } ?? 0, parser.pointee.input.map { Int($0.pointee.col) } ?? 0)
    }

    func add(_ message: ModelDiagnostic.Message, line: Int, column: Int) {
        diagnostics.append(ModelDiagnostic(message, at: SourceLocation(file: fileName, line: line, column: column)))
    }

    /// The state of the parse that called a SAX handler with `context`.
    static func of(_ context: UnsafeMutableRawPointer?) -> ParseState? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = parser.pointee._private else { return nil }
        return Unmanaged<ParseState>.fromOpaque(state).takeUnretainedValue()
    }

    /// The parser that called a SAX handler with `context`.
    static func parser(_ context: UnsafeMutableRawPointer) -> xmlParserCtxtPtr {
        context.assumingMemoryBound(to: xmlParserCtxt.self)
    }
}

/// What was found for each name pointer seen, in 128 slots chosen by the pointer's bits.
private struct NameCache<Value> {
    private var keys = [UnsafePointer<xmlChar>?](repeating: nil, count: 128)
    private var values: [Value]

    init(empty: Value) {
        values = Array(repeating: empty, count: 128)
    }

    mutating func value(for name: UnsafePointer<xmlChar>, compute: (UnsafePointer<xmlChar>) -> Value) -> Value {
        let slot = (Int(bitPattern: name) >> 4) & 127
        if keys[slot] == name { return values[slot] }
        let value = compute(name)
        keys[slot] = name
        values[slot] = value
        return value
    }
}

/// SAX2 start of an element: its name, prefix, namespace declarations and attributes (libxml2
/// gives each value as a range of bytes, entities and character references already replaced).
/// The declarations are kept as the attributes they were written as (`xmlns:x="…"`), so that
/// an element or attribute with a prefix is written back where its prefix is declared.
private let startElement: startElementNsSAX2Func = {
    context,
    localName,
    prefix,
    _,
    namespaceCount,
    namespaces,
    attributeCount,
    _,
    attributes in
    guard let context, let state = ParseState.of(context), let localName,
        state.open(ParseState.parser(context))
    else { return }
    var list: [XMLAttributes.Attribute] = []
    var present: UInt64 = 0
    if let namespaces, namespaceCount > 0 {
        for index in 0..<Int(namespaceCount) {
            let uri = namespaces[2 * index + 1].map { String(cString: $0) } ?? ""
            let name = namespaces[2 * index].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
            list.append(XMLAttributes.Attribute(name: name, value: uri, key: nil))
        }
    }
    if let attributes, attributeCount > 0 {
        list.reserveCapacity(Int(attributeCount))
        for index in 0..<Int(attributeCount) {
            let base = index * 5
            guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4] else {
                continue
            }
            let value = attributeValue(UnsafeBufferPointer(start: start, count: max(0, end - start)))
            if let attributePrefix = attributes[base + 1] {
                list.append(
                    XMLAttributes.Attribute(
                        name: String(cString: attributePrefix) + ":" + String(cString: name),
                        value: value,
                        key: nil
                    )
                )
            } else if let key = state.attributeName(name) {
                present |= key.bit
                list.append(XMLAttributes.Attribute(name: key.text, value: value, key: key))
            } else {
                let text = String(cString: name)
                list.append(XMLAttributes.Attribute(name: text, value: value, key: nil))
                state.noteUnknownAttribute(name, text: text)
            }
        }
    }
    let name = prefix.map { String(cString: $0) + ":" + String(cString: localName) } ?? String(cString: localName)
    let kind = prefix == nil ? state.elementName(localName) : .other
    if prefix == nil, kind == .other { state.noteUnknownElement(localName, text: name) }
    state.tree.open(name: name, kind: kind, attributes: XMLAttributes(list: list, present: present))
}

/// An attribute's value from the bytes libxml2 gives. Without entity substitution (which the
/// loader leaves off: a model file declares no entities) libxml2 gives each `&` of the value, as
/// `&amp;` or `&#38;` wrote it, as the five bytes `&#38;`, so that the value could be parsed
/// again; the value the file means has `&` there.
private func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    // memchr: most values have no `&`, and a byte loop here costs 1% of loading a model.
    guard let base = bytes.baseAddress, memchr(base, 0x26, bytes.count) != nil else { return text }
    return text.replacingOccurrences(of: "&#38;", with: "&")
}

private let endElement: endElementNsSAX2Func = { context, _, _, _ in
    ParseState.of(context)?.close()
}

private let characters: charactersSAXFunc = { context, bytes, length in
    guard let state = ParseState.of(context), !state.isStopped, let bytes, length > 0 else { return }
    state.tree.addText(UnsafeBufferPointer(start: bytes, count: Int(length)))
}

private let ignoreCharacters: charactersSAXFunc = { _, _, _ in }

/// Structured error handler: libxml2 warnings are ignored, errors become diagnostics.
private let collectStructuredError: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    let collector = Unmanaged<ParseState>.fromOpaque(userData).takeUnretainedValue()
    // After a stop, what libxml2 says is about the stop, which the stopper already told.
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, !collector.isStopped else { return }
    let message = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
    collector.add(
        .malformedXML(message.trimmingCharacters(in: .whitespacesAndNewlines)),
        line: Int(error.pointee.line),
        column: Int(error.pointee.int2)
    )
}

/// SAX `entityDecl` handler: refuses every entity declaration and stops the parser.
private let rejectEntityDeclaration: entityDeclSAXFunc = { context, name, _, _, _, _ in
    guard let context else { return }
    let parser = ParseState.parser(context)
    guard let state = ParseState.of(context) else {
        xmlStopParser(parser)
        return
    }
    guard !state.isStopped else { return }
    let entityName = name.map { String(cString: $0) } ?? "?"
    let (line, column) = ParseState.position(of: parser)
    state.add(
        .entityDeclaration(entityName),
        line: line,
        column: column
    )
    state.stop(parser)
}
