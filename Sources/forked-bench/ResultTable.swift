/// One benchmark measurement: a named row, the input size and a median time.
struct BenchmarkRow {
    /// What was measured, for example "TextMerger" or "git merge-file -p".
    var name: String
    /// Input size label, for example "1 MB".
    var size: String
    /// Median milliseconds, or NaN for a row that could not be measured.
    var milliseconds: Double
    /// The time of the reference row (git) for the same size, if any, to print a ratio.
    var reference: Double?
    /// Free-form remark, for example throughput or a match count.
    var note: String = ""
}

/// Prints benchmark rows as an aligned text table.
enum ResultTable {
    /// Renders `rows` under a header; `referenceHeader` names the ratio column.
    static func render(_ rows: [BenchmarkRow], title: String, referenceHeader: String = "vs git") -> String {
        var lines = [title]
        let header = ["case", "size", "median ms", referenceHeader, "note"]
        var table = [header]
        for row in rows {
            // A NaN time marks a row that was not measured (its note says why).
            let measured = !row.milliseconds.isNaN
            let ratio = row.reference.map { $0 > 0 && measured ? format(row.milliseconds / $0, decimals: 2) + "x" : "-" } ?? "-"
            let time = measured ? format(row.milliseconds, decimals: 2) : "-"
            table.append([row.name, row.size, time, ratio, row.note])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for (index, cells) in table.enumerated() {
            let padded = cells.enumerated().map { column, cell in
                column == 0 || column == 4 ? cell.padding(to: widths[column]) : cell.leftPadding(to: widths[column])
            }
            lines.append(padded.joined(separator: "  "))
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return lines.joined(separator: "\n")
    }

    /// Formats a number with a fixed count of decimals, without Foundation.
    static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(abs(scaled) - abs(Double(whole)) * scale)
        guard decimals > 0 else { return String(whole) }
        let fractionText = String(fraction)
        return "\(whole).\(String(repeating: "0", count: max(0, decimals - fractionText.count)))\(fractionText)"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    fileprivate func leftPadding(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
