import Foundation
import Testing

@_spi(Engine) @testable import ModelMapper
@_spi(Engine) @testable import ModelMapperSchema

@Suite("JSON writer: numbers, decimals, dates and strings written from their parts")
struct JSONWriterTests {
    private func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("Decimal's memory layout is the one the writer reads")
    func decimalLayout() {
        #expect(DecimalText.layout != nil)
    }

    @Test(
        "decimals are written as their description",
        arguments: [
            "-12.5", "0.001", "123456789012345678901234567890.12345678", "1e20", "0", "7", "9.99",
            "-0.000000000000000000000000000000000001",
            "99999999999999999999999999999999999999", "1e127", "1e-128", "18446744073709551616", "18446744073709551615",
            "-1",
        ]
    )
    func decimals(text: String) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(written { $0.decimal(value) } == value.description)
    }

    @Test("random decimals are written as their description")
    func randomDecimals() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let significand =
                UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
            let value = Decimal(
                sign: Bool.random() ? .minus : .plus,
                exponent: Int.random(in: -40...40),
                significand: Decimal(significand)
            )
            #expect(written { $0.decimal(value) } == value.description, "\(significand) \(value.exponent)")
        }
    }

    @Test("doubles are written as their description: short decimals from their digits, the rest as Swift writes them")
    func doubles() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 4.5, 0.1, 0.2, 0.3, 1.0 / 3.0, 9.99, 12.5, 1e15, 1e16, 1_125_899_906_842_624,
            1_125_899_906_842_623,
            0.0001, 0.00009999, 0.0001.nextDown, 0.0001.nextUp, 0.00001, 123_456_789_012.25, -2.5e-5,
            .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, 2.2250738585072014e-308, 1e22, 1e23, 0.1 + 0.2, 100, 1_000_000.5,
        ]
        for _ in 0..<20_000 {
            // Decimals of every length, as prices, coordinates and measurements have them.
            let decimals = Int.random(in: 0...17, using: &generator)
            let digits = Int64.random(in: 0...(1 << Int64.random(in: 1...55, using: &generator)), using: &generator)
            values.append(Double(digits) / pow(10, Double(decimals)) * (Bool.random(using: &generator) ? 1 : -1))
            // Any bits at all, in the range the short form covers and beyond.
            let bits = UInt64.random(in: 0x3F00_0000_0000_0000...0x4340_0000_0000_0000, using: &generator)
            values.append(Double(bitPattern: bits))
        }
        for value in values {
            #expect(written { $0.double(value) } == value.description, "\(value.bitPattern)")
        }
    }

    @Test("floats are written as their description")
    func floats() {
        var generator = SystemRandomNumberGenerator()
        var values: [Float] = [
            0, -0.0, 4.5, 0.1, 87.25, 16_777_216, 2_097_152, 2_097_151.5, 0.0001, Float(0.0001).nextDown, 1e-5,
            .greatestFiniteMagnitude,
        ]
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...9, using: &generator)
            let digits = Int32.random(in: 0...(1 << Int32.random(in: 1...28, using: &generator)), using: &generator)
            values.append(Float(Double(digits) / pow(10, Double(decimals))))
            values.append(Float(bitPattern: UInt32.random(in: 0x3800_0000...0x4B80_0000, using: &generator)))
        }
        for value in values {
            #expect(written { $0.float(value) } == value.description, "\(value.bitPattern)")
        }
    }

    @Test("integers, from the smallest to the largest")
    func integers() {
        for value: Int64 in [0, 1, -1, 9, 10, 99, -100, 1_234_567_890, .max, .min] {
            #expect(written { $0.integer(value) } == String(value))
        }
    }

    @Test("number text that is not JSON is written as the same value in JSON form")
    func numberText() {
        #expect(written { $0.number(text: "+7") } == "7")
        #expect(written { $0.number(text: ".5") } == "0.5")
        #expect(written { $0.number(text: "1.") } == "1")
        #expect(written { $0.number(text: "49.90") } == "49.90")
        #expect(written { $0.number(text: "-1e-400") } == "-1e-400")
        #expect(written { $0.number(text: "nan") } == "null")
    }

    @Test("strings: escapes only where JSON needs them, UTF-8 as is")
    func strings() {
        #expect(written { $0.string("plain") } == #""plain""#)
        #expect(written { $0.string("a\"b\\c/d\n\t\u{1}é😀") } == #""a\"b\\c\/d\n\t\u0001é😀""#)
        var plain = JSONWriter(options: .withoutEscapingSlashes)
        plain.string("a/b")
        #expect(String(decoding: plain.bytes, as: UTF8.self) == #""a/b""#)
    }

    @Test("strings: every byte to escape is found wherever it falls in an eight-byte word")
    func escapesAtEveryPosition() {
        let specials: [(Character, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("/", #"\/"#), ("\n", #"\n"#), ("\u{1F}", #"\u001f"#),
        ]
        for length in 0..<24 {
            for position in 0..<max(length, 1) where length > 0 {
                for (special, escaped) in specials {
                    var text =
                        String(repeating: "é", count: length / 2) + String(repeating: "x", count: length - length / 2)
                    var expected = ""
                    for (index, character) in text.enumerated() {
                        expected += index == position ? escaped : String(character)
                    }
                    text = String(text.enumerated().map { $0.offset == position ? special : $0.element })
                    #expect(written { $0.string(text) } == "\"" + expected + "\"", "\(length) \(position) \(special)")
                    var plain = JSONWriter(options: .withoutEscapingSlashes)
                    plain.string(text)
                    let unescapedSlash = special == "/" ? "/" : escaped
                    var plainExpected = ""
                    for (index, character) in text.enumerated() {
                        plainExpected += index == position ? unescapedSlash : String(character)
                    }
                    #expect(String(decoding: plain.bytes, as: UTF8.self) == "\"" + plainExpected + "\"")
                }
            }
        }
    }

    @Test("data is written as the string of its base64EncodedString, at every length, slashes escaped or not")
    func base64() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = data.base64EncodedString()
            #expect(
                written { $0.base64(data) } == "\"\(text.replacingOccurrences(of: "/", with: "\\/"))\"",
                "\(Array(data))"
            )
            var bare = JSONWriter(options: .withoutEscapingSlashes)
            bare.base64(data)
            #expect(String(decoding: bare.bytes, as: UTF8.self) == "\"\(text)\"", "\(Array(data))")
        }
        // Every sextet, so that '/' (63) and '+' (62) come at every place of a group.
        let all = Data(
            (0..<64).flatMap { sextet -> [UInt8] in [UInt8(sextet << 2), UInt8(sextet << 4 & 0xF0), UInt8(sextet)] }
        )
        #expect(written { $0.base64(all) } == written { $0.string(all.base64EncodedString()) })
    }

    @Test("UUIDs are written as their uuidString")
    func uuids() {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(written { $0.uuid(uuid) } == "\"" + uuid.uuidString + "\"")
        }
        let fixed = UUID(
            uuid: (0, 1, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32)
        )
        #expect(written { $0.uuid(fixed) } == #""00012345-6789-ABCD-EFFE-DCBA98765432""#)
    }

    @Test("UUIDs are read as Foundation reads them, in either case; other forms are left to Foundation")
    func uuidReading() {
        func read(_ bytes: [UInt8]) -> UUID? { bytes.withUnsafeBufferPointer { UUIDText.uuid(from: $0) } }
        for _ in 0..<200 {
            let uuid = UUID()
            let mixed = String(
                uuid.uuidString.enumerated()
                    .map { $0.offset % 3 == 0 ? Character($0.element.lowercased()) : $0.element }
            )
            for text in [uuid.uuidString, uuid.uuidString.lowercased(), mixed] {
                #expect(read(Array(text.utf8)) == uuid, "\(text)")
            }
        }
        for text in [
            "", "00012345-6789-ABCD-EFFE-DCBA9876543", "00012345x6789-ABCD-EFFE-DCBA98765432",
            "0001234g-6789-ABCD-EFFE-DCBA98765432",
            "{00012345-6789-ABCD-EFFE-DCBA98765432}", "00012345-6789-ABCD-EFFE-DCBA98765432 ",
        ] {
            #expect(read(Array(text.utf8)) == nil, "\(text)")
        }
        // Every byte at every position: read exactly when Foundation reads the same text.
        let template = Array("0a1B2c3D-4e5F-6789-AbCd-Ef0123456789".utf8)
        let hexDigits = Set("0123456789abcdefABCDEF".utf8)
        for position in template.indices {
            let isDash = [8, 13, 18, 23].contains(position)
            for byte in UInt8.min...UInt8.max {
                var bytes = template
                bytes[position] = byte
                let valid = isDash ? byte == UInt8(ascii: "-") : hexDigits.contains(byte)
                let expected = valid ? UUID(uuidString: String(decoding: bytes, as: UTF8.self)) : nil
                #expect(valid == (expected != nil), "position \(position), byte \(byte)")
                #expect(read(bytes) == expected, "position \(position), byte \(byte)")
            }
        }
    }

    @Test("dates written from calendar fields match Foundation's formats")
    func datesFromParts() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -11_000_000_000...250_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            for format in [DateFormat.iso8601, .yearMonthDay] {
                var writer = JSONWriter()
                guard CivilTime.write(date, withTime: format == .iso8601, to: &writer) else { continue }
                let expected = format.jsonValue(for: date).jsonText()
                #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(seconds)")
                // And back: the fast reader gives the same date as Foundation's parser.
                let text = String(decoding: writer.bytes.dropFirst().dropLast(), as: UTF8.self)
                let read = try format.date(from: .string(text))
                #expect(read == date || format == .yearMonthDay)
            }
        }
    }

    @Test("dates read from calendar fields match Foundation's parser, invalid days included")
    func datesReadFromParts() throws {
        for text in [
            "2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "1835-11-30", "9999-12-31", "1600-01-01",
            "2024-13-01", "2024-04-31",
        ] {
            var bytes = text
            let fast = bytes.withUTF8 { CivilTime.yearMonthDayDate($0) }
            let foundation = try? DateFormat.pattern("yyyy-MM-dd").date(from: .string(text))
            #expect(fast == foundation, "\(text)")
        }
        for text in ["2024-03-01T09:30:00Z", "1999-12-31T23:59:59Z", "2024-03-01T24:00:00Z", "2024-03-01T09:60:00Z"] {
            var bytes = text
            let fast = bytes.withUTF8 { CivilTime.iso8601Date($0) }
            let foundation = try? Date(text, strategy: Date.ISO8601FormatStyle())
            if let fast { #expect(fast == foundation, "\(text)") }
            // Foundation rolls hour 24 and minute 60 over into the next day or hour; the
            // reading refuses them (see ISO8601Text), and agrees with Foundation elsewhere.
            let read = try? DateFormat.iso8601.date(from: .string(text))
            #expect(read == (fast == nil ? nil : foundation), "\(text)")
        }
    }
}
