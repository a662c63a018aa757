import Foundation

/// Bodies for `POST /orders`: `count` orders of three to six lines each, about 1.2 KB an order,
/// the same bytes for the same arguments (the load test posts 50 of them, about 60 KB).
public enum SampleOrders {
    /// A JSON array of `count` orders whose ids start at `firstID`; `revision` changes their
    /// status and quantities, so that posting a later revision updates the orders.
    public static func body(count: Int, firstID: Int64 = 1000, revision: Int = 0) -> Data {
        let statuses = ["pending", "paid", "packed", "shipped", "delivered"]
        let products = [
            ("KB-204-BRN", "Mechanical keyboard, 87 keys, brown switches, German layout, white backlight"),
            ("MS-110-USBC", "Wireless mouse with USB-C receiver, 4,000 dpi, six buttons, graphite grey"),
            ("HD-5-CLOSED", "Closed-back studio headphones, 32 ohm, detachable coiled cable, carrying bag"),
            ("CB-2M-BRAID", "Braided USB-C to USB-C cable, 2 m, 100 W power delivery, 10 Gbit/s data"),
            ("ST-90-ALU", "Aluminium laptop stand, six heights, folds flat, fits 11 to 17 inch laptops"),
            ("WC-4K-SHUT", "4K webcam with privacy shutter, two microphones, auto focus, clip and tripod mount"),
        ]
        var orders: [String] = []
        for index in 0..<max(count, 0) {
            let id = firstID + Int64(index)
            let lineCount = 3 + index % 4
            var lines: [String] = []
            var total = 0
            for line in 0..<lineCount {
                let (sku, name) = products[(index + line) % products.count]
                let quantity = 1 + (index + line + revision) % 3
                let cents = 1_299 + 250 * ((index * 7 + line) % 11)
                total += quantity * cents
                lines.append(
                    #"{"line_id": \#(id * 10 + Int64(line)), "sku": "\#(sku)", "name": "\#(name)", "#
                        + #""quantity": \#(quantity), "unit_price": \#(cents / 100).\#(String(format: "%02d", cents % 100))}"#
                )
            }
            let day = 1 + index % 28
            orders.append(
                #"{"order_id": \#(id), "customer": "Customer \#(index) of the sample shop", "#
                    + #""email": "customer.number.\#(index)@mail.example.com", "#
                    + #""placed_at": "2026-11-\#(String(format: "%02d", day))T\#(String(format: "%02d", index % 24)):15:30Z", "#
                    + #""status": "\#(statuses[(index + revision) % statuses.count])", "currency": "EUR", "#
                    + #""total": \#(total / 100).\#(String(format: "%02d", total % 100)), "#
                    + #""note": "Leave the parcel with the neighbour at number \#(index % 40) if nobody answers the door; "#
                    + #"ring twice, the bell on the left does not work. Invoice by email, please, not in the parcel.", "#
                    + #""lines": [\#(lines.joined(separator: ", "))]}"#
            )
        }
        return Data(("[\n" + orders.joined(separator: ",\n") + "\n]\n").utf8)
    }
}
