import Foundation
import TestSupport
import Testing

@_spi(Engine) @testable import ModelMapper
@_spi(Engine) @testable import ModelMapperSchema

/// ISO 8601 dates are written with the shortest fraction of a second that reads back as the
/// same `Date`: never truncated to milliseconds, never longer than needed.
@Suite("Writing dates: the shortest fraction that reads back as the same date")
struct DateWritingTests {
    private static let model = Result {
        try ObjectModel(
            xml: """
                <model>
                  <entity name="Photo">
                    <attribute name="taken" optional="YES" attributeType="Date"/>
                  </entity>
                </model>
                """
        )
    }

    /// The JSON the encoder writes for a photo decoded from `taken`.
    private func roundTrip(_ taken: String) throws -> String {
        let model = try Self.model.get()
        let photo = try ModelDecoder(model: model)
            .decodeObject(
                of: try #require(model.entity(named: "Photo")),
                from: Data(#"{"taken": "\#(taken)"}"#.utf8)
            )
        return String(decoding: try ModelEncoder().encode(photo), as: UTF8.self)
    }

    @Test(
        "fractions come back as they were written",
        arguments: [
            ("2017-01-12T10:00:00.999Z", "2017-01-12T10:00:00.999Z"),
            ("2017-01-12T10:00:00.512Z", "2017-01-12T10:00:00.512Z"),
            ("2017-01-12T10:00:00.123456Z", "2017-01-12T10:00:00.123456Z"),
            ("2017-01-12T10:00:00.5Z", "2017-01-12T10:00:00.5Z"),
            ("2017-01-12T10:00:00.500Z", "2017-01-12T10:00:00.5Z"),
            ("2017-01-12T10:00:00.000Z", "2017-01-12T10:00:00Z"),
            ("2017-01-12T10:00:00Z", "2017-01-12T10:00:00Z"),
            ("1999-12-31T23:59:59.999999Z", "1999-12-31T23:59:59.999999Z"),
            ("1650-03-01T00:00:00.25Z", "1650-03-01T00:00:00.25Z"),
            // Foundation's years, where its calendar is Julian: its whole seconds, our fraction.
            ("1500-06-01T10:00:00.999Z", "1500-06-01T10:00:00.999Z"),
            ("1582-10-04T23:59:59.999Z", "1582-10-04T23:59:59.999Z"),
            // 418 years from 2001 a `Date` resolves 2^-19 s (1.9 µs): .123456 and .123455 are
            // the same `Date`, and the writer gives the decimal nearest its exact value.
            ("1582-10-04T23:59:59.123456Z", "1582-10-04T23:59:59.123455Z"),
            ("0001-01-01T00:00:00.75Z", "0001-01-01T00:00:00.75Z"),
            ("1066-10-14T09:30:00.5+01:00", "1066-10-14T08:30:00.5Z"),
            ("2017-01-12T12:00:00.001+02:00", "2017-01-12T10:00:00.001Z"),
        ]
    )
    func examples(written: String, expected: String) throws {
        #expect(try roundTrip(written) == #"{"taken":"\#(expected)"}"#)
    }

    /// For 10,000 random instants (every bit of the fraction random) in the years 1 to 9999,
    /// those the civil arithmetic writes and the earlier ones Foundation's calendar does: the text reads back as the same date, by the decoder's own reading;
    /// the tree path (`DateFormat.jsonValue(for:)`) writes the same text as the encoder; and no
    /// fraction with fewer digits reads back as it. The reference for "fewer" is exact: the
    /// only fractions of `k` digits that can read back as a date are the two around its exact
    /// fraction, computed here in integers (`UInt128`) from the Double's bits.
    @Test("10,000 random instants: exact, shortest, at most 9 digits beyond 97 days of 2001")
    func randomInstants() throws {
        var random = SplitMix64(state: 0x5EED_DA7E)
        // 0001-01-01 to 9999-12-31, in seconds since 2001-01-01.
        let earliest = -63_113_904_000.0
        let latest = 252_423_993_599.0
        for _ in 0..<10_000 {
            let seconds = (earliest + Double(random.next() % UInt64(latest - earliest))).rounded(.down)
            let interval = seconds + Double(random.next() >> 12) / 4_503_599_627_370_496  // 52 random bits
            let date = Date(timeIntervalSinceReferenceDate: interval)
            let text = try #require(Self.string(DateFormat.iso8601.jsonValue(for: date)))

            var writer = JSONWriter()
            try writer.date(date, format: .iso8601)
            #expect(String(decoding: writer.data, as: UTF8.self) == "\"\(text)\"", "the encoder and the tree path")

            let readBack = try DateFormat.iso8601.date(from: .string(text))
            #expect(readBack.timeIntervalSinceReferenceDate.bitPattern == interval.bitPattern, "\(text)")

            let written = Self.fraction(of: text)
            guard abs(interval) >= 1 else { continue }
            #expect(abs(interval) < 8_388_608 || written.count <= 9, "\(text): more than 9 digits")
            let whole = interval.rounded(.down)
            for scale in 1..<max(written.count, 1) {
                for candidate in Self.candidates(interval - whole, scale: scale) {
                    let shorter = Self.text(whole: whole, digits: candidate, scale: scale)
                    let other = try DateFormat.iso8601.date(from: .string(shorter))
                    #expect(
                        other.timeIntervalSinceReferenceDate.bitPattern != interval.bitPattern,
                        "\(shorter) is shorter than \(text) and reads back as the same date"
                    )
                }
            }
            if !written.isEmpty {
                let digits = try #require(UInt64(written))
                #expect(Self.candidates(interval - whole, scale: written.count).contains(digits), "\(text)")
            }
        }
    }

    /// For 10,000 random instants made as code makes them from seconds since 1970 (whole
    /// seconds from 1970 to 2106 and a fraction of 1 to 6 random digits, the `Date` of the
    /// decimal literal): the text is exactly those digits, trailing zeros dropped, and reads
    /// back as the same `Date`. The reference is exact: in those years seconds since 1970
    /// resolve under half a microsecond, so no other decimal of 6 digits or fewer is that
    /// `Date`. (Further out, two microseconds may be one `Date`, and the writer gives the
    /// shorter, then the nearer; ``randomInstants()`` covers every year.) For each, a `Date` made
    /// from seconds since 2001 one step after it reads back as itself too.
    @Test("10,000 random instants made from seconds since 1970: written with their own digits, read back equal")
    func instantsSince1970() throws {
        var random = SplitMix64(state: 0x1970_0101)
        // 1970-01-01 to 2106-02-07 (2^32 seconds), in seconds since 1970.
        let earliest: Int64 = 0
        let latest: Int64 = 4_294_967_295
        for _ in 0..<10_000 {
            let whole = earliest + Int64(random.next() % UInt64(latest - earliest))
            let scale = Int(random.next() % 6) + 1
            var power: UInt64 = 1
            for _ in 0..<scale { power *= 10 }
            let digits = random.next() % power
            let padded = String(repeating: "0", count: scale - String(digits).count) + String(digits)
            // The decimal `whole + digits / 10^scale`, correctly rounded (`-5.25` is `-5 - 0.25`).
            let literal = try #require(Double("\(whole * Int64(power) + Int64(digits))e-\(scale)"))
            let date = Date(timeIntervalSince1970: literal)
            let text = try #require(Self.string(DateFormat.iso8601.jsonValue(for: date)))
            var expected = padded
            while expected.hasSuffix("0") { expected.removeLast() }
            #expect(Self.fraction(of: text) == expected, "\(whole) s and .\(padded) were written \(text)")
            #expect(try DateFormat.iso8601.date(from: .string(text)) == date, "\(text)")

            let sinceReference = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp)
            let other = try #require(Self.string(DateFormat.iso8601.jsonValue(for: sinceReference)))
            #expect(try DateFormat.iso8601.date(from: .string(other)) == sinceReference, "\(other)")
        }
        // The issue's example, and what Foundation's formatter writes for it.
        let example = Date(timeIntervalSince1970: 1_714_557_600.512)
        #expect(Self.string(DateFormat.iso8601.jsonValue(for: example)) == "2024-05-01T10:00:00.512Z")
        #expect(
            example.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) == "2024-05-01T10:00:00.512Z"
        )
    }

    private static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The digits after the decimal point of a written date (empty for whole seconds).
    private static func fraction(of text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return "" }
        return String(text[text.index(after: dot)...].prefix { $0.isNumber })
    }

    /// The fractions of `scale` digits on either side of `fraction` (0 < fraction < 1), exactly:
    /// `fraction` is `m / 2^52` for an integer `m` when the instant is a second or more from
    /// 2001-01-01.
    private static func candidates(_ fraction: Double, scale: Int) -> [UInt64] {
        let numerator = UInt128(fraction * 4_503_599_627_370_496)  // exact: a multiple of 2^-52
        var power: UInt128 = 1
        for _ in 0..<scale { power *= 10 }
        let below = numerator * power / (UInt128(1) << 52)
        return [below, below + 1].filter { $0 >= 1 && $0 < power }.map { UInt64($0) }
    }

    /// The ISO 8601 text of whole seconds `whole` since 2001-01-01 and a fraction.
    private static func text(whole: Double, digits: UInt64, scale: Int) -> String {
        let base = Date(timeIntervalSinceReferenceDate: whole)
        let plain = Self.string(DateFormat.iso8601.jsonValue(for: base)) ?? ""
        let padded = String(repeating: "0", count: scale - String(digits).count) + String(digits)
        return plain.dropLast() + "." + padded + "Z"
    }
}
